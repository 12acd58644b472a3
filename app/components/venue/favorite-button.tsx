import { useLocation } from "react-router";
import { Heart } from "~/components/ui/icons";
import { buttonClass } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { useFavorite } from "./use-favorite";

/** The heart on a card, or the labelled Save/Saved button of the venue page. */
export function FavoriteHeart({
  venueId,
  venueName,
  labelled = false,
  className,
}: {
  venueId: string;
  venueName: string;
  labelled?: boolean;
  className?: string;
}) {
  const { saved, fetcher, onSubmit } = useFavorite(venueId);
  const { pathname, search } = useLocation();
  return (
    // `contents`: the form adds no box, so the button sits where it always did.
    <fetcher.Form method="post" action="/api/favorites" onSubmit={onSubmit} className="contents">
      <input type="hidden" name="venueId" value={venueId} />
      <input type="hidden" name="saved" value={String(!saved)} />
      {/* Where a form posted without the script comes back to. */}
      <input type="hidden" name="returnTo" value={pathname + search} />
      <button
        type="submit"
        aria-pressed={saved}
        aria-label={saved ? `Remove ${venueName} from favorites` : `Save ${venueName} to favorites`}
        // The card's heart is one class (`.card-fav` in app.css), its fill read from aria-pressed.
        className={
          labelled ? buttonClass(saved ? "secondary" : "outline", "md", className) : cn("card-fav", className)
        }
      >
        {labelled ? (
          <Heart
            className={cn("h-4 w-4", saved ? "fill-accent text-accent" : "text-ink")}
            aria-hidden="true"
          />
        ) : (
          <Heart aria-hidden="true" />
        )}
        {labelled ? (saved ? "Saved" : "Save") : null}
      </button>
    </fetcher.Form>
  );
}
