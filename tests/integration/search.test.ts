// The search service against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// every filter rule of spec section 5 with its edge cases, the free text, the orders, paging, the
// index following changes, and the map's clustering and size. Each test scopes its venues by a
// word of its own in the address (or by a box of the map of its own), so tests share one database.
import crypto from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venueCategories, venueChanges, venues } from "../../database/schema";
import { DEFAULT_FILTERS, parseSearchParams, type SearchFilters } from "../../app/lib/search";
import { venuePath } from "../../app/lib/venue-url";
import { MAP_MAX_CELLS, mapVenues, searchVenues } from "../../app/services/search.server";
import { dropSearchIndex, searchIndex } from "../../app/services/search-index.server";
import { createCategory, createVenue } from "../setup/factories";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

/** A word no other test uses, put in each venue's address so a `location` filter scopes the test. */
const scope = () => `zq${crypto.randomBytes(4).toString("hex")}`;
const at = (town: string) => `1 Main St, ${town}, Colorado 80302`;
type VenueInput = Parameters<typeof createVenue>[1];

async function venuesIn(town: string, list: VenueInput[]) {
  const rows = [];
  for (const v of list) rows.push(await createVenue(t.db, { location: at(town), ...v }));
  return rows;
}

const search = (f: Partial<SearchFilters>) => searchVenues(t.db, { ...DEFAULT_FILTERS, ...f });
const names = async (f: Partial<SearchFilters>) => (await search(f)).venues.map((v) => v.name);
const sorted = async (f: Partial<SearchFilters>) => (await names(f)).sort();

