// What the /venues page and its map need beyond the filter rules of search.ts: the addresses the
// page loads from, when a change of address needs no new answer, the filter panel's choices, the
// analytics events, and the map answer's shape and address. Pure and isomorphic.
import { monthLabel, shortDayLabel } from "./dates";
import { MAX_PRICE } from "./catalog";
import type { Bbox } from "./map-grid";
import {
  hasPriceLimit,
  MAX_PRICE_URL_LIMIT,
  PAGE_SIZE,
  parseSearchParams,
  toSearchParams,
  type SearchFilters,
} from "./search";
import { countLabel, formatCurrency } from "./format";

// ---------------------------------------------------------------------------------------------
// Addresses
// ---------------------------------------------------------------------------------------------

/** A max price the spec keeps out of the address: 10,000 up to 24,900 (25,000 is no limit). */
export const isUnwrittenPrice = (maxPrice: number) => maxPrice >= MAX_PRICE_URL_LIMIT && maxPrice < MAX_PRICE;

/**
 * The query the page loads its results from: the spec's address (searchUrl) plus a max price of
 * 10,000 or more, which the spec does not write to the address. The page loads with it, then
 * takes it out of the address bar without loading again (see needsNewResults); a reload or a
 * shared link therefore forgets that limit, as the spec's rule implies (ADR 013).
 */
export function resultsParams(f: Partial<SearchFilters>): URLSearchParams {
  const params = toSearchParams(f);
  if (f.maxPrice !== undefined && isUnwrittenPrice(f.maxPrice)) {
    params.set("maxPrice", String(f.maxPrice));
    params.sort();
  }
  return params;
}

export function resultsUrl(f: Partial<SearchFilters>, pathname = "/venues"): string {
  const qs = resultsParams(f).toString();
  return qs ? `${pathname}?${qs}` : pathname;
}

/** What decides the results: every filter, the order and the page (not the List/Map tab). */
function resultsKey(params: URLSearchParams, withUnwrittenPrice: boolean): string {
  const f = { ...parseSearchParams(params), view: "map" as const };
  return (withUnwrittenPrice ? resultsParams(f) : toSearchParams(f)).toString();
}

/**
 * Whether going from one /venues address to another needs the server's answer again. Not when
 * only the tab changed, nor when the address merely lost a max price the spec does not write
 * (the page drops it from the address bar after loading with it). The same address again (a
 * chip that clears the last filter, 'Clear All' twice) loads again, as any navigation does.
 */
export function needsNewResults(current: URL, next: URL): boolean {
  if (current.pathname !== next.pathname || current.href === next.href) return true;
  const [a, b] = [current.searchParams, next.searchParams];
  if (resultsKey(a, true) === resultsKey(b, true)) return false;
  const nextPrice = parseSearchParams(b).maxPrice;
  const dropped = isUnwrittenPrice(parseSearchParams(a).maxPrice) && !isUnwrittenPrice(nextPrice);
  return !(dropped && nextPrice === MAX_PRICE && resultsKey(a, false) === resultsKey(b, false));
}

/** The address bar's form of a results address: without a max price the spec does not write. */
export function addressWithoutUnwrittenPrice(search: string): string | null {
  const params = new URLSearchParams(search);
  const raw = params.get("maxPrice");
  if (raw === null || !isUnwrittenPrice(parseSearchParams(params).maxPrice)) return null;
  params.delete("maxPrice");
  const qs = params.toString();
  return qs ? `?${qs}` : "";
}

// ---------------------------------------------------------------------------------------------
// The filter panel's choices
// ---------------------------------------------------------------------------------------------

export type SearchChoices = {
  categories: { id: string; name: string }[];
  amenities: string[];
};

/**
 * Filters as the page shows them: venue types named in the address (the category page links by
 * name) become their ids, so their boxes are ticked; types and amenities that do not exist are
 * dropped, like any other bad value; amenity names take the list's spelling.
 */
