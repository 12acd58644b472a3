import { isUuid } from "~/lib/uuid";
import { asc, count, desc, eq, inArray, lte, sql, type SQL } from "drizzle-orm";
import { getTableConfig, type PgTable } from "drizzle-orm/pg-core";
import crypto from "node:crypto";
import {
  csvImports,
  favorites,
  inquiries,
  inquiryReplies,
  reviewReplies,
  reviewReports,
  reviews,
  tours,
  users,
  venueAvailability,
  venueCalendarFeeds,
  venueCategories,
  venueClaims,
  venueClosures,
  venueDailyStats,
  venueFaqs,
  venueManagers,
  venues,
  venueSavers,
  venueTourClosedDays,
  venueTourHours,
  venueTrash,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import { nextTurn } from "~/lib/next-turn";
import { TRASH_DAYS, trashMessages, type TrashList } from "~/lib/venue-bulk";
import type { AppUser } from "~/lib/user";
import { batchNames, recordOperationAudit } from "./audit.server";
import { claimKeys, deleteFiles } from "./pending-files.server";
import { assertAdmin } from "./permissions.server";
import { venueFileKeys } from "./venue-files.server";

// The venue trash (issue 22, item 7; docs/decisions/023-trash-bulk-actions-and-import-undo.md).
// Deleting a venue moves it, in one transaction, out of `venues` into `venue_trash`: its row and
// every row that hangs off it, as one JSON snapshot. Out of `venues`, it is out of every public
// query, count, cache and sitemap by the same triggers as a deletion (ADR 005, 010, 014), and
// out of the manager area. Restore inserts the rows again as they were, in one transaction (a
// venue type, a submitter or a reviewer deleted meanwhile is left out as a deletion would have
// left it). Its stored files are named by the trash row, so the pending-files sweep keeps them
// (ADR 021); 'Delete forever' and the purge after 30 days claim them in the transaction that
// drops the trash row and delete them after the commit, as every other deletion does.

type Deps = Pick<AppContext, "db" | "storage" | "logger">;

/** Venues moved, restored or purged per transaction (the event loop gets a turn between two). */
export const TRASH_BATCH = 100;

export const TRASH_PAGE_SIZE = 50;

/** Runs `fn` on `items` a batch at a time; other requests are served between two batches. */
export async function inBatches<T>(items: T[], size: number, fn: (batch: T[]) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) {
    if (i > 0) await nextTurn();
    await fn(items.slice(i, i + size));
  }
}

/** How a restored row's reference to a row that may be gone is mended. */
type Fix = { table: PgTable; column: string; missing: "null" | "skip" };

/**
 * A table whose rows belong to a venue: how to find them (alias `x`, the venue `v`), how to mend
 * them, and columns restored as something else than they were.
 */
type Part = { table: PgTable; of: SQL; fixes?: Fix[]; reset?: Record<string, SQL> };

const name = (t: PgTable) => getTableConfig(t).name;

/** A venue's rows that also name a user (whose row may be gone by the restore). */
const byVenueAndUser = (table: PgTable, missing: Fix["missing"]): Part => ({
  table,
  of: sql`x.venue_id = v.id`,
  fixes: [{ table: users, column: "user_id", missing }],
});

/** Replies to a venue's rows: gone with their parent, kept (without it) when their user is gone. */
const replies = (table: PgTable, of: SQL, parent: PgTable, column: string): Part => ({
  table,
  of,
  fixes: [
    { table: parent, column, missing: "skip" },
    { table: users, column: "user_id", missing: "null" },
  ],
});

