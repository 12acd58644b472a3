import { useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { showToast } from "~/components/layout/use-toast";
import { useRootData } from "~/lib/root-data";
import type { Toast } from "~/lib/toast";

type Reply = { saved?: boolean; toast: Toast };

/**
 * Saved state of one venue, optimistic: the heart flips at once; after the request the root's list
 * of favourites is reloaded, which confirms the change or, if the server refused, puts it back.
 * A plain fetch (not a fetcher) so the toast still shows when the card itself disappears, as on
 * /favorites after un-saving.
 */
export function useFavorite(venueId: string) {
  const { user, favoriteIds } = useRootData();
  const [pending, setPending] = useState<boolean | null>(null);
  const revalidator = useRevalidator();
  const navigate = useNavigate();
  const saved = pending ?? favoriteIds.includes(venueId);

  const toggle = async () => {
    if (!user) {
      showToast({ type: "error", message: "Please login to save favorites" });
      navigate(`/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    const next = !saved;
    setPending(next);
    try {
      const res = await fetch("/api/favorites", {
        method: "POST",
        body: new URLSearchParams({ venueId, saved: String(next) }),
      });
      showToast(((await res.json()) as Reply).toast);
    } catch {
      showToast({
        type: "error",
        message: next ? "Failed to add to favorites" : "Failed to remove from favorites",
      });
    }
    await revalidator.revalidate();
    setPending(null);
  };
  return { saved, toggle };
}
