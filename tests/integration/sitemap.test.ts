// /sitemap.xml is a sitemap index (ADR 014): static.xml, then venues-{n}.xml files of at most
// 50,000 approved venues each. The split is checked with a small page size.
import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import * as robots from "../../app/routes/resources/robots";
import * as sitemapIndex from "../../app/routes/resources/sitemap";
import * as sitemapFile from "../../app/routes/resources/sitemap-file";
import { venuePath } from "../../app/lib/venue-url";
import { listSitemapFiles, venueSitemapEntries } from "../../app/services/sitemap.server";
import { createCategory, createVenue } from "../setup/factories";
import { createTestApp, SITE_URL, type TestApp } from "../setup/test-app";

let t: TestApp;
let approved: { id: string; name: string; updatedAt: Date }[];
let pendingId: string;

const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);

async function get(path: string): Promise<Response> {
  const req = t.request(path);
  if (path === "/sitemap.xml") return (await sitemapIndex.loader(await t.args(req))) as Response;
  if (path === "/robots.txt") return robots.loader(await t.args(req)) as Response;
  const file = path.replace(/^\/sitemap\//, "");
  return (await sitemapFile.loader(await t.args(req, { file }))) as Response;
}

beforeAll(async () => {
  t = await createTestApp();
  const type = await createCategory(t.db, { name: "Barn" });
  await createCategory(t.db, { name: "Garden" });
  for (let i = 0; i < 5; i++) await createVenue(t.db, { categoryId: type.id, name: `Sitemap Venue ${i}` });
  pendingId = (await createVenue(t.db, { name: "Pending Venue", isApproved: false })).id;
  // Distinct change dates, so each file's lastmod is its own newest venue's.
  const rows = await t.db.select({ id: venues.id }).from(venues).where(eq(venues.isApproved, true));
  for (const [i, r] of rows.entries())
    await t.db
      .update(venues)
      .set({ updatedAt: new Date(Date.UTC(2026, 0, 1 + i * 3)) })
      .where(eq(venues.id, r.id));
  approved = await t.db
    .select({ id: venues.id, name: venues.name, updatedAt: venues.updatedAt })
    .from(venues)
    .where(
      inArray(
        venues.id,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(venues.id);
});
afterAll(() => t?.close());

describe("sitemap split", () => {
  it("splits the approved venues into files of the page size, each venue once, in id order", async () => {
    const files = await listSitemapFiles(t.db, { pageSize: 2 });
    expect(files.map((f) => f.path)).toEqual([
      "/sitemap/static.xml",
      "/sitemap/venues-1.xml",
      "/sitemap/venues-2.xml",
      "/sitemap/venues-3.xml",
    ]);
    const seen: string[] = [];
    for (let page = 1; page <= 3; page++) {
      const entries = (await venueSitemapEntries(t.db, SITE_URL, page, { pageSize: 2 }))!;
      expect(entries.length).toBeLessThanOrEqual(2);
      const mine = approved.slice((page - 1) * 2, page * 2);
      expect(entries.map((e) => e.loc)).toEqual(mine.map((v) => `${SITE_URL}${venuePath(v)}`));
      // The index's lastmod of a file is the newest change among its venues.
      const newest = Math.max(...mine.map((v) => v.updatedAt.getTime()));
      expect(files[page]!.lastmod?.getTime()).toBe(newest);
      seen.push(...entries.map((e) => e.loc));
    }
    expect(new Set(seen).size).toBe(approved.length);
    expect(seen.join()).not.toContain(pendingId);
    expect(await venueSitemapEntries(t.db, SITE_URL, 4, { pageSize: 2 })).toBeNull();
    expect(await venueSitemapEntries(t.db, SITE_URL, 0, { pageSize: 2 })).toBeNull();
  });

  it("never puts more than 50,000 URLs in a file, whatever size is asked", async () => {
    const files = await listSitemapFiles(t.db, { pageSize: 1_000_000 });
    expect(files.map((f) => f.path)).toEqual(["/sitemap/static.xml", "/sitemap/venues-1.xml"]);
  });
});

describe("sitemap routes", () => {
  it("serves an index whose files list every public page once, and robots.txt points to it", async () => {
    expect(await (await get("/robots.txt")).text()).toContain(`Sitemap: ${SITE_URL}/sitemap.xml`);
    const index = await get("/sitemap.xml");
    expect(index.headers.get("content-type")).toMatch(/application\/xml/);
    const xml = await index.text();
    expect(xml).toContain('<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
    expect(locs(xml)).toEqual([`${SITE_URL}/sitemap/static.xml`, `${SITE_URL}/sitemap/venues-1.xml`]);
    expect(xml.match(/<lastmod>\d{4}-\d{2}-\d{2}<\/lastmod>/g)).toHaveLength(2);

    const all: string[] = [];
    for (const loc of locs(xml)) {
      const res = await get(loc.replace(SITE_URL, ""));
      expect(res.status, loc).toBe(200);
      const body = await res.text();
      expect(body).toContain('<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">');
      all.push(...locs(body));
    }
    expect(all.slice(0, 3)).toEqual([`${SITE_URL}/`, `${SITE_URL}/venues`, `${SITE_URL}/categories`]);
    expect(all.filter((l) => /\/categories\/[^/]+$/.test(l))).toHaveLength(2);
    for (const v of approved) expect(all.filter((l) => l === `${SITE_URL}${venuePath(v)}`)).toHaveLength(1);
    expect(all.join()).not.toContain(pendingId);
    expect(new Set(all).size).toBe(all.length);
  });

  it("answers 404 for a file that is not in the index", async () => {
    const files = ["venues-2.xml", "venues-0.xml", "venues-01.xml", "other.xml", "static.xml.gz"];
    for (const path of files.map((f) => `/sitemap/${f}`)) expect((await get(path)).status, path).toBe(404);
  });
});