describe("search filters (spec section 5)", () => {
  it("matches location and venue name as case-insensitive substrings, wildcards taken literally", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "Aspen Hollow Barn" },
      { name: "Quiet Aspens Lodge" },
      { name: "Lake 100% Views" },
      { name: "Lake 1000 Views" },
    ]);
    expect(await sorted({ location: town.toUpperCase() })).toEqual([
      "Aspen Hollow Barn",
      "Lake 100% Views",
      "Lake 1000 Views",
      "Quiet Aspens Lodge",
    ]);
    expect(await sorted({ location: `${town}, colorado` })).toHaveLength(4);
    expect(await sorted({ location: town, venueName: "ASPEN" })).toEqual([
      "Aspen Hollow Barn",
      "Quiet Aspens Lodge",
    ]);
    expect(await sorted({ location: town, venueName: "llow b" })).toEqual(["Aspen Hollow Barn"]);
    expect(await sorted({ location: town, venueName: "100%" })).toEqual(["Lake 100% Views"]);
    expect(await sorted({ location: town, venueName: "_" })).toEqual([]);
    expect(await sorted({ location: `${town}x` })).toEqual([]);
  });

  it("matches region exactly, not as a substring", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "North", region: "Front Range North" },
      { name: "South", region: "Front Range South" },
      { name: "Loose", region: "Front Range" },
      { name: "None", region: null },
    ]);
    expect(await names({ location: town, region: "Front Range North" })).toEqual(["North"]);
    expect(await names({ location: town, region: "Front Range South" })).toEqual(["South"]);
    expect(await names({ location: town, region: "Foothills" })).toEqual([]);
    // An unknown region in the address is ignored, not matched as a prefix.
    const parsed = parseSearchParams(new URLSearchParams({ location: town, region: "Front Range" }));
    expect((await searchVenues(t.db, parsed)).total).toBe(4);
  });

  it("keeps venues whose capacity is at least the guests, the boundary included", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "Exactly", capacity: 100 },
      { name: "Bigger", capacity: 101 },
      { name: "Smaller", capacity: 99 },
      { name: "Unknown", capacity: null },
    ]);
    expect(await sorted({ location: town, guests: 100 })).toEqual(["Bigger", "Exactly"]);
    expect(await sorted({ location: town, guests: 1 })).toEqual(["Bigger", "Exactly", "Smaller"]);
    expect(await sorted({ location: town, guests: null })).toHaveLength(4);
  });

  it("compares max price with price_low, else the price, else 0; 25000 means no limit", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "Low", priceLow: 3000, priceHigh: 9000, pricePerEvent: 9000 },
      { name: "Single", priceLow: null, pricePerEvent: 4000 },
      { name: "Unpriced", priceLow: null, pricePerEvent: null, priceRange: "Call us" },
      { name: "Dear", priceLow: 30000, pricePerEvent: null },
    ]);
    expect(await sorted({ location: town, maxPrice: 3000 })).toEqual(["Low", "Unpriced"]);
    expect(await sorted({ location: town, maxPrice: 4000 })).toEqual(["Low", "Single", "Unpriced"]);
    expect(await sorted({ location: town, maxPrice: 0 })).toEqual(["Unpriced"]);
    expect(await sorted({ location: town, maxPrice: 24900 })).toEqual(["Low", "Single", "Unpriced"]);
    expect(await sorted({ location: town, maxPrice: 25000 })).toEqual(["Dear", "Low", "Single", "Unpriced"]);
    // From the address: maxPrice above 25000 is no limit, a negative one is ignored.
    for (const maxPrice of ["40000", "-5", "abc"]) {
      const parsed = parseSearchParams(new URLSearchParams({ location: town, maxPrice }));
      expect((await searchVenues(t.db, parsed)).total).toBe(4);
    }
  });

  it("matches any of several venue types, by id or by name", async () => {
    const town = scope();
    const barn = await createCategory(t.db, { name: `Barn ${town}` });
    const lake = await createCategory(t.db, { name: `Lake ${town}` });
    const other = await createCategory(t.db, { name: `Other ${town}` });
    await venuesIn(town, [
      { name: "In barn", categoryId: barn.id },
      { name: "In lake", categoryId: lake.id },
      { name: "In other", categoryId: other.id },
      { name: "No type", categoryId: null },
    ]);
    expect(await sorted({ location: town, categories: [barn.id] })).toEqual(["In barn"]);
    expect(await sorted({ location: town, categories: [barn.id, lake.id] })).toEqual(["In barn", "In lake"]);
    expect(await sorted({ categories: [barn.id, lake.id] })).toEqual(["In barn", "In lake"]);
    expect(await sorted({ location: town, categories: [barn.id.toUpperCase()] })).toEqual(["In barn"]);
    expect(await sorted({ location: town, categories: [`lake ${town}`, other.id] })).toEqual([
      "In lake",
      "In other",
    ]);
    expect(await sorted({ location: town, categories: [crypto.randomUUID()] })).toEqual([]);
    expect(await sorted({ location: town, categories: ["No such type"] })).toEqual([]);
  });

  it("requires every chosen amenity, included; a venue with no amenity list fails", async () => {
    const town = scope();
    await venuesIn(town, [
      {
        name: "Both",
        amenities: [
          { name: "WiFi", included: true },
          { name: "Parking", included: true },
        ],
      },
      {
        name: "Parking extra",
        amenities: [
          { name: "WiFi", included: true },
          { name: "Parking", included: false },
        ],
      },
      { name: "Plain strings", amenities: ["WiFi", "Parking"] as never },
      { name: "No list", amenities: [] },
      { name: "Null list", amenities: sql`'null'::jsonb` as never },
    ]);
    expect(await sorted({ location: town, amenities: ["WiFi", "Parking"] })).toEqual([
      "Both",
      "Plain strings",
    ]);
    expect(await sorted({ location: town, amenities: ["wifi"] })).toEqual([
      "Both",
      "Parking extra",
      "Plain strings",
    ]);
    expect(await sorted({ location: town, amenities: ["Parking"] })).toEqual(["Both", "Plain strings"]);
    expect(await sorted({ location: town, amenities: ["WiFi", "Hot tub"] })).toEqual([]);
    expect(await sorted({ location: town, amenities: [] })).toHaveLength(5);
  });

  it("never returns a pending venue, whatever the filters", async () => {
    const town = scope();
    const [pending] = await venuesIn(town, [
      { name: `Pending ${town}`, isApproved: false },
      { name: "Public" },
    ]);
    expect(await names({ location: town })).toEqual(["Public"]);
    expect(await names({ venueName: `pending ${town}` })).toEqual([]);
    expect(await names({ q: `pending ${town}` })).toEqual([]);
    expect((await search({})).venues.map((v) => v.id)).not.toContain(pending!.id);
    const map = await mapVenues(t.db, { ...DEFAULT_FILTERS, location: town }, box(39, -106, 41, -104), 15);
    expect(map.points.map((p) => p.name)).toEqual(["Public"]);
  });

  it("matches the free text q against name, address, description and type, word by word", async () => {
    const town = scope();
    const type = await createCategory(t.db, { name: `Vineyard${town}` });
    await venuesIn(town, [
      { name: `Granary ${town}`, description: "Old mill." },
      { name: "Plain", location: `9 Elm St, Riverbend${town}, Colorado 80401`, description: "Old mill." },
      { name: "Described", description: `Vows under the ${town}spruce trees.` },
      { name: "Typed", categoryId: type.id, description: "Old mill." },
    ]);
    expect(await names({ q: `granary ${town}` })).toEqual([`Granary ${town}`]);
    expect(await names({ q: `riverbend${town}` })).toEqual(["Plain"]);
    expect(await names({ q: `${town}spruce` })).toEqual(["Described"]);
    expect(await names({ q: `vineyard${town}` })).toEqual(["Typed"]);
    // Each word begins a word of the venue, case-insensitively; all words must match.
    expect(await names({ q: `GRAN ${town}` })).toEqual([`Granary ${town}`]);
    expect(await sorted({ q: `${town} old mill` })).toEqual([`Granary ${town}`, "Typed"]);
    expect(await names({ q: `${town} mill barn` })).toEqual([]);
    expect(await names({ q: `ranary ${town}` })).toEqual([]);
    // Punctuation only: no free-text filter.
    expect((await search({ location: town, q: "!!" })).total).toBe(4);
  });
});

