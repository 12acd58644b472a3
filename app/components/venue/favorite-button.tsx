import { Heart } from "lucide-react";
import { cn } from "~/lib/cn";
import { useFavorite } from "./use-favorite";

export function FavoriteHeart({
  venueId,
  venueName,
  className,
}: {
  venueId: string;
  venueName: string;
  className?: string;
}) {
  const { saved, toggle } = useFavorite(venueId);
  return (
    <button
      type="button"
      onClick={toggle}
      aria-pressed={saved}
      aria-label={saved ? `Remove ${venueName} from favorites` : `Save ${venueName} to favorites`}
      className={cn(
        "flex h-10 w-10 cursor-pointer items-center justify-center rounded-full bg-white/90 shadow-card transition-transform hover:scale-105",
        className,
      )}
    >
      <Heart className={cn("h-5 w-5", saved ? "fill-accent text-accent" : "text-ink")} aria-hidden="true" />
    </button>
  );
}
