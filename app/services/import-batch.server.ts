import { and, eq, inArray, not, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { csvImports, csvImportVenues, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import type { Coordinates } from "~/infra/geocoder.server";
import { applyRow, diffVenue, type PlannedRow, type RowOutcome } from "~/lib/csv-import/plan";
import { createLimiter } from "~/lib/uploads";
import type { AppUser } from "~/lib/user";
import { VENUE_STATE } from "~/lib/venue-address";
import { recordImportAudit } from "./audit.server";
import { lacksValidCoordinates } from "./geocoding.server";
import { fieldColumns, storedColumns, toFields } from "./venue-csv.server";

// One batch of a CSV import written (ADR 012): its rows placed on the map, then written in one
// transaction with what it did for the import's undo (csv_import_venues, ADR 023).

const GEOCODE_CONCURRENCY = 8;

/** A row the import writes: an add or an update. */
export type Writable = Exclude<PlannedRow, { action: "skip" }>;

/** An undo of the import started while it ran: the batch wrote nothing, and the import stops. */
export class ImportUndone extends Error {}

/** What an update changed: the columns whose values differ, before and after. */
function changedColumns(before: Record<string, unknown>, after: Record<string, unknown>) {
  const from: Record<string, unknown> = {};
  const to: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(after))
    if (JSON.stringify(before[k] ?? null) !== JSON.stringify(v ?? null)) {
      from[k] = before[k] ?? null;
      to[k] = v ?? null;
    }
  return { from, to };
}

/**
 * Coordinates for the rows that need them (new venues; updated venues that have none yet), a
 * few geocoder calls at a time. Undefined: keep what the venue has; null: the geocoder had none.
 */
export async function placeBatch(
  app: Pick<AppContext, "db" | "geocoder" | "logger">,
  batch: Writable[],
): Promise<Map<number, Coordinates | null | undefined>> {
  const updates = batch.filter((p) => p.action === "update").map((p) => p.existing.id);
  const placedAlready = new Set(
    updates.length === 0
      ? []
      : (
          await app.db
            .select({ id: venues.id })
            .from(venues)
            .where(and(inArray(venues.id, updates), not(lacksValidCoordinates)))
        ).map((r) => r.id),
  );
  const limiter = createLimiter(GEOCODE_CONCURRENCY);
  const placed = new Map<number, Coordinates | null | undefined>();
  await Promise.all(
    batch.map(async (p) => {
      if (p.action === "update" && placedAlready.has(p.existing.id)) return placed.set(p.row, undefined);
      const a = p.venue;
      if (!a.city && !a.postalCode) return placed.set(p.row, null);
      const { done } = await limiter.run(() =>
        app.geocoder.geocode({
          line1: a.addressLine1 ?? "",
          city: a.city ?? "",
          postalCode: a.postalCode ?? "",
          state: VENUE_STATE,
        }),
      );
      placed.set(
        p.row,
        await done.catch((err: unknown) => {
          app.logger.warn("geocoding an imported venue failed", { error: String(err) });
          return null;
        }),
      );
    }),
  );
  return placed;
}

/**
 * One transaction: the batch's new venues, its updates, the audit entry and the import's count.
 * An update is applied to the venue as it is now (locked), so that a field the file leaves blank
 * keeps even a value saved since the preview; an update that changes nothing writes nothing.
 */
export async function writeBatch(
  db: Db,
  actor: AppUser,
  importId: string,
  batch: Writable[],
  placed: Map<number, Coordinates | null | undefined>,
): Promise<RowOutcome[]> {
  return db.transaction(async (tx) => {
    // The import's row, locked: an undo that has started (or waits for this batch) wins.
    const [record] = await tx
      .select({ undoneAt: csvImports.undoneAt })
      .from(csvImports)
      .where(eq(csvImports.id, importId))
      .for("update");
    if (!record || record.undoneAt) throw new ImportUndone();
    const outcomes: RowOutcome[] = [];
    const records: (typeof csvImportVenues.$inferInsert)[] = [];
    const adds = batch.filter((p) => p.action === "add");
    if (adds.length > 0) {
      const now = new Date();
      const ids = adds.map(() => crypto.randomUUID());
      await tx.insert(venues).values(
        adds.map((p, k) => {
          const at = placed.get(p.row);
          return {
            id: ids[k],
            ...storedColumns(p.venue),
            rating: 0,
            reviewCount: 0,
            isApproved: true,
            approvedAt: now,
            userId: null,
            latitude: at?.lat ?? 0,
            longitude: at?.lng ?? 0,
          };
        }),
      );
      adds.forEach((p, k) => {
        outcomes.push({ row: p.row, outcome: "added", name: p.venue.name, venueId: ids[k] });
        records.push({ importId, venueId: ids[k]!, action: "added" });
      });
    }
    const updates = batch.filter((p): p is Extract<Writable, { action: "update" }> => p.action === "update");
    if (updates.length > 0) {
      const current = new Map(
        (
          await tx
            .select({
              id: venues.id,
              latitude: venues.latitude,
              longitude: venues.longitude,
              ...fieldColumns,
            })
            .from(venues)
            .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
            .where(
              inArray(
                venues.id,
                updates.map((p) => p.existing.id),
              ),
            )
            .for("update", { of: venues })
        ).map(({ id, latitude, longitude, ...r }) => [id, { ...toFields(r), latitude, longitude }]),
      );
      const values = updates.flatMap((p) => {
        const locked = current.get(p.existing.id);
        if (!locked) throw new Error(`venue ${p.existing.id} is gone`);
        const { latitude, longitude, ...now } = locked;
        const { venue: c, problems } = applyRow(now, p.input);
        if (problems.length > 0) throw new Error(`venue ${p.existing.id}: ${problems.join("; ")}`);
        const at = placed.get(p.row);
        const unchanged = diffVenue(now, c).length === 0;
        outcomes.push({
          row: p.row,
          outcome: "updated",
          name: c.name,
          venueId: p.existing.id,
          ...(unchanged ? { unchanged: true as const } : {}),
        });
        // Nothing to write, unless the venue had no position and now has one.
        if (unchanged && !at) return [];
        const { from, to } = changedColumns(
          { ...storedColumns(now), latitude, longitude },
          {
            ...storedColumns(c),
            ...(at !== undefined ? { latitude: at?.lat ?? 0, longitude: at?.lng ?? 0 } : {}),
          },
        );
        if (Object.keys(to).length > 0)
          records.push({ importId, venueId: p.existing.id, action: "updated", before: from, after: to });
        // Issue 43's columns are written only when they change: the stored jsonb stays as it was.
        const priced = "pricingModel" in to || "facts" in to || "confirmedAt" in to;
        const json = (v: unknown) => (v === null ? null : JSON.stringify(v));
        return [
          sql`(${p.existing.id}::uuid, ${c.name}::text, ${c.description}::text, ${c.location}::text,
          ${c.addressLine1}::text, ${c.addressLine2}::text, ${c.city}::text, ${c.postalCode}::text,
          ${c.region}::text, ${c.pricePerEvent}::int, ${c.priceRange}::text, ${c.priceLow}::int,
          ${c.priceHigh}::int, ${c.capacity}::int, ${c.categoryId}::uuid,
          ${JSON.stringify(c.amenities)}::jsonb, ${c.website}::text, ${c.phone}::text, ${c.email}::text,
          ${JSON.stringify(c.images)}::jsonb, ${c.logoUrl}::text,
          ${at !== undefined}::boolean, ${at?.lat ?? 0}::float8, ${at?.lng ?? 0}::float8,
          ${priced}::boolean, ${json(c.pricingModel)}::jsonb, ${json(c.facts)}::jsonb,
          ${c.confirmedAt?.toISOString() ?? null}::timestamptz)`,
        ];
      });
      // One UPDATE for the whole batch (a statement, not a row, fires the change-log triggers).
      if (values.length > 0)
        await tx.execute(sql`
        update venues as t set
          name = v.name, description = v.description, location = v.location,
          address_line1 = v.address_line1, address_line2 = v.address_line2, city = v.city,
          postal_code = v.postal_code, region = v.region, price_per_event = v.price_per_event,
          price_range = v.price_range, price_low = v.price_low, price_high = v.price_high,
          capacity = v.capacity, category_id = v.category_id, amenities = v.amenities,
          website = v.website, phone = v.phone, email = v.email, images = v.images,
          logo_url = v.logo_url,
          latitude = case when v.place then v.latitude else t.latitude end,
          longitude = case when v.place then v.longitude else t.longitude end,
          pricing_model = case when v.priced then v.pricing_model else t.pricing_model end,
          facts = case when v.priced then v.facts else t.facts end,
          confirmed_at = case when v.priced then v.confirmed_at else t.confirmed_at end,
          updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(id, name, description, location,
          address_line1, address_line2, city, postal_code, region, price_per_event, price_range,
          price_low, price_high, capacity, category_id, amenities, website, phone, email, images,
          logo_url, place, latitude, longitude, priced, pricing_model, facts, confirmed_at)
        where t.id = v.id`);
    }
    if (records.length > 0) await tx.insert(csvImportVenues).values(records).onConflictDoNothing();
    await recordImportAudit(tx, actor, "venue.import", importId, {
      added: adds.length,
      updated: updates.length,
    });
    await tx
      .update(csvImports)
      .set({ importedRows: sql`${csvImports.importedRows} + ${outcomes.length}` })
      .where(eq(csvImports.id, importId));
    return outcomes;
  });
}
