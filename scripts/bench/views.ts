// The cost of counting a venue page view (issue 23, ADR 029), on PostgreSQL. Not part of `npm test`.
//   npm run build && npm run bench:views [-- --views 2000]
// Uses a fresh database `vv_bench_views` on the server of BENCH_DATABASE_URL (default
// postgres://postgres@127.0.0.1:5432/postgres), with 1,000 venues of the scale seed and 60 days of
// their daily counts.
//  1. The counting itself, timed around the service's call: a visitor's first view of a venue
//     today (the visitor's hash, the day's views and, from a search, its words), a repeat view
//     (the hash only) and a robot's (no query). Budget: p95 of a first view under 2 ms.
//  2. What it adds to the venue page: the production server on the same database, the page from
//     the page cache, one request at a time, a new visitor (counted) and a robot (not counted) in
//     turn; the difference of their p95s.
//  3. The dashboards' queries on those 60,000 rows (manager: one venue and all of theirs; admin).
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { eq, sql } from "drizzle-orm";
import { users, venueDailyStats, venueManagers, venues } from "../../database/schema";
import { seedScale } from "../../app/services/seed.server";
import { loadConfig } from "../../app/infra/config.server";
import { databaseFromUrl, queryRows } from "../../app/infra/db.server";
import type { PageView } from "../../app/infra/http.server";
import { createLogger } from "../../app/infra/logger.server";
import { createFsStorage } from "../../app/infra/storage.server";
import { addDays, utcDay } from "../../app/lib/insights";
import { toAppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { createVenueViewCounter, managerInsights, siteInsights } from "../../app/services/venue-stats.server";
import { freshDatabase, requireBuild, startProductionServer } from "./production-server";
import { stats, type Stats } from "./stats";

const { values: args } = parseArgs({ options: { views: { type: "string", default: "2000" } } });
const VIEWS = Number(args.views);
const VENUES = 1_000;
const DAYS = 60;
const BUDGET_P95_MS = 2;

const ms = (n: number) => n.toFixed(2).padStart(7);
const line = (label: string, st: Stats) =>
  console.log(
    `  ${label.padEnd(40)} n=${String(st.n).padEnd(5)} p50 ${ms(st.p50)}  p95 ${ms(st.p95)}  p99 ${ms(st.p99)}  max ${ms(st.max)} ms`,
  );
async function timed(fn: () => Promise<unknown>): Promise<number> {
  const start = performance.now();
  await fn();
  return performance.now() - start;
}

requireBuild();
const url = await freshDatabase("vv_bench_views");
const database = databaseFromUrl(url);
await database.migrate();
const { db } = database;

console.log(`Seeding ${VENUES} venues (demo content at scale) and ${DAYS} days of their counts...`);
const uploads = await fs.mkdtemp(path.join(os.tmpdir(), "vv-bench-views-"));
await seedScale(db, createFsStorage(uploads), VENUES);
await fs.rm(uploads, { recursive: true, force: true });
const venueRows = await db
  .select({ id: venues.id, name: venues.name })
  .from(venues)
  .where(eq(venues.isApproved, true))
  .orderBy(venues.id);
const today = utcDay();
await db.execute(sql`insert into ${venueDailyStats} (venue_id, day, views, favorites, inquiries, website_clicks)
  select v.id, ${addDays(today, -DAYS)}::date + d, (random() * 50)::int, (random() * 3)::int,
         (random() * 2)::int, (random() * 4)::int
  from venues v, generate_series(0, ${DAYS - 1}) d`);
await db.execute(sql`vacuum analyze venue_daily_stats`);

const config = loadConfig({ SITE_URL: "https://bench.example", LOG_LEVEL: "warn" });
const counter = createVenueViewCounter({ db, logger: createLogger("warn"), config });
const browser = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.${n} Safari/537.36`;
/** A visitor is their address (ADR 029): each number its own. */
const address = (visitor: number) => `10.${(visitor >> 16) & 255}.${(visitor >> 8) & 255}.${visitor & 255}`;
const pick = (i: number) => venueRows[(i * 7919) % venueRows.length]!;
const pageView = (i: number, visitor: number): PageView => ({
  method: "GET",
  path: venuePath(pick(i)),
  status: 200,
  ip: address(visitor),
  userId: null,
  userAgent: browser(visitor),
  referer: i % 3 === 0 ? `https://bench.example/venues?q=barn+${i % 20}` : undefined,
  prefetch: false,
});

