// The saved-search alerts benchmark (issue 44, ADR 044). Not part of `npm test`.
//   npm run bench:alerts            PostgreSQL, 100,000 venues with a year of availability
//   npm run bench:alerts -- --searches 50000
// On BENCH_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/vv_bench, created and seeded
// as bench:search does), it saves 50,000 searches (the search benchmark's mix of filters, half of
// them with a date, instant, daily or weekly), then times the alert check (runAlerts, which the
// job queue runs every minute) three ways: nothing changed; one venue's calendar frees a date and
// one new venue is approved; and the same check run again (nothing is news twice). Mails are
// counted, not sent. Budgets: the check runs once a minute, on one server at a time, and most
// minutes nothing changed: that check under 100 ms. With changes, one new venue here is news for
// about half the searches (the mix has many broad ones), tens of thousands of mails: under 10 s,
// a sixth of the minute before the next check (which would only find nothing left to claim).
// Exits 1 when one is missed. Its searches and venue are deleted at the end.
import { parseArgs } from "node:util";
import { eq, like, sql } from "drizzle-orm";
import { appSettings, savedSearches, venues } from "../../database/schema";
import { createRng } from "../../database/seed/random";
import { loadConfig } from "~/infra/config.server";
import { queryRows } from "~/infra/db.server";
import { createFormStamps } from "~/infra/form-stamp.server";
import { createLogger } from "~/infra/logger.server";
import type { MailMessage } from "~/infra/mail.server";
import { addDays } from "~/lib/dates";
import { ALERT_FREQUENCIES } from "~/lib/saved-searches";
import { DEFAULT_FILTERS, toSearchParams } from "~/lib/search";
import { markDays, touchCalendar } from "~/services/calendar-days.server";
import { runAlerts } from "~/services/saved-searches.server";
import { searchIndex } from "~/services/search-index.server";
import { timed } from "./lib/measure";
import { makeDateMix, makeMix } from "./lib/search-mix";
import { ensurePostgres, seedAvailabilityIfEmpty, seedIfEmpty } from "./lib/search-data";

const { values: args } = parseArgs({ options: { searches: { type: "string" } } });
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/vv_bench";
const SEARCHES = Number(args.searches ?? 50_000);
const BUDGET = { changedMs: 10_000, idleMs: 100 };
const BENCH_EMAIL = "bench-alerts-";

const database = await ensurePostgres(PG_URL);
const { db } = database;
await seedIfEmpty(db, 100_000, "PostgreSQL");
await seedAvailabilityIfEmpty(db, "PostgreSQL");
const failures: string[] = [];
const mails: MailMessage[] = [];
const app = {
  db,
  mailer: { send: async (m: MailMessage) => void mails.push(m) },
  config: loadConfig({
    NODE_ENV: "test",
    SITE_URL: "https://vows.example",
    DATA_DIR: "/tmp/vv-bench-alerts",
  }),
  stamps: createFormStamps("bench-alerts-secret"),
  logger: createLogger("warn"),
};

async function cleanUp() {
  await db.delete(savedSearches).where(like(savedSearches.email, `${BENCH_EMAIL}%`));
  await db.delete(venues).where(like(venues.name, "Bench Alerts %"));
}
await cleanUp();

// The searches: the search benchmark's filters, half with a date; each its own address.
const rng = createRng("bench-alerts");
const categories = await db
  .select({ id: sql<string>`id`, name: sql<string>`name` })
  .from(sql`venue_categories`);
const base = makeMix(rng, categories);
const mix = [...base, ...makeDateMix(rng, base)];
const rows = Array.from({ length: SEARCHES }, (_, i) => {
  // Couples' dates spread over two months more than the mix's.
  const { f: m } = mix[i % mix.length]!;
  const f = m.date ? { ...m, date: addDays(m.date, i % 60) } : m;
  return {
    email: `${BENCH_EMAIL}${i}@example.com`,
    name: `Search ${i}`,
    query: toSearchParams({
      ...f,
      page: 1,
      sort: DEFAULT_FILTERS.sort,
      view: DEFAULT_FILTERS.view,
    }).toString(),
    frequency: ALERT_FREQUENCIES[i % 3]!,
    confirmedAt: new Date(),
  };
});
const [saving] = await timed(async () => {
  for (let i = 0; i < rows.length; i += 2000) await db.insert(savedSearches).values(rows.slice(i, i + 2000));
});
console.log(
  `Saved searches: ${SEARCHES} (${new Set(rows.map((r) => r.query)).size} distinct) in ${saving.toFixed(0)} ms`,
);
await searchIndex(db);

// Nothing changed since this moment.
await db
  .insert(appSettings)
  .values({ key: "saved_search_alerts_checked_until", value: new Date().toISOString() })
  .onConflictDoUpdate({ target: appSettings.key, set: { value: new Date().toISOString() } });
const [idle, idleRun] = await timed(() => runAlerts(app, { overlapMs: 0 }));
console.log(`  nothing changed                 ${idle.toFixed(0)} ms   ${JSON.stringify(idleRun)}`);
if (idle > BUDGET.idleMs) failures.push(`nothing changed: ${idle.toFixed(0)} ms (budget ${BUDGET.idleMs})`);

// One calendar frees a date many searches ask for; one new venue is approved.
const [booked] = await queryRows<{ venue_id: string; starts_on: string }>(
  db,
  sql`select venue_id, starts_on::text from venue_availability where status = 'booked' and starts_on = ends_on
      and starts_on > current_date order by venue_id limit 1`,
);
await db.transaction(async (tx) => {
  await markDays(tx, booked!.venue_id, booked!.starts_on, booked!.starts_on, "available", "manual");
  await touchCalendar(tx, booked!.venue_id);
});
const [template] = await db.select().from(venues).where(eq(venues.isApproved, true)).limit(1);
const { id: _id, minPrice: _min, createdAt: _c, updatedAt: _u, ...copy } = template!;
await db
  .insert(venues)
  .values({ ...copy, name: "Bench Alerts New Barn", approvedAt: new Date(), isApproved: true });

const [changed, run] = await timed(() => runAlerts(app, { overlapMs: 0 }));
console.log(`  one calendar change, one new venue   ${changed.toFixed(0)} ms   ${JSON.stringify(run)}`);
console.log(`  mails made                      ${mails.length} (of ${SEARCHES} searches)`);
if (changed > BUDGET.changedMs)
  failures.push(`with changes: ${changed.toFixed(0)} ms (budget ${BUDGET.changedMs})`);
if (mails.length > run.found) failures.push(`more mails (${mails.length}) than news (${run.found})`);

const sent = mails.length;
const [again, againRun] = await timed(() => runAlerts(app, { overlapMs: 0 }));
console.log(`  the same check again            ${again.toFixed(0)} ms   ${JSON.stringify(againRun)}`);
if (mails.length !== sent) failures.push(`the second check mailed ${mails.length - sent} more`);

await cleanUp();
await database.close();
if (failures.length) {
  console.log(`\nOVER BUDGET:\n  ${failures.join("\n  ")}`);
  process.exit(1);
}
console.log("\nWithin budget.");
