import { and, asc, count, eq, gt, sql, type SQL } from "drizzle-orm";
import { venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import type { Address } from "~/infra/geocoder.server";
import { isValidCoordinate } from "~/lib/coordinates";
import { parseLocation, VENUE_STATE } from "~/lib/venue-address";

// Coordinates for venues that lack them, from the server's geocoder (`npm run geocode`). This
// replaces the spec's geocoding in visitors' browsers and its write-back: coordinates are only
// ever written by the server, from an address, never from a request's own numbers (issue 10).

/**
 * The spec's validity rule (section 5, `isValidCoordinate` in app/lib/coordinates.ts) in SQL: a
 * venue lacks valid coordinates when either is missing, both are zero, or one is out of range
 * (NaN and infinities compare as out of range).
 */
export const lacksValidCoordinates: SQL = sql`(${venues.latitude} is null or ${venues.longitude} is null
  or (${venues.latitude} = 0 and ${venues.longitude} = 0)
  or not (${venues.latitude} between -90 and 90) or not (${venues.longitude} between -180 and 180))`;

/** The columns a venue's geocoder address is made from (`venueAddress`). */
export const addressColumns = {
  location: venues.location,
  addressLine1: venues.addressLine1,
  city: venues.city,
  postalCode: venues.postalCode,
};

type AddressSource = {
  location: string;
  addressLine1: string | null;
  city: string | null;
  postalCode: string | null;
};

/** The geocoder's address for a venue: its parts, else the parts read from its location; null without a town or ZIP. */
export function venueAddress(v: AddressSource): Address | null {
  const parsed = v.addressLine1 || v.city || v.postalCode ? null : parseLocation(v.location);
  const address: Address = {
    line1: (v.addressLine1 ?? parsed?.addressLine1 ?? "").trim(),
    city: (v.city ?? parsed?.city ?? "").trim(),
    postalCode: (v.postalCode ?? parsed?.postalCode ?? "").trim(),
    state: VENUE_STATE,
  };
  return address.city || address.postalCode ? address : null;
}

/** Venues (approved or pending, or approved only) and how many of them lack valid coordinates. */
export async function countVenuesLackingCoordinates(
  db: Db,
  options: { approvedOnly?: boolean } = {},
): Promise<{ total: number; missing: number }> {
  const [row] = await db
    .select({ total: count(), missing: sql<number>`count(*) filter (where ${lacksValidCoordinates})::int` })
    .from(venues)
    .where(options.approvedOnly ? eq(venues.isApproved, true) : undefined);
  return { total: Number(row?.total ?? 0), missing: Number(row?.missing ?? 0) };
}

export type GeocodeFailure = {
  id: string;
  name: string;
  reason: "no address" | "address not found" | "geocoder failed";
};
export type GeocodeSummary = { fixed: number; failed: number; failures: GeocodeFailure[] };

/**
 * Fills every venue lacking valid coordinates (pending ones too, so they are placed before they
 * are approved) from its address, a batch at a time in primary-key order. A batch is saved with
 * one UPDATE that skips a venue someone placed meanwhile. Venues the geocoder cannot place keep
 * what they have and are reported.
 */
export async function geocodeMissingVenues(
  app: Pick<AppContext, "db" | "geocoder" | "logger">,
  options: { batchSize?: number; onBatch?: (progress: { fixed: number; failed: number }) => void } = {},
): Promise<GeocodeSummary> {
  const batchSize = options.batchSize ?? 100;
  const summary: GeocodeSummary = { fixed: 0, failed: 0, failures: [] };
  const fail = (v: { id: string; name: string }, reason: GeocodeFailure["reason"]) => {
    summary.failed++;
    summary.failures.push({ id: v.id, name: v.name, reason });
  };
  let after: string | undefined;
  for (;;) {
    const batch = await app.db
      .select({ id: venues.id, name: venues.name, ...addressColumns })
      .from(venues)
      .where(and(lacksValidCoordinates, after ? gt(venues.id, after) : undefined))
      .orderBy(asc(venues.id))
      .limit(batchSize);
    if (batch.length === 0) break;
    after = batch[batch.length - 1]!.id;
    const found: { id: string; lat: number; lng: number }[] = [];
    // One at a time: network geocoders are throttled (Nominatim: one a second) anyway.
    for (const v of batch) {
      const address = venueAddress(v);
      if (!address) {
        fail(v, "no address");
        continue;
      }
      let at;
      try {
        at = await app.geocoder.geocode(address);
      } catch (err) {
        app.logger.warn("geocoding a venue failed", { venueId: v.id, error: String(err) });
        fail(v, "geocoder failed");
        continue;
      }
      if (at && isValidCoordinate(at.lat, at.lng)) found.push({ id: v.id, ...at });
      else fail(v, "address not found");
    }
    if (found.length > 0) {
      const values = sql.join(
        found.map((f) => sql`(${f.id}::uuid, ${f.lat}::float8, ${f.lng}::float8)`),
        sql`, `,
      );
      const saved = await queryRows<{ id: string }>(
        app.db,
        sql`update ${venues} set latitude = x.lat, longitude = x.lng, updated_at = now()
              from (values ${values}) as x(id, lat, lng)
             where ${venues.id} = x.id and ${lacksValidCoordinates}
            returning ${venues.id}`,
      );
      summary.fixed += saved.length;
    }
    options.onBatch?.({ fixed: summary.fixed, failed: summary.failed });
  }
  return summary;
}
