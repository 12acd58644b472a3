// Public pages at scale (issue 10, point 5; ADR 014): home, /categories and a venue type's pages
// rendered by the production server on PostgreSQL with 100,000 venues, and the size of every public
// page's HTML. Not part of `npm test`.
//   npm run build && npm run bench:pages [-- --requests 100]
// BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vv_bench, as bench:search): created
// when missing and seeded with 100,000 venues when it has none; used as it is otherwise.
// Each page is timed two ways, sequentially, after a warm-up: rendered on every request (the page
// cache bypassed: what a signed-in visitor or a cache miss costs) and as a signed-out visitor gets
// it (ADR 010's page cache). Budgets: rendered p95 under 50 ms for home, /categories and a type's
// pages, under 100 ms for the search page (issue 10), under 20 ms over a mix of 120 search pages
// (issue 42); no public page over 200 KB of HTML. Exits 1 when one is missed.
import os from "node:os";
import path from "node:path";
import fs from "node:fs/promises";
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import pg from "pg";
import { seedScale } from "../../app/services/seed.server";
import { databaseFromUrl, queryRows } from "~/infra/db.server";
import { createFsStorage } from "~/infra/storage.server";
import { PAGE_SIZE, toSearchParams } from "~/lib/search";
import { addDays, utcDay } from "~/lib/dates";
import { getCategoryWithCount, listCategoriesWithCounts } from "~/services/categories.server";
import { listSitemapFiles } from "~/services/sitemap.server";
import { getFeaturedVenues, listVenuesInCategory } from "~/services/venues.server";
import { createRng } from "../../database/seed/random";
import { makeDateMix, makeMix } from "./lib/search-mix";
import { requireBuild, startProductionServer } from "./production-server";
import { stats } from "./stats";

const { values: args } = parseArgs({ options: { requests: { type: "string", default: "100" } } });
const REQUESTS = Number(args.requests);
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vv_bench";
const VENUES = 100_000;
const BUDGET = { renderP95Ms: 50, searchRenderP95Ms: 100, searchMixP95Ms: 20, htmlBytes: 200 * 1024 };
const failures: string[] = [];
/** The Saturday about 100 days from now. */
const saturday = (() => {
  const d = addDays(utcDay(), 100);
  return addDays(d, (6 - new Date(`${d}T00:00:00Z`).getUTCDay() + 7) % 7);
})();

const ms = (n: number) => n.toFixed(1).padStart(6);
const kb = (bytes: number) => `${(bytes / 1024).toFixed(1).padStart(6)} KB`;

async function prepareDatabase(): Promise<{ venues: number }> {
  const url = new URL(PG_URL);
  const name = url.pathname.slice(1);
  const admin = new pg.Client({
    connectionString: Object.assign(new URL(PG_URL), { pathname: "/postgres" }).toString(),
  });
  await admin.connect();
  if ((await admin.query("select 1 from pg_database where datname = $1", [name])).rowCount === 0) {
    console.log(`Creating database ${name}`);
    await admin.query(`create database "${name.replace(/"/g, '""')}"`);
  }
  await admin.end();
  const database = databaseFromUrl(PG_URL);
  try {
    await database.migrate();
    const count = async () =>
      Number(
        (
          await queryRows<{ n: number }>(
            database.db,
            sql`select count(*)::int as n from venues where is_approved`,
          )
        )[0]?.n ?? 0,
      );
    if ((await count()) === 0) {
      console.log(`Seeding ${VENUES} venues...`);
      const dir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-bench-pages-"));
      await seedScale(database.db, createFsStorage(path.join(dir, "uploads")), VENUES);
    }
    return { venues: await count() };
  } finally {
    await database.close();
  }
}

/** The venue type with the most approved venues (from the maintained counts). */
async function biggestType(): Promise<{ path: string; count: number }> {
  const database = databaseFromUrl(PG_URL);
  try {
    const [row] = await queryRows<{ id: string; n: number }>(
      database.db,
      sql`select category_id as id, approved_venues as n from venue_category_counts order by approved_venues desc limit 1`,
    );
    if (!row) throw new Error("no venue types");
    return { path: `/categories/${row.id}`, count: Number(row.n) };
  } finally {
    await database.close();
  }
}

