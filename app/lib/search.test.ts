import { describe, expect, it } from "vitest";
import {
  activeFilters,
  changedFilters,
  clearFilters,
  DEFAULT_FILTERS,
  PAGE_SIZE,
  pageCountFor,
  parseSearchParams,
  REGIONS,
  removeFilter,
  searchUrl,
  toggleRegion,
  toSearchParams,
  type SearchFilters,
  withDefaults,
} from "./search";

const parse = (qs: string) => parseSearchParams(new URLSearchParams(qs));
const filters = (f: Partial<SearchFilters>): SearchFilters => ({ ...DEFAULT_FILTERS, ...f });

describe("parseSearchParams", () => {
  it("reads nothing as the defaults: map view, featured order, no price limit", () => {
    expect(parse("")).toEqual(DEFAULT_FILTERS);
    expect(DEFAULT_FILTERS).toMatchObject({ maxPrice: 25000, view: "map", sort: "featured", page: 1 });
  });

  it("reads every parameter of the spec and ours", () => {
    expect(
      parse(
        "q=barn&location=Boulder&venueName=Aspen&region=Foothills&guests=120&maxPrice=5000" +
          "&category=c1&category=c2&amenities=WiFi,Bridal%20Suite&date=2027-06-12&confirmed=1" +
          "&seated=1&catering=outside&sort=rating&page=3&view=list",
      ),
    ).toEqual({
      q: "barn",
      location: "Boulder",
      venueName: "Aspen",
      region: "Foothills",
      guests: 120,
      maxPrice: 5000,
      categories: ["c1", "c2"],
      amenities: ["WiFi", "Bridal Suite"],
      date: "2027-06-12",
      month: null,
      confirmed: true,
      seated: true,
      outsideCatering: true,
      sort: "rating",
      page: 3,
      view: "list",
    });
  });

  it("reads a wedding date, or a month when there is no date; the URL writes one of them", () => {
    expect(parse("month=2027-07")).toMatchObject({ date: null, month: "2027-07" });
    expect(parse("date=2027-06-12&month=2027-07")).toMatchObject({ date: "2027-06-12", month: null });
    expect(parse("date=2027-02-30&month=2027-13")).toMatchObject({ date: null, month: null });
    expect(toSearchParams({ date: "2027-06-12", month: "2027-07" }).toString()).toBe("date=2027-06-12");
    expect(toSearchParams({ month: "2027-07" }).toString()).toBe("month=2027-07");
    const chips = activeFilters({ ...DEFAULT_FILTERS, month: "2027-07" });
    expect(chips.map((c) => c.label)).toEqual(["Free in July 2027 (flexible)"]);
    expect(removeFilter({ ...DEFAULT_FILTERS, month: "2027-07" }, chips[0]!).month).toBeNull();
  });

  it("ignores bad values instead of throwing", () => {
    const bad = parse(
      "guests=abc&maxPrice=-5&region=Atlantis&page=0&sort=cheapest&view=globe&location=%20%20&amenities=,,",
    );
    expect(bad).toEqual(DEFAULT_FILTERS);
    for (const qs of ["guests=0", "guests=2.5", "guests=1e3", "guests=-1", "guests=", "guests=999999999"])
      expect(parse(qs).guests).toBeNull();
    for (const qs of ["maxPrice=abc", "maxPrice=12.5", "maxPrice="]) expect(parse(qs).maxPrice).toBe(25000);
    for (const qs of ["page=-2", "page=x", "page=99999999"]) expect(parse(qs).page).toBe(1);
  });

  it("keeps region exact, only correcting letter case", () => {
    expect(parse("region=front%20range%20north").region).toBe("Front Range North");
    expect(parse("region=Front%20Range").region).toBeNull();
    expect(parse("region=Front%20Range%20North%20East").region).toBeNull();
  });

  it("caps maxPrice at 25000 (no limit) and accepts 0", () => {
    expect(parse("maxPrice=25000").maxPrice).toBe(25000);
    expect(parse("maxPrice=40000").maxPrice).toBe(25000);
    expect(parse("maxPrice=0").maxPrice).toBe(0);
    expect(parse("maxPrice=15000").maxPrice).toBe(15000);
  });

  it("trims and de-duplicates lists and text", () => {
    const f = parse(
      "location=%20Estes%20%20Park%20&category=a&category=%20a&category=b&amenities=WiFi,%20wifi%20,Parking",
    );
    expect(f.location).toBe("Estes Park");
    expect(f.categories).toEqual(["a", "b"]);
    expect(f.amenities).toEqual(["WiFi", "Parking"]);
    expect(parse(`q=${"x".repeat(500)}`).q).toHaveLength(100);
  });
});

