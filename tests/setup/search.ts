import crypto from "node:crypto";
import { afterAll, beforeAll } from "vitest";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { searchVenues } from "../../app/services/search.server";
import { createVenue } from "./factories";
import { createTestApp, type TestApp } from "./test-app";

// What the search service's tests share (search, search-map): each file its own database.

/** A word no other test uses, put in each venue's address so a `location` filter scopes the test. */
export const scope = () => `zq${crypto.randomBytes(4).toString("hex")}`;
export const at = (town: string) => `1 Main St, ${town}, Colorado 80302`;
export type VenueInput = Parameters<typeof createVenue>[1];

export const box = (south: number, west: number, north: number, east: number) => ({
  south,
  west,
  north,
  east,
});

/** The file's test app, handed to `ready` once open and closed after the file, and its helpers. */
export function withSearchApp(ready: (t: TestApp) => void) {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    ready(t);
  });
  afterAll(async () => t.close());

  async function venuesIn(town: string, list: VenueInput[]) {
    const rows = [];
    for (const v of list) rows.push(await createVenue(t.db, { location: at(town), ...v }));
    return rows;
  }

  const search = (f: Partial<SearchFilters>) => searchVenues(t.db, { ...DEFAULT_FILTERS, ...f });
  const names = async (f: Partial<SearchFilters>) => (await search(f)).venues.map((v) => v.name);
  const sorted = async (f: Partial<SearchFilters>) => (await names(f)).sort();

  return { venuesIn, search, names, sorted };
}