describe("orders and paging", () => {
  it("sorts featured venues first (a featured type does not count), then by rating, then by name; and by price, rating and reviews", async () => {
    const town = scope();
    const featuredType = await createCategory(t.db, { name: `Featured ${town}`, isFeatured: true });
    const rows = await venuesIn(town, [
      { name: "B plain", priceLow: null, pricePerEvent: 5000 },
      { name: "A plain", priceLow: null, pricePerEvent: 5000 },
      { name: "Starred", isFeatured: true, pricePerEvent: 8000 },
      { name: "Typed", categoryId: featuredType.id, pricePerEvent: 2000 },
      { name: "Best", priceLow: null, pricePerEvent: null },
      { name: "Popular", pricePerEvent: 9000 },
    ]);
    const ratings: Record<string, [number, number]> = {
      "B plain": [4, 2],
      "A plain": [4, 3],
      Starred: [1, 1],
      Typed: [2, 1],
      Best: [5, 1],
      Popular: [3, 40],
    };
    // Ratings come from reviews through triggers; set them directly for the test.
    for (const r of rows)
      await t.db
        .update(venues)
        .set({ rating: ratings[r.name]![0], reviewCount: ratings[r.name]![1] })
        .where(eq(venues.id, r.id));
    expect(await names({ location: town })).toEqual([
      "Starred",
      "Best",
      "A plain",
      "B plain",
      "Popular",
      "Typed",
    ]);
    expect(await names({ location: town, sort: "price-asc" })).toEqual([
      "Typed",
      "A plain",
      "B plain",
      "Starred",
      "Popular",
      "Best",
    ]);
    expect(await names({ location: town, sort: "rating" })).toEqual([
      "Best",
      "A plain",
      "B plain",
      "Popular",
      "Typed",
      "Starred",
    ]);
    expect(await names({ location: town, sort: "reviews" })).toEqual([
      "Popular",
      "A plain",
      "B plain",
      "Best",
      "Typed",
      "Starred",
    ]);
  });

  it("pages by 24 with the total, never repeating or skipping a venue", async () => {
    const town = scope();
    const type = await createCategory(t.db, { name: `Paging ${town}` });
    await t.db.insert(venues).values(
      Array.from({ length: 60 }, (_, i) => ({
        // Many equal names and ratings: only the id tiebreaker keeps the pages apart.
        name: `Same Name ${i % 3}`,
        location: at(town),
        capacity: 100,
        categoryId: type.id,
        isApproved: true,
      })),
    );
    // A word filter narrows to candidates first; a type filter goes through the whole order.
    for (const scoped of [{ location: town }, { categories: [type.id] }]) {
      const pages: Record<string, string[]> = {};
      for (const sort of ["featured", "price-asc", "rating", "reviews"] as const) {
        const seen: string[] = [];
        for (const page of [1, 2, 3]) {
          const r = await search({ ...scoped, sort, page });
          expect(r).toMatchObject({ total: 60, page, pageCount: 3 });
          expect(r.venues).toHaveLength(page < 3 ? 24 : 12);
          seen.push(...r.venues.map((v) => v.id));
        }
        expect(new Set(seen).size).toBe(60);
        pages[sort] = seen;
      }
      // A page beyond the end shows the last one.
      const late = await search({ ...scoped, sort: "reviews", page: 9 });
      expect(late).toMatchObject({ page: 3, pageCount: 3, total: 60 });
      expect(late.venues.map((v) => v.id)).toEqual(pages.reviews!.slice(48));
    }
    // Both ways give the same pages.
    for (const page of [1, 2, 3])
      expect((await search({ location: town, page })).venues).toEqual(
        (await search({ categories: [type.id], page })).venues,
      );
    expect(await search({ location: `${town}none`, page: 2 })).toMatchObject({
      venues: [],
      total: 0,
      page: 1,
      pageCount: 1,
    });
  });

  it("answers with the venue card's fields", async () => {
    const town = scope();
    const type = await createCategory(t.db, { name: `Card ${town}` });
    const [v, noCity] = await venuesIn(town, [
      { name: "Card Venue", categoryId: type.id, capacity: 150, images: ["/uploads/a-800.webp"] },
      { name: "Card Venue Without City", city: null },
    ]);
    const { venues: cards } = await search({ location: town });
    // The card shows the city, so the street address is not sent with it; without a city it is.
    expect(cards.find((c) => c.id === noCity!.id)).toMatchObject({ location: at(town), city: null });
    expect(cards.filter((c) => c.id === v!.id)).toEqual([
      {
        id: v!.id,
        name: "Card Venue",
        location: "",
        city: "Boulder",
        capacity: 150,
        rating: 0,
        reviewCount: 0,
        images: ["/uploads/a-800.webp"],
        category: `Card ${town}`,
        featured: false,
      },
    ]);
  });
});

