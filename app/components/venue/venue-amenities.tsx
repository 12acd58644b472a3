import { cn } from "~/lib/cn";
import type { AmenityItem } from "~/lib/venue";

/** The spec: the list scrolls above 10 items. */
export const AMENITIES_SHOWN = 10;

/**
 * Two columns; included with a green dot, not included with a red dot and struck through. Above
 * ten items the box shows ten (ten rows on phones, five rows of two from `sm`), with half of the
 * next row peeking out so it reads as scrollable. A row is 1.5rem of text and 0.75rem of gap.
 */
export function VenueAmenities({ amenities }: { amenities: AmenityItem[] }) {
  if (amenities.length === 0) return <p className="text-ink-soft">No amenities information available.</p>;
  const scrolls = amenities.length > AMENITIES_SHOWN;
  return (
    <ul
      className={cn(
        "grid gap-x-8 gap-y-3 sm:grid-cols-2",
        scrolls && "max-h-[23.25rem] overflow-y-auto overscroll-contain pr-2 sm:max-h-[12rem]",
      )}
      tabIndex={scrolls ? 0 : undefined}
      aria-label="Amenities"
    >
      {amenities.map((a) => (
        // The dot is the row's ::before (`.amenity` in app/styles/venue-page.css).
        <li key={a.name} className={a.included ? "amenity" : "amenity excluded"}>
          <span className={a.included ? undefined : "text-muted line-through"}>{a.name}</span>
          {a.included ? null : <span className="sr-only">(not included)</span>}
        </li>
      ))}
    </ul>
  );
}
