// The search page's answers (spec, public side: section 2 'Search page', the filter rules of
// section 5): a page of venue cards with the total, and the map's clusters and points for a
// viewport. Approved venues only, always. Matching, counting, ordering and clustering run over the
// in-process search index (search-index.server.ts, ADR 005); the database then gives the 24
// cards or the map's single venues by primary key, checking again that each is approved.
import { asc, desc, sql } from "drizzle-orm";
import { venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { DEFAULT_VENUE_IMAGE, imageAtWidth } from "~/lib/images";
import { cellKey, gridFor, inGrid, normalizeBbox, normalizeZoom, type Bbox } from "~/lib/map-grid";
import { estimateCost } from "~/lib/estimate";
import {
  DEFAULT_FILTERS,
  ESTIMATE_SORTS,
  PAGE_SIZE,
  pageCountFor,
  type SearchFilters,
  type SearchSort,
} from "~/lib/search";
import { MAP_ALL_POINTS_ZOOM, type MapAnswer, type MapCluster, type MapPoint } from "~/lib/search-page";
import type { SearchStore, StoreQuery } from "~/lib/search-store";
import { priceDisplay, type VenueCardData } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { currentIndex, readVersion, searchIndex, versionSql, type SearchIndex } from "./search-index.server";
import { cardColumns, toCard } from "./venue-cards.server";

/**
 * Answers from the index as it stands, reading the version in the answer's own query (one round
 * trip instead of two); when venues changed meanwhile, brings the index up to date and answers again.
 */
async function withCurrentIndex<T>(
  db: Db,
  answer: (index: SearchIndex) => Promise<{ result: T; version: number | null }>,
): Promise<T> {
  const index = await currentIndex(db);
  const first = await answer(index);
  const version = first.version ?? (await readVersion(db));
  if (version <= index.version) return first.result;
  return (await answer(await searchIndex(db))).result;
}

// ---------------------------------------------------------------------------------------------
// The list
// ---------------------------------------------------------------------------------------------

export type SearchResult = {
  venues: VenueCardData[];
  /** Every approved venue matching the filters. */
  total: number;
  /** The page shown: the one asked for, or the last one when it asked beyond the end. */
  page: number;
  pageCount: number;
};

/** What the estimates read (issue 24). */
export const priceColumns = {
  pricePerEvent: venues.pricePerEvent,
  priceLow: venues.priceLow,
  priceHigh: venues.priceHigh,
  priceRange: venues.priceRange,
  pricingModel: venues.pricingModel,
};

/** The guest count and the date an estimate is for: `guests` from the filters, `date` from the URL. */
export type EstimateFor = { guests: number | null; date: string | null; month?: string | null };

// Prepared once per database: planning is a large share of these small queries, on PGlite above all.
const prepared = new WeakMap<Db, ReturnType<typeof prepare>>();

function prepare(db: Db) {
  const byIds = sql`${venues.id} = any(${sql.placeholder("ids")}::uuid[]) and ${venues.isApproved}`;
  return {
    cards: db
      .select({ ...cardColumns, ...priceColumns, version: versionSql })
      .from(venues)
      .where(byIds)
      .prepare("search_cards"),
    points: db
      .select({
        id: venues.id,
        name: venues.name,
        images: venues.images,
        priceLow: venues.priceLow,
        priceHigh: venues.priceHigh,
        priceRange: venues.priceRange,
        price: venues.pricePerEvent,
        rating: venues.rating,
        reviewCount: venues.reviewCount,
        version: versionSql,
      })
      .from(venues)
      .where(byIds)
      .orderBy(desc(venues.isFeatured), desc(venues.rating), asc(venues.id))
      .prepare("search_map_points"),
  };
}

function queries(db: Db) {
  let q = prepared.get(db);
  if (!q) prepared.set(db, (q = prepare(db)));
  return q;
}

const uuidArray = (ids: string[]) => `{${ids.join(",")}}`;

/**
 * Cards by id in the order given, with the index version; a venue unapproved meanwhile is left
 * out.
 */
async function cardsById(
  db: Db,
  ids: string[],
  { guests, date, month = null }: EstimateFor,
): Promise<{ cards: VenueCardData[]; version: number | null }> {
  if (ids.length === 0) return { cards: [], version: null };
  const rows = await queries(db).cards.execute({ ids: uuidArray(ids) });
  const byId = new Map(
    rows.map((r) => {
      const card = toCard(r);
      if (guests) card.estimate = estimateCost(r, guests, date, month);
      return [r.id, card];
    }),
  );
  return {
    cards: ids.flatMap((id) => byId.get(id) ?? []),
    version: rows[0] ? Number(rows[0].version) : null,
  };
}

type Ranked = { total: number; range: (start: number, end: number) => number[] };

/**
 * How many venues match and, for positions start to end, which, in the list order. Three ways to
 * the same answer, by cost: no filter at all (the order's first live slots, the store's size), few
 * candidates from a word filter (test and sort just those), else one pass over the whole order.
 */
function rankedBy(
  store: SearchStore,
  query: Pick<StoreQuery, "test" | "candidates" | "all">,
  sort: SearchSort,
  at: EstimateFor,
): Ranked {
  const order = store.ordered(sort);
  const { test, candidates } = query;
  const estimateSort = ESTIMATE_SORTS[sort];
  if (estimateSort && at.guests) {
    // Ranked per search, since the estimate depends on the guest count and the date: the
    // matches in slot order (byEstimate reads their columns in that order), then by estimate.
    // Into a typed array: pushed onto a plain one, 100,000 matches took 6 ms instead of 1.5.
    let matches: Int32Array;
    if (candidates && candidates.length * 8 < order.length) matches = candidates.filter(test);
    else {
      matches = new Int32Array(store.size);
      let n = 0;
      for (let s = 0; s < store.slots; s++) if (test(s)) matches[n++] = s;
      matches = matches.subarray(0, n);
    }
    const descending = sort === "estimate-desc";
    return {
      total: matches.length,
      range: (start, end) =>
        end <= start
          ? []
          : Array.from(store.byEstimate(matches, at.guests!, at.date, descending, end).subarray(start)),
    };
  }
  const slice = (start: number, end: number, from: Int32Array, check: boolean) => {
    const out: number[] = [];
    for (let k = 0, n = 0; k < from.length && n < end; k++) {
      const s = from[k]!;
      if (check ? !test(s) : !store.alive[s]) continue;
      if (n++ >= start) out.push(s);
    }
    return out;
  };
  if (query.all) return { total: store.size, range: (start, end) => slice(start, end, order, false) };
  if (candidates && candidates.length * 8 < order.length) {
    const hits = store.inOrder(candidates.filter(test), sort);
    return { total: hits.length, range: (start, end) => slice(start, end, hits, false) };
  }
  let total = 0;
  for (let k = 0; k < order.length; k++) if (test(order[k]!)) total++;
  return { total, range: (start, end) => slice(start, end, order, true) };
}

/**
 * The matches in the list order; with a date or month, the venues whose calendar confirms the
 * free day first, then the rest (issue 41: 'Not confirmed'), each group in the list order.
 */
function rankedMatches(store: SearchStore, query: StoreQuery, sort: SearchSort, at: EstimateFor) {
  const { test, confirmed } = query;
  // Each slot's filters run once for both groups: 1 confirmed, 2 not, 3 no match, 0 not yet seen.
  const seen = confirmed && new Uint8Array(store.slots);
  const group = (s: number) => (seen![s] ||= test(s) ? (confirmed!(s) ? 1 : 2) : 3);
  const groups = seen
    ? [
        rankedBy(store, { ...query, test: (s) => group(s) === 1 }, sort, at),
        rankedBy(store, { ...query, test: (s) => group(s) === 2 }, sort, at),
      ]
    : [rankedBy(store, query, sort, at)];
  return {
    total: groups.reduce((n, g) => n + g.total, 0),
    pageOf: (page: number) => {
      let [start, end] = [(page - 1) * PAGE_SIZE, page * PAGE_SIZE];
      const out: number[] = [];
      for (const g of groups) {
        if (start < g.total) out.push(...g.range(start, Math.min(end, g.total)));
        [start, end] = [Math.max(0, start - g.total), Math.max(0, end - g.total)];
      }
      return out;
    },
  };
}

/**
 * One page (24) of the approved venues matching the filters, in the chosen order, and how many
 * match. The order ends in the id, so paging neither repeats nor skips a venue. With a guest
 * count, each card carries its estimate (on `date`, when given: its season and weekday).
 */
export async function searchVenues(
  db: Db,
  filters: SearchFilters,
  { date = null }: { date?: string | null } = {},
): Promise<SearchResult> {
  const f = { ...DEFAULT_FILTERS, ...filters };
  const at: EstimateFor = { guests: f.guests, date, month: f.month };
  return withCurrentIndex(db, async ({ store }) => {
    const query = store.query(f);
    if (!query) return { result: { venues: [], total: 0, page: 1, pageCount: 1 }, version: null };
    const { total, pageOf } = rankedMatches(store, query, f.sort, at);
    const pageCount = pageCountFor(total);
    // An address from before the results shrank shows the last page rather than nothing.
    const page = Math.min(Number.isInteger(f.page) && f.page >= 1 ? f.page : 1, pageCount);
    const slots = pageOf(page);
    const { cards, version } = await cardsById(
      db,
      slots.map((s) => store.ids[s]!),
      at,
    );
    // With a date: whether each card's free day is confirmed (issue 41).
    if (query.confirmed) {
      const confirmed = new Map(slots.map((s) => [store.ids[s]!, query.confirmed!(s)]));
      for (const card of cards) card.availability = confirmed.get(card.id) ? "free" : "unconfirmed";
    }
    return { result: { venues: cards, total, page, pageCount }, version };
  });
}

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

export type MapBounds = Bbox;
export type { MapAnswer, MapCluster, MapPoint } from "~/lib/search-page";

/** At most this many grid cells per answer: the grid coarsens for larger boxes. */
export const MAP_MAX_CELLS = 300;
/** The answer's JSON stays under this many bytes: single venues beyond it go as clusters of one. */
export const MAP_MAX_BYTES = 90_000;
/** From this zoom on, a box holding few venues shows each of them, even several in one cell. */
const ALL_POINTS_ZOOM = MAP_ALL_POINTS_ZOOM;
const ALL_POINTS_MAX = 100;

type Cell = {
  count: number;
  sumLat: number;
  sumLng: number;
  south: number;
  west: number;
  north: number;
  east: number;
  /** The first venue's slot in the store. */
  first: number;
  /** Every venue's slot, kept at high zoom only. */
  members: number[] | null;
};

const round = (n: number) => Math.round(n * 1e5) / 1e5;
const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));
/** The most one cluster's JSON takes, with its comma ({"count":1,"lat":-85.05113,...,"bounds":[...]}). */
const CLUSTER_BYTES = 100;