export function canonicalFilters(f: SearchFilters, choices: SearchChoices): SearchFilters {
  const typeId = new Map<string, string>();
  for (const c of choices.categories) {
    typeId.set(c.id.toLowerCase(), c.id);
    typeId.set(c.name.trim().toLowerCase(), c.id);
  }
  const amenity = new Map(choices.amenities.map((a) => [a.trim().toLowerCase(), a]));
  const unique = (list: (string | undefined)[]) => [...new Set(list.filter((v): v is string => !!v))];
  return {
    ...f,
    categories: unique(f.categories.map((c) => typeId.get(c.trim().toLowerCase()))),
    amenities: unique(f.amenities.map((a) => amenity.get(a.trim().toLowerCase()))),
  };
}

/** Spec: '{n} venue(s) found', in words that agree with the number. */
export function resultsCountLabel(total: number): string {
  return `${countLabel(total, "venue", "venues")} found`;
}

// ---------------------------------------------------------------------------------------------
// Search engines
// ---------------------------------------------------------------------------------------------

const SEARCH_TITLE = "Search Colorado Wedding Venues";
const SEARCH_DESCRIPTION =
  "Search Colorado wedding venues by town, guest count, price, region, venue type and amenities, in a list or on a map.";

const listed = (items: string[]) =>
  items.length < 2 ? (items[0] ?? "") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;

/**
 * The title and description of a page of results: the first page of all venues keeps the spec's
 * title; every other page and every filtered set says what it holds ('Barn venues in the
 * Foothills for 150+ guests — page 2 of 3'), so no two pages share them (issue 27).
 */
export function resultsSeo(
  f: SearchFilters,
  r: { total: number; page: number; pageCount: number },
  typeName: (id: string) => string | undefined,
): { title: string; description: string } {
  const types = f.categories.map(typeName).filter((n): n is string => !!n);
  const terms = [
    f.region && `in the ${f.region}`,
    f.location && `in ${f.location}`,
    f.venueName && `named “${f.venueName}”`,
    f.q && `matching “${f.q}”`,
    f.guests !== null && `for ${f.guests}+ guests`,
    hasPriceLimit(f) && `up to ${formatCurrency(f.maxPrice)}`,
    f.amenities.length > 0 && `with ${listed(f.amenities)}`,
    f.date && `free on ${shortDayLabel(f.date)}`,
    !f.date && f.month && `free in ${monthLabel(f.month)}`,
  ].filter((t): t is string => !!t);
  const page = r.page > 1 ? ` — page ${r.page} of ${r.pageCount}` : "";
  if (types.length === 0 && terms.length === 0)
    return page
      ? {
          title: `Colorado Wedding Venues${page}`,
          description: `Colorado wedding venues${page}: venues ${(r.page - 1) * PAGE_SIZE + 1} to ${Math.min(r.page * PAGE_SIZE, r.total)} of ${r.total}, with prices, capacity, reviews and photos, in a list or on a map.`,
        }
      : { title: SEARCH_TITLE, description: SEARCH_DESCRIPTION };
  const what = [types.length ? `${listed(types)} venues` : "Wedding venues", ...terms].join(" ");
  return {
    title: `${what}${page}`,
    description: `${countLabel(r.total, "Colorado wedding venue", "Colorado wedding venues")}: ${what.charAt(0).toLowerCase()}${what.slice(1)}${page}. Compare prices, capacity, reviews and photos, in a list or on a map.`,
  };
}

// ---------------------------------------------------------------------------------------------
// Analytics (spec: search (search_term, results_count), filter_applied (filter_type, filter_value))
// ---------------------------------------------------------------------------------------------

/** The words searched for: the free text, the location and the venue name. */
export function searchTerm(f: SearchFilters): string {
  return [f.q, f.location, f.venueName].filter(Boolean).join(" ");
}

export type AppliedFilter = { filter_type: string; filter_value: string };

