import { Heart } from "~/components/ui/icons";
import { buttonClass, OVER_PHOTO_FOCUS } from "~/components/ui/button";
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
      className={
        labelled
          ? buttonClass(saved ? "secondary" : "outline", "md", className)
          : cn(
              "flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-white/90 shadow-card transition-transform hover:scale-105",
              OVER_PHOTO_FOCUS,
              className,
            )
      }
    >
      <Heart
        className={cn(labelled ? "h-4 w-4" : "h-5 w-5", saved ? "fill-accent text-accent" : "text-ink")}
        aria-hidden="true"
      />
      {labelled ? (saved ? "Saved" : "Save") : null}
    </button>
  );
}
