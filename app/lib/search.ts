// The search page's filters and their URL form (spec, public side: section 2 'Search page',
// section 5 'Search filtering' and 'Search URL parameters', section 9). Pure and isomorphic: the
// loader parses the URL with it, the filter panel writes the URL with it.
import { isDay, isMonth, monthLabel, shortDayLabel } from "./dates";
import { MAX_PRICE, REGIONS, type Region } from "./catalog";
import { formatCurrency } from "./format";

export { REGIONS, type Region } from "./catalog";

/** Results per page of the list. */
export const PAGE_SIZE = 24;
/** The price slider: 0 to 25,000 in steps of 100; 25,000 means no limit. */
export const PRICE_SLIDER = { min: 0, max: MAX_PRICE, step: 100 } as const;
/** Spec: maxPrice is written to the URL only below this value. */
export const MAX_PRICE_URL_LIMIT = 10000;

export const SEARCH_SORTS = [
  "featured",
  "price-asc",
  "price-desc",
  "estimate-asc",
  "estimate-desc",
  "rating",
  "reviews",
] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SORT_LABELS: Record<SearchSort, string> = {
  featured: "Featured",
  "price-asc": "Price: low to high",
  "price-desc": "Price: high to low",
  // By the estimate for the guest count (issue 24); without a guest count, as the price.
  "estimate-asc": "Estimated total: low to high",
  "estimate-desc": "Estimated total: high to low",
  rating: "Highest rated",
  reviews: "Most reviewed",
};
/** The sorts by the estimate for the guest count, and the price order each falls back to. */
export const ESTIMATE_SORTS: Partial<Record<SearchSort, "price-asc" | "price-desc">> = {
  "estimate-asc": "price-asc",
  "estimate-desc": "price-desc",
};

export const SEARCH_VIEWS = ["map", "list"] as const;
export type SearchView = (typeof SEARCH_VIEWS)[number];

export type SearchFilters = {
  /** Free text of the site's SearchAction: every word begins a word of the name, address, description or venue type. */
  q: string;
  location: string;
  venueName: string;
  region: Region | null;
  /** Keeps venues with capacity >= guests. */
  guests: number | null;
  /** Keeps venues whose lowest price is at most this; MAX_PRICE (25,000) means no limit. */
  maxPrice: number;
  /** Venue type ids (names are accepted too); a venue matches when it has any of them. */
  categories: string[];
  /** Amenity names; a venue matches when every one is on its list and included. */
  amenities: string[];
  /** The wedding date (`YYYY-MM-DD`): keeps venues free that day (issue 24, ADR 030). */
  date: string | null;
  /** Flexible: a month (`YYYY-MM`); keeps venues with at least one free day in it. A date wins over it. */
  month: string | null;
  /** With a date or month: only venues whose calendar is kept up to date say free (issue 41). */
  confirmed: boolean;
  /** With guests: only venues whose stated seated-dinner capacity holds them (issue 43). */
  seated: boolean;
  /** Only venues that state outside caterers are allowed (any, or from their list; issue 43). */
  outsideCatering: boolean;
  sort: SearchSort;
  /** 1-based page of the list. */
  page: number;
  view: SearchView;
};

export const DEFAULT_FILTERS: Readonly<SearchFilters> = Object.freeze({
  q: "",
  location: "",
  venueName: "",
  region: null,
  guests: null,
  maxPrice: MAX_PRICE,
  categories: [],
  amenities: [],
  date: null,
  month: null,
  confirmed: false,
  seated: false,
  outsideCatering: false,
  sort: "featured",
  page: 1,
  view: "map",
});

/** The filters that differ from the defaults: a page's data carries only these (issue 42). */
export function changedFilters(f: SearchFilters): Partial<SearchFilters> {
  const same = (key: string, value: unknown) =>
    JSON.stringify(value) === JSON.stringify(DEFAULT_FILTERS[key as keyof SearchFilters]);
  return Object.fromEntries(Object.entries(f).filter(([key, value]) => !same(key, value)));
}

/** Filters sent as `changedFilters`, whole again. */
export const withDefaults = (f: Partial<SearchFilters>): SearchFilters => ({ ...DEFAULT_FILTERS, ...f });

// Bounds that keep hostile URLs cheap; nobody types more than this.
const MAX_TEXT = 100;
const MAX_LIST = 25;
const MAX_GUESTS = 100_000;
const MAX_PAGE = 10_000;

