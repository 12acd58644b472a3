import { REGIONS } from "../catalog";
import { formatNumber } from "../format";
import { MAX_VENUE_IMAGES } from "../uploads";
import { VENUE_MAX } from "../validation/venue-submission";
import type { AmenityItem } from "../venue";
import { checkPriced, type PricedFields, type PricedRow } from "./priced";
import {
  CLEAR_CELL,
  clip,
  LIST_SEPARATOR,
  readCell,
  REQUIRED_COLUMNS,
  SPEC_COLUMNS,
  type CsvRecord,
  type SpecColumn,
} from "./read";

// Checking a row of the CSV import (spec, admin area: section 5; ADR 012): what the file says,
// cell by cell, or why the row is skipped. Pure: the catalog and the venue it updates come in.

const FIELD_MAX = {
  name: VENUE_MAX.name,
  description: VENUE_MAX.description,
  location: 300,
  website: 2048,
  phone: 40,
  email: 254,
  url: 2048,
} as const;

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** What the checks need to know: the venue types and amenities as stored. */
export type Catalog = {
  categories: { id: string; name: string }[];
  amenities: string[];
};

/** The columns of a venue an import reads and writes (`category` is the venue type's name). */
export type VenueFields = {
  name: string;
  description: string;
  location: string;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  postalCode: string | null;
  region: string | null;
  website: string | null;
  phone: string | null;
  email: string | null;
  pricePerEvent: number | null;
  priceRange: string | null;
  priceLow: number | null;
  priceHigh: number | null;
  capacity: number | null;
  categoryId: string | null;
  category: string | null;
  amenities: AmenityItem[];
  images: string[];
  logoUrl: string | null;
} & PricedFields;

// Cell helpers of ./read.ts (./priced.ts reads them there), still offered here to their callers.
export { CLEAR_CELL, clip };

/** An optional cell: undefined when blank (an update keeps the venue's value), null when cleared. */
export type Given<T> = T | null | undefined;

/** A row that passed every check: what the file says, cell by cell. */
export type VenueRow = {
  row: number;
  name: string;
  description: string;
  location: string;
  region: string;
  categoryId: string;
  category: string;
  website: Given<string>;
  phone: Given<string>;
  email: Given<string>;
  lowPrice: Given<number>;
  highPrice: Given<number>;
  capacity: Given<number>;
  amenities: Given<string[]>;
  /** Added after the venue's own images. */
  images: string[];
  /** Set on a venue that has no logo. */
  logoUrl: string | null;
  /** Issue 43's columns the file has: the pricing model's and the facts' fields, a confirmation day. */
  priced: PricedRow;
  /** The row is imported, but the admin should know (shown in the preview and the summary). */
  warnings: string[];
};

