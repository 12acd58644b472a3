import { describe, expect, it } from "vitest";
import { DEFAULT_FILTERS, parseSearchParams, type SearchFilters } from "./search";
import {
  addressWithoutUnwrittenPrice,
  appliedFilters,
  canonicalFilters,
  mapAnswerUrl,
  needsNewResults,
  parseBboxParam,
  resultsCountLabel,
  resultsSeo,
  resultsUrl,
  searchTerm,
} from "./search-page";

const filters = (f: Partial<SearchFilters>): SearchFilters => ({ ...DEFAULT_FILTERS, ...f });
const url = (qs: string) => new URL(`http://localhost/venues${qs}`);

describe("resultsUrl", () => {
  it("is the spec's address, plus a max price of 10,000 or more that the address does not keep", () => {
    expect(resultsUrl({})).toBe("/venues");
    expect(resultsUrl({ maxPrice: 5000, guests: 80 })).toBe("/venues?guests=80&maxPrice=5000");
    expect(resultsUrl({ maxPrice: 15000, location: "Vail" })).toBe("/venues?location=Vail&maxPrice=15000");
    expect(resultsUrl({ maxPrice: 25000 })).toBe("/venues");
    expect(
      parseSearchParams(new URLSearchParams(resultsUrl({ maxPrice: 24900 }).split("?")[1])).maxPrice,
    ).toBe(24900);
  });
});

describe("needsNewResults", () => {
  it("loads again when a filter, the order or the page changes", () => {
    expect(needsNewResults(url(""), url("?location=Vail"))).toBe(true);
    expect(needsNewResults(url("?location=Vail"), url(""))).toBe(true);
    expect(needsNewResults(url(""), url("?sort=rating"))).toBe(true);
    expect(needsNewResults(url("?view=list"), url("?view=list&page=2"))).toBe(true);
    expect(needsNewResults(url("?maxPrice=5000"), url(""))).toBe(true);
    expect(needsNewResults(url(""), url("?maxPrice=15000"))).toBe(true);
    expect(needsNewResults(url("?maxPrice=15000&guests=5"), url("?guests=6"))).toBe(true);
  });

  it("does not load for the tab alone, nor when the address only drops an unwritten max price", () => {
    expect(needsNewResults(url(""), url("?view=list"))).toBe(false);
    expect(needsNewResults(url("?view=list&guests=9"), url("?guests=9"))).toBe(false);
    expect(needsNewResults(url("?guests=9&maxPrice=15000"), url("?guests=9"))).toBe(false);
    // A bad value reads as the default: same results.
    expect(needsNewResults(url("?guests=abc"), url(""))).toBe(false);
  });

  it("loads again for the same address (clearing the last filter twice) and for another page", () => {
    expect(needsNewResults(url("?guests=9"), url("?guests=9"))).toBe(true);
    expect(needsNewResults(url(""), new URL("http://localhost/categories"))).toBe(true);
  });
});

describe("addressWithoutUnwrittenPrice", () => {
  it("drops only a max price from 10,000 to 24,900", () => {
    expect(addressWithoutUnwrittenPrice("?maxPrice=15000&guests=5")).toBe("?guests=5");
    expect(addressWithoutUnwrittenPrice("?maxPrice=10000")).toBe("");
    expect(addressWithoutUnwrittenPrice("?maxPrice=9900")).toBeNull();
    expect(addressWithoutUnwrittenPrice("?maxPrice=25000")).toBeNull();
    expect(addressWithoutUnwrittenPrice("?maxPrice=abc")).toBeNull();
    expect(addressWithoutUnwrittenPrice("")).toBeNull();
  });
});

describe("canonicalFilters", () => {
  const choices = {
    categories: [
      { id: "11111111-1111-4111-8111-111111111111", name: "Barn" },
      { id: "22222222-2222-4222-8222-222222222222", name: "Inn/B&B" },
    ],
    amenities: ["WiFi", "Bridal Suite"],
  };

  it("turns type names into ids, keeps ids, and drops unknown types and amenities", () => {
    const f = canonicalFilters(
      filters({
        categories: ["barn", "22222222-2222-4222-8222-222222222222", "Castle", "BARN"],
        amenities: ["wifi", "Helipad", "Bridal Suite"],
      }),
      choices,
    );
    expect(f.categories).toEqual([
      "11111111-1111-4111-8111-111111111111",
      "22222222-2222-4222-8222-222222222222",
    ]);
    expect(f.amenities).toEqual(["WiFi", "Bridal Suite"]);
  });
});