/** The rows a venue takes with it, parents before children (the order restore inserts them in). */
const PARTS: Part[] = [
  {
    table: venues,
    of: sql`x.id = v.id`,
    fixes: [
      { table: venueCategories, column: "category_id", missing: "null" },
      { table: users, column: "user_id", missing: "null" },
    ],
    // Derived from reviews (migration 0002): the restored reviews' triggers count them again,
    // without those of reviewers deleted meanwhile.
    reset: { rating: sql`0`, review_count: sql`0` },
  },
  { table: venueFaqs, of: sql`x.venue_id = v.id` },
  byVenueAndUser(reviews, "skip"),
  replies(
    reviewReplies,
    sql`x.review_id in (select r.id from reviews r where r.venue_id = v.id)`,
    reviews,
    "review_id",
  ),
  replies(
    reviewReports,
    sql`x.review_id in (select r.id from reviews r where r.venue_id = v.id)`,
    reviews,
    "review_id",
  ),
  byVenueAndUser(venueManagers, "skip"),
  byVenueAndUser(favorites, "skip"),
  byVenueAndUser(inquiries, "null"),
  replies(
    inquiryReplies,
    sql`x.inquiry_id in (select i.id from inquiries i where i.venue_id = v.id)`,
    inquiries,
    "inquiry_id",
  ),
  { table: venueDailyStats, of: sql`x.venue_id = v.id` },
  // Who has been counted as saving it (ADR 029), so a restored venue's saves stay counted once.
  {
    table: venueSavers,
    of: sql`x.venue_id = v.id`,
    fixes: [{ table: users, column: "user_id", missing: "skip" }],
  },
  // The calendar (ADR 030): booked and held days, closed months, the feed's secret address.
  { table: venueAvailability, of: sql`x.venue_id = v.id` },
  { table: venueClosures, of: sql`x.venue_id = v.id` },
  { table: venueCalendarFeeds, of: sql`x.venue_id = v.id` },
  // Site visits and claims (issue 45).
  { table: venueTourHours, of: sql`x.venue_id = v.id` },
  { table: venueTourClosedDays, of: sql`x.venue_id = v.id` },
  byVenueAndUser(tours, "null"),
  {
    table: venueClaims,
    of: sql`x.venue_id = v.id`,
    fixes: [
      { table: users, column: "user_id", missing: "skip" },
      { table: users, column: "decided_by", missing: "null" },
    ],
  },
];

/** The snapshot of venue `v`: each part's rows under its table's name. */
const snapshotOf = sql.join(
  [
    sql`jsonb_build_object(`,
    sql.join(
      PARTS.map(
        (p) =>
          sql`${name(p.table)}::text, (select coalesce(jsonb_agg(to_jsonb(x)), '[]'::jsonb) from ${p.table} x where ${p.of})`,
      ),
      sql`, `,
    ),
    sql`)`,
  ],
  sql``,
);

/** Puts one part's rows of the trashed venues `ids` back, its references mended. */
function restorePart(part: Part, ids: string[]): SQL {
  const table = name(part.table);
  const columns = getTableConfig(part.table).columns.filter((c) => !c.generated);
  const fixOf = (column: string) => part.fixes?.find((f) => f.column === column);
  const ref = (f: Fix) => sql`(select y.id from ${f.table} y where y.id = x.${sql.identifier(f.column)})`;
  const values = columns.map((c) => {
    const fix = fixOf(c.name);
    return part.reset?.[c.name] ?? (fix?.missing === "null" ? ref(fix) : sql`x.${sql.identifier(c.name)}`);
  });
  const kept = (part.fixes ?? [])
    .filter((f) => f.missing === "skip")
    .map((f) => sql` and ${ref(f)} is not null`);
  return sql`insert into ${part.table} (${sql.join(
    columns.map((c) => sql.identifier(c.name)),
    sql`, `,
  )})
    select ${sql.join(values, sql`, `)}
      from ${venueTrash} t
     cross join lateral jsonb_populate_recordset(null::${sql.identifier(table)}, t.snapshot -> ${table}::text) x
     where t.venue_id in (${sql.join(
       ids.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})${sql.join(kept, sql``)}`;
}

export type Trashed = { id: string; name: string; location: string };

