import type { AmenityItem } from "../../../database/schema";
import { cn } from "~/lib/cn";

/** Two columns; included with a green dot, not included with a red dot and struck through. */
export function VenueAmenities({ amenities }: { amenities: AmenityItem[] }) {
  if (amenities.length === 0) return <p className="text-ink-soft">No amenities information available.</p>;
  return (
    <ul
      className={cn(
        "grid gap-x-8 gap-y-3 sm:grid-cols-2",
        amenities.length > 10 && "max-h-96 overflow-y-auto pr-2",
      )}
      tabIndex={amenities.length > 10 ? 0 : undefined}
      aria-label="Amenities"
    >
      {amenities.map((a) => (
        <li key={a.name} className="flex items-center gap-3">
          <span
            aria-hidden="true"
            className={cn("h-2.5 w-2.5 shrink-0 rounded-full", a.included ? "bg-success" : "bg-danger")}
          />
          <span className={cn(!a.included && "text-muted line-through")}>{a.name}</span>
          {a.included ? null : <span className="sr-only">(not included)</span>}
        </li>
      ))}
    </ul>
  );
}
