// The search service against a real database (PGlite, and PostgreSQL with TEST_DATABASE_URL):
// every filter rule of spec section 5 with its edge cases, the free text, the orders, paging and
// the index following changes. Each test scopes its venues by a word of its own in the address,
// so tests share one database. The map's clustering and size: search-map.test.ts.
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { searchSnapshot, venueCategories, venueChanges, venues } from "../../database/schema";
import { DEFAULT_FILTERS, parseSearchParams } from "../../app/lib/search";
import { mapVenues, searchVenues } from "../../app/services/search.server";
import { dropSearchIndex, saveSearchSnapshot, searchIndex } from "../../app/services/search-index.server";
import { createCategory } from "../setup/factories";
import { at, box, scope, withSearchApp } from "../setup/search";
import type { TestApp } from "../setup/test-app";

let t: TestApp;
const { venuesIn, search, names, sorted } = withSearchApp((app) => (t = app));

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
    const [v, noCity, featured] = await venuesIn(town, [
      { name: "Card Venue", categoryId: type.id, capacity: 150, images: ["/uploads/a-800.webp"] },
      { name: "Card Venue Without City", city: null },
      { name: "Card Venue Featured", isFeatured: true },
    ]);
    const { venues: cards } = await search({ location: town });
    // The card shows the city, so the street address is not sent with it; without a city it is.
    // Nor the venue type, which the card does not show, nor a badge it does not have.
    expect(cards.find((c) => c.id === noCity!.id)).toMatchObject({ location: at(town), city: null });
    expect(cards.find((c) => c.id === featured!.id)).toMatchObject({ featured: true });
    expect(cards.filter((c) => c.id === v!.id)).toEqual([
      {
        id: v!.id,
        name: "Card Venue",
        city: "Boulder",
        capacity: 150,
        rating: 0,
        reviewCount: 0,
        images: ["/uploads/a-800.webp"],
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

  it("starts from the snapshot and the changes since, and from the rows once the log no longer reaches it (issue 42)", async () => {
    const town = scope();
    const [one] = await venuesIn(town, [{ name: "One" }, { name: "Two" }]);
    expect(await saveSearchSnapshot(t.db, await searchIndex(t.db))).toBe(true);
    // A writer that is not newer leaves it be.
    expect(await saveSearchSnapshot(t.db, await searchIndex(t.db))).toBe(false);
    await t.db.update(venues).set({ capacity: 400 }).where(eq(venues.id, one!.id));
    await venuesIn(town, [{ name: "Three" }]);

    dropSearchIndex(t.db);
    expect((await searchIndex(t.db)).from).toBe("snapshot");
    expect(await sorted({ location: town })).toEqual(["One", "Three", "Two"]);
    expect(await names({ location: town, guests: 400 })).toEqual(["One"]);

    await t.db.delete(venueChanges);
    dropSearchIndex(t.db);
    expect((await searchIndex(t.db)).from).toBe("rows");
    expect(await sorted({ location: town })).toEqual(["One", "Three", "Two"]);
    // And follows the next change from there. It also leaves the log reaching back again for the
    // tests that run after this one: a version that changes no venue (a new type) is not logged,
    // so with the log empty, the next search would take it for history it missed and reload aside.
    await venuesIn(town, [{ name: "Four" }]);
    expect(await sorted({ location: town })).toEqual(["Four", "One", "Three", "Two"]);
    await t.db.delete(searchSnapshot);
  });

  it("reads the rows instead of a snapshot it cannot read, and clears it for a new one (issue 42)", async () => {
    const town = scope();
    await venuesIn(town, [{ name: "One" }]);
    const { version } = await searchIndex(t.db);
    // An older build's snapshot: not deflated.
    await t.db.insert(searchSnapshot).values({ part: 0, version, data: Buffer.from("an older layout") });
    dropSearchIndex(t.db);
    expect((await searchIndex(t.db)).from).toBe("rows");
    expect(await sorted({ location: town })).toEqual(["One"]);
    expect(await t.db.select().from(searchSnapshot)).toEqual([]);
  });
});