describe("the index follows changes to venues and types", () => {
  it("sees approvals, edits, deletions and renamed types on the next search", async () => {
    const town = scope();
    const type = await createCategory(t.db, { name: `Before${town}` });
    const [a, b] = await venuesIn(town, [
      { name: "A", isApproved: false, capacity: 50, categoryId: type.id },
      { name: "B", capacity: 50 },
    ]);
    expect(await names({ location: town })).toEqual(["B"]);
    await t.db.update(venues).set({ isApproved: true }).where(eq(venues.id, a!.id));
    expect(await sorted({ location: town })).toEqual(["A", "B"]);
    await t.db.update(venues).set({ capacity: 500 }).where(eq(venues.id, b!.id));
    expect(await names({ location: town, guests: 400 })).toEqual(["B"]);
    await t.db.update(venues).set({ rating: 5 }).where(eq(venues.id, a!.id));
    expect(await names({ location: town, sort: "rating" })).toEqual(["A", "B"]);
    await t.db
      .update(venueCategories)
      .set({ name: `After${town}` })
      .where(eq(venueCategories.id, type.id));
    expect(await names({ q: `after${town}` })).toEqual(["A"]);
    await t.db.update(venues).set({ isApproved: false }).where(eq(venues.id, a!.id));
    expect(await names({ location: town })).toEqual(["B"]);
    await t.db.delete(venues).where(eq(venues.id, b!.id));
    expect(await names({ location: town })).toEqual([]);
  });

  it("reloads aside when the change log no longer reaches back, answering from the previous index meanwhile", async () => {
    const town = scope();
    await venuesIn(town, [{ name: "Kept" }]);
    expect(await names({ location: town })).toEqual(["Kept"]);
    const [missed] = await venuesIn(town, [{ name: "Missed" }]);
    // As if this server had slept through more than the 1000 versions the log keeps.
    await t.db.delete(venueChanges);
    await t.db.update(venues).set({ capacity: 300 }).where(eq(venues.id, missed!.id));
    // The reload runs aside: the answers change once it is done, however long that takes.
    await expect.poll(() => sorted({ location: town }), { timeout: 30_000 }).toEqual(["Kept", "Missed"]);
    expect(await names({ location: town, guests: 300 })).toEqual(["Missed"]);
  });

  it("gives the same answers after a reload from scratch", async () => {
    const town = scope();
    await venuesIn(town, [{ name: "One" }, { name: "Two", capacity: 10 }]);
    const before = await search({ location: town, guests: 100 });
    dropSearchIndex(t.db);
    expect(await search({ location: town, guests: 100 })).toEqual(before);
    expect((await searchIndex(t.db)).store.deadSlots).toBe(0);
  });
});

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

