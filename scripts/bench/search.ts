// The search benchmark (issue 10, ADR 005). Not part of `npm test`.
//   npm run bench:search                     PostgreSQL 100,000 venues, then PGlite 1,000 venues
//   npm run bench:search -- --baseline       also times the plain-SQL alternatives of ADR 005
//   npm run bench:search -- --skip-pglite | --skip-postgres | --rounds 1 | --pglite-venues 100
//   npm run bench:search -- --cold-start     only a new production server's start on PostgreSQL
// PostgreSQL: BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vv_bench), created
// and seeded when it has no venues, used as it is otherwise; PGlite: fresh, in memory. Each venue
// gets a year of availability (ADR 030). It times a fixed mix of filter combinations
// (scripts/bench/lib/search-mix.ts), with and without a date, the map answer at zooms 5, 7 and
// 10, and searches right after a change, and prints p50 / p95 / p99 / max. Budgets: PostgreSQL
// search p95 < 25 ms, map p95 < 50 ms and < 100 KB; PGlite search p95 < 10 ms. With a build, it
// also starts the production server on the PostgreSQL database: ready (/readyz) within 3 s, and
// within 500 MB of memory then (issue 42). Exits 1 when one is missed.
import fs from "node:fs";
import os from "node:os";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { users, venueCategories, venues } from "../../database/schema";
import { createRng } from "../../database/seed/random";
import { databaseFromPglite, newPglite, queryRows, type Db } from "~/infra/db.server";
import { SEARCH_SORTS } from "~/lib/search";
import { mapVenues, searchVenues, type MapBounds } from "~/services/search.server";
import { markRange } from "~/services/availability.server";
import { addDays, utcDay } from "~/lib/dates";
import { dropSearchIndex, searchIndex } from "~/services/search-index.server";
import { line, timed } from "./lib/measure";
import { makeDateMix, makeMix, mapViews, MIX_SIZE, type Combo } from "./lib/search-mix";
import { ensurePostgres, seedAvailabilityIfEmpty, seedIfEmpty } from "./lib/search-data";
import { startProductionServer } from "./production-server";
import { stats } from "./stats";

const { values: args } = parseArgs({
  options: {
    baseline: { type: "boolean" },
    "skip-pglite": { type: "boolean" },
    "skip-postgres": { type: "boolean" },
    "cold-start": { type: "boolean" },
    rounds: { type: "string" },
    "pglite-venues": { type: "string" },
  },
});
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vv_bench";
const PG_VENUES = 100_000;
const PGLITE_VENUES = Number(args["pglite-venues"] ?? 1_000);
const ROUNDS = Number(args.rounds ?? 3);
// readyRssMb: the server's memory once ready at 100,000 venues (ADR 040): the index is about 90 MB
// (some 45 MB of strings and maps, 42 MB of columns, postings and calendars), Node and the app
// about 150, and the rest what reading the snapshot leaves for the collector.
const BUDGET = {
  pgSearchP95: 25,
  pgMapP95: 50,
  mapBytes: 100_000,
  pgliteSearchP95: 10,
  readySeconds: 3,
  readyRssMb: 500,
};
const failures: string[] = [];

// ---------------------------------------------------------------------------------------------
// Budgets
// ---------------------------------------------------------------------------------------------

function check(ok: boolean, what: string) {
  if (!ok) failures.push(what);
  return ok ? "ok" : "OVER BUDGET";
}

// ---------------------------------------------------------------------------------------------
// Runs
// ---------------------------------------------------------------------------------------------

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
    // The calendar's audit names its actor (issue 41): the bench's admin is a real account.
    await db
      .insert(users)
      .values({ id: "bench", name: "Bench", email: "bench@bench.example", role: "admin" })
      .onConflictDoNothing();
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
  if (!args["skip-pglite"] && !args["cold-start"]) await benchPglite();

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
  const postgres = await ensurePostgres(PG_URL);
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
    await coldStart(PG_URL);
    if (args["cold-start"]) return;
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

/**
 * A new production server on this database (issue 42): when it listens, when /readyz says ready
 * (it loads the search index first), its first search pages, and its memory. Needs a build.
 */
async function coldStart(databaseUrl: string) {
  if (!fs.existsSync("build/server/start.js")) {
    console.log("  cold start: skipped (no build: run npm run build first)");
    return;
  }
  const started = performance.now();
  const server = await startProductionServer(databaseUrl);
  const listening = performance.now() - started;
  while ((await fetch(`${server.origin}/readyz`)).status !== 200)
    await new Promise((resolve) => setTimeout(resolve, 50));
  const ready = performance.now() - started;
  const rssReady = server.rssMb();
  const page = async (path: string) => {
    const [t] = await timed(async () =>
      (await fetch(server.origin + path, { headers: { accept: "text/html" } })).text(),
    );
    return t;
  };
  const first = await page("/venues?view=list&guests=120&sort=rating");
  const second = await page("/venues?view=list&region=Foothills");
  console.log(
    `  cold start: listening ${(listening / 1000).toFixed(1)} s, ready ${(ready / 1000).toFixed(1)} s ` +
      `(budget ${BUDGET.readySeconds} s: ${check(ready / 1000 <= BUDGET.readySeconds, `ready after ${(ready / 1000).toFixed(1)} s`)}), ` +
      `RSS ${rssReady.toFixed(0)} MB (budget ${BUDGET.readyRssMb} MB: ${check(rssReady <= BUDGET.readyRssMb, `RSS ${rssReady.toFixed(0)} MB when ready`)}); first search pages ${first.toFixed(0)} and ${second.toFixed(0)} ms, ` +
      `RSS ${server.rssMb().toFixed(0)} MB`,
  );
  await server.stop();
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