/** The database side of those pages: what the loaders ask, without HTTP or rendering. */
async function timeServices() {
  const database = databaseFromUrl(PG_URL);
  try {
    const db = database.db;
    const { path: typePath, count } = await biggestType();
    const typeId = typePath.split("/").pop()!;
    const last = Math.max(1, Math.ceil(count / PAGE_SIZE));
    const cases: [string, () => Promise<unknown>][] = [
      ["home: featured venues", () => getFeaturedVenues(db, 3)],
      ["home, /categories: types with counts", () => listCategoriesWithCounts(db)],
      ["a type: its count", () => getCategoryWithCount(db, typeId)],
      ["a type: page 1", () => listVenuesInCategory(db, typeId, { page: 1 })],
      [`a type: page ${last} (last)`, () => listVenuesInCategory(db, typeId, { page: last })],
      ["sitemap index", () => listSitemapFiles(db)],
    ];
    console.log(`\nServices on PostgreSQL (the database side of the pages; ${REQUESTS} runs each)`);
    for (const [label, run] of cases) {
      for (let i = 0; i < 3; i++) await run();
      const samples: number[] = [];
      for (let i = 0; i < REQUESTS; i++) {
        const started = performance.now();
        await run();
        samples.push(performance.now() - started);
      }
      const st = stats(samples);
      console.log(`  ${label.padEnd(40)} p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  max ${ms(st.max)} ms`);
    }
    console.log("");
  } finally {
    await database.close();
  }
}

/**
 * Issue 42, point 4: 120 search pages as visitors ask for them (bench:search's mix: 96 by filters,
 * 24 by a date or a month), the list view, each rendered (the page cache bypassed) 3 times after
 * one warm-up. Budget: p95 under 20 ms over all of them.
 */
async function searchMixUrls(): Promise<string[]> {
  const database = databaseFromUrl(PG_URL);
  try {
    const types = await queryRows<{ id: string; name: string }>(
      database.db,
      sql`select id, name from venue_categories order by name`,
    );
    const rng = createRng("bench-pages:search-mix");
    const mix = makeMix(rng, types);
    const combos = [...mix.slice(0, 96), ...makeDateMix(rng, mix).slice(0, 24)];
    return combos.map(({ f }) => `/venues?${toSearchParams({ ...f, view: "list" })}`);
  } finally {
    await database.close();
  }
}

