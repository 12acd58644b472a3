// One in-memory SearchStore (app/lib/search-store.ts) of every approved venue per database, for
// the search list and the search map (ADR 005). At 100,000 venues, counting the matches of a broad
// filter in PostgreSQL reads most of a 190 MB table (150-400 ms on our machines) and aggregating
// the map over them 35-55 ms; over the store both take milliseconds.
//
// Kept current without rereading the venues: each call reads one row (cache_versions) and, when
// the version moved, applies the venues recorded in `venue_changes` since (migration 0005), or
// reloads everything when that is cheaper or the log no longer reaches back far enough.
import { eq, gt, min, sql } from "drizzle-orm";
import { cacheVersions, searchSnapshot, venueCategories, venueChanges } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import { SEARCH_SORTS } from "~/lib/search";
import type { StoreVenue } from "~/lib/search-columns";
import { SearchStore } from "~/lib/search-store";
import { storeFromSnapshot, storeToSnapshot } from "~/lib/search-snapshot";

/** `from`: how it was loaded, the last time it was loaded whole. */
export type SearchIndex = { version: number; store: SearchStore; from: "rows" | "snapshot" };

const VERSION_KEY = "venues";
/** More changed venues than this since the last look: reload rather than patch. */
const PATCH_LIMIT = 5000;
/**
 * A snapshot is written for indexes of this many venues or more (a smaller one loads from its
 * rows in well under a second), once loaded from rows and then whenever the index is this many
 * versions ahead of it: the change log keeps 1,000 versions (migration 0016), so a new server
 * always finds the changes since the snapshot.
 */
const SNAPSHOT_MIN_VENUES = 5000;
const SNAPSHOT_EVERY_VERSIONS = 500;
/** Bytes per row of `search_snapshot`. */
const SNAPSHOT_PART = 8 * 1024 * 1024;

type VenueRow = Omit<StoreVenue, "amenities" | "blocked" | "pricingModel" | "facts"> & {
  amenities: string;
  pricingModel: string | null;
  facts: string | null;
  isApproved: boolean;
  blocked: string | null;
};

// Raw SQL rather than the query builder: the amenities travel as text and are parsed here, which
// makes loading 100,000 venues about three times faster than through the jsonb mapping.
const baseColumns = sql`id, name, location, description, region, capacity, min_price as "minPrice",
  category_id as "categoryId", amenities::text as amenities, is_featured as "isFeatured", rating,
  review_count as "reviewCount", latitude, longitude, is_approved as "isApproved",
  (select coalesce(sum(1 << c.month), 0)::int from venue_closures c where c.venue_id = venues.id)
    as "closedMonths",
  floor(extract(epoch from calendar_updated_at) / 86400)::int as "calendarDay",
  price_per_event as "pricePerEvent", price_low as "priceLow", price_high as "priceHigh",
  price_range as "priceRange", pricing_model::text as "pricingModel", facts::text as facts`;

/** A venue's held and booked ranges from yesterday on: "start,end,start,end…" as day numbers. */
const blockedDays = sql`string_agg((a.starts_on - date '1970-01-01') || ',' || (a.ends_on - date '1970-01-01'), ','
  order by a.starts_on)`;
const venueColumns = sql`${baseColumns}, (select ${blockedDays} from venue_availability a
  where a.venue_id = venues.id and a.ends_on >= current_date - 1) as blocked`;

/** "1,22,333" as numbers, without the strings and array of a split (millions at a full load). */
function parseDays(text: string): Int32Array {
  let count = 1;
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) === 44) count++;
  const out = new Int32Array(count);
  let [n, value, sign] = [0, 0, 1];
  for (let i = 0; i <= text.length; i++) {
    const c = i < text.length ? text.charCodeAt(i) : 44;
    if (c === 44) {
      out[n++] = sign * value;
      [value, sign] = [0, 1];
    } else if (c === 45) sign = -1;
    else value = value * 10 + c - 48;
  }
  return out;
}

const parseJson = (text: string | null): unknown => {
  try {
    return text === null ? null : JSON.parse(text);
  } catch {
    return null;
  }
};

function storeVenue(r: VenueRow): StoreVenue {
  let amenities: unknown = [];
  try {
    amenities = JSON.parse(r.amenities);
  } catch {
    // Not JSON: no amenities.
  }
  return {
    ...r,
    amenities,
    pricingModel: parseJson(r.pricingModel),
    facts: parseJson(r.facts),
    rating: Number(r.rating),
    minPrice: Number(r.minPrice),
    // Availability (ADR 030): "start,end,start,end…" as day numbers.
    blocked: r.blocked ? parseDays(r.blocked) : null,
    closedMonths: Number(r.closedMonths ?? 0),
    calendarDay: r.calendarDay == null ? null : Number(r.calendarDay),
  };
}

const categoryRows = (db: Db) =>
  db.select({ id: venueCategories.id, name: venueCategories.name }).from(venueCategories);

