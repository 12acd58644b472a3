// The search benchmark's databases (scripts/bench/search.ts): PostgreSQL created when missing,
// and venues and a year of availability seeded when there are none.
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import { sql } from "drizzle-orm";
import { seedScale } from "../../../app/services/seed.server";
import { databaseFromUrl, queryRows, type Database, type Db } from "~/infra/db.server";
import { createFsStorage } from "~/infra/storage.server";

export async function venueCount(db: Db): Promise<number> {
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from venues where is_approved`,
  );
  return Number(row?.n ?? 0);
}

export async function ensurePostgres(PG_URL: string): Promise<Database> {
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

export async function seedIfEmpty(db: Db, total: number, label: string) {
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
export async function seedAvailabilityIfEmpty(db: Db, label: string) {
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