describe("toSearchParams", () => {
  it("writes nothing for the defaults", () => {
    expect(toSearchParams(DEFAULT_FILTERS).toString()).toBe("");
    expect(searchUrl({})).toBe("/venues");
  });

  it("writes maxPrice only below 10000", () => {
    expect(toSearchParams({ maxPrice: 9900 }).get("maxPrice")).toBe("9900");
    expect(toSearchParams({ maxPrice: 0 }).get("maxPrice")).toBe("0");
    expect(toSearchParams({ maxPrice: 10000 }).has("maxPrice")).toBe(false);
    expect(toSearchParams({ maxPrice: 25000 }).has("maxPrice")).toBe(false);
  });

  it("writes category once for one type and repeats it for several", () => {
    expect(toSearchParams({ categories: ["c1"] }).toString()).toBe("category=c1");
    expect(toSearchParams({ categories: ["c1", "c2"] }).getAll("category")).toEqual(["c1", "c2"]);
  });

  it("writes amenities comma-separated, and page, sort and view only when not the default", () => {
    const p = toSearchParams({
      amenities: ["WiFi", "Dance Floor"],
      page: 2,
      sort: "price-asc",
      view: "list",
    });
    expect(p.get("amenities")).toBe("WiFi,Dance Floor");
    expect(p.get("page")).toBe("2");
    expect(p.get("sort")).toBe("price-asc");
    expect(p.get("view")).toBe("list");
    expect(toSearchParams({ page: 1, sort: "featured", view: "map" }).toString()).toBe("");
  });

  it("round-trips every parameter through the URL", () => {
    const all = filters({
      q: "mountain view",
      location: "Estes Park",
      venueName: "Lodge",
      region: "Denver Metro & Surrounding Areas",
      guests: 150,
      maxPrice: 7500,
      categories: ["3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b", "Barn"],
      amenities: ["WiFi", "Groom's Room", "Covered/Sheltered Area"],
      sort: "reviews",
      page: 4,
      view: "list",
    });
    expect(parseSearchParams(new URLSearchParams(toSearchParams(all).toString()))).toEqual(all);
    for (const region of REGIONS) expect(parse(toSearchParams({ region }).toString()).region).toBe(region);
    for (const sort of ["featured", "price-asc", "rating", "reviews"] as const)
      expect(parse(toSearchParams({ sort }).toString()).sort).toBe(sort);
    // Spec: a limit from 10,000 up is not kept in the address.
    expect(parse(toSearchParams({ maxPrice: 15000 }).toString()).maxPrice).toBe(25000);
  });

  it("drops invalid values it is given", () => {
    expect(toSearchParams({ guests: 0, maxPrice: -5, page: 0, location: "  " }).toString()).toBe("");
  });
});

