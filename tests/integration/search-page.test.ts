// The search page /venues and the map's JSON over real HTTP (Express, React Router, loaders,
// rendering): bad values in the address are ignored (200, never a 500), the server-rendered HTML
// holds the results and the filters, and the map answers a box under the same filters.
import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import type { MapAnswer } from "../../app/lib/search-page";
import { createCategory, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
const town = `zq${crypto.randomBytes(4).toString("hex")}`;
let typeId = "";

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    const type = await createCategory(t.db, { name: "Lighthouse" });
    typeId = type.id;
    const at = { location: `1 Main St, ${town}, Colorado 80302` };
    await createVenue(t.db, {
      ...at,
      name: "Harbor Light Hall",
      capacity: 300,
      region: "Foothills",
      categoryId: type.id,
      latitude: 39.7,
      longitude: -105.2,
      priceLow: 3000,
      priceHigh: 6000,
    });
    await createVenue(t.db, { ...at, name: "Quiet Cove Barn", capacity: 60, region: "Front Range North" });
    await createVenue(t.db, { ...at, name: "Nowhere Lodge", latitude: null, longitude: null });
    await createVenue(t.db, { ...at, name: "Pending Pier", isApproved: false });
  },
  { timeout: 120_000 },
);

const page = async (path: string) => {
  const res = await http.fetch(path, { headers: { accept: "text/html" } });
  return { status: res.status, html: await res.text() };
};
/** The decoded text of the page's HTML (entities as characters), enough for `toContain`. */
const text = (html: string) =>
  html
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"');

describe("/venues", () => {
  it("ignores bad values (200 with every venue), never a 500", async () => {
    const all = await page("/venues?view=list");
    const total = /([\d,]+) venues? found/.exec(all.html)![1];
    for (const qs of [
      "guests=abc&maxPrice=-5&region=Atlantis",
      "page=0&sort=cheapest&view=globe&category=Castle&amenities=Helipad",
      "guests=1e3&maxPrice=12.5&page=999999999&q=",
    ]) {
      const res = await page(`/venues?${qs}`);
      expect(res.status, qs).toBe(200);
      expect(res.html, qs).toContain(`${total} venues found`);
      expect(res.html, qs).not.toContain("Remove filter:");
    }
    // Broken escapes and control characters are just text that matches nothing.
    for (const qs of ["location=%E0%A4%A&venueName=%00", "venueName=%ZZ&q=%C0%AF"]) {
      const res = await page(`/venues?${qs}`);
      expect(res.status, qs).toBe(200);
      expect(res.html, qs).toContain("0 venues found");
    }
  });

  it("renders the results, the chips and the filled-in filters on the server", async () => {
    const res = await page(`/venues?view=list&location=${town}&guests=100&category=lighthouse`);
    expect(res.status).toBe(200);
    const html = text(res.html);
    // The title says what the filtered set holds (issue 27), the site's name dropped past 60 (issue 41).
    expect(html).toContain(`<title>Lighthouse venues in ${town} for 100+ guests</title>`);
    expect(html).toContain("1 venue found");
    expect(html).toContain("Harbor Light Hall");
    expect(html).not.toContain("Quiet Cove Barn");
    expect(html).not.toContain("Pending Pier");
    // Chips, with the type's name (the address named it in lower case).
    for (const label of [town, "100+", "Lighthouse"])
      expect(html).toContain(`aria-label="Remove filter: ${label}"`);
    // The type's box is ticked by id; the guests field holds the number.
    const box = new RegExp(`<input type="checkbox"[^>]*value="${typeId}"[^>]*>`).exec(html)?.[0];
    expect(box).toMatch(/ checked=""/);
    expect(html).toMatch(/name="guests"[^>]*value="100"/);
    // The chip's link is the same search without it.
    expect(html).toContain(
      `href="/venues?location=${town}&amp;guests=100&amp;view=list"`.replace(/&amp;/g, "&"),
    );
  });

  it("asks for the first card's photo at once in the list view only, not behind the map", async () => {
    const list = await page(`/venues?view=list&location=${town}`);
    expect(list.html).toMatch(/<img [^>]*loading="eager" fetchPriority="high"/);
    const map = await page(`/venues?location=${town}`);
    expect(map.html).toContain("Harbor Light Hall");
    expect(map.html).not.toContain('loading="eager"');
  });

  it("shows the last page for a page beyond the end, and the empty state when nothing matches", async () => {
    const late = await page(`/venues?view=list&location=${town}&page=7`);
    expect(late.status).toBe(200);
    expect(late.html).toContain("3 venues found");
    expect(late.html).toContain("Harbor Light Hall");
    const none = await page(`/venues?view=list&location=${town}x`);
    expect(none.status).toBe(200);
    expect(none.html).toContain("0 venues found");
    expect(none.html).toContain("No venues found");
    expect(none.html).toContain("Try adjusting your filters or search terms");
    expect(none.html).toContain("Clear All Filters");
  });

  it("answers client navigations (.data) with the same rules", async () => {
    const res = await http.fetch(`/venues.data?location=${town}&guests=abc`);
    expect(res.status).toBe(200);
    const body = await res.text();
    expect(body).toContain("Harbor Light Hall");
    expect(body).toContain("Quiet Cove Barn");
  });
});

describe("/api/venues/map", () => {
  const map = async (qs: string) => {
    const res = await http.fetch(`/api/venues/map?${qs}`);
    return {
      status: res.status,
      cache: res.headers.get("cache-control"),
      body: (await res.json()) as MapAnswer,
    };
  };

  it("answers the box with points for the popup, under the page's filters, approved and placed venues only", async () => {
    const { status, body } = await map(`bbox=39,-106,40.5,-104&zoom=12&location=${town}`);
    expect(status).toBe(200);
    expect(body.clusters).toEqual([]);
    expect(body.points.map((p) => p.name).sort()).toEqual(["Harbor Light Hall", "Quiet Cove Barn"]);
    const harbor = body.points.find((p) => p.name === "Harbor Light Hall")!;
    expect(harbor).toMatchObject({ lat: 39.7, lng: -105.2, price: "$3,000 - $6,000" });
    expect(harbor.path).toMatch(/^\/venue\/harbor-light-hall-[0-9a-f-]{36}$/);
    expect(body.extent).toEqual([39.7, -105.27, 40.015, -105.2]);

    const filtered = await map(`bbox=39,-106,40.5,-104&zoom=12&location=${town}&guests=200&region=Foothills`);
    expect(filtered.body.points.map((p) => p.name)).toEqual(["Harbor Light Hall"]);
    // Zoomed out, the two are one cluster that knows its extent.
    const far = await map(`bbox=30,-115,45,-95&zoom=4&location=${town}`);
    expect(far.body.points).toEqual([]);
    expect(far.body.clusters).toEqual([
      expect.objectContaining({ count: 2, bounds: [39.7, -105.27, 40.015, -105.2] }),
    ]);
  });

  it("reads a malformed box as the world and a malformed zoom as the default, never a 500", async () => {
    const bad = ["bbox=abc&zoom=xyz", "bbox=1,2,3", "zoom=99", "bbox=1,2,3,4,5&zoom=-3", "bbox=NaN,1,2,3"];
    for (const qs of bad) {
      const { status, body } = await map(`${qs}&location=${town}`);
      expect(status, qs).toBe(200);
      expect(body.total, qs).toBe(2);
    }
    const { body } = await map(`bbox=10,10,11,11&zoom=8&location=${town}`);
    expect(body.total).toBe(0);
    // Outside the box, the extent still says where the results are.
    expect(body.extent).toEqual([39.7, -105.27, 40.015, -105.2]);
  });
});