const text = (v: string | null): string => (v ?? "").replace(/\s+/g, " ").trim().slice(0, MAX_TEXT);

/** A whole number in [min, max] written in plain digits, else null ("abc", "-5", "1e3", "2.5"). */
function wholeNumber(v: string | null, min: number, max: number): number | null {
  const s = (v ?? "").trim();
  if (!/^\d{1,12}$/.test(s)) return null;
  const n = Number(s);
  return n >= min && n <= max ? n : null;
}

/** Trimmed, non-empty, without case-insensitive duplicates, at most MAX_LIST. */
function uniqueList(values: string[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const raw of values) {
    const v = text(raw);
    if (!v || seen.has(v.toLowerCase())) continue;
    seen.add(v.toLowerCase());
    out.push(v);
    if (out.length === MAX_LIST) break;
  }
  return out;
}

/** The canonical region for an exact (case-insensitive) name, else null. */
export function parseRegion(v: string | null): Region | null {
  const s = text(v).toLowerCase();
  return REGIONS.find((r) => r.toLowerCase() === s) ?? null;
}

/** Reads filters from a URL's query. Bad values are ignored (the default applies), never thrown. */
export function parseSearchParams(params: URLSearchParams): SearchFilters {
  const maxPrice = wholeNumber(params.get("maxPrice"), 0, Number.MAX_SAFE_INTEGER);
  const sort = params.get("sort");
  const view = params.get("view");
  const date = text(params.get("date"));
  const month = text(params.get("month"));
  return {
    q: text(params.get("q")),
    location: text(params.get("location")),
    venueName: text(params.get("venueName")),
    region: parseRegion(params.get("region")),
    guests: wholeNumber(params.get("guests"), 1, MAX_GUESTS),
    maxPrice: maxPrice === null ? MAX_PRICE : Math.min(maxPrice, MAX_PRICE),
    categories: uniqueList(params.getAll("category")),
    amenities: uniqueList(params.getAll("amenities").flatMap((v) => v.split(","))),
    date: isDay(date) ? date : null,
    month: !isDay(date) && isMonth(month) ? month : null,
    confirmed: params.get("confirmed") === "1",
    seated: params.get("seated") === "1",
    outsideCatering: params.get("catering") === "outside",
    sort: SEARCH_SORTS.find((s) => s === sort) ?? DEFAULT_FILTERS.sort,
    page: wholeNumber(params.get("page"), 1, MAX_PAGE) ?? 1,
    view: SEARCH_VIEWS.find((s) => s === view) ?? DEFAULT_FILTERS.view,
  };
}

/**
 * Writes filters to a query, omitting defaults, in a fixed order so equal filters give equal URLs.
 *
 * Spec rules: maxPrice is written only below 10,000 (a limit from 10,000 to 24,900 is active on
 * the page but not kept in the address); `category` is written alone when exactly one type is
 * chosen, and for several types we repeat it (`category=a&category=b`): ids never contain commas,
 * but type names may one day, a repeated parameter needs no escaping rule, and the one-type form
 * stays exactly the spec's. `amenities` is one comma-separated value, as the spec says.
 */
export function toSearchParams(filters: Partial<SearchFilters>): URLSearchParams {
  const f = { ...DEFAULT_FILTERS, ...filters };
  const p = new URLSearchParams();
  const q = text(f.q);
  const location = text(f.location);
  const venueName = text(f.venueName);
  if (q) p.set("q", q);
  if (location) p.set("location", location);
  if (venueName) p.set("venueName", venueName);
  if (f.region && parseRegion(f.region)) p.set("region", f.region);
  if (f.guests !== null && Number.isInteger(f.guests) && f.guests >= 1) p.set("guests", String(f.guests));
  if (Number.isInteger(f.maxPrice) && f.maxPrice >= 0 && f.maxPrice < MAX_PRICE_URL_LIMIT)
    p.set("maxPrice", String(f.maxPrice));
  for (const c of uniqueList(f.categories)) p.append("category", c);
  const amenities = uniqueList(f.amenities.flatMap((a) => a.split(",")));
  if (amenities.length > 0) p.set("amenities", amenities.join(","));
  if (f.date && isDay(f.date)) p.set("date", f.date);
  else if (f.month && isMonth(f.month)) p.set("month", f.month);
  // Only with a date or month: without one there is no day to confirm.
  if (f.confirmed && ((f.date && isDay(f.date)) || (f.month && isMonth(f.month)))) p.set("confirmed", "1");
  // Only with a guest count: the seated capacity is compared with it.
  if (f.seated && f.guests !== null && f.guests >= 1) p.set("seated", "1");
  if (f.outsideCatering) p.set("catering", "outside");
  if (f.sort !== DEFAULT_FILTERS.sort) p.set("sort", f.sort);
  if (f.page > 1) p.set("page", String(f.page));
  if (f.view !== DEFAULT_FILTERS.view) p.set("view", f.view);
  return p;
}