describe("analytics helpers", () => {
  it("names what was searched and which filters Apply set", () => {
    expect(searchTerm(filters({ q: "barn", location: "Vail" }))).toBe("barn Vail");
    expect(searchTerm(DEFAULT_FILTERS)).toBe("");
    const before = filters({ location: "Vail", amenities: ["WiFi"] });
    const after = filters({
      location: "Vail",
      guests: 100,
      maxPrice: 5000,
      region: "Foothills",
      categories: ["c1"],
      amenities: ["WiFi", "Parking"],
    });
    expect(appliedFilters(before, after)).toEqual([
      { filter_type: "region", filter_value: "Foothills" },
      { filter_type: "guests", filter_value: "100" },
      { filter_type: "maxPrice", filter_value: "5000" },
      { filter_type: "category", filter_value: "c1" },
      { filter_type: "amenity", filter_value: "Parking" },
    ]);
    expect(appliedFilters(after, after)).toEqual([]);
  });

  it("counts results in words that agree with the number", () => {
    expect(resultsCountLabel(0)).toBe("0 venues found");
    expect(resultsCountLabel(1)).toBe("1 venue found");
    expect(resultsCountLabel(12345)).toBe("12,345 venues found");
  });
});

describe("the map answer's address", () => {
  it("carries the filters, the box and the zoom, not the order, page or tab", () => {
    const href = mapAnswerUrl(
      filters({ location: "Vail", maxPrice: 15000, sort: "rating", page: 3, view: "list" }),
      { south: 38.123456789, west: -108.5, north: 40.1, east: -104 },
      7.6,
    );
    const u = new URL(href, "http://localhost");
    expect(u.pathname).toBe("/api/venues/map");
    expect(Object.fromEntries(u.searchParams)).toEqual({
      location: "Vail",
      maxPrice: "15000",
      bbox: "38.12346,-108.5,40.1,-104",
      zoom: "8",
    });
  });

  it("reads a box of four numbers only", () => {
    expect(parseBboxParam("38,-108.5,40.1,-104")).toEqual({
      south: 38,
      west: -108.5,
      north: 40.1,
      east: -104,
    });
    for (const bad of [null, "", "1,2,3", "a,b,c,d", "1,2,3,4,5", "1e3,2,3,4", "NaN,1,2,3"])
      expect(parseBboxParam(bad)).toBeNull();
  });
});

describe("resultsSeo", () => {
  const types = new Map([["t1", "Barn"]]);
  const seo = (query: string, page = 1, pageCount = 7, total = 160) =>
    resultsSeo(parseSearchParams(new URLSearchParams(query)), { total, page, pageCount }, (id) =>
      types.get(id),
    );

  it("keeps the spec's title on the first page of every venue, and numbers the others", () => {
    expect(seo("").title).toBe("Search Colorado Wedding Venues");
    expect(seo("", 3)).toEqual({
      title: "Colorado Wedding Venues — page 3 of 7",
      description:
        "Colorado wedding venues — page 3 of 7: venues 49 to 72 of 160, with prices, capacity, reviews and photos, in a list or on a map.",
    });
    expect(seo("", 7).description).toContain("venues 145 to 160 of 160");
  });

  it("says what a filtered set holds, and which page of it", () => {
    const { title, description } = seo(
      "category=t1&region=Foothills&guests=150&amenities=WiFi,Parking",
      2,
      3,
      50,
    );
    expect(title).toBe("Barn venues in the Foothills for 150+ guests with WiFi and Parking — page 2 of 3");
    expect(description).toBe(
      "50 Colorado wedding venues: barn venues in the Foothills for 150+ guests with WiFi and Parking — page 2 of 3. Compare prices, capacity, reviews and photos, in a list or on a map.",
    );
    expect(seo("location=Boulder&maxPrice=5000", 1, 1, 1).title).toBe(
      "Wedding venues in Boulder up to $5,000",
    );
    expect(seo("q=lake", 1, 1, 1).description).toMatch(/^1 Colorado wedding venue: /);
  });
});