async function main() {
  requireBuild();
  console.log(
    `Public pages benchmark — node ${process.version}, ${os.cpus().length} CPUs, load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
  );
  const { venues } = await prepareDatabase();
  await timeServices();
  const server = await startProductionServer(PG_URL);
  try {
    const get = async (p: string, accept: string) => {
      const started = performance.now();
      const res = await fetch(server.origin + p, { headers: { accept, "accept-encoding": "identity" } });
      const body = await res.text();
      return { ms: performance.now() - started, status: res.status, bytes: Buffer.byteLength(body), body };
    };
    const sitemapFiles = [
      ...(await get("/sitemap.xml", "application/xml")).body.matchAll(/<loc>([^<]+)<\/loc>/g),
    ].map((m) => new URL(m[1]!).pathname);
    const staticMap = (await get(sitemapFiles[0]!, "application/xml")).body;
    const firstVenues = (await get(sitemapFiles[1]!, "application/xml")).body;
    const typePaths = [...staticMap.matchAll(/<loc>[^<]*(\/categories\/[0-9a-f-]{36})<\/loc>/g)].map(
      (m) => m[1]!,
    );
    // The biggest venue type: the deepest pages.
    const biggest = await biggestType();
    const lastPage = Math.max(1, Math.ceil(biggest.count / PAGE_SIZE));
    const venuePath = new URL(/<loc>([^<]+\/venue\/[^<]+)<\/loc>/.exec(firstVenues)![1]!).pathname;
    console.log(
      `PostgreSQL, ${venues} approved venues; ${typePaths.length} venue types, the biggest with ${biggest.count} venues (${lastPage} pages); ${REQUESTS} requests per line\n`,
    );

    const { renderP95Ms, searchRenderP95Ms } = BUDGET;
    const timedPages: [string, string, number][] = [
      ["home", "/", renderP95Ms],
      ["/categories", "/categories", renderP95Ms],
      ["a venue type, page 1", biggest.path, renderP95Ms],
      [
        `a venue type, page ${Math.ceil(lastPage / 2)}`,
        `${biggest.path}?page=${Math.ceil(lastPage / 2)}`,
        renderP95Ms,
      ],
      [`a venue type, page ${lastPage} (last)`, `${biggest.path}?page=${lastPage}`, renderP95Ms],
      ["/venues (list)", "/venues?view=list", searchRenderP95Ms],
      [
        "/venues, town + guests, page 2",
        "/venues?view=list&location=Denver&guests=150&page=2",
        searchRenderP95Ms,
      ],
      [
        "/venues, region + price + amenity",
        "/venues?region=Foothills&maxPrice=8000&amenities=WiFi",
        searchRenderP95Ms,
      ],
      // Issue 24: by wedding date (a Saturday a few months out) and by month, flexible. The
      // availability is bench:search's (run it first on the same database to seed it).
      ["/venues, a Saturday", `/venues?view=list&date=${saturday}`, searchRenderP95Ms],
      ["/venues, a Saturday + guests", `/venues?view=list&date=${saturday}&guests=150`, searchRenderP95Ms],
      ["/venues, a month (flexible)", `/venues?view=list&month=${saturday.slice(0, 7)}`, searchRenderP95Ms],
    ];
    for (const [label, p, budget] of timedPages)
      for (const [mode, accept] of [
        ["rendered", "*/*"],
        ["page cache", "text/html"],
      ] as const) {
        for (let i = 0; i < 5; i++) await get(p, accept);
        const samples: number[] = [];
        for (let i = 0; i < REQUESTS; i++) {
          const r = await get(p, accept);
          if (r.status !== 200) throw new Error(`${p} answered ${r.status}`);
          samples.push(r.ms);
        }
        const st = stats(samples);
        const verdict =
          mode === "rendered"
            ? st.p95 < budget
              ? "ok"
              : (failures.push(`${label} rendered p95 ${st.p95.toFixed(1)} ms`), "OVER BUDGET")
            : "";
        console.log(
          `  ${label.padEnd(32)} ${mode.padEnd(10)} p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  max ${ms(st.max)} ms  ${verdict}`,
        );
      }

    const mixUrls = await searchMixUrls();
    for (const p of mixUrls) await get(p, "*/*");
    const mixSamples: number[] = [];
    for (let round = 0; round < 3; round++)
      for (const p of mixUrls) {
        const r = await get(p, "*/*");
        if (r.status !== 200) throw new Error(`${p} answered ${r.status}`);
        mixSamples.push(r.ms);
      }
    const mix = stats(mixSamples);
    const mixOk = mix.p95 < BUDGET.searchMixP95Ms;
    if (!mixOk) failures.push(`the search mix: rendered p95 ${mix.p95.toFixed(1)} ms`);
    console.log(
      `\n  ${`search mix, ${mixUrls.length} URLs × 3`.padEnd(32)} rendered   p50 ${ms(mix.p50)}  p95 ${ms(mix.p95)}  max ${ms(mix.max)} ms  ${mixOk ? "ok" : "OVER BUDGET"} (budget p95 ${BUDGET.searchMixP95Ms} ms)`,
    );

    console.log(`\nHTML size of each public page (uncompressed; budget ${BUDGET.htmlBytes / 1024} KB)`);
    const sized: [string, string][] = [
      ["home", "/"],
      ["/categories", "/categories"],
      ["/categories (list view)", "/categories?view=list"],
      ["a venue type, page 1", biggest.path],
      ["a venue type, page 1 (list view)", `${biggest.path}?view=list`],
      ["a venue type, last page", `${biggest.path}?page=${lastPage}`],
      ["a venue page", venuePath],
      ["/venues (map)", "/venues"],
      ["/venues (list)", "/venues?view=list"],
      ["/favorites (signed out)", "/favorites"],
      ["/terms", "/terms"],
      ["/privacy", "/privacy"],
      ["/login", "/login"],
    ];
    for (const [label, p] of sized) {
      const r = await get(p, "text/html");
      const ok = r.bytes < BUDGET.htmlBytes;
      if (!ok) failures.push(`${label} ${r.bytes} bytes of HTML`);
      console.log(`  ${label.padEnd(34)} ${kb(r.bytes)}  HTTP ${r.status}  ${ok ? "ok" : "OVER BUDGET"}`);
    }

    console.log("\nSitemap (XML, not budgeted)");
    for (const p of ["/sitemap.xml", ...sitemapFiles]) {
      const r = await get(p, "application/xml");
      const urls = (r.body.match(/<loc>/g) ?? []).length;
      console.log(`  ${p.padEnd(34)} ${kb(r.bytes)}  ${String(urls).padStart(6)} entries  ${ms(r.ms)} ms`);
    }
  } finally {
    await server.stop();
  }
  if (failures.length > 0) {
    console.log(`\nOVER BUDGET:\n  ${failures.join("\n  ")}`);
    process.exit(1);
  }
  console.log("\nAll budgets met.");
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