/**
 * Moves the venues `ids` (those that exist) to the trash, in the caller's transaction: locked,
 * snapshotted, then deleted from `venues` (the deletion triggers update counts, the search index
 * and the page caches). `importId`: the import whose undo moves them.
 */
export async function moveVenuesToTrash(
  tx: Db,
  ids: string[],
  by: { actorId: string | null; importId?: string },
): Promise<Trashed[]> {
  if (ids.length === 0) return [];
  // Locked first: a review or FAQ written meanwhile waits, then finds the venue gone.
  const locked = (
    await tx.select({ id: venues.id }).from(venues).where(inArray(venues.id, ids)).for("update")
  ).map((r) => r.id);
  if (locked.length === 0) return [];
  const moved = await queryRows<Trashed>(
    tx,
    sql`
    insert into ${venueTrash} (venue_id, name, location, images, logo_url, deleted_by, import_id, snapshot)
    select v.id, v.name, v.location, v.images, v.logo_url, ${by.actorId}, ${by.importId ?? null}::uuid, ${snapshotOf}
      from ${venues} v
     where v.id in (${sql.join(
       locked.map((id) => sql`${id}::uuid`),
       sql`, `,
     )})
    returning venue_id as id, name, location`,
  );
  await tx.delete(venues).where(inArray(venues.id, locked));
  return moved;
}

export async function countTrash(db: Db, actor: AppUser | null): Promise<number> {
  assertAdmin(actor);
  const [row] = await db.select({ n: count() }).from(venueTrash);
  return Number(row?.n ?? 0);
}

/** The trash, the latest deleted first, a page at a time. */
export async function listTrash(db: Db, actor: AppUser | null, page = 1): Promise<TrashList> {
  assertAdmin(actor);
  const total = await countTrash(db, actor);
  const pageCount = Math.max(1, Math.ceil(total / TRASH_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: venueTrash.venueId,
      name: venueTrash.name,
      location: venueTrash.location,
      images: venueTrash.images,
      logoUrl: venueTrash.logoUrl,
      deletedAt: venueTrash.deletedAt,
      deletedBy: users.name,
      importFile: csvImports.fileName,
    })
    .from(venueTrash)
    .leftJoin(users, eq(users.id, venueTrash.deletedBy))
    .leftJoin(csvImports, eq(csvImports.id, venueTrash.importId))
    .orderBy(desc(venueTrash.deletedAt), asc(venueTrash.venueId))
    .limit(TRASH_PAGE_SIZE)
    .offset((current - 1) * TRASH_PAGE_SIZE);
  return {
    total,
    page: current,
    pageCount,
    venues: rows.map((r) => ({
      id: r.id,
      name: r.name,
      location: r.location,
      image: r.images[0] ?? r.logoUrl ?? null,
      deletedAt: r.deletedAt.toISOString(),
      purgeAt: new Date(r.deletedAt.getTime() + TRASH_DAYS * 86_400_000).toISOString(),
      deletedBy: r.deletedBy,
      importFile: r.importFile,
    })),
  };
}

/** One venue in the trash, by its id. */
export async function findTrashed(
  db: Db,
  actor: AppUser | null,
  id: string,
): Promise<{ id: string; name: string } | null> {
  assertAdmin(actor);
  if (!isUuid(id)) return null;
  const [row] = await db
    .select({ id: venueTrash.venueId, name: venueTrash.name })
    .from(venueTrash)
    .where(eq(venueTrash.venueId, id));
  return row ?? null;
}

export type TrashOutcome =
  { ok: true; names: string[]; message: string } | { ok: false; status: number; error: string };

const validIds = (ids: string[]) => [...new Set(ids.filter(isUuid).map((id) => id.toLowerCase()))];

