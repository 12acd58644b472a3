import { and, eq, inArray, not, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { csvImports, csvImportVenues, venueAmenities, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Database, Db } from "~/infra/db.server";
import { createOfflineGeocoder, type Coordinates } from "~/infra/geocoder.server";
import { inProgress } from "~/infra/metrics.server";
import { readUploadForm, UploadRefusal, type UploadLimits } from "~/infra/uploads.server";
import { nextTurn } from "~/lib/next-turn";
import { nameKey, type VenueFields } from "~/lib/csv-import/check";
import {
  applyRow,
  diffVenue,
  planImport,
  planSignature,
  previewRow,
  type ExistingVenue,
  type ImportPlan,
  type ImportPreview,
  type ImportSummary,
  type ImportWarning,
  type PlannedRow,
  type PreviewRow,
  type RowOutcome,
} from "~/lib/csv-import/plan";
import {
  CSV_MAX_BYTES,
  csvMessages,
  decodeCsv,
  isBinaryFile,
  parseCsv,
  readCell,
} from "~/lib/csv-import/read";
import { EXPORT_HEADER, venueCsvLine } from "~/lib/csv-import/write";
import type { AdminListParams } from "~/lib/admin";
import { createLimiter } from "~/lib/uploads";
import type { AppUser } from "~/lib/user";
import { normalizeAmenities } from "~/lib/venue";
import { VENUE_STATE } from "~/lib/venue-address";
import { COLORADO_ZIP } from "~/lib/validation/venue-submission";
import { adminVenueIds, assertAdmin } from "./admin-venues.server";
import { recordOperationAudit } from "./audit.server";
import { lacksValidCoordinates } from "./geocoding.server";

// The admin's CSV import (spec, admin area: sections 3, 5, 8 and 9; issue 12, item 5;
// docs/decisions/012-admin-venues-and-csv-import.md). Two requests with the same file:
//   1. preview: the file is read, every row checked and matched against the venues; nothing is
//      written. The answer lists the rows to add, the rows that update an existing venue (same
//      name and location) and the rows with problems, and a token for this exact plan.
//   2. import: the file is read and planned again; if the plan is not the one previewed (the
//      file or the venues changed meanwhile) nothing is written and a new preview comes back.
//      Otherwise the rows are written in batches, one transaction per batch (an audit entry in
//      each), with progress reported after each batch, and a summary at the end.
// The import's csv_imports record counts the rows in the same transaction as each batch writes
// them, so an import cut short (a crash, a restart) leaves a record that says what it wrote.
// Reading, planning and writing pause between batches so the server goes on answering other
// requests meanwhile (issue 21): PGlite runs its queries on the main thread, and an import that
// never gives the event loop a turn freezes the site and holds back its own progress lines.
// Imported venues are approved at once (rating 0, review count 0, no manager link) and placed
// with the server's geocoder. An update changes what the row's cells give (a blank cell keeps the
// venue's value, issue 22) and never removes images; one that changes nothing writes nothing.
// The preview also warns about addresses the map cannot place. `exportVenuesCsv` (at the end)
// writes the admin list in the import's own columns, so an export imports back unchanged.
// Each batch also records which venues it added and what it changed in the ones it updated
// (csv_import_venues), for the import's undo (./import-undo.server.ts, ADR 023), and adds its
// counts to the import's one audit entry. Once an undo has started, no further batch writes.

const GEOCODE_CONCURRENCY = 8;

/**
 * Rows per transaction. PGlite runs each batch on the main thread and the site waits for it:
 * 500 rows held it for 120-230 ms of CPU, 100 rows for 50-90 ms (bench:import, 2 busy cores).
 */
export const importBatchSize = (kind: Database["kind"]) => (kind === "pglite" ? 100 : 500);

/** Names looked up per query when matching a file's rows to venues (each query reads every venue). */
const MATCH_BATCH = 5000;

export const IMPORT_LIMITS: UploadLimits = {
  maxBodyBytes: CSV_MAX_BYTES + 64 * 1024,
  maxFileBytes: CSV_MAX_BYTES,
  files: { file: { max: 1, tooMany: "Choose one CSV file." } },
  maxFields: 10,
  maxFieldBytes: 1024,
};

export type ImportFile = { name: string; bytes: Uint8Array };

export type ImportUpload =
  | { ok: true; file: ImportFile; fields: Record<string, string> }
  | { ok: false; status: number; error: string; unread?: true };

/** The multipart form of either request: one CSV file (10 MB at most) and a few small fields. */
export async function readImportUpload(request: Request): Promise<ImportUpload> {
  let file: ImportFile | null = null;
  let tooLarge = false;
  try {
    const { fields } = await readUploadForm(request, IMPORT_LIMITS, (f) => {
      if (f.tooLarge) tooLarge = true;
      else file = { name: f.name, bytes: f.bytes };
    });
    if (tooLarge)
      return { ok: false, status: 413, error: `The file is larger than ${CSV_MAX_BYTES / 1024 / 1024} MB.` };
    if (!file) return { ok: false, status: 400, error: "Choose a CSV file to import." };
    return { ok: true, file, fields: Object.fromEntries(fields) };
  } catch (err) {
    if (!(err instanceof UploadRefusal)) throw err;
    return { ok: false, status: err.status, error: err.message, unread: true };
  }
}

type Prepared =
  | { ok: true; plan: ImportPlan; token: string; preview: ImportPreview }
  | { ok: false; error: string; detail?: string };

/** The columns of `VenueFields`, read with the venue type's name. */
const fieldColumns = {
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
};

/** A venue as the import reads it (amenities as stored by older code read too). */
const toFields = <T extends VenueFields>(r: T): VenueFields => ({
  ...r,
  amenities: normalizeAmenities(r.amenities),
});

/** What `venues` stores of a venue's fields (the type's name is not a column). */
const storedColumns = ({ category: _, ...columns }: VenueFields) => columns;

/** The venues a file's rows may update: same name (compared as the checks compare names). */
async function existingVenues(db: Db, names: string[]): Promise<ExistingVenue[]> {
  const keys = [...new Set(names.map(nameKey))];
  const found: ExistingVenue[] = [];
  for (let i = 0; i < keys.length; i += MATCH_BATCH) {
    if (i > 0) await nextTurn();
    const chunk = keys.slice(i, i + MATCH_BATCH);
    const rows = await db
      .select({
        id: venues.id,
        isApproved: venues.isApproved,
        placed: sql<boolean>`not ${lacksValidCoordinates}`,
        ...fieldColumns,
      })
      .from(venues)
      .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
      .where(inArray(sql`lower(regexp_replace(btrim(${venues.name}), '\\s+', ' ', 'g'))`, chunk));
    found.push(
      ...rows.map(({ id, isApproved, placed, ...r }) => ({ id, isApproved, placed, venue: toFields(r) })),
    );
  }
  return found;
}

export const placementWarnings = {
  notColorado: (zip: string) => `ZIP code ${zip} is not a Colorado ZIP code`,
  unplaceable:
    "The location names no Colorado town or ZIP code the map knows: the venue will show 'Missing Coordinates' (use Geocode or edit it after the import)",
};

const offline = createOfflineGeocoder();

/**
 * Issue 22: a row whose address cannot be placed on the map is warned about in the preview,
 * before anything is written, instead of being imported without a word. The offline lookup (ZIP
 * and town centroids, no network) answers at once, and every geocoder falls back to it, so what
 * it places the import places too. A ZIP code outside Colorado is a warning of its own (the
 * town may still place the venue). Updated venues that have coordinates keep them: not asked.
 */
async function warnUnplaceable(plan: ImportPlan): Promise<void> {
  const placeable = new Map<string, boolean>();
  for (const p of plan.rows) {
    if (p.action === "skip") continue;
    const { city, postalCode } = p.venue;
    if (postalCode && !COLORADO_ZIP.test(postalCode))
      p.warnings.push(placementWarnings.notColorado(postalCode));
    if (p.action === "update" && p.existing.placed) continue;
    const key = `${postalCode ?? ""}\u0000${nameKey(city ?? "")}`;
    let found = placeable.get(key);
    if (found === undefined) {
      // A file of 10,000 towns would be 10,000 lookups: other requests are served between them.
      if (placeable.size % 500 === 499) await nextTurn();
      const address = { line1: "", city: city ?? "", postalCode: postalCode ?? "", state: VENUE_STATE };
      found = Boolean(city || postalCode) && (await offline.geocode(address)) !== null;
      placeable.set(key, found);
    }
    if (!found) p.warnings.push(placementWarnings.unplaceable);
  }
}

async function prepare(db: Db, file: ImportFile): Promise<Prepared> {
  // A workbook renamed .csv would otherwise be read as Windows-1252 noise (issue 22).
  if (isBinaryFile(file.bytes)) return { ok: false, error: csvMessages.notCsv };
  const decoded = decodeCsv(file.bytes);
  const parsed = await parseCsv(decoded.text);
  if (!parsed.ok) return parsed;
  const [categories, amenities, existing] = await Promise.all([
    db.select({ id: venueCategories.id, name: venueCategories.name }).from(venueCategories),
    db.select({ name: venueAmenities.name }).from(venueAmenities),
    existingVenues(
      db,
      parsed.records.map((r) => readCell(r.values.name)),
    ),
  ]);
  const plan = await planImport(parsed, { categories, amenities: amenities.map((a) => a.name) }, existing);
  await warnUnplaceable(plan);
  if (decoded.notice) plan.notices.unshift(decoded.notice);
  const token = crypto
    .createHash("sha256")
    .update(file.bytes)
    .update("\n--\n")
    .update(planSignature(plan))
    .digest("base64url");
  const rows = plan.rows.map(previewRow);
  const count = (a: PreviewRow["action"]) => rows.filter((r) => r.action === a).length;
  return {
    ok: true,
    plan,
    token,
    preview: {
      fileName: file.name,
      rows,
      counts: { add: count("add"), update: count("update"), skip: count("skip") },
      notices: plan.notices,
      token,
    },
  };
}

export type PreviewResult =
  { ok: true; preview: ImportPreview } | { ok: false; error: string; detail?: string };

/** Step 1: what the import would do, row by row. Writes nothing. */
export async function previewImport(db: Db, actor: AppUser | null, file: ImportFile): Promise<PreviewResult> {
  assertAdmin(actor);
  const prepared = await prepare(db, file);
  return prepared.ok ? { ok: true, preview: prepared.preview } : prepared;
}

export type ImportResult =
  | { ok: true; summary: ImportSummary }
  | { ok: false; error: string; detail?: string }
  | { ok: false; changed: true; preview: ImportPreview };

export type ImportProgress = { done: number; total: number };

type Deps = Pick<AppContext, "database" | "db" | "geocoder" | "logger" | "metrics">;

type Writable = Exclude<PlannedRow, { action: "skip" }>;

/** A row's warning as csv_imports keeps it (the summary adds the name and the row as read). */
const warning = (o: { row: number; message?: string }) => ({ row: o.row, message: o.message ?? "" });

/** What the admin is told about a row: why it is skipped, or what to know about it. */
const rowMessage = (p: PlannedRow) => (p.action === "skip" ? p.problems : p.warnings).join("; ");

/** Step 2: the previewed plan, written in batches. `token` must be the preview's. */
export function runImport(
  app: Deps,
  actor: AppUser | null,
  file: ImportFile,
  token: string,
  onProgress: (p: ImportProgress) => void = () => {},
): Promise<ImportResult> {
  // Counted until its last batch, even when the admin has left the page (imports_in_progress).
  return inProgress(app.metrics?.imports, () => writeImport(app, actor, file, token, onProgress));
}

async function writeImport(
  app: Deps,
  actor: AppUser | null,
  file: ImportFile,
  token: string,
  onProgress: (p: ImportProgress) => void,
): Promise<ImportResult> {
  assertAdmin(actor);
  const prepared = await prepare(app.db, file);
  if (!prepared.ok) return prepared;
  if (prepared.token !== token) return { ok: false, changed: true, preview: prepared.preview };

  const { plan } = prepared;
  const outcomes = new Map<number, RowOutcome>();
  for (const p of plan.rows)
    if (p.action === "skip")
      outcomes.set(p.row, { row: p.row, outcome: "skipped", name: p.name, message: rowMessage(p) });
  const importId = crypto.randomUUID();
  const fileName = file.name.slice(0, 200);
  await app.db.transaction(async (tx) => {
    await tx.insert(csvImports).values({
      id: importId,
      userId: actor.id,
      fileName,
      totalRows: plan.rows.length,
      warnings: plan.rows.flatMap((p) => (rowMessage(p) ? [{ row: p.row, message: rowMessage(p) }] : [])),
    });
    // Recent Activity's one entry for the import; each batch adds its counts.
    await recordOperationAudit(tx, {
      actorId: actor.id,
      action: "venue.import",
      targetType: "import",
      operation: importId,
      details: { fileName },
      counts: { added: 0, updated: 0 },
    });
  });

  const writable = plan.rows.filter((p): p is Writable => p.action !== "skip");
  const batchSize = importBatchSize(app.database.kind);
  let unplaced = 0;
  onProgress({ done: 0, total: writable.length });

  for (let i = 0; i < writable.length; i += batchSize) {
    const batch = writable.slice(i, i + batchSize);
    const placed = await placeBatch(app, batch);
    try {
      const written = await writeBatch(app.db, actor, importId, batch, placed);
      for (const o of written) outcomes.set(o.row, o);
    } catch (err) {
      if (err instanceof ImportUndone) return importUndone(outcomes);
      // One bad row should not sink its neighbours: each row again, alone.
      app.logger.warn("import batch failed; retrying its rows one by one", { importId, error: String(err) });
      for (const p of batch) {
        try {
          const [o] = await writeBatch(app.db, actor, importId, [p], placed);
          outcomes.set(p.row, o!);
        } catch (rowErr) {
          if (rowErr instanceof ImportUndone) return importUndone(outcomes);
          app.logger.error("import row failed", { importId, row: p.row, error: String(rowErr) });
          const failed: RowOutcome = {
            row: p.row,
            outcome: "failed",
            name: p.venue.name,
            message: csvMessages.saveFailed,
          };
          outcomes.set(p.row, failed);
          await app.db
            .update(csvImports)
            .set({ warnings: sql`${csvImports.warnings} || ${JSON.stringify([warning(failed)])}::jsonb` })
            .where(eq(csvImports.id, importId));
        }
      }
    }
    for (const p of batch)
      if (outcomes.get(p.row)?.outcome !== "failed" && placed.get(p.row) === null) unplaced++;
    onProgress({ done: Math.min(i + batchSize, writable.length), total: writable.length });
    // The progress line goes out, and other requests are served, before the next batch.
    await nextTurn();
  }

  // An imported row keeps what the preview warned about it.
  const rows = plan.rows.map((p): RowOutcome => {
    const o = outcomes.get(p.row)!;
    const imported = o.outcome === "added" || o.outcome === "updated";
    return imported && rowMessage(p) ? { ...o, message: rowMessage(p) } : o;
  });
  const warnings: ImportWarning[] = rows.flatMap((r, k) =>
    r.message
      ? [{ row: r.row, name: r.name, status: r.outcome, message: r.message, values: plan.rows[k]!.values }]
      : [],
  );
  const added = rows.filter((r) => r.outcome === "added").length;
  const updated = rows.filter((r) => r.outcome === "updated").length;
  // Failed rows were added to the record as they failed: the list again, in row order.
  if (rows.some((r) => r.outcome === "failed"))
    await app.db
      .update(csvImports)
      .set({ warnings: warnings.map(warning) })
      .where(eq(csvImports.id, importId));
  return {
    ok: true,
    summary: {
      importId,
      fileName: file.name,
      totalRows: plan.rows.length,
      imported: added + updated,
      added,
      updated,
      unchanged: rows.filter((r) => r.unchanged).length,
      unplaced,
      warnings,
      rows,
    },
  };
}

/** An undo of the import started while it ran: the batch wrote nothing, and the import stops. */
class ImportUndone extends Error {}

function importUndone(outcomes: Map<number, RowOutcome>): ImportResult {
  const written = [...outcomes.values()].filter((o) => o.outcome === "added" || o.outcome === "updated");
  return {
    ok: false,
    error: "The import was undone while it ran",
    detail: `It stopped; the ${written.length.toLocaleString("en-US")} rows it had written before are part of the undo.`,
  };
}

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
async function placeBatch(
  app: Deps,
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
async function writeBatch(
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
        return [
          sql`(${p.existing.id}::uuid, ${c.name}::text, ${c.description}::text, ${c.location}::text,
          ${c.addressLine1}::text, ${c.addressLine2}::text, ${c.city}::text, ${c.postalCode}::text,
          ${c.region}::text, ${c.pricePerEvent}::int, ${c.priceRange}::text, ${c.priceLow}::int,
          ${c.priceHigh}::int, ${c.capacity}::int, ${c.categoryId}::uuid,
          ${JSON.stringify(c.amenities)}::jsonb, ${c.website}::text, ${c.phone}::text, ${c.email}::text,
          ${JSON.stringify(c.images)}::jsonb, ${c.logoUrl}::text,
          ${at !== undefined}::boolean, ${at?.lat ?? 0}::float8, ${at?.lng ?? 0}::float8)`,
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
          updated_at = now()
        from (values ${sql.join(values, sql`, `)}) as v(id, name, description, location,
          address_line1, address_line2, city, postal_code, region, price_per_event, price_range,
          price_low, price_high, capacity, category_id, amenities, website, phone, email, images,
          logo_url, place, latitude, longitude)
        where t.id = v.id`);
    }
    if (records.length > 0) await tx.insert(csvImportVenues).values(records).onConflictDoNothing();
    await recordOperationAudit(tx, {
      actorId: actor.id,
      action: "venue.import",
      targetType: "import",
      operation: importId,
      counts: { added: adds.length, updated: updates.length },
    });
    await tx
      .update(csvImports)
      .set({ importedRows: sql`${csvImports.importedRows} + ${outcomes.length}` })
      .where(eq(csvImports.id, importId));
    return outcomes;
  });
}

// ---------------------------------------------------------------------------------------------
// The export (issue 22, item 6)
// ---------------------------------------------------------------------------------------------

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
