// The search benchmark (issue 10, ADR 005). Not part of `npm test`.
//   npm run bench:search                     PostgreSQL 100,000 venues, then PGlite 1,000 venues
//   npm run bench:search -- --baseline       also times the plain-SQL alternatives of ADR 005
//   npm run bench:search -- --skip-pglite | --skip-postgres | --rounds 1
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vv_bench). The database
// is created when missing and seeded with 100,000 venues when it has none; a database with venues
// is used as it is (migrated first). PGlite: a fresh in-memory database seeded with 1,000 venues.
//
// It runs a fixed mix of 200 filter combinations (location substring + guests, region + max price,
// amenities, types, free text, venue name, every order, deep pages, all filters at once) three
// times through searchVenues (page and count together), and the map answer at zooms 5, 7 and 10
// over Colorado, and prints p50 / p95 / p99 / max in milliseconds and the largest map answer.
// Budgets: PostgreSQL search p95 < 25 ms, map p95 < 50 ms and < 100 KB; PGlite search p95 < 10 ms.
// Issue 24: each venue also gets a year of availability (weekend bookings as ranges, ADR 030) when
// it has none, and a mix of date-filtered searches (a date, a date with other filters, a month,
// flexible) is timed over the index, which holds each venue's coming ranges; the same budget.
// Then a search right after a venue's availability changes (the index re-reads that venue).
// Exits 1 when a budget is missed.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import pg from "pg";
import { eq, sql } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import { seedScale } from "../../app/services/seed.server";
import { createRng, type Rng } from "../../database/seed/random";
import { TOWNS } from "../../database/seed/towns";
import {
  databaseFromPglite,
  databaseFromUrl,
  newPglite,
  queryRows,
  type Database,
  type Db,
} from "~/infra/db.server";
import { createFsStorage } from "~/infra/storage.server";
import { AMENITY_NAMES, REGIONS } from "~/lib/catalog";
import { DEFAULT_FILTERS, SEARCH_SORTS, type SearchFilters } from "~/lib/search";
import { mapVenues, searchVenues, type MapBounds } from "~/services/search.server";
import { markRange } from "~/services/availability.server";
import { addDays, addMonths, monthOf, utcDay } from "~/lib/dates";
import { dropSearchIndex, searchIndex } from "~/services/search-index.server";
import { stats, type Stats } from "./stats";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "boolean" },
    "skip-pglite": { type: "boolean" },
    "skip-postgres": { type: "boolean" },
    rounds: { type: "string" },
  },
});
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vv_bench";
const PG_VENUES = 100_000;
const PGLITE_VENUES = 1_000;
const ROUNDS = Number(args.rounds ?? 3);
const MIX_SIZE = 200;
const BUDGET = { pgSearchP95: 25, pgMapP95: 50, mapBytes: 100_000, pgliteSearchP95: 10 };
const failures: string[] = [];

// ---------------------------------------------------------------------------------------------
// Measuring
// ---------------------------------------------------------------------------------------------

const ms = (n: number) => n.toFixed(1).padStart(7);
function line(label: string, st: Stats, extra = "") {
  console.log(
    `  ${label.padEnd(34)} n=${String(st.n).padEnd(5)} p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  p99 ${ms(st.p99)}  max ${ms(st.max)} ms${extra}`,
  );
}

function check(ok: boolean, what: string) {
  if (!ok) failures.push(what);
  return ok ? "ok" : "OVER BUDGET";
}

async function timed<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const out = await fn();
  return [performance.now() - start, out];
}

// ---------------------------------------------------------------------------------------------
// The mix
// ---------------------------------------------------------------------------------------------
const Q_WORDS = [
  "mountain",
  "barn",
  "lake view",
  "historic",
  "garden",
  "ranch wedding",
  "vineyard",
  "rooftop",
  "aspen",
  "estes park",
  "chapel",
  "river",
];
const NAME_PARTS = ["ranch", "barn", "lodge", "the", "estate", "aspen", "pine", "mesa", "hall", "creek"];

type Combo = { label: string; f: SearchFilters };