/** The filters that 'Apply Filters' set or changed: one event each (a type or amenity per box). */
export function appliedFilters(before: SearchFilters, after: SearchFilters): AppliedFilter[] {
  const out: AppliedFilter[] = [];
  const add = (filter_type: string, filter_value: string) => out.push({ filter_type, filter_value });
  if (after.location && after.location !== before.location) add("location", after.location);
  if (after.venueName && after.venueName !== before.venueName) add("venueName", after.venueName);
  if (after.region && after.region !== before.region) add("region", after.region);
  if (after.guests !== null && after.guests !== before.guests) add("guests", String(after.guests));
  if (after.maxPrice < MAX_PRICE && after.maxPrice !== before.maxPrice)
    add("maxPrice", String(after.maxPrice));
  for (const c of after.categories) if (!before.categories.includes(c)) add("category", c);
  for (const a of after.amenities) if (!before.amenities.includes(a)) add("amenity", a);
  if (after.date && after.date !== before.date) add("date", after.date);
  if (after.month && after.month !== before.month) add("month", after.month);
  if (after.confirmed && !before.confirmed && (after.date || after.month)) add("confirmed", "1");
  return out;
}

// ---------------------------------------------------------------------------------------------
// The map
// ---------------------------------------------------------------------------------------------

/** Spec section 9: the default centre, zoom 5 without the visitor's position and 9 with it; fitting
 *  to the results never zooms in beyond 10. */
export const MAP_VIEW = {
  center: [39.55, -105.78] as [number, number],
  zoom: 5,
  userZoom: 9,
  maxFitZoom: 10,
} as const;

/** From this zoom on, the map answer shows each venue of a box holding few (ADR 005): a cluster
 *  whose venues all share one position jumps there at once. */
export const MAP_ALL_POINTS_ZOOM = 15;

export type MapCluster = {
  count: number;
  /** The members' mean position. */
  lat: number;
  lng: number;
  /** The members' extent as [south, west, north, east]: zoom to it on click. */
  bounds: [number, number, number, number];
};

export type MapPoint = {
  id: string;
  name: string;
  /** The venue page, /venue/{slug}-{id}. */
  path: string;
  lat: number;
  lng: number;
  /** The first usable image at popup size, or the default picture. */
  image: string;
  /** The card's price line (spec section 9), e.g. '$2,000 - $5,000' or 'Contact for pricing'. */
  price: string;
  rating: number;
  reviewCount: number;
};

export type MapAnswer = {
  /** The zoom the grid was built for (a whole number, 0-20). */
  zoom: number;
  /** Matching venues with a map position inside the box. */
  total: number;
  clusters: MapCluster[];
  points: MapPoint[];
  /** [south, west, north, east] of every match with a position, in the box or not: fit the map to it. */
  extent: [number, number, number, number] | null;
};

export const MAP_ANSWER_PATH = "/api/venues/map";

const coord = (n: number) => String(Math.round(n * 1e5) / 1e5);

/** The map answer's address: the filters (not the order, page or tab), `bbox` as south,west,north,east, and `zoom`. */
export function mapAnswerUrl(f: SearchFilters, bbox: Bbox, zoom: number): string {
  const params = resultsParams({ ...f, sort: "featured", page: 1, view: "map" });
  params.set("bbox", [bbox.south, bbox.west, bbox.north, bbox.east].map(coord).join(","));
  params.set("zoom", String(Math.round(zoom)));
  return `${MAP_ANSWER_PATH}?${params}`;
}

/** `bbox=south,west,north,east` as four numbers (normalizeBbox checks their ranges), else null. */
export function parseBboxParam(value: string | null): Partial<Bbox> | null {
  const parts = (value ?? "").split(",");
  if (parts.length !== 4 || parts.some((p) => !/^\s*-?\d+(\.\d+)?\s*$/.test(p))) return null;
  const [south, west, north, east] = parts.map(Number);
  return { south, west, north, east };
}
