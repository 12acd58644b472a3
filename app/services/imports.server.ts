import { eq, inArray, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { csvImports, venueAmenities, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Database, Db } from "~/infra/db.server";
import { createOfflineGeocoder } from "~/infra/geocoder.server";
import { inProgress } from "~/infra/metrics.server";
import { readUploadForm, UploadRefusal, type UploadLimits } from "~/infra/uploads.server";
import { nextTurn } from "~/lib/next-turn";
import { nameKey } from "~/lib/csv-import/check";
import {
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
import type { AppUser } from "~/lib/user";
import { VENUE_STATE } from "~/lib/venue-address";
import { COLORADO_ZIP } from "~/lib/validation/venue-submission";
import { assertAdmin } from "./admin-venues.server";
import { recordImportAudit } from "./audit.server";
import { lacksValidCoordinates } from "./geocoding.server";
import { ImportUndone, placeBatch, writeBatch, type Writable } from "./import-batch.server";
import { fieldColumns, toFields } from "./venue-csv.server";

// The admin's CSV import (issue 12, item 5): a preview that writes nothing, then the same plan
// written in batches (./import-batch.server.ts) with progress lines and a summary. Why it works
// so: docs/decisions/012-admin-venues-and-csv-import.md and 023-trash-bulk-actions-and-import-undo.md.

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
    await recordImportAudit(tx, actor, "venue.import", importId, { added: 0, updated: 0 }, { fileName });
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

/** What the admin is told when an undo stopped the import part-way. */
function importUndone(outcomes: Map<number, RowOutcome>): ImportResult {
  const written = [...outcomes.values()].filter((o) => o.outcome === "added" || o.outcome === "updated");
  return {
    ok: false,
    error: "The import was undone while it ran",
    detail: `It stopped; the ${written.length.toLocaleString("en-US")} rows it had written before are part of the undo.`,
  };
}