function makeMix(rng: Rng, categories: { id: string; name: string }[]): Combo[] {
  const town = () => rng.pick(TOWNS);
  const location = () => {
    const t = town();
    return rng.pick([t.name, t.name.slice(0, 5).toLowerCase(), t.zip, `${t.name}, Colorado`]);
  };
  const guests = () => rng.pick([20, 50, 75, 100, 120, 150, 200, 250, 300]);
  const price = () => rng.int(10, 99) * 100;
  const amenities = () => rng.sample(AMENITY_NAMES, rng.int(1, 3));
  const types = () => {
    const picked = rng.sample(categories, rng.int(1, 2));
    return picked.map((c) => (rng.chance(0.2) ? c.name : c.id));
  };
  const sort = () => (rng.chance(0.6) ? "featured" : rng.pick(SEARCH_SORTS));
  const page = () => (rng.chance(0.8) ? 1 : rng.int(2, 5));
  const kinds: [string, number, () => Partial<SearchFilters>][] = [
    ["location", 12, () => ({ location: location() })],
    ["location+guests", 16, () => ({ location: location(), guests: guests() })],
    ["region+maxPrice", 14, () => ({ region: rng.pick(REGIONS), maxPrice: price() })],
    ["amenities", 10, () => ({ amenities: amenities() })],
    ["categories", 10, () => ({ categories: types() })],
    ["q", 10, () => ({ q: rng.pick(Q_WORDS) })],
    ["venueName", 5, () => ({ venueName: rng.pick(NAME_PARTS) })],
    ["none (landing)", 8, () => ({})],
    ["guests+maxPrice", 5, () => ({ guests: guests(), maxPrice: price() })],
    // Issue 24: ranked per search by the estimate for the guest count (no word filter: every match).
    [
      "guests, by estimate",
      8,
      () => ({ guests: guests(), sort: rng.pick(["estimate-asc", "estimate-desc"] as const) }),
    ],
    [
      "deep page",
      5,
      () => ({ page: rng.pick([10, 50, 200, 1000, 4000]), guests: rng.chance(0.5) ? guests() : null }),
    ],
    [
      "all filters",
      5,
      () => ({
        q: rng.pick(["wedding", "views", "mountain"]),
        location: "colorado",
        venueName: rng.pick(["a", "e"]),
        region: rng.pick(REGIONS),
        guests: 50,
        maxPrice: 9900,
        categories: types(),
        amenities: rng.sample(AMENITY_NAMES, 1),
      }),
    ],
  ];
  const weighted = kinds.map((k) => [k, k[1]] as const);
  return Array.from({ length: MIX_SIZE }, () => {
    const [label, , make] = rng.weighted(weighted);
    const extra = make();
    return { label, f: { ...DEFAULT_FILTERS, sort: sort(), page: page(), ...extra } };
  });
}

