import { useEffect } from "react";
import { useFetcher, useNavigate } from "react-router";
import { showToast } from "~/components/layout/use-toast";
import { useRootData } from "~/lib/root-data";
import type { Toast } from "~/lib/toast";

type Reply = { saved?: boolean; toast: Toast };

/**
 * Saved state of one venue, optimistic: the heart flips at once, and if the server refuses,
 * the root's list of favourites (revalidated after the request) puts it back.
 */
export function useFavorite(venueId: string) {
  const { user, favoriteIds } = useRootData();
  const fetcher = useFetcher<Reply>({ key: `favorite-${venueId}` });
  const navigate = useNavigate();
  const pending =
    fetcher.formData?.get("venueId") === venueId ? fetcher.formData.get("saved") === "true" : undefined;
  const saved = pending ?? favoriteIds.includes(venueId);

  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data) showToast(fetcher.data.toast);
  }, [fetcher.state, fetcher.data]);

  const toggle = () => {
    if (!user) {
      showToast({ type: "error", message: "Please login to save favorites" });
      navigate(`/login?redirectTo=${encodeURIComponent(window.location.pathname + window.location.search)}`);
      return;
    }
    fetcher.submit({ venueId, saved: String(!saved) }, { method: "post", action: "/api/favorites" });
  };
  return { saved, toggle };
}
