import type { FormEvent } from "react";
import { useFetcher, useNavigate } from "react-router";
import { useRootData } from "~/lib/root-data";
import { loginPath } from "~/lib/user";
import type { action } from "~/routes/resources/favorites";

/**
 * Every heart submits through this one keyed fetcher. The root keeps it mounted and shows its
 * toast, so the toast still appears when the card itself disappears (un-saving on /favorites).
 */
export const FAVORITE_FETCHER = "favorite";

export function useFavoriteFetcher() {
  return useFetcher<typeof action>({ key: FAVORITE_FETCHER });
}

/**
 * Saved state of one venue, optimistic: while the request runs the heart shows the state asked
 * for; afterwards the root's list of favourites (revalidated) says what the server did.
 * The heart is a form posting to /api/favorites, so it works before the script runs (ADR 018);
 * once it runs, the form goes through the fetcher, and a guest goes to sign in first, with the
 * save carried through (`?save=`), as the server does for a form posted without the script.
 */
export function useFavorite(venueId: string) {
  const { user, favoriteIds } = useRootData();
  const fetcher = useFavoriteFetcher();
  const navigate = useNavigate();
  const pending = fetcher.formData?.get("venueId") === venueId ? fetcher.formData.get("saved") : null;
  const saved = pending !== null ? pending === "true" : favoriteIds.includes(venueId);

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    if (user) return;
    e.preventDefault();
    navigate(loginPath(window.location.pathname + window.location.search, { save: venueId }));
  };
  return { saved, fetcher, onSubmit };
}
