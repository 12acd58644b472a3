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
  const { saved, toggle } = useFavorite(venueId);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${venueName} from favorites` : `Save ${venueName} to favorites`}
      // The card's heart is one class (`.card-fav` in app.css), its fill read from aria-pressed.
      className={
        labelled ? buttonClass(saved ? "secondary" : "outline", "md", className) : cn("card-fav", className)
      }
    >
      {labelled ? (
        <Heart className={cn("h-4 w-4", saved ? "fill-accent text-accent" : "text-ink")} aria-hidden="true" />
      ) : (
        <Heart aria-hidden="true" />
      )}
      {labelled ? (saved ? "Saved" : "Save") : null}
    </button>
  );
}
