import { eq, inArray } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { VenueFields } from "~/lib/csv-import/check";
import { readPriced } from "~/lib/csv-import/priced";
import { EXPORT_HEADER, venueCsvLine } from "~/lib/csv-import/write";
import type { AdminListParams } from "~/lib/admin";
import type { AppUser } from "~/lib/user";
import { normalizeAmenities } from "~/lib/venue";
import { adminVenueIds, assertAdmin } from "./admin-venues.server";

// Venues in the CSV import's own columns (ADR 012): how the import reads and writes them, and the
// admin list's export (issue 22, item 6), which imports back unchanged.

/** The columns of `VenueFields`, read with the venue type's name. */
export const fieldColumns = {
  name: venues.name,
  description: venues.description,
  location: venues.location,
  addressLine1: venues.addressLine1,
  addressLine2: venues.addressLine2,
  city: venues.city,
  postalCode: venues.postalCode,
  region: venues.region,
  website: venues.website,
  phone: venues.phone,
  email: venues.email,
  pricePerEvent: venues.pricePerEvent,
  priceRange: venues.priceRange,
  priceLow: venues.priceLow,
  priceHigh: venues.priceHigh,
  capacity: venues.capacity,
  categoryId: venues.categoryId,
  category: venueCategories.name,
  amenities: venues.amenities,
  images: venues.images,
  logoUrl: venues.logoUrl,
  pricingModel: venues.pricingModel,
  facts: venues.facts,
  confirmedAt: venues.confirmedAt,
};

/** A venue as the import reads it (amenities as stored by older code read too, jsonb defensively). */
export const toFields = <T extends VenueFields>(r: T): VenueFields => ({
  ...r,
  amenities: normalizeAmenities(r.amenities),
  ...readPriced(r),
});

/** What `venues` stores of a venue's fields (the type's name is not a column). */
export const storedColumns = ({ category: _, ...columns }: VenueFields) => columns;

/** Venues read per query while the export streams. */
const EXPORT_BATCH = 500;

/**
 * The admin list's venues (its search, filters and sort) as CSV in the import's own columns, so
 * that the file imports back to the same venues: every one an update with no changes. Cells that a
 * spreadsheet would run as formulas are defused (lib/csv-import/read.ts, `defuse`). The ids are read
 * in the list's order first, then the venues a batch at a time as the download is read, so a
 * list of 100,000 venues is never held as text in memory.
 */
export async function exportVenuesCsv(
  app: Pick<AppContext, "db" | "logger">,
  actor: AppUser | null,
  params: Partial<AdminListParams>,
): Promise<ReadableStream<Uint8Array>> {
  assertAdmin(actor);
  const ids = await adminVenueIds(app.db, params);
  const encoder = new TextEncoder();
  let at = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(EXPORT_HEADER));
    },
    async pull(controller) {
      if (at >= ids.length) return controller.close();
      const chunk = ids.slice(at, (at += EXPORT_BATCH));
      try {
        const rows = await app.db
          .select({ id: venues.id, ...fieldColumns })
          .from(venues)
          .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
          .where(inArray(venues.id, chunk));
        const byId = new Map(rows.map(({ id, ...r }) => [id, toFields(r)]));
        // A venue deleted since the ids were read is left out.
        const lines = chunk.flatMap((id) => {
          const venue = byId.get(id);
          return venue ? [venueCsvLine(venue)] : [];
        });
        controller.enqueue(encoder.encode(lines.join("")));
      } catch (err) {
        app.logger.error("venue export failed", { error: String(err) });
        controller.error(err);
      }
    },
  });
}
