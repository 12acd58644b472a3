import type { MouseEvent } from "react";
import { useFetcher, useNavigate, type ShouldRevalidateFunction } from "react-router";
import { useRootData } from "~/lib/root-data";
import { loginPath } from "~/lib/user";
import type { ToastReply } from "~/lib/toast";

/**
 * Every heart submits through this one keyed fetcher. The root keeps it mounted and shows its
 * toast, so the toast still appears when the card itself disappears (un-saving on /favorites).
 */
export const FAVORITE_FETCHER = "favorite";
export const FAVORITES_ACTION = "/api/favorites";

/** For a page whose data no heart changes (its venues, not whether they are saved: that is the
 *  root's list): a heart asks the server again for that list only, not for the page's venues. */
export const keepDataOnHeart: ShouldRevalidateFunction = ({ formAction, defaultShouldRevalidate }) =>
  formAction === FAVORITES_ACTION ? false : defaultShouldRevalidate;

export function useFavoriteFetcher() {
  return useFetcher<ToastReply & { saved?: boolean }>({ key: FAVORITE_FETCHER });
}

/**
 * Saved state of one venue, optimistic: while the request runs the heart shows the state asked
 * for; afterwards the root's list of favourites (revalidated) says what the server did.
 * A guest goes to sign in first, and the save is carried through (`?save=`). Before the script
 * runs, the heart submits one of the page's favourite forms instead (ADR 020).
 */
export function useFavorite(venueId: string) {
  const { user, favoriteIds } = useRootData();
  const fetcher = useFavoriteFetcher();
  const navigate = useNavigate();
  const pending = fetcher.formData?.get("venueId") === venueId ? fetcher.formData.get("saved") : null;
  const saved = pending !== null ? pending === "true" : favoriteIds.includes(venueId);

  const toggle = (e: MouseEvent) => {
    e.preventDefault();
    if (!user) {
      navigate(loginPath(window.location.pathname + window.location.search, { save: venueId }));
      return;
    }
    void fetcher.submit({ venueId, saved: String(!saved) }, { method: "post", action: FAVORITES_ACTION });
  };
  return { saved, toggle };
}