/** Restores the trashed venues `ids` with everything they took with them. */
export async function restoreFromTrash(
  app: Deps,
  actor: AppUser | null,
  ids: string[],
): Promise<TrashOutcome> {
  assertAdmin(actor);
  const wanted = validIds(ids);
  if (wanted.length === 0) return { ok: false, status: 400, error: trashMessages.noneChosen };
  const names: string[] = [];
  const operation = crypto.randomUUID();
  await inBatches(wanted, TRASH_BATCH, async (batch) => {
    names.push(
      ...(await app.db.transaction(async (tx) => {
        const rows = await tx
          .select({ id: venueTrash.venueId, name: venueTrash.name })
          .from(venueTrash)
          .where(inArray(venueTrash.venueId, batch))
          .for("update");
        if (rows.length === 0) return [];
        const found = rows.map((r) => r.id);
        for (const part of PARTS) await tx.execute(restorePart(part, found));
        await tx.delete(venueTrash).where(inArray(venueTrash.venueId, found));
        await recordOperationAudit(tx, {
          actorId: actor.id,
          action: "venue.restore",
          operation,
          details: batchNames(rows),
          counts: { count: rows.length },
        });
        return rows.map((r) => r.name);
      })),
    );
  });
  if (names.length === 0) return { ok: false, status: 404, error: trashMessages.notInTrash };
  return { ok: true, names, message: trashMessages.restored(names) };
}

/**
 * Deletes trashed venues for good: the trash rows and their files' claims in one transaction,
 * the files after the commit (ADR 021: a crash in between leaves claims the sweep finishes).
 */
async function purge(app: Deps, actorId: string | null, ids: string[], operation: string) {
  const purged = await app.db.transaction(async (tx) => {
    const rows = await tx.delete(venueTrash).where(inArray(venueTrash.venueId, ids)).returning({
      id: venueTrash.venueId,
      name: venueTrash.name,
      images: venueTrash.images,
      logoUrl: venueTrash.logoUrl,
    });
    if (rows.length === 0) return null;
    const keys = rows.flatMap((r) => venueFileKeys(app, r.id, [...r.images, r.logoUrl]));
    await claimKeys(tx, keys);
    await recordOperationAudit(tx, {
      actorId,
      action: "venue.purge",
      operation,
      details: { ...batchNames(rows), ...(actorId ? {} : { expired: true }) },
      counts: { count: rows.length },
    });
    return { names: rows.map((r) => r.name), keys };
  });
  if (!purged) return [];
  await deleteFiles(app, purged.keys, { purge: operation });
  return purged.names;
}

/** 'Delete forever' of trashed venues. */
export async function purgeFromTrash(app: Deps, actor: AppUser | null, ids: string[]): Promise<TrashOutcome> {
  assertAdmin(actor);
  const wanted = validIds(ids);
  if (wanted.length === 0) return { ok: false, status: 400, error: trashMessages.noneChosen };
  const operation = crypto.randomUUID();
  const names: string[] = [];
  await inBatches(wanted, TRASH_BATCH, async (batch) => {
    names.push(...(await purge(app, actor.id, batch, operation)));
  });
  if (names.length === 0) return { ok: false, status: 404, error: trashMessages.notInTrash };
  return { ok: true, names, message: trashMessages.purged(names) };
}

/** The hourly purge (server.ts): venues in the trash for 30 days or more are deleted for good. */
export async function purgeExpiredTrash(app: Deps, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - TRASH_DAYS * 86_400_000);
  const operation = crypto.randomUUID();
  let purged = 0;
  for (;;) {
    const due = await app.db
      .select({ id: venueTrash.venueId })
      .from(venueTrash)
      .where(lte(venueTrash.deletedAt, before))
      .orderBy(asc(venueTrash.deletedAt))
      .limit(TRASH_BATCH);
    if (due.length === 0) return purged;
    const names = await purge(
      app,
      null,
      due.map((d) => d.id),
      operation,
    );
    // Another server's purge took them first: nothing more is due here.
    if (names.length === 0) return purged;
    purged += names.length;
    await nextTurn();
  }
}
