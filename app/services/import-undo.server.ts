import { isUuid } from "~/lib/uuid";
import { and, asc, count, desc, eq, inArray, isNull, sql } from "drizzle-orm";
import { getTableColumns } from "drizzle-orm";
import { csvImports, csvImportVenues, users, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { nextTurn } from "~/lib/next-turn";
import type { AppUser } from "~/lib/user";
import { formatDateTime } from "~/lib/admin";
import { undoMessages, undoSummary, type ImportChoice, type ImportUndoInfo } from "~/lib/venue-bulk";
import { recordImportAudit } from "./audit.server";
import { assertAdmin } from "./permissions.server";
import { moveVenuesToTrash, TRASH_BATCH } from "./venue-trash.server";

// Undo of a CSV import (ADR 023): added venues go to the trash, updated ones get their previous
// values back unless a changed field was edited since (named in the answer). Batches of one
// transaction each, so an undo cut short is finished by the next one.

type Deps = Pick<AppContext, "db" | "logger">;

const UNDO_BATCH = TRASH_BATCH;

/** The columns an import may have changed, by their TypeScript names. */
const COLUMNS = getTableColumns(venues);

export async function importUndoInfo(
  db: Db,
  actor: AppUser | null,
  importId: string,
): Promise<ImportUndoInfo | null> {
  assertAdmin(actor);
  if (!isUuid(importId)) return null;
  const [row] = await db
    .select({
      id: csvImports.id,
      fileName: csvImports.fileName,
      createdAt: csvImports.createdAt,
      undoneAt: csvImports.undoneAt,
      actorName: users.name,
    })
    .from(csvImports)
    .leftJoin(users, eq(users.id, csvImports.userId))
    .where(eq(csvImports.id, importId));
  if (!row) return null;
  const counts = await db
    .select({ action: csvImportVenues.action, n: count() })
    .from(csvImportVenues)
    .innerJoin(venues, eq(venues.id, csvImportVenues.venueId))
    .where(and(eq(csvImportVenues.importId, importId), isNull(csvImportVenues.undoneAt)))
    .groupBy(csvImportVenues.action);
  const n = (a: string) => Number(counts.find((c) => c.action === a)?.n ?? 0);
  return {
    id: row.id,
    fileName: row.fileName,
    createdAt: row.createdAt.toISOString(),
    actorName: row.actorName,
    added: n("added"),
    updated: n("updated"),
    undoneAt: row.undoneAt?.toISOString() ?? null,
  };
}

/** The imports the admin list can be filtered by: the latest 50 that still have venues, and `current`. */
export async function listImportChoices(
  db: Db,
  actor: AppUser | null,
  current = "",
): Promise<ImportChoice[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      id: csvImports.id,
      fileName: csvImports.fileName,
      createdAt: csvImports.createdAt,
      venues: sql<number>`count(${csvImportVenues.venueId})::int`,
    })
    .from(csvImports)
    .innerJoin(
      csvImportVenues,
      and(eq(csvImportVenues.importId, csvImports.id), isNull(csvImportVenues.undoneAt)),
    )
    .groupBy(csvImports.id)
    .orderBy(desc(csvImports.createdAt), asc(csvImports.id))
    .limit(50);
  const choices = rows.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() }));
  if (isUuid(current) && !choices.some((c) => c.id === current)) {
    const [r] = await db
      .select({ id: csvImports.id, fileName: csvImports.fileName, createdAt: csvImports.createdAt })
      .from(csvImports)
      .where(eq(csvImports.id, current));
    if (r) choices.push({ ...r, createdAt: r.createdAt.toISOString(), venues: 0 });
  }
  return choices;
}

export type UndoResult = {
  fileName: string;
  trashed: number;
  restored: number;
  /** Venues the import updated that were edited since: kept as they are. */
  edited: string[];
  /** Venues deleted (or already in the trash) since the import. */
  gone: number;
};

