// The search service's map answer against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): its clustering and size. Each test scopes its venues by a word of its own in
// the address (or by a box of the map of its own), so tests share one database.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { DEFAULT_FILTERS } from "../../app/lib/search";
import { venuePath } from "../../app/lib/venue-url";
import { MAP_MAX_CELLS, mapVenues } from "../../app/services/search.server";
import { at, box, scope, withSearchApp } from "../setup/search";
import type { TestApp } from "../setup/test-app";

let t: TestApp;
const { venuesIn, search } = withSearchApp((app) => (t = app));

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