// Viewports around Colorado: the whole state at 5, a 1280x800 window at 7, a laptop or phone at 10.
const TILE = 256;
function bboxAround(lat: number, lng: number, zoom: number, w: number, h: number): MapBounds {
  const world = TILE * 2 ** zoom;
  const x = ((lng + 180) / 360) * world;
  const r = (lat * Math.PI) / 180;
  const y = ((1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2) * world;
  const toLng = (px: number) => (px / world) * 360 - 180;
  const toLat = (py: number) => (Math.atan(Math.sinh(Math.PI * (1 - (2 * py) / world))) * 180) / Math.PI;
  return { west: toLng(x - w / 2), east: toLng(x + w / 2), north: toLat(y - h / 2), south: toLat(y + h / 2) };
}

function mapViews(rng: Rng, zoom: number, count: number): MapBounds[] {
  return Array.from({ length: count }, () => {
    if (zoom <= 5)
      return bboxAround(39.55, -105.78, zoom, rng.pick([1280, 1920, 390]), rng.pick([800, 1080, 700]));
    const t = rng.pick(TOWNS);
    const [w, h] = rng.chance(0.7) ? [1280, 800] : [390, 700];
    return bboxAround(t.latitude + rng.float(-0.3, 0.3), t.longitude + rng.float(-0.3, 0.3), zoom, w, h);
  });
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------
async function venueCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from venues where is_approved`,
  );
  return Number(row?.n ?? 0);
}

async function categoriesOf(db: Db) {
  return db.select({ id: venueCategories.id, name: venueCategories.name }).from(venueCategories);
}

async function runSearch(db: Db, mix: Combo[], rounds: number) {
  const all: number[] = [];
  const byKind = new Map<string, number[]>();
  for (let r = 0; r < rounds; r++)
    for (const c of mix) {
      const [t] = await timed(() => searchVenues(db, c.f));
      all.push(t);
      byKind.set(c.label, [...(byKind.get(c.label) ?? []), t]);
    }
  return { all: stats(all), byKind };
}

async function runMap(db: Db, mix: Combo[], zoom: number, views: MapBounds[]) {
  const samples: number[] = [];
  let maxBytes = 0;
  let maxClusters = 0;
  let maxPoints = 0;
  for (let i = 0; i < views.length; i++) {
    const f = { ...mix[i % mix.length]!.f, page: 1 };
    const [t, answer] = await timed(() => mapVenues(db, f, views[i]!, zoom));
    samples.push(t);
    maxBytes = Math.max(maxBytes, Buffer.byteLength(JSON.stringify(answer)));
    maxClusters = Math.max(maxClusters, answer.clusters.length);
    maxPoints = Math.max(maxPoints, answer.points.length);
  }
  return { st: stats(samples), maxBytes, maxClusters, maxPoints };
}

async function ensurePostgres(): Promise<Database> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(PG_URL), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  const exists = await admin.query("select 1 from pg_database where datname = $1", [name]);
  if (exists.rowCount === 0) {
    console.log(`Creating database ${name}`);
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  }
  await admin.end();
  const database = databaseFromUrl(PG_URL);
  await database.migrate();
  return database;
}

async function seedIfEmpty(db: Db, total: number, label: string) {
  const have = await venueCount(db);
  if (have > 0) return have;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-bench-"));
  const started = Date.now();
  console.log(`Seeding ${total} venues into ${label}...`);
  await seedScale(db, createFsStorage(path.join(dir, "uploads")), total);
  console.log(`  seeded in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return venueCount(db);
}

/**
 * A year of weekend bookings for every approved venue, as the ranges a calendar stores: each
 * weekend from the coming Friday, 70% booked or held (Saturday, Friday–Saturday, Saturday–Sunday
 * or the three days), and 3% of venues closed every January. About 36 ranges and 58 blocked days
 * a venue: 3.6 million rows for 100,000 venues where one row a day would be 36.5 million.
 */
async function seedAvailabilityIfEmpty(db: Db, label: string) {
  const [have] = await queryRows<{ n: number }>(db, sql`select count(*)::int as n from venue_availability`);
  if (Number(have?.n) > 0) return;
  const started = Date.now();
  console.log(`Seeding a year of availability into ${label}...`);
  await queryRows(db, sql`select setseed(0.24)`);
  await queryRows(
    db,
    sql`insert into venue_availability (venue_id, starts_on, ends_on, status, source)
    select venue_id, fri + w * 7 + (case k when 2 then 0 when 4 then 0 else 1 end),
      fri + w * 7 + (case k when 1 then 1 when 2 then 1 else 2 end),
      case when r2 < 0.85 then 'booked' else 'held' end, 'manual'
    from (
      select v.id as venue_id, f.fri, w, x.r2,
        case when x.r < 0.30 then 0 when x.r < 0.60 then 1 when x.r < 0.75 then 2 when x.r < 0.88 then 3 else 4 end as k
      from venues v
      cross join (select current_date + ((5 - extract(dow from current_date)::int + 7) % 7) as fri) f
      cross join generate_series(0, 51) w
      cross join lateral (select random() + 0 * w + 0 * length(v.name) as r, random() + 0 * w as r2) x
      where v.is_approved
    ) s where k > 0`,
  );
  await queryRows(
    db,
    sql`insert into venue_closures (venue_id, month) select id, 1 from venues where is_approved and random() < 0.03`,
  );
  await queryRows(db, sql`analyze venue_availability`);
  await queryRows(db, sql`analyze venue_closures`);
  const [rows] = await queryRows<{ n: number; days: number; size: string }>(
    db,
    sql`select count(*)::int as n, sum(ends_on - starts_on + 1)::int as days,
      pg_size_pretty(pg_total_relation_size('venue_availability')) as size from venue_availability`,
  );
  console.log(
    `  ${rows?.n} ranges (${rows?.days} blocked days), ${rows?.size} with indexes, in ${((Date.now() - started) / 1000).toFixed(1)} s`,
  );
}

function makeDateMix(rng: Rng, base: Combo[]): Combo[] {
  const today = utcDay();
  const day = () => {
    const d = addDays(today, rng.int(1, 364));
    // Half the searches are for a Saturday, as weddings are.
    if (!rng.chance(0.5)) return d;
    const dow = new Date(`${d}T00:00:00Z`).getUTCDay();
    return addDays(d, (6 - dow + 7) % 7);
  };
  return Array.from({ length: MIX_SIZE }, (_, i) => {
    const kind = rng.weighted([
      ["date", 50],
      ["date + other filters", 30],
      ["month (flexible)", 20],
    ] as const);
    const other = kind === "date + other filters" ? base[i % base.length]!.f : { ...DEFAULT_FILTERS };
    const f =
      kind === "month (flexible)"
        ? { ...DEFAULT_FILTERS, month: addMonths(monthOf(today), rng.int(0, 11)) }
        : { ...other, date: day(), month: null };
    return { label: kind, f };
  });
}

async function benchDatabase(label: string, db: Db, opts: { searchBudget: number; mapBudget?: number }) {
  const rng = createRng(`bench-search:${label}`);
  const mix = makeMix(rng, await categoriesOf(db));

  dropSearchIndex(db);
  const [load] = await timed(() => searchIndex(db));
  const { store } = await searchIndex(db);
  console.log(`  index load (cold, once per process)   ${load.toFixed(0)} ms for ${store.size} venues`);
  // The first use of each order sorts it once; count that apart too.
  const [sorting] = await timed(async () => {
    for (const sort of SEARCH_SORTS) store.ordered(sort);
  });
  console.log(`  first use of the list orders          ${sorting.toFixed(0)} ms`);

  const search = await runSearch(db, mix, ROUNDS);
  line(
    "searchVenues (page + count)",
    search.all,
    `   budget p95 < ${opts.searchBudget} ms: ${check(search.all.p95 < opts.searchBudget, `${label} search p95 ${search.all.p95.toFixed(1)} ms`)}`,
  );
  for (const [kind, samples] of [...search.byKind].sort()) line(`  ${kind}`, stats(samples));

  // Issue 24: searches by date or month over the index.
  const dated = makeDateMix(rng, mix);
  const byDate = await runSearch(db, dated, ROUNDS);
  line(
    "searchVenues with a date",
    byDate.all,
    `   budget p95 < ${opts.searchBudget} ms: ${check(byDate.all.p95 < opts.searchBudget, `${label} date search p95 ${byDate.all.p95.toFixed(1)} ms`)}`,
  );
  for (const [kind, samples] of [...byDate.byKind].sort()) line(`  ${kind}`, stats(samples));
  const dateMap = await runMap(db, dated, 7, mapViews(rng, 7, MIX_SIZE));
  line("mapVenues zoom 7 with a date", dateMap.st);
  // Freshness: a venue's calendar changes, the next search with a date re-reads that venue.
  const [someone] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(eq(venues.isApproved, true))
    .limit(1);
  if (someone) {
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      const day = dated[i]!.f.date ?? addDays(utcDay(), 30);
      await markRange(
        db,
        { id: "bench", name: "Bench", email: "bench@bench.example", avatarUrl: null, role: "admin" },
        someone.id,
        {
          from: day,
          to: day,
          status: i % 2 ? "available" : "held",
        },
      );
      samples.push((await timed(() => searchVenues(db, dated[i]!.f)))[0]);
    }
    line("date search right after a calendar change", stats(samples), "   (patches the index; not budgeted)");
  }

  for (const zoom of [5, 7, 10]) {
    const m = await runMap(db, mix, zoom, mapViews(rng, zoom, MIX_SIZE * ROUNDS));
    const budget = opts.mapBudget
      ? `   budget p95 < ${opts.mapBudget} ms: ${check(m.st.p95 < opts.mapBudget, `${label} map z${zoom} p95 ${m.st.p95.toFixed(1)} ms`)}`
      : "";
    line(`mapVenues zoom ${zoom}`, m.st, budget);
    console.log(
      `    largest answer ${(m.maxBytes / 1024).toFixed(1)} KB (${m.maxClusters} clusters, ${m.maxPoints} points max)   budget < 100 KB: ${check(m.maxBytes < BUDGET.mapBytes, `${label} map z${zoom} ${m.maxBytes} bytes`)}`,
    );
  }

  // Freshness: one venue changes, the next search applies it from the change log.
  const [victim] = await db.select({ id: venues.id, capacity: venues.capacity }).from(venues).limit(1);
  if (victim) {
    const samples: number[] = [];
    for (let i = 0; i < 10; i++) {
      await db
        .update(venues)
        .set({ capacity: (victim.capacity ?? 0) + 1 + (i % 2) })
        .where(eq(venues.id, victim.id));
      samples.push((await timed(() => searchVenues(db, mix[i]!.f)))[0]);
    }
    await db.update(venues).set({ capacity: victim.capacity }).where(eq(venues.id, victim.id));
    line("search right after a venue change", stats(samples), "   (patches the index; not budgeted)");
  }
}