/** `/venues` with the filters in its query. */
export function searchUrl(filters: Partial<SearchFilters>, pathname = "/venues"): string {
  const qs = toSearchParams(filters).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** Spec: a max price below 25,000 counts as an active filter. */
export const hasPriceLimit = (f: Pick<SearchFilters, "maxPrice">) => f.maxPrice < MAX_PRICE;

export type ActiveFilterKind =
  | "location"
  | "venueName"
  | "region"
  | "guests"
  | "maxPrice"
  | "category"
  | "amenity"
  | "date"
  | "month"
  | "confirmed"
  | "seated"
  | "outsideCatering";

export type ActiveFilter = {
  kind: ActiveFilterKind;
  /** The filter's own value: the text, the region, the number, the type id or the amenity name. */
  value: string;
  /** What the chip shows. */
  label: string;
  /** Stable React key. */
  key: string;
};

/**
 * The 'Active Filters' chips in the spec's order: location, venue name, region, guests ('N+'),
 * max price, each category, each amenity. `categoryName` turns a type id into its name.
 */
export function activeFilters(
  f: SearchFilters,
  categoryName: (idOrName: string) => string | undefined = () => undefined,
): ActiveFilter[] {
  const chips: ActiveFilter[] = [];
  const add = (kind: ActiveFilterKind, value: string, label: string) =>
    chips.push({ kind, value, label, key: `${kind}:${value}` });
  if (f.location) add("location", f.location, f.location);
  if (f.venueName) add("venueName", f.venueName, f.venueName);
  if (f.region) add("region", f.region, f.region);
  if (f.guests !== null) add("guests", String(f.guests), `${f.guests}+`);
  if (hasPriceLimit(f)) add("maxPrice", String(f.maxPrice), `Up to ${formatCurrency(f.maxPrice)}`);
  for (const c of f.categories) add("category", c, categoryName(c) ?? c);
  for (const a of f.amenities) add("amenity", a, a);
  if (f.date) add("date", f.date, `Free on ${shortDayLabel(f.date)}`);
  else if (f.month) add("month", f.month, `Free in ${monthLabel(f.month)} (flexible)`);
  if (f.confirmed && (f.date || f.month)) add("confirmed", "1", "Confirmed free only");
  if (f.seated && f.guests !== null) add("seated", "1", `Seats ${f.guests} for dinner`);
  if (f.outsideCatering) add("outsideCatering", "1", "Outside catering allowed");
  return chips;
}

/** What removing a one-value chip sets its filter back to (a type or an amenity is taken out of its list). */
const CLEARED: { [K in Exclude<ActiveFilterKind, "category" | "amenity">]: SearchFilters[K] } = {
  location: "",
  venueName: "",
  region: null,
  guests: null,
  maxPrice: MAX_PRICE,
  date: null,
  month: null,
  confirmed: false,
  seated: false,
  outsideCatering: false,
};

/** The filters without one chip, back on the first page. */
export function removeFilter(f: SearchFilters, chip: Pick<ActiveFilter, "kind" | "value">): SearchFilters {
  const next: SearchFilters = { ...f, page: 1 };
  if (chip.kind === "category") return { ...next, categories: f.categories.filter((c) => c !== chip.value) };
  if (chip.kind === "amenity") return { ...next, amenities: f.amenities.filter((a) => a !== chip.value) };
  return { ...next, [chip.kind]: CLEARED[chip.kind] };
}

/** 'Clear All': every filter and the free text back to the default; the sort and the tab stay. */
export function clearFilters(f: SearchFilters): SearchFilters {
  return { ...DEFAULT_FILTERS, sort: f.sort, view: f.view };
}

/** Spec: one region at a time; choosing the selected region again clears it. */
export function toggleRegion(f: SearchFilters, region: Region): SearchFilters {
  return { ...f, region: f.region === region ? null : region, page: 1 };
}

export function pageCountFor(total: number): number {
  return Math.max(1, Math.ceil(total / PAGE_SIZE));
}
