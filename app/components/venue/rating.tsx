import { Star } from "lucide-react";
import { cn } from "~/lib/cn";
import { roundRating } from "~/lib/venue";

export function Stars({
  value,
  className,
  size = "h-4 w-4",
}: {
  value: number;
  className?: string;
  size?: string;
}) {
  return (
    <span
      className={cn("inline-flex", className)}
      role="img"
      aria-label={`${roundRating(value)} out of 5 stars`}
    >
      {[1, 2, 3, 4, 5].map((i) => (
        <Star
          key={i}
          aria-hidden="true"
          className={cn(size, i <= Math.round(value) ? "fill-star text-star" : "fill-sand text-sand")}
        />
      ))}
    </span>
  );
}

/** '4.6 (23 reviews)' with one star, as on cards. */
export function RatingSummary({
  rating,
  reviewCount,
  className,
}: {
  rating: number;
  reviewCount: number;
  className?: string;
}) {
  if (reviewCount === 0) return <span className={cn("text-sm text-muted", className)}>No reviews yet</span>;
  return (
    <span className={cn("inline-flex items-center gap-1 text-sm", className)}>
      <Star className="h-4 w-4 fill-star text-star" aria-hidden="true" />
      <span className="font-semibold">{roundRating(rating)}</span>
      <span className="text-muted">
        ({reviewCount} {reviewCount === 1 ? "review" : "reviews"})
      </span>
    </span>
  );
}