/** The plain-SQL alternatives ADR 005 compares against (PostgreSQL only). */
async function baseline(db: Db) {
  const queries: [string, string][] = [
    [
      "SQL count: location + guests",
      "select count(*) from venues where is_approved and lower(location) like '%boulder%' and capacity >= 100",
    ],
    [
      "SQL count: region + maxPrice",
      "select count(*) from venues where is_approved and region = 'Foothills' and min_price <= 5000",
    ],
    [
      "SQL count: guests + maxPrice",
      "select count(*) from venues where is_approved and capacity >= 150 and min_price <= 8000",
    ],
    [
      "SQL count: one amenity (jsonb @>)",
      `select count(*) from venues where is_approved and amenities @> '[{"name":"WiFi","included":true}]'`,
    ],
    [
      "SQL count: venue name substring",
      "select count(*) from venues where is_approved and lower(name) like '%ranch%'",
    ],
    [
      "SQL count: description substring",
      "select count(*) from venues where is_approved and lower(description) like '%mountain%'",
    ],
    [
      "SQL first page: location + guests",
      "select id from venues where is_approved and lower(location) like '%boulder%' and capacity >= 100 order by is_featured desc, rating desc, name, id limit 24",
    ],
    [
      "SQL map: grid GROUP BY, zoom 7",
      "select floor(longitude / 0.703) as cx, floor(latitude / 0.6) as cy, count(*), avg(latitude), avg(longitude) from venues where is_approved and latitude between 36 and 42 and longitude between -110 and -101 group by 1, 2",
    ],
  ];
  console.log("\nBaseline: the same questions in plain SQL (5 runs each, after one warm-up)");
  for (const [label, text] of queries) {
    await queryRows(db, sql.raw(text));
    const samples: number[] = [];
    for (let i = 0; i < 5; i++) samples.push((await timed(() => queryRows(db, sql.raw(text))))[0]);
    line(label, stats(samples));
  }
}