export type UndoOutcome =
  | { ok: true; result: UndoResult; message: string; description: string }
  | { ok: false; status: number; error: string };

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** Undoes an import: what it added goes to the trash, what it changed gets its previous values. */
export async function undoImport(app: Deps, actor: AppUser | null, importId: string): Promise<UndoOutcome> {
  assertAdmin(actor);
  if (!isUuid(importId)) return { ok: false, status: 404, error: undoMessages.notFound };
  const start = await app.db.transaction(async (tx) => {
    const [row] = await tx
      .select({ fileName: csvImports.fileName, undoneAt: csvImports.undoneAt, undoneBy: users.name })
      .from(csvImports)
      .leftJoin(users, eq(users.id, csvImports.undoneBy))
      .where(eq(csvImports.id, importId))
      .for("update", { of: csvImports });
    if (!row) return { ok: false as const, status: 404, error: undoMessages.notFound };
    const [{ left } = { left: 0 }] = await tx
      .select({ left: count() })
      .from(csvImportVenues)
      .where(and(eq(csvImportVenues.importId, importId), isNull(csvImportVenues.undoneAt)));
    if (Number(left) === 0)
      return row.undoneAt
        ? {
            ok: false as const,
            status: 409,
            error: undoMessages.already(formatDateTime(row.undoneAt.toISOString()), row.undoneBy),
          }
        : { ok: false as const, status: 409, error: undoMessages.nothing };
    // From here on, a batch of the import still running finds it undone and stops.
    if (!row.undoneAt)
      await tx
        .update(csvImports)
        .set({ undoneAt: new Date(), undoneBy: actor.id })
        .where(eq(csvImports.id, importId));
    return { ok: true as const, fileName: row.fileName };
  });
  if (!start.ok) return start;

  const result: UndoResult = { fileName: start.fileName, trashed: 0, restored: 0, edited: [], gone: 0 };
  for (;;) {
    const done = await app.db.transaction((tx) => undoBatch(tx, actor, importId, result));
    if (!done) break;
    await nextTurn();
  }
  return {
    ok: true,
    result,
    message: `Undid the import of ${result.fileName}`,
    description: undoSummary(result),
  };
}

/** One batch of an undo; false when no record was left. */
async function undoBatch(tx: Db, actor: AppUser, importId: string, result: UndoResult): Promise<boolean> {
  const rows = await tx
    .select({
      venueId: csvImportVenues.venueId,
      action: csvImportVenues.action,
      before: csvImportVenues.before,
      after: csvImportVenues.after,
    })
    .from(csvImportVenues)
    .where(and(eq(csvImportVenues.importId, importId), isNull(csvImportVenues.undoneAt)))
    .orderBy(asc(csvImportVenues.venueId))
    .limit(UNDO_BATCH)
    .for("update");
  if (rows.length === 0) return false;
  const tally = { trashed: 0, restored: 0, edited: 0, gone: 0 };

  const added = rows.filter((r) => r.action === "added").map((r) => r.venueId);
  const trashed = await moveVenuesToTrash(tx, added, { actorId: actor.id, importId });
  tally.trashed = trashed.length;
  tally.gone += added.length - trashed.length;

  const updated = rows.filter((r) => r.action === "updated");
  if (updated.length > 0) {
    const current = new Map(
      (
        await tx
          .select()
          .from(venues)
          .where(
            inArray(
              venues.id,
              updated.map((r) => r.venueId),
            ),
          )
          .for("update")
      ).map((v) => [v.id, v]),
    );
    // A venue type deleted since the import cannot be put back: the venue keeps none, as the
    // type's deletion would have left it.
    const typeIds = updated.flatMap((r) => {
      const id = r.before?.categoryId;
      return typeof id === "string" ? [id] : [];
    });
    const types = new Set(
      typeIds.length === 0
        ? []
        : (
            await tx
              .select({ id: venueCategories.id })
              .from(venueCategories)
              .where(inArray(venueCategories.id, typeIds))
          ).map((t) => t.id),
    );
    for (const r of updated) {
      const venue = current.get(r.venueId) as Record<string, unknown> | undefined;
      if (!venue) {
        tally.gone++;
        continue;
      }
      const after = r.after ?? {};
      if (!Object.entries(after).every(([k, v]) => same(venue[k], v))) {
        tally.edited++;
        result.edited.push(String(venue.name));
        continue;
      }
      const before = Object.fromEntries(Object.entries(r.before ?? {}).filter(([k]) => k in COLUMNS));
      if (typeof before.categoryId === "string" && !types.has(before.categoryId)) before.categoryId = null;
      // A time kept as JSON text (confirmedAt, issue 43) goes back as the Date drizzle writes.
      for (const [k, v] of Object.entries(before))
        if (typeof v === "string" && COLUMNS[k as keyof typeof COLUMNS].dataType === "date")
          before[k] = new Date(v);
      await tx
        .update(venues)
        .set({ ...before, updatedAt: new Date() })
        .where(eq(venues.id, r.venueId));
      tally.restored++;
    }
  }

  await tx
    .update(csvImportVenues)
    .set({ undoneAt: new Date() })
    .where(
      and(
        eq(csvImportVenues.importId, importId),
        inArray(
          csvImportVenues.venueId,
          rows.map((r) => r.venueId),
        ),
      ),
    );
  await recordImportAudit(tx, actor, "venue.import_undo", importId, tally, { fileName: result.fileName });
  result.trashed += tally.trashed;
  result.restored += tally.restored;
  result.gone += tally.gone;
  return true;
}