describe("active filter chips", () => {
  const f = filters({
    q: "ignored",
    location: "Boulder",
    venueName: "Barn",
    region: "Foothills",
    guests: 100,
    maxPrice: 15000,
    categories: ["c1", "c2"],
    amenities: ["WiFi", "Parking"],
    page: 3,
  });

  it("lists the spec's chips in order, guests as 'N+', types by name", () => {
    const names: Record<string, string> = { c1: "Barn" };
    expect(activeFilters(f, (id) => names[id]).map((c) => [c.kind, c.label])).toEqual([
      ["location", "Boulder"],
      ["venueName", "Barn"],
      ["region", "Foothills"],
      ["guests", "100+"],
      ["maxPrice", "Up to $15,000"],
      ["category", "Barn"],
      ["category", "c2"],
      ["amenity", "WiFi"],
      ["amenity", "Parking"],
    ]);
    expect(activeFilters(DEFAULT_FILTERS)).toEqual([]);
    expect(activeFilters(filters({ maxPrice: 24900 })).map((c) => c.kind)).toEqual(["maxPrice"]);
  });

  it("removes one chip and goes back to the first page", () => {
    expect(removeFilter(f, { kind: "category", value: "c1" })).toMatchObject({ categories: ["c2"], page: 1 });
    expect(removeFilter(f, { kind: "amenity", value: "WiFi" }).amenities).toEqual(["Parking"]);
    expect(removeFilter(f, { kind: "maxPrice", value: "15000" }).maxPrice).toBe(25000);
    expect(removeFilter(f, { kind: "guests", value: "100" }).guests).toBeNull();
    expect(removeFilter(f, { kind: "region", value: "Foothills" }).region).toBeNull();
    expect(removeFilter(f, { kind: "location", value: "Boulder" }).location).toBe("");
    expect(removeFilter(f, { kind: "venueName", value: "Barn" }).venueName).toBe("");
  });

  it("clears everything but the sort and the tab", () => {
    expect(clearFilters({ ...f, sort: "rating", view: "list" })).toEqual({
      ...DEFAULT_FILTERS,
      sort: "rating",
      view: "list",
    });
  });

  it("selects one region at a time and clears it when chosen again", () => {
    const once = toggleRegion(f, "Central Mountains");
    expect(once.region).toBe("Central Mountains");
    expect(toggleRegion(once, "Central Mountains").region).toBeNull();
  });
});

describe("the filters a page's data carries", () => {
  it("are those that differ from the defaults, and make the same filters again", () => {
    expect(changedFilters(DEFAULT_FILTERS)).toEqual({});
    const f = filters({ q: "barn", amenities: ["WiFi"], guests: 120, page: 2, view: "list" });
    expect(changedFilters(f)).toEqual({ q: "barn", amenities: ["WiFi"], guests: 120, page: 2, view: "list" });
    expect(withDefaults(changedFilters(f))).toEqual(f);
  });
});

describe("paging", () => {
  it("has pages of 24 and at least one page", () => {
    expect(PAGE_SIZE).toBe(24);
    expect(pageCountFor(0)).toBe(1);
    expect(pageCountFor(24)).toBe(1);
    expect(pageCountFor(25)).toBe(2);
  });
});

describe("confirmed free only (issue 41)", () => {
  it("is read from confirmed=1, written only with a date or month, and has a chip", () => {
    const f = parseSearchParams(new URLSearchParams("date=2027-06-12&confirmed=1"));
    expect(f.confirmed).toBe(true);
    expect(toSearchParams(f).toString()).toBe("date=2027-06-12&confirmed=1");
    expect(toSearchParams({ confirmed: true }).toString()).toBe("");
    expect(activeFilters(f).map((c) => c.label)).toContain("Confirmed free only");
    expect(removeFilter(f, { kind: "confirmed", value: "1" }).confirmed).toBe(false);
  });
});

describe("seating and catering (issue 43)", () => {
  it("reads seated=1 and catering=outside, writes seated only with a guest count, and has chips", () => {
    const f = parseSearchParams(new URLSearchParams("guests=140&seated=1&catering=outside"));
    expect(f).toMatchObject({ guests: 140, seated: true, outsideCatering: true });
    expect(toSearchParams(f).toString()).toBe("guests=140&seated=1&catering=outside");
    expect(toSearchParams({ seated: true }).toString()).toBe("");
    expect(parseSearchParams(new URLSearchParams("catering=inside")).outsideCatering).toBe(false);
    expect(activeFilters(f).map((c) => c.label)).toEqual([
      "140+",
      "Seats 140 for dinner",
      "Outside catering allowed",
    ]);
    expect(removeFilter(f, { kind: "seated", value: "1" }).seated).toBe(false);
    expect(removeFilter(f, { kind: "outsideCatering", value: "1" }).outsideCatering).toBe(false);
  });
});