const box = (south: number, west: number, north: number, east: number) => ({ south, west, north, east });
const bytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("map answer", () => {
  it("clusters 5,000 venues in a small box and stays under 100 KB at every zoom", async () => {
    const town = scope();
    // A 0.5° square near 10° N, 10° E, away from every other test's venues.
    const rows = Array.from({ length: 5000 }, (_, i) => ({
      name: `Dense ${i}`,
      location: at(town),
      latitude: 10 + (i % 71) / 142,
      longitude: 10 + Math.floor(i / 71) / 142,
      isApproved: true,
      images: [`/uploads/seed/dense-${i % 7}-1600.webp`],
      priceLow: 1000 + i,
      priceHigh: 9000 + i,
    }));
    for (let i = 0; i < rows.length; i += 1000) await t.db.insert(venues).values(rows.slice(i, i + 1000));
    const f = { ...DEFAULT_FILTERS, location: town };
    for (const zoom of [3, 5, 7, 10, 12, 14, 16, 20]) {
      const answer = await mapVenues(t.db, f, box(9.9, 9.9, 10.6, 10.6), zoom);
      expect(answer.total).toBe(5000);
      expect(answer.clusters.reduce((n, c) => n + c.count, 0) + answer.points.length).toBe(5000);
      expect(answer.clusters.length + answer.points.length).toBeLessThanOrEqual(MAP_MAX_CELLS);
      expect(bytes(answer)).toBeLessThan(100_000);
      if (zoom <= 10) expect(answer.points).toEqual([]);
    }
    const far = await mapVenues(t.db, f, box(9.9, 9.9, 10.6, 10.6), 5);
    expect(far.clusters).toHaveLength(1);
    expect(far.clusters[0]).toMatchObject({
      count: 5000,
      bounds: [10, 10, expect.any(Number), expect.any(Number)],
    });
    expect(far.extent).toEqual([10, 10, 10 + 70 / 142, 10 + Math.floor(4999 / 71) / 142]);
    // The whole world at zoom 20: the grid coarsens, the answer stays small.
    const world = await mapVenues(t.db, f, box(-85, -180, 85, 180), 20);
    expect(world.total).toBe(5000);
    expect(bytes(world)).toBeLessThan(100_000);
    // Filters apply to the map as to the list.
    const cheap = await mapVenues(t.db, { ...f, maxPrice: 1099 }, box(9.9, 9.9, 10.6, 10.6), 5);
    expect(cheap.total).toBe(100);
  });

  it("keeps the payload under 100 KB with very long names, sending the excess as clusters of one", async () => {
    const town = scope();
    // 96 venues a degree apart, each alone in its cell at zoom 7.
    const rows = Array.from({ length: 96 }, (_, i) => ({
      name: `${"Very long venue name ".repeat(20)}${i}`,
      location: at(town),
      latitude: -30 + (i % 8),
      longitude: 30 + Math.floor(i / 8),
      isApproved: true,
      priceRange: "x".repeat(500),
      images: [`https://images.example/${"p".repeat(250)}.jpg`],
    }));
    await t.db.insert(venues).values(rows);
    const answer = await mapVenues(
      t.db,
      { ...DEFAULT_FILTERS, location: town },
      box(-30.2, 29.8, -22.8, 41.2),
      7,
    );
    expect(answer.total).toBe(96);
    expect(answer.points.length).toBeGreaterThan(0);
    expect(answer.points.length).toBeLessThan(96);
    expect(answer.clusters.every((c) => c.count === 1)).toBe(true);
    expect(answer.clusters.length + answer.points.length).toBe(96);
    expect(bytes(answer)).toBeLessThan(100_000);
    expect(answer.points[0]!.price).toBe("x".repeat(60));
  });

  it("returns few venues as points with what the popup shows", async () => {
    const town = scope();
    const [a] = await venuesIn(town, [
      {
        name: "Summit Chapel",
        latitude: 45.1,
        longitude: 60.1,
        priceLow: 2000,
        priceHigh: 5000,
        images: ["data:image/png;base64,AAAA", "/uploads/seed/art/barn-1-1600.webp"],
      },
      {
        name: "River Barn",
        latitude: 45.5,
        longitude: 60.9,
        pricePerEvent: null,
        priceLow: null,
        images: [],
      },
      { name: "Far Away", latitude: 20, longitude: 20 },
    ]);
    await t.db.update(venues).set({ rating: 4.5, reviewCount: 12 }).where(eq(venues.id, a!.id));
    const answer = await mapVenues(t.db, { ...DEFAULT_FILTERS, location: town }, box(45, 60, 46, 61), 10);
    expect(answer).toMatchObject({ zoom: 10, total: 2, clusters: [] });
    expect(answer.extent).toEqual([20, 20, 45.5, 60.9]);
    expect(answer.points).toEqual([
      {
        id: a!.id,
        name: "Summit Chapel",
        path: venuePath(a!),
        lat: 45.1,
        lng: 60.1,
        image: "/uploads/seed/art/barn-1-400.webp",
        price: "$2,000 - $5,000",
        rating: 4.5,
        reviewCount: 12,
      },
      expect.objectContaining({
        name: "River Barn",
        image: "/images/default-venue.webp",
        price: "Contact for pricing",
      }),
    ]);
  });

  it("shows only venues with valid coordinates, which stay in the list", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "Valid", latitude: 39.1, longitude: -105.1 },
      { name: "Zero", latitude: 0, longitude: 0 },
      { name: "Missing", latitude: null, longitude: null },
      { name: "Half", latitude: 39.1, longitude: null },
      { name: "Out of range", latitude: 95, longitude: -105 },
    ]);
    const f = { ...DEFAULT_FILTERS, location: town };
    const world = await mapVenues(t.db, f, box(-85, -180, 85, 180), 2);
    expect(world.total).toBe(1);
    expect((await search(f)).total).toBe(5);
  });

  it("shows co-located venues one by one at street zoom", async () => {
    const town = scope();
    await venuesIn(town, [
      { name: "Hall A", latitude: -33.9, longitude: 151.2 },
      { name: "Hall B", latitude: -33.9, longitude: 151.2 },
    ]);
    const f = { ...DEFAULT_FILTERS, location: town };
    const near = box(-34, 151.1, -33.8, 151.3);
    expect((await mapVenues(t.db, f, near, 12)).clusters).toMatchObject([{ count: 2 }]);
    expect((await mapVenues(t.db, f, near, 16)).points.map((p) => p.name).sort()).toEqual([
      "Hall A",
      "Hall B",
    ]);
  });

  it("answers a malformed box or zoom instead of failing", async () => {
    const town = scope();
    await venuesIn(town, [{ name: "Anywhere", latitude: 50, longitude: 8 }]);
    const f = { ...DEFAULT_FILTERS, location: town };
    const nan = await mapVenues(t.db, f, box(Number.NaN, 0, 1, 1), Number.NaN);
    expect(nan).toMatchObject({ zoom: 5, total: 1 });
    const wrapped = await mapVenues(t.db, f, box(40, -200, 60, 250), 4);
    expect(wrapped.total).toBe(1);
  });
});