function clusterOf(c: Omit<Cell, "first" | "members">): MapCluster {
  return {
    count: c.count,
    lat: round(c.sumLat / c.count),
    lng: round(c.sumLng / c.count),
    bounds: [round(c.south), round(c.west), round(c.north), round(c.east)],
  };
}

/** Popup image: the first usable one at popup width; never a data: URL or an overlong one. */
function mapImage(images: unknown): string {
  const list = Array.isArray(images) ? images : [];
  const url = list.find(
    (u): u is string => typeof u === "string" && u.length <= 300 && /^(https?:\/\/|\/(?!\/))/.test(u.trim()),
  );
  return url ? imageAtWidth(url.trim(), 400) : DEFAULT_VENUE_IMAGE;
}

/**
 * The map for a box at a zoom: the venues matching the filters, grouped in 64-pixel cells aligned
 * to the world (coarser for very large boxes: at most MAP_MAX_CELLS cells). A cell holding one
 * venue gives a point with what the popup shows; a cell holding more gives a cluster. The JSON
 * stays under 100 KB whatever the number of matches. A box that is not four numbers is the world.
 */
export async function mapVenues(
  db: Db,
  filters: SearchFilters,
  bbox: MapBounds,
  zoom: number,
): Promise<MapAnswer> {
  const f = { ...DEFAULT_FILTERS, ...filters };
  const z = normalizeZoom(zoom);
  const box = normalizeBbox(bbox) ?? { south: -85, west: -180, north: 85, east: 180 };
  return withCurrentIndex(db, ({ store }) => mapFromStore(db, store, f, box, z));
}

