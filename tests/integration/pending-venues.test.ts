// Pending venues (issue 11): a submission is visible to its submitter and admins only, and never
// appears in search, the map, home, venue types, the sitemap, favourites or any other public list.
import { describe, expect, it } from "vitest";
import { favorites, venueAmenities } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { DEFAULT_FILTERS } from "../../app/lib/search";
import { listCategoriesWithCounts } from "../../app/services/categories.server";
import { mapVenues, searchVenues } from "../../app/services/search.server";
import { getFeaturedVenues, listVenuesInCategory } from "../../app/services/venues.server";
import { createCategory, createVenue, jpegOf, postSubmission, submissionFields } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
let submitter: Awaited<ReturnType<TestApp["signUp"]>>;
let stranger: Awaited<ReturnType<TestApp["signUp"]>>;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let categoryId: string;
let pending: { id: string; name: string };
const approvedName = "Open Meadow Lodge";

withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    submitter = await t.signUp({ name: "Pat Pending" });
    stranger = await t.signUp();
    admin = await t.signUp({ role: "admin" });
    categoryId = (await createCategory(t.db, { name: "Lodge", isFeatured: true })).id;
    await t.db.insert(venueAmenities).values({ name: "WiFi" });
    await createVenue(t.db, { name: approvedName, categoryId, rating: 1 });

    // A real submission, with an image, through the HTTP stack.
    const fields = {
      ...submissionFields(categoryId),
      name: "Hidden Pending Hall",
      description: "Not yet approved.",
      addressLine1: "9 Quiet Ln",
      capacity: "9999",
      amenities: "WiFi",
    };
    const image = {
      field: "images",
      bytes: await jpegOf("#888", 800, 600),
      name: "p.jpg",
      type: "image/jpeg",
    };
    pending = await postSubmission(web, submitter.cookie, fields, [image]);
    // Even a favourite of it (made directly) must not surface it.
    await t.db.insert(favorites).values({ userId: stranger.id, venueId: pending.id });
  },
  { timeout: 120_000 },
);

const page = async (path: string, cookie?: string) => {
  const res = await web.fetch(path, { cookie });
  return { status: res.status, html: await res.text() };
};

describe("a pending venue", () => {
  it("is in no public list: home, venue types, a venue type, the sitemap, favourites", async () => {
    for (const [path, cookie] of [
      ["/", undefined],
      ["/", submitter.cookie],
      ["/categories", undefined],
      [`/categories/${categoryId}`, undefined],
      [`/categories/${categoryId}`, admin.cookie],
      ["/sitemap.xml", undefined],
      ["/sitemap/static.xml", undefined],
      ["/sitemap/venues-1.xml", undefined],
      ["/favorites", stranger.cookie],
    ] as const) {
      const { status, html } = await page(path, cookie);
      expect(status, path).toBe(200);
      expect(html, path).not.toContain("Hidden Pending Hall");
      // No link to it (the root data's list of the visitor's favourite ids may hold the id itself).
      expect(html, path).not.toContain(`-${pending.id}`);
      if (path !== "/favorites") expect(html, path).not.toContain(pending.id);
    }
    const { html: home } = await page("/");
    expect(home).toContain(approvedName);
    const { html: sitemap } = await page("/sitemap/venues-1.xml");
    expect(sitemap).toContain("open-meadow-lodge");
  });

  it("is in no service answer: featured, venue type lists and counts, search list and map", async () => {
    expect((await getFeaturedVenues(t.db, 10)).map((v) => v.name)).toEqual([approvedName]);
    expect((await listVenuesInCategory(t.db, categoryId)).map((v) => v.name)).toEqual([approvedName]);
    expect((await listCategoriesWithCounts(t.db)).find((c) => c.id === categoryId)?.count).toBe(1);
    const all = await searchVenues(t.db, { ...DEFAULT_FILTERS });
    expect(all.venues.map((v) => v.name)).toEqual([approvedName]);
    expect(all.total).toBe(1);
    for (const filters of [
      { venueName: "Hidden" },
      { location: "Quiet" },
      { guests: 5000 },
      { q: "pending" },
    ]) {
      const r = await searchVenues(t.db, { ...DEFAULT_FILTERS, ...filters });
      expect(r.total, JSON.stringify(filters)).toBe(0);
    }
    const map = await mapVenues(
      t.db,
      { ...DEFAULT_FILTERS },
      { south: 36, west: -110, north: 42, east: -101 },
      12,
    );
    expect(map.total).toBe(1);
    expect(JSON.stringify(map)).not.toContain(pending.id);
  });

  it("has a page only for its submitter and admins: awaiting approval, never indexed; others get 404", async () => {
    const path = venuePath(pending);
    for (const cookie of [submitter.cookie, admin.cookie]) {
      const { status, html } = await page(path, cookie);
      expect(status).toBe(200);
      expect(html).toContain("Hidden Pending Hall");
      expect(html).toContain("Awaiting approval");
      expect(html).toMatch(/<meta name="robots" content="noindex/);
      expect(html).not.toMatch(/<link rel="canonical"/);
      expect(html).toMatch(/\/uploads\/venues\/[0-9a-f-]{36}\/[0-9a-f-]{36}-(400|800|1600)\.webp/);
    }
    for (const cookie of [undefined, stranger.cookie]) expect((await page(path, cookie)).status).toBe(404);
  });
});
