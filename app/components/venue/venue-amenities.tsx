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
      className={cn("amenities", scrolls && "scrolls")}
      tabIndex={scrolls ? 0 : undefined}
      aria-label="Amenities"
    >
      {amenities.map((a) => (
        // The dot is the row's ::before; a row not included is struck through and named so
        // (`.amenities` in app/styles/venue-page.css).
        <li key={a.name} className={a.included ? undefined : "excluded"}>
          {a.name}
          {a.included ? null : <span className="sr-only">(not included)</span>}
        </li>
      ))}
    </ul>
  );
}