async function mapFromStore(
  db: Db,
  store: SearchStore,
  f: SearchFilters,
  box: MapBounds,
  z: number,
): Promise<{ result: MapAnswer; version: number | null }> {
  const empty: MapAnswer = { zoom: z, total: 0, clusters: [], points: [], extent: null };
  const query = store.query(f);
  if (!query) return { result: empty, version: null };
  const { test, candidates } = query;

  const grid = gridFor(box, z, MAP_MAX_CELLS);
  const cells = new Map<number, Cell>();
  const { hasPosition, lat, lng, x, y } = store;
  let [south, west, north, east] = [90, 180, -90, -180];
  let total = 0;
  const count = candidates ? candidates.length : store.slots;
  for (let k = 0; k < count; k++) {
    const s = candidates ? candidates[k]! : k;
    if (!hasPosition[s] || !test(s)) continue;
    const [la, lo] = [lat[s]!, lng[s]!];
    if (la < south) south = la;
    if (la > north) north = la;
    if (lo < west) west = lo;
    if (lo > east) east = lo;
    if (!inGrid(grid, x[s]!, y[s]!)) continue;
    total++;
    const key = cellKey(grid, x[s]!, y[s]!);
    const cell = cells.get(key);
    if (!cell) {
      cells.set(key, {
        count: 1,
        sumLat: la,
        sumLng: lo,
        south: la,
        west: lo,
        north: la,
        east: lo,
        first: s,
        members: null,
      });
      continue;
    }
    cell.count++;
    cell.sumLat += la;
    cell.sumLng += lo;
    if (la < cell.south) cell.south = la;
    if (la > cell.north) cell.north = la;
    if (lo < cell.west) cell.west = lo;
    if (lo > cell.east) cell.east = lo;
    if (z >= ALL_POINTS_ZOOM && cell.count <= ALL_POINTS_MAX) (cell.members ??= [cell.first]).push(s);
  }
  if (north < south) return { result: empty, version: null };
  const extent: MapAnswer["extent"] = [south, west, north, east];

  const showAll = z >= ALL_POINTS_ZOOM && total <= ALL_POINTS_MAX;
  const single: number[] = [];
  const clusters: MapCluster[] = [];
  for (const cell of cells.values()) {
    if (cell.count === 1) single.push(cell.first);
    else if (showAll && cell.members) single.push(...cell.members);
    else clusters.push(clusterOf(cell));
  }

  const points: MapPoint[] = [];
  let version: number | null = null;
  if (single.length > 0) {
    const byId = new Map(single.map((s) => [store.ids[s]!, s]));
    // From the table: a venue unapproved a moment ago is left out even if the index lags.
    const rows = await queries(db).points.execute({ ids: uuidArray(single.map((s) => store.ids[s]!)) });
    version = rows[0] ? Number(rows[0].version) : null;
    // Each single venue is budgeted as a cluster of one; a point costs what it adds to that.
    let bytes = jsonBytes({ ...empty, total, extent, clusters }) + single.length * CLUSTER_BYTES;
    for (const row of rows) {
      const s = byId.get(row.id)!;
      const p = { lat: lat[s]!, lng: lng[s]! };
      const point: MapPoint = {
        id: row.id,
        name: row.name,
        path: venuePath(row),
        lat: round(p.lat),
        lng: round(p.lng),
        image: mapImage(row.images),
        price: priceDisplay(row).slice(0, 60),
        rating: Number(row.rating),
        reviewCount: Number(row.reviewCount),
      };
      const cost = jsonBytes(point) + 1 - CLUSTER_BYTES;
      if (bytes + cost <= MAP_MAX_BYTES) {
        points.push(point);
        bytes += cost;
      } else {
        // Over the budget (very long names or addresses): a cluster of one instead.
        const { lat, lng } = p;
        clusters.push(
          clusterOf({ count: 1, sumLat: lat, sumLng: lng, south: lat, west: lng, north: lat, east: lng }),
        );
      }
    }
    total -= single.length - rows.length;
  }
  return { result: { zoom: z, total, clusters, points, extent }, version };
}