/** The current version as a scalar subquery, to read it in the same round trip as other rows. */
export const versionSql = sql<
  string | number | null
>`(select version from cache_versions where name = ${VERSION_KEY})`;

export async function readVersion(db: Db): Promise<number> {
  const [row] = await db
    .select({ version: cacheVersions.version })
    .from(cacheVersions)
    .where(eq(cacheVersions.name, VERSION_KEY));
  return Number(row?.version ?? 0);
}

/**
 * The index whole: from the snapshot and the changes since when it can (issue 42: about a second
 * at 100,000 venues, against ten from the rows), else from the rows.
 */
async function loadIndex(db: Db, s: IndexState): Promise<SearchIndex> {
  const version = await readVersion(db);
  const snapshot = await readSnapshot(db);
  if (snapshot) {
    s.saved = snapshot.version;
    const patched = await refreshIndex(db, snapshot, version);
    if (patched !== "reload") return patched;
  }
  return loadRows(db);
}

/** Writes a new snapshot aside when the index is large and far enough ahead of the last one. */
function keepSnapshot(db: Db, s: IndexState): void {
  const index = s.index;
  if (!index || s.saving || index.store.size < SNAPSHOT_MIN_VENUES) return;
  if (s.saved !== null && index.version - s.saved < SNAPSHOT_EVERY_VERSIONS) return;
  s.saving = saveSearchSnapshot(db, index)
    .then(() => void (s.saved = index.version))
    // A failed write (the database going away at shutdown, say) is tried again after the next change.
    .catch(() => undefined)
    .finally(() => (s.saving = null));
}

async function readSnapshot(db: Db): Promise<SearchIndex | null> {
  // As base64, which travels and decodes faster than bytea's hex (a third of the load's time).
  const [parts, categories] = await Promise.all([
    queryRows<{ version: string | number; data: string }>(
      db,
      sql`select version, encode(data, 'base64') as data from search_snapshot order by part`,
    ).then((rows) => rows.map((r) => ({ version: Number(r.version), data: Buffer.from(r.data, "base64") }))),
    categoryRows(db),
  ]);
  if (parts.length === 0) return null;
  const version = parts[0]!.version;
  const store = storeFromSnapshot(Buffer.concat(parts.map((p) => p.data)), categories);
  // One this build cannot read (an older layout) goes, so that the index then loaded from the
  // rows takes its place though its version is not newer (saveSearchSnapshot).
  if (!store) await db.delete(searchSnapshot).where(eq(searchSnapshot.version, version));
  return store && { version, store, from: "snapshot" };
}

/**
 * Writes the index as the snapshot, unless a newer one is there. One writer at a time: the lock
 * lets readers read the previous snapshot meanwhile. Exported for the tests, which write one of
 * a few venues; the server writes its own above SNAPSHOT_MIN_VENUES.
 */
export async function saveSearchSnapshot(db: Db, index: SearchIndex): Promise<boolean> {
  const bytes = storeToSnapshot(index.store);
  return db.transaction(async (tx) => {
    await tx.execute(sql`lock table search_snapshot in exclusive mode`);
    const [stored] = await tx.select({ version: min(searchSnapshot.version) }).from(searchSnapshot);
    if (stored?.version != null && Number(stored.version) >= index.version) return false;
    await tx.delete(searchSnapshot);
    for (let part = 0; part * SNAPSHOT_PART < bytes.length; part++) {
      const data = Buffer.from(
        bytes.buffer,
        part * SNAPSHOT_PART,
        Math.min(SNAPSHOT_PART, bytes.length - part * SNAPSHOT_PART),
      );
      await tx.insert(searchSnapshot).values({ part, version: index.version, data });
    }
    return true;
  });
}

async function loadRows(db: Db): Promise<SearchIndex> {
  // The version first: changes committed after it are applied again on the next look.
  const version = await readVersion(db);
  // The venues and their calendars in two queries side by side (on PostgreSQL): a calendar read
  // per venue took 6 of a 9-second load at 100,000 venues with a year of bookings each (issue 42).
  // A change committed between them is applied again on the next look, as above.
  const [categories, rows, calendars] = await Promise.all([
    categoryRows(db),
    queryRows<Omit<VenueRow, "blocked">>(db, sql`select ${baseColumns} from venues where is_approved`),
    queryRows<{ id: string; blocked: string }>(
      db,
      sql`select a.venue_id as id, ${blockedDays} as blocked from venue_availability a
        where a.ends_on >= current_date - 1 group by a.venue_id`,
    ),
  ]);
  const blocked = new Map(calendars.map((c) => [c.id, c.blocked]));
  const store = new SearchStore(categories, rows.length);
  for (const row of rows) store.add(storeVenue({ ...row, blocked: blocked.get(row.id) ?? null }));
  store.seal();
  // Sort the list orders now rather than in the first searches (a second or so at 100,000 venues).
  for (const sort of SEARCH_SORTS) store.ordered(sort);
  return { version, store, from: "rows" };
}