async function main() {
  const load = os.loadavg()[0]!;
  console.log(
    `Search benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (load > os.cpus().length)
    console.log("  warning: the machine is busy (load above the CPU count); the timings below are inflated");

  if (!args["skip-postgres"]) await benchPostgres();
  if (!args["skip-pglite"]) await benchPglite();

  console.log(
    `\nLoad average at the end: ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  if (failures.length > 0) {
    console.log(`\nOVER BUDGET:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log("\nAll budgets met.");
}

async function benchPostgres() {
  console.log(`\nPostgreSQL (${PG_URL.replace(/\/\/[^@]*@/, "//")})`);
  const postgres = await ensurePostgres();
  try {
    const [version] = await queryRows<{ v: string }>(
      postgres.db,
      sql`select current_setting('server_version') as v`,
    );
    const n = await seedIfEmpty(postgres.db, PG_VENUES, "PostgreSQL");
    await seedAvailabilityIfEmpty(postgres.db, "PostgreSQL");
    console.log(`  PostgreSQL ${version?.v}, ${n} approved venues`);
    if (n < PG_VENUES)
      console.log(`  note: fewer than ${PG_VENUES} venues; budgets are meant for ${PG_VENUES}`);
    await benchDatabase("PostgreSQL", postgres.db, {
      searchBudget: BUDGET.pgSearchP95,
      mapBudget: BUDGET.pgMapP95,
    });
    if (args.baseline) await baseline(postgres.db);
  } finally {
    // Free the 100,000-venue index before anything else is measured.
    dropSearchIndex(postgres.db);
    await postgres.close();
  }
}

async function benchPglite() {
  console.log(`\nPGlite (in memory, ${PGLITE_VENUES} venues)`);
  const lite = databaseFromPglite(newPglite());
  try {
    await lite.migrate();
    await seedIfEmpty(lite.db, PGLITE_VENUES, "PGlite");
    await seedAvailabilityIfEmpty(lite.db, "PGlite");
    await benchDatabase("PGlite", lite.db, {
      searchBudget: BUDGET.pgliteSearchP95,
      mapBudget: BUDGET.pgMapP95,
    });
  } finally {
    dropSearchIndex(lite.db);
    await lite.close();
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
