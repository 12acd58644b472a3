import { sql } from "drizzle-orm";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedIfEmpty, seedScale } from "../../app/services/seed.server";
import { queryRows } from "../../app/infra/db.server";
import { createFsStorage } from "../../app/infra/storage.server";
import { REGIONS } from "../../app/lib/catalog";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let summary: Awaited<ReturnType<typeof seedIfEmpty>>;
beforeAll(async () => {
  t = await createTestApp();
  summary = await seedIfEmpty(t.db, t.storage);
}, 300_000); // a clean clone paints every drawing once (about 2 min on 2 busy cores); later seeds copy them
afterAll(async () => t.close());

const one = async <T>(query: ReturnType<typeof sql>) => (await queryRows<T>(t.db, query))[0]!;

describe("demo content", () => {
  it("has the counts and spread the issue asks for", async () => {
    expect(summary.seeded).toBe(true);
    const counts = await one<Record<string, number>>(sql`select
      (select count(*)::int from venues where is_approved) as approved,
      (select count(*)::int from venues where not is_approved) as pending,
      (select count(distinct region)::int from venues where is_approved) as regions,
      (select count(distinct city)::int from venues where is_approved) as towns,
      (select count(*)::int from venue_categories) as categories,
      (select count(*)::int from venue_amenities) as amenities,
      (select count(*)::int from venues where logo_url is not null) as logos`);
    expect(counts.approved).toBeGreaterThanOrEqual(150);
    expect(counts.pending).toBeGreaterThan(0);
    expect(counts.regions).toBe(REGIONS.length);
    expect(counts.towns).toBeGreaterThanOrEqual(40);
    expect(counts.categories).toBe(12);
    expect(counts.amenities).toBe(25);
    expect(counts.logos).toBeGreaterThan(0);
    expect(summary).toMatchObject({
      venues: counts.approved,
      pending: counts.pending,
      categories: 12,
      amenities: 25,
    });
  });

  it("gives every venue 3 to 8 images, 0 to 6 FAQs and 0 to 12 reviews, with fictional contacts", async () => {
    const bad = await queryRows<{ name: string }>(
      t.db,
      sql`select v.name from venues v
          where jsonb_array_length(v.images) not between 3 and 8
             or (select count(*) from venue_faqs f where f.venue_id = v.id) > 6
             or (select count(*) from reviews r where r.venue_id = v.id) > 12
             or v.phone !~ '555-01[0-9][0-9]$'
             or v.email !~ '\\.example$'
             or v.website !~ '\\.example$'
             or v.region is null or v.latitude is null or v.postal_code is null`,
    );
    expect(bad).toEqual([]);
    const notIncluded = await one<{ n: number }>(
      sql`select count(*)::int as n from venues where amenities @> '[{"included": false}]'`,
    );
    expect(notIncluded.n).toBeGreaterThan(0);
    const pricing = await one<Record<string, number>>(sql`select
      count(*) filter (where price_per_event is not null)::int as single,
      count(*) filter (where price_low is not null and price_high is not null)::int as ranges
      from venues`);
    expect(pricing.single).toBeGreaterThan(0);
    expect(pricing.ranges).toBeGreaterThan(0);
  });

  it("keeps ratings and review counts consistent with the reviews", async () => {
    const mismatched = await queryRows<{ name: string }>(
      t.db,
      sql`select v.name from venues v left join (
            select venue_id, count(*)::int as n, round(avg(rating)::numeric, 1)::real as avg from reviews group by venue_id
          ) s on s.venue_id = v.id
          where v.review_count <> coalesce(s.n, 0) or v.rating <> coalesce(s.avg, 0)`,
    );
    expect(mismatched).toEqual([]);
  });

  it("creates demo reviewers that cannot sign in", async () => {
    const reviewers = await one<{ users: number; accounts: number }>(sql`select
      (select count(distinct user_id)::int from reviews) as users,
      (select count(*)::int from accounts a join reviews r on r.user_id = a.user_id) as accounts`);
    expect(reviewers.users).toBeGreaterThan(10);
    expect(reviewers.accounts).toBe(0);
  });

  it("stores real pictures for the venues", async () => {
    const [row] = await queryRows<{ image: string }>(
      t.db,
      sql`select images->>0 as image from venues limit 1`,
    );
    const key = row!.image.replace(/^\/uploads\//, "");
    const file = await t.storage.get(key);
    expect(file?.subarray(8, 12).toString()).toBe("WEBP");
    expect(file!.byteLength).toBeGreaterThan(5_000);
  });

  it("does nothing when venues already exist", async () => {
    const again = await seedIfEmpty(t.db, t.storage);
    expect(again.seeded).toBe(false);
    expect(again.venues).toBe(summary.venues);
  });
});

describe("scale seed", () => {
  it("refuses a database that already has venues", async () => {
    await expect(
      seedScale(t.db, createFsStorage(path.join(os.tmpdir(), "vv-scale-test")), 10),
    ).rejects.toThrow();
  });

  it("leaves the venues vacuumed and analysed, as the first pages' index-only scans need", async () => {
    const fresh = await createTestApp();
    try {
      await seedScale(fresh.db, fresh.storage, 50);
      const [stats] = await queryRows<{ vacuumed: boolean; analysed: boolean }>(
        fresh.db,
        sql`select last_vacuum is not null as vacuumed, last_analyze is not null as analysed
          from pg_stat_user_tables where relname = 'venues'`,
      );
      expect(stats).toEqual({ vacuumed: true, analysed: true });
    } finally {
      await fresh.close();
    }
  });
});