/**
 * Applies the venues changed since the index's version; "reload" when reloading everything is
 * cheaper or needed (many changes, or the log no longer reaches back far enough).
 */
async function refreshIndex(db: Db, index: SearchIndex, version: number): Promise<SearchIndex | "reload"> {
  const [oldest] = await db.select({ version: min(venueChanges.version) }).from(venueChanges);
  // The log keeps only recent versions: further behind than that, some changes are unknown.
  if (oldest?.version == null || Number(oldest.version) > index.version + 1) return "reload";
  const changed = await db
    .select({ id: venueChanges.venueId, version: venueChanges.version })
    .from(venueChanges)
    .where(gt(venueChanges.version, index.version));
  const ids = [...new Set(changed.map((c) => c.id))];
  const { store } = index;
  if (ids.length > PATCH_LIMIT || store.deadSlots + ids.length > Math.max(10_000, store.size / 2))
    return "reload";
  const [rows, categories] = await Promise.all([
    ids.length > 0
      ? queryRows<VenueRow>(
          db,
          sql`select ${venueColumns} from venues where id in (${sql.join(
            ids.map((id) => sql`${id}::uuid`),
            sql`, `,
          )})`,
        )
      : [],
    categoryRows(db),
  ]);
  store.setCategories(categories);
  for (const id of ids) store.remove(id);
  for (const row of rows) if (row.isApproved) store.add(storeVenue(row));
  return { ...index, version: changed.reduce((v, c) => Math.max(v, Number(c.version)), version) };
}

type IndexState = {
  index: SearchIndex | null;
  refresh: Promise<SearchIndex> | null;
  reload: Promise<void> | null;
  /** The version of the snapshot stored, as far as this process knows; a write in progress. */
  saved: number | null;
  saving: Promise<void> | null;
};
// In production the server's entry (build/server/start.js) and the routes (build/server/index.js)
// each bundle a copy of this module: the states live in one map for the whole process, so the
// index loaded at start (loadIndexThenReady) is the one the routes search. Two maps held two
// indexes, and the first search loaded the second (7.7 s at 100,000 venues; issue 42).
const STATES = Symbol.for("vows-and-vistas/search-index");
const states = ((globalThis as Record<symbol, unknown>)[STATES] ??= new WeakMap<Db, IndexState>()) as WeakMap<
  Db,
  IndexState
>;

/**
 * This database's search index, brought up to date: one small query when nothing changed, a few
 * when venues changed. The first call loads the index (seconds at 100,000 venues); a later full
 * reload (after a bulk import, say) runs aside while the previous index keeps answering.
 */
export async function searchIndex(db: Db): Promise<SearchIndex> {
  let state = states.get(db);
  if (!state)
    states.set(db, (state = { index: null, refresh: null, reload: null, saved: null, saving: null }));
  const s = state;
  const version = await readVersion(db);
  if (s.index && (s.index.version >= version || s.reload)) return s.index;
  // One refresh at a time per database; callers arriving meanwhile wait for it.
  while (s.refresh) {
    const index = await s.refresh;
    if (index.version >= version || s.reload) return index;
  }
  s.refresh = (async () => {
    if (!s.index) s.index = await loadIndex(db, s);
    else {
      const patched = await refreshIndex(db, s.index, version);
      if (patched !== "reload") s.index = patched;
      else
        s.reload ??= loadIndex(db, s)
          .then((index) => {
            s.index = index;
            keepSnapshot(db, s);
          })
          // A failed reload is tried again by the next search.
          .catch(() => undefined)
          .finally(() => (s.reload = null));
    }
    keepSnapshot(db, s);
    return s.index;
  })().finally(() => (s.refresh = null));
  return s.refresh;
}

/**
 * The index as it stands, without checking the version (loading it on first use). For callers
 * that read the version along with their own query and call `searchIndex` when it moved.
 */
export async function currentIndex(db: Db): Promise<SearchIndex> {
  return states.get(db)?.index ?? searchIndex(db);
}

/**
 * At server start, beside the rest of it: loads the index, then says the process is ready (ADR 034),
 * unless it is stopping by then. Ready before it, a load balancer's first searches waited for the
 * load (seconds at 100,000 venues; issue 42). A failed load is logged; the first search tries again.
 */
export async function loadIndexThenReady(
  app: Pick<AppContext, "db" | "logger" | "readiness">,
): Promise<void> {
  const started = performance.now();
  try {
    const { store, from } = await searchIndex(app.db);
    app.logger.info("search index loaded", {
      venues: store.size,
      from,
      ms: Math.round(performance.now() - started),
    });
  } catch (err) {
    app.logger.error("loading the search index failed", { error: String(err) });
  }
  if (app.readiness.state === "starting") app.readiness.state = "ready";
}

/** Forgets this database's index, so the next search loads it afresh (benchmarks, tests). */
export function dropSearchIndex(db: Db): void {
  states.delete(db);
}
