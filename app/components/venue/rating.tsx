import { cn } from "~/lib/cn";
import { roundRating } from "~/lib/venue";
import { countLabel } from "~/lib/format";

/**
 * Five stars as one element: a star mask repeated five times over a fill as wide as the rounded
 * rating (`.stars` in app/styles/widgets.css). A venue page with ten reviews drew 55 inline icons before.
 */
export function Stars({ value, className }: { value: number; className?: string }) {
  return (
    <span
      // `s4`: four filled (a class, not a style attribute: 15 bytes less a rating; issue 42).
      className={cn("stars", `s${Math.round(value)}`, className)}
      role="img"
      aria-label={`${roundRating(value)} out of 5 stars`}
    />
  );
}

/** '4.6 (23 reviews)' with one star (the summary's ::before), as on cards. */
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
    <span className={cn("rating-summary", className)}>
      {/* Styled by .rating-summary; one string, or React separates its parts with <!-- -->. */}
      <b>{roundRating(rating)}</b>
      <span>{`(${countLabel(reviewCount, "review", "reviews")})`}</span>
    </span>
  );
}