// 1. The counting itself.
for (let i = 0; i < 200; i++) await counter.count(pageView(i, 1_000_000 + i)); // warm-up
const first: number[] = [];
const repeat: number[] = [];
const robot: number[] = [];
for (let i = 0; i < VIEWS; i++) first.push(await timed(() => counter.count(pageView(i, i))));
for (let i = 0; i < VIEWS; i++) repeat.push(await timed(() => counter.count(pageView(i, i))));
for (let i = 0; i < VIEWS; i++)
  robot.push(await timed(() => counter.count({ ...pageView(i, i), userAgent: "Googlebot/2.1" })));
const firstStats = stats(first);
console.log(`\nCounting a view, in the service, PostgreSQL (${VENUES} venues):`);
line("a visitor's first view today", firstStats);
line("the same visitor again", stats(repeat));
line("a robot", stats(robot));

// 3. The dashboards' queries.
const manager = {
  id: "bench-manager",
  name: "Bench Manager",
  email: "manager@bench.example",
  role: "venue_manager",
};
await db.insert(users).values(manager);
await db
  .insert(venueManagers)
  .values(venueRows.slice(0, 5).map((v) => ({ userId: manager.id, venueId: v.id })));
const managerUser = toAppUser(manager);
const admin = toAppUser({
  id: "bench-admin",
  name: "Bench Admin",
  email: "admin@bench.example",
  role: "admin",
});
const dashboards: Record<string, number[]> = {
  "manager, one venue": [],
  "manager, 5 venues": [],
  "admin, site-wide": [],
};
for (let i = 0; i < 50; i++) {
  dashboards["manager, one venue"]!.push(
    await timed(() => managerInsights(db, managerUser, venueRows[0]!.id)),
  );
  dashboards["manager, 5 venues"]!.push(await timed(() => managerInsights(db, managerUser, null)));
  dashboards["admin, site-wide"]!.push(await timed(() => siteInsights(db, admin)));
}
console.log(`\nThe dashboards' insights (${(VENUES * DAYS).toLocaleString("en-US")} daily rows):`);
for (const [label, samples] of Object.entries(dashboards)) line(label, stats(samples.slice(5)));
const viewsToday = async (d: typeof db) => {
  const [row] = await queryRows<{ views: number }>(
    d,
    sql`select views from venue_daily_stats where venue_id = ${venueRows[1]!.id} and day = ${today}::date`,
  );
  return Number(row?.views ?? 0);
};
const before = await viewsToday(db);
await database.close();

// 2. The venue page, with and without counting.
// Behind a trusted proxy (this process), so that each visitor can come from an address of its own.
const server = await startProductionServer(url, { TRUST_PROXY: "loopback" });
const added = await (async () => {
  const path = venuePath(venueRows[1]!);
  const get = (visitor: number, userAgent = browser(visitor)) =>
    timed(async () => {
      const res = await fetch(server.origin + path, {
        headers: { accept: "text/html", "user-agent": userAgent, "x-forwarded-for": address(visitor) },
      });
      await res.arrayBuffer();
      if (res.status !== 200) throw new Error(`${path} answered ${res.status}`);
    });
  for (let i = 0; i < 200; i++) await get(2_000_000 + i); // warm-up, fills the page cache
  const counted: number[] = [];
  const notCounted: number[] = [];
  for (let i = 0; i < VIEWS; i++) {
    counted.push(await get(3_000_000 + i));
    notCounted.push(await get(4_000_000 + i, "Googlebot/2.1"));
  }
  const [c, n] = [stats(counted), stats(notCounted)];
  console.log(`\nThe venue page from the page cache, one request at a time, production server:`);
  line("a new visitor (counted)", c);
  line("a robot (not counted)", n);
  console.log(`  p95 added by counting: ${(c.p95 - n.p95).toFixed(2)} ms`);
  return c.p95 - n.p95;
})().finally(() => server.stop()); // its shutdown waits for the counts under way
// Every new visitor was counted, and no robot: the warm-up's 200 and the run's.
const check = databaseFromUrl(url);
const countedViews = (await viewsToday(check.db)) - before;
await check.close();
console.log(`  views counted for that venue meanwhile: ${countedViews} (expected ${VIEWS + 200})`);
if (countedViews !== VIEWS + 200) process.exitCode = 1;

// The tails are the machine's as much as ours: say how busy it was.
const load = os.loadavg().map((l) => l.toFixed(1));
console.log(
  `\nLoad average (1, 5, 15 min) at the end: ${load.join(", ")} on ${os.availableParallelism()} CPUs`,
);
const ok = firstStats.p95 < BUDGET_P95_MS && added < BUDGET_P95_MS;
console.log(
  `\nBudget: counting a view p95 < ${BUDGET_P95_MS} ms (service ${firstStats.p95.toFixed(2)} ms, added to the page ${added.toFixed(2)} ms): ${ok ? "ok" : "OVER BUDGET"}`,
);
if (!ok) process.exitCode = 1;
