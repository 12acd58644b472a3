import { checkRecord, type Catalog, type VenueFields, type VenueRow } from "./check";
import { CSV_COLUMNS, parseCsv, type CsvRecord, type ParseOptions } from "./read";

// The rows, catalog and stored venue the CSV import's unit tests (./*.test.ts) share.

export const HEADER = CSV_COLUMNS.join(",");
export const catalog: Catalog = {
  categories: [
    { id: "c-barn", name: "Barn" },
    { id: "c-water", name: "Waterfront" },
  ],
  amenities: ["WiFi", "Parking", "Dance Floor"],
};

export const row = (over: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) =>
  CSV_COLUMNS.map((c) => {
    const v =
      over[c] ??
      {
        name: "Red Barn",
        description: "A barn",
        location: "1 Main St, Boulder, Colorado 80302",
        region: "Front Range North",
        category: "Barn",
      }[c as string] ??
      "";
    return /[",\n]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v;
  }).join(",");

export const ok = async (text: string, opts?: ParseOptions) => {
  const parsed = await parseCsv(text, opts);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed;
};

export const record = (values: Partial<CsvRecord["values"]>): CsvRecord => ({
  row: 2,
  values: { ...Object.fromEntries(CSV_COLUMNS.map((c) => [c, ""])), ...values } as CsvRecord["values"],
});

/** A venue as stored, for the update tests. */
export const stored = (over: Partial<VenueFields> = {}): VenueFields => ({
  name: "Red Barn",
  description: "A barn",
  location: "1 Main St, Boulder, Colorado 80302",
  addressLine1: "1 Main St",
  addressLine2: "Barn B",
  city: "Boulder",
  postalCode: "80302",
  region: "Front Range North",
  website: "https://red.example",
  phone: "(303) 555-0100",
  email: "hi@red.example",
  pricePerEvent: null,
  priceRange: "$2,000 - $5,000 in summer",
  priceLow: 2000,
  priceHigh: 5000,
  capacity: 150,
  categoryId: "c-barn",
  category: "Barn",
  amenities: [
    { name: "WiFi", included: true },
    { name: "Parking", included: false },
  ],
  images: ["/uploads/venues/v1/a-1600.webp"],
  logoUrl: "/uploads/venues/v1/logo-256.webp",
  pricingModel: null,
  facts: null,
  confirmedAt: null,
  ...over,
});

export const required = {
  name: "Red Barn",
  description: "A barn",
  location: "1 Main St, Boulder, Colorado 80302",
  region: "Front Range North",
  category: "Barn",
};

export function checked(values: Partial<CsvRecord["values"]>, current?: VenueFields): VenueRow {
  // A record's values as read from a file: every column there.
  const r = checkRecord(record(values), catalog, current);
  if (!r.ok) throw new Error(r.problems.join("; "));
  return r.venue;
}