/** Names compared the way the spec's checks compare them: case and surrounding spaces ignored. */
export const nameKey = (s: string) => s.normalize("NFC").replace(/\s+/g, " ").trim().toLowerCase();

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const WEBSITE = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?([/?#]\S*)?$/i;

export const splitList = (cell: string) =>
  cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * The amenities of a cell: separated by semicolons or, inside a quoted cell, by commas, as other
 * directories' files write them (issue 43). An amenity whose own name has a comma ('Tables,
 * chairs and linens', an admin may add one) is kept whole: at each comma the longest run of
 * pieces that names one wins. `commas` (the most in one name) bounds the runs tried.
 */
export function splitAmenities(cell: string, known: Map<string, string>, commas: number): string[] {
  const names: string[] = [];
  for (const part of cell.split(LIST_SEPARATOR)) {
    const pieces = part.split(",");
    for (let i = 0; i < pieces.length;) {
      let n = Math.min(commas + 1, pieces.length - i);
      while (n > 1 && !known.has(nameKey(pieces.slice(i, i + n).join(",")))) n--;
      const name = pieces
        .slice(i, i + n)
        .join(",")
        .trim();
      if (name) names.push(name);
      i += n;
    }
  }
  return names;
}

/** An image address we accept: https only, a host name, no credentials. */
export function httpsUrlProblem(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return `"${clip(value)}" is not a web address`;
  }
  if (url.protocol !== "https:") return `"${clip(value)}" must start with https://`;
  if (url.username || url.password) return `"${clip(value)}" must not contain a user name or password`;
  if (!url.hostname.includes(".")) return `"${clip(value)}" has no public host name`;
  if (value.length > FIELD_MAX.url) return `"${clip(value)}" is too long`;
  return null;
}

/** A number as spreadsheets write it: '2,500', '$2500', '4999.99', '5k'; null when it is not one. */
export function readNumber(text: string): number | null {
  const m = /^\$?(\d{1,3}(?:,\d{3})+|\d+)(\.\d+)?(k)?$/i.exec(text.replace(/\s+/g, ""));
  if (!m) return null;
  const n = Number(`${m[1]!.replace(/,/g, "")}${m[2] ?? ""}`) * (m[3] ? 1000 : 1);
  // 1.005k is 1004.9999999999999 in floating point: closer to a whole number than that is one.
  return Math.abs(n - Math.round(n)) < 1e-6 ? Math.round(n) : n;
}

const MAX_PRICE = 10_000_000;
const MAX_CAPACITY = 100_000;

/**
 * A price cell in whole dollars, as the price columns store them (issue 22: '4999.99' used to
 * become 4999 without a word). Cents are rounded to the nearest dollar, with a row warning.
 */
function priceCell(value: string, label: string, problems: string[], warnings: string[]) {
  const n = readNumber(value);
  if (n === null || n > MAX_PRICE) {
    problems.push(`${label} "${clip(value, 20)}" is not a price`);
    return undefined;
  }
  const dollars = Math.round(n);
  if (dollars !== n)
    warnings.push(`${label} ${value} was rounded to ${formatNumber(dollars)} (prices are whole dollars)`);
  return dollars;
}

/** A number of guests: a fraction is cut to the guests that fit, with a row warning. */
function capacityCell(value: string, problems: string[], warnings: string[]) {
  const n = readNumber(value);
  if (n === null || n > MAX_CAPACITY || value.includes("$")) {
    problems.push(`capacity "${clip(value, 20)}" is not a whole number`);
    return undefined;
  }
  const guests = Math.floor(n);
  if (guests !== n)
    warnings.push(`capacity ${value} is not a whole number of guests: ${formatNumber(guests)} was used`);
  return guests;
}

const regionByKey = new Map(REGIONS.map((r) => [nameKey(r), r as string]));

// The catalog's names by key, built once per catalog rather than once per row.
const indexes = new WeakMap<
  Catalog,
  {
    categories: Map<string, Catalog["categories"][number]>;
    amenityByKey: Map<string, string>;
    /** The most commas in one amenity's name. */
    amenityCommas: number;
  }
>();
function indexed(catalog: Catalog) {
  let index = indexes.get(catalog);
  if (!index) {
    index = {
      categories: new Map(catalog.categories.map((c) => [nameKey(c.name), c])),
      amenityByKey: new Map(catalog.amenities.map((a) => [nameKey(a), a])),
      amenityCommas: Math.max(0, ...catalog.amenities.map((a) => a.split(",").length - 1)),
    };
    indexes.set(catalog, index);
  }
  return index;
}

/**
 * Spec section 5 per row: name, description, location, region and category required; the
 * category one of the venue types and every amenity one of the amenities (names compared without
 * case and surrounding spaces); the region one of the 8. Our additions keep bad data out: lengths,
 * numbers, email, website, https images. `current` is the venue the row updates, if any: the
 * image and logo addresses it already has pass as they are (an export writes them back).
 */
export function checkRecord(
  record: CsvRecord,
  catalog: Catalog,
  current?: VenueFields,
): { ok: true; venue: VenueRow } | { ok: false; problems: string[] } {
  const raw = record.values;
  // A cell the export defused with an apostrophe reads as the value it was.
  const v = Object.fromEntries(SPEC_COLUMNS.map((c) => [c, readCell(raw[c])])) as Record<SpecColumn, string>;
  /** Blank: undefined (keep); CLEAR_CELL: null (clear); else what `read` makes of the value. */
  const given = <T>(column: SpecColumn, read: (value: string) => T | undefined): Given<T> =>
    raw[column] === "" ? undefined : raw[column] === CLEAR_CELL ? null : read(v[column]);
  const problems: string[] = [];
  const warnings: string[] = [];
  const missing = REQUIRED_COLUMNS.filter((c) => v[c] === "");
  if (missing.length > 0) problems.push(`Missing required fields: ${missing.join(", ")}`);
  const cleared = REQUIRED_COLUMNS.filter((c) => raw[c] === CLEAR_CELL);
  if (cleared.length > 0) problems.push(`Required fields cannot be cleared: ${cleared.join(", ")}`);
  for (const column of ["imageUrls", "logoUrl"] as const)
    if (raw[column] === CLEAR_CELL)
      problems.push(`${column} cannot be cleared by an import: remove images on the venue's edit page`);

  for (const [column, max] of [
    ["name", FIELD_MAX.name],
    ["description", FIELD_MAX.description],
    ["location", FIELD_MAX.location],
    ["phone", FIELD_MAX.phone],
  ] as const)
    if (v[column].length > max) problems.push(`${column} is longer than ${max} characters`);
  // Issue 43's columns are checked by the form's rules, which refuse these characters too.
  for (const column of SPEC_COLUMNS)
    if (CONTROL.test(v[column])) problems.push(`${column} contains unsupported characters`);

  const region = v.region ? regionByKey.get(nameKey(v.region)) : undefined;
  if (v.region && !region && !cleared.includes("region"))
    problems.push(`Invalid region "${clip(v.region, 40)}": not one of the 8 regions`);

  const { categories, amenityByKey, amenityCommas } = indexed(catalog);
  const category = v.category ? categories.get(nameKey(v.category)) : undefined;
  if (v.category && !category && !cleared.includes("category"))
    problems.push(`Invalid category "${clip(v.category, 40)}": not one of the venue types`);

  const amenities = given("amenities", (cell) => {
    const names = splitAmenities(cell, amenityByKey, amenityCommas);
    const unknown = names.filter((a) => !amenityByKey.has(nameKey(a)));
    if (unknown.length > 0)
      problems.push(`Invalid amenities: ${unknown.map((a) => `"${clip(a, 40)}"`).join(", ")}`);
    return [...new Set(names.flatMap((a) => amenityByKey.get(nameKey(a)) ?? []))];
  });

  const lowPrice = given("lowPrice", (s) => priceCell(s, "lowPrice", problems, warnings));
  const highPrice = given("highPrice", (s) => priceCell(s, "highPrice", problems, warnings));
  const capacity = given("capacity", (s) => capacityCell(s, problems, warnings));

  const email = given("email", (s) => s);
  if (email && (email.length > FIELD_MAX.email || !EMAIL.test(email)))
    problems.push(`email "${clip(email, 40)}" is not an email address`);
  const website = given("website", (s) => s);
  if (website && (website.length > FIELD_MAX.website || !WEBSITE.test(website)))
    problems.push(`website "${clip(website, 40)}" is not a web address`);

  const own = new Set([...(current?.images ?? []), current?.logoUrl ?? ""]);
  const images = raw.imageUrls === CLEAR_CELL ? [] : [...new Set(splitList(v.imageUrls))];
  if (images.length > MAX_VENUE_IMAGES) problems.push(`imageUrls has more than ${MAX_VENUE_IMAGES} images`);
  for (const url of images) {
    const problem = own.has(url) ? null : httpsUrlProblem(url);
    if (problem) problems.push(`imageUrls: ${problem}`);
  }
  const logoUrl = raw.logoUrl === CLEAR_CELL ? "" : v.logoUrl;
  const logoProblem = logoUrl && !own.has(logoUrl) ? httpsUrlProblem(logoUrl) : null;
  if (logoProblem) problems.push(`logoUrl: ${logoProblem}`);
  const priced = checkPriced(raw, problems);

  if (problems.length > 0 || !category || !region) return { ok: false, problems };
  return {
    ok: true,
    venue: {
      row: record.row,
      name: v.name.replace(/\s+/g, " "),
      description: v.description,
      location: v.location.replace(/\s+/g, " "),
      region,
      categoryId: category.id,
      category: category.name,
      website,
      phone: given("phone", (s) => s),
      email,
      lowPrice,
      highPrice,
      capacity,
      amenities,
      images,
      logoUrl: logoUrl || null,
      priced,
      warnings,
    },
  };
}
