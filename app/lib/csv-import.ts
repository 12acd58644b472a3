import Papa from "papaparse";
import { REGIONS } from "./catalog";
import { parseLocation } from "./venue-address";
import { priceRangeText, type AmenityItem } from "./venue";
import { countLabel, formatNumber } from "./format";
import { MAX_VENUE_IMAGES } from "./uploads";
import { VENUE_MAX } from "./validation/venue-submission";

// The admin's CSV import of venues (spec, admin area: sections 3, 5, 8 and 9; issue 12, item 5).
// Pure: bytes in, checked rows out. The service (services/imports.server.ts) reads the venue
// types, amenities and existing venues, plans the import with `planImport` and writes it. Issue 22:
// an update applies only the cells a row fills (`applyRow`) and the preview shows what it changes
// (`diffVenue`); the export writes venues in the same columns (`venueCsvLine`), defusing cells a
// spreadsheet would run as formulas, which the import reads back (`defuse`, `readCell`).

/** Spec section 3: the columns of an import file, in the template's order. */
export const CSV_COLUMNS = [
  "name",
  "description",
  "location",
  "website",
  "phone",
  "email",
  "region",
  "lowPrice",
  "highPrice",
  "capacity",
  "category",
  "amenities",
  "imageUrls",
  "logoUrl",
] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** Spec section 5: a row without one of these is skipped; a header without one refuses the file. */
export const REQUIRED_COLUMNS = ["name", "description", "location", "region", "category"] as const;

/** Between the items of the `amenities` and `imageUrls` cells (the column separator is a comma). */
export const LIST_SEPARATOR = ";";

export { CSV_MAX_BYTES } from "./body-limits";
export const CSV_MAX_ROWS = 10_000;
export const TEMPLATE_FILE_NAME = "venue_import_template.csv";

export const csvMessages = {
  parseFailed: "Failed to parse CSV file",
  uploadFailed: "Upload failed",
  issuesFound: (n: number) => `${countLabel(n, "issue", "issues")} found`,
  imported: (n: number) => `${formatNumber(n)} imported`,
  /** A workbook or another binary file renamed .csv (issue 22). */
  notCsv: "This is not a CSV file: save your workbook as CSV (UTF-8)",
  saveFailed: "Failed to save to database",
};

const FIELD_MAX = {
  name: VENUE_MAX.name,
  description: VENUE_MAX.description,
  location: 300,
  website: 2048,
  phone: 40,
  email: 254,
  url: 2048,
} as const;

// ---------------------------------------------------------------------------------------------
// Reading the file
// ---------------------------------------------------------------------------------------------

/** One record of the file: its number (the header is record 1) and its values by column. */
export type CsvRecord = { row: number; values: Record<CsvColumn, string> };

export type ParsedCsv =
  | { ok: true; records: CsvRecord[]; notices: string[]; problems: RowProblem[] }
  | { ok: false; error: string; detail: string };

export type RowProblem = { row: number; name: string; problems: string[]; values: CsvRecord["values"] };

const fail = (detail: string): ParsedCsv => ({ ok: false, error: csvMessages.parseFailed, detail });

/** The first bytes of a zip archive (xlsx, ods) and of an OLE compound file (xls, older Office). */
const ZIP_MAGIC = [0x50, 0x4b, 0x03, 0x04];
const OLE_MAGIC = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

/**
 * Whether the bytes are a spreadsheet or another binary file rather than text: a workbook saved
 * as xlsx, xls or ods and renamed .csv, a picture... Text never holds a NUL byte (a UTF-16 file
 * does, and is not the UTF-8 the import asks for either), so a NUL anywhere is enough.
 */
export function isBinaryFile(bytes: Uint8Array): boolean {
  const starts = (magic: number[]) => magic.every((b, i) => bytes[i] === b);
  return starts(ZIP_MAGIC) || starts(OLE_MAGIC) || bytes.includes(0);
}

/**
 * The file's text: UTF-8 with or without a byte-order mark. A file that is not valid UTF-8 is
 * read as Windows-1252, which is what Excel's plain "CSV (Comma delimited)" writes.
 */
export function decodeCsv(bytes: Uint8Array): { text: string; notice?: string } {
  try {
    return { text: new TextDecoder("utf-8", { fatal: true, ignoreBOM: false }).decode(bytes) };
  } catch {
    return {
      text: new TextDecoder("windows-1252").decode(bytes),
      notice: "The file is not UTF-8: it was read as Windows-1252 (Excel's older CSV format).",
    };
  }
}

/** 'Low Price', 'low_price' and 'lowprice' all name the lowPrice column. */
const headerKey = (h: string) => h.toLowerCase().replace(/[\s_-]+/g, "");
const COLUMN_BY_KEY = new Map<string, CsvColumn>(CSV_COLUMNS.map((c) => [headerKey(c), c]));

// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** Lets other requests run between batches of rows: the next turn of the event loop. */
export const nextTurn = () =>
  new Promise<void>((resolve) =>
    typeof setImmediate === "function" ? setImmediate(resolve) : setTimeout(resolve, 0),
  );

export type ParseOptions = {
  /** Awaited between slices of the text (default: the next turn of the event loop). */
  pause?: () => Promise<void>;
  /** How much text Papa reads at a time, at least (a slice ends after a line break). */
  sliceChars?: number;
};

/**
 * The file's line break: the first one outside quotes (Excel writes CRLF, most others LF). Like
 * Papa's own guess, it looks at the first megabyte only.
 */
function lineBreak(text: string): "\r\n" | "\n" | "\r" {
  const breaks = /"[^"]*"|\r\n|\r|\n/g;
  const start = text.slice(0, 1024 * 1024);
  for (let m = breaks.exec(start); m; m = breaks.exec(start))
    if (!m[0].startsWith('"')) return m[0] as "\r\n" | "\n" | "\r";
  return "\n";
}

/** The header row: its cells, the column each names (null: ignored) and what to tell about it. */
type Head = { header: string[]; columns: (CsvColumn | null)[]; notices: string[] };

/** The header's columns, or why the file cannot be read. */
function readHeader(header: string[]): Head | ParsedCsv {
  const columns = header.map((h) => COLUMN_BY_KEY.get(headerKey(h.trim())) ?? null);
  const missing = REQUIRED_COLUMNS.filter((c) => !columns.includes(c));
  if (missing.length > 0) {
    const semicolons = header.length === 1 && header[0]!.includes(";");
    return fail(
      semicolons
        ? "The columns are separated by semicolons: save the file as CSV with commas (CSV UTF-8)."
        : `The header has no ${missing.join(", ")} ${missing.length === 1 ? "column" : "columns"}. ` +
            `The first row must name the columns: ${CSV_COLUMNS.join(", ")}.`,
    );
  }
  const repeated = CSV_COLUMNS.filter((c) => columns.filter((x) => x === c).length > 1);
  if (repeated.length > 0) return fail(`The header names ${repeated.join(", ")} more than once.`);
  const unknown = header.filter((h, i) => columns[i] === null && h.trim() !== "");
  const notices =
    unknown.length > 0
      ? [`Ignored ${unknown.length === 1 ? "column" : "columns"}: ${unknown.join(", ")}.`]
      : [];
  return { header, columns, notices };
}

/**
 * Splits the text into records with a real CSV parser (quoted fields with commas, doubled quotes
 * and line breaks; CRLF or LF) and maps them to the spec's columns. Record numbers count records,
 * not lines: a quoted line break does not shift them. Blank records are passed over (their
 * numbers are kept, as a spreadsheet's row numbers are) but count toward the row limit.
 *
 * Papa reads the text a slice at a time, one row at a time, and stops at the first row past the
 * limit: 10 MB of line breaks costs 10,001 rows, not ten million arrays (issue 21). Between
 * slices the server serves other requests.
 */
export async function parseCsv(text: string, opts: ParseOptions = {}): Promise<ParsedCsv> {
  const { pause = nextTurn, sliceChars = 64 * 1024 } = opts;
  const body = text.replace(/^\uFEFF/, "");
  // Not trim(): that would walk back over 10 MB of trailing line breaks.
  if (!/\S/.test(body)) return fail("The file is empty.");
  const newline = lineBreak(body);
  // The file's last line break ends its last row; it does not start a blank one.
  const end = body.endsWith(newline) ? body.length - newline.length : body.length;

  let head: Head | null = null;
  let failure: ParsedCsv | null = null;
  let row = 0; // the record's number: the header is 1
  const records: CsvRecord[] = [];
  const problems: RowProblem[] = [];
  // The parser under Papa.parse, fed slice by slice as Papa's own streamers feed it.
  const parser: Papa.Parser = new Papa.Parser({
    delimiter: ",",
    newline,
    step: ({ data, errors }: { data: string[][]; errors: Papa.ParseError[] }) => {
      row++;
      const cells = data[0] ?? [];
      if (errors.some((e) => e.code === "MissingQuotes" || e.code === "InvalidQuotes"))
        failure = fail(`Row ${row}: a quoted value is not closed (a " is missing or not doubled).`);
      else if (!head) {
        const read = readHeader(cells);
        if ("columns" in read) head = read;
        else failure = read;
      } else if (row - 1 > CSV_MAX_ROWS)
        failure = fail(
          `The file has more than ${formatNumber(CSV_MAX_ROWS)} rows: split it into smaller files.`,
        );
      else readRow(head, cells, row, records, problems);
      if (failure) parser.abort();
    },
  });
  // A slice ends after a line break; a row it leaves open (a quoted line break) starts the next,
  // which is at least as long as that row, so that an unclosed quote costs twice the text, not
  // its square.
  let rest = "";
  for (let at = 0; at < end && !failure;) {
    const next = body.indexOf(newline, at + Math.max(sliceChars, rest.length));
    const to = next < 0 || next >= end ? end : next + newline.length;
    const input = rest + body.slice(at, to);
    const { meta } = parser.parse(input, 0, to < end) as { meta: { cursor: number } };
    rest = input.slice(meta.cursor);
    at = to;
    if (at < end && !failure) await pause();
  }
  if (failure) return failure;
  if (records.length + problems.length === 0) return fail("The file has a header but no rows.");
  return { ok: true, records, notices: head!.notices, problems };
}

function readRow(head: Head, cells: string[], row: number, records: CsvRecord[], problems: RowProblem[]) {
  if (cells.every((c) => c.trim() === "")) return;
  const values = Object.fromEntries(CSV_COLUMNS.map((c) => [c, ""])) as Record<CsvColumn, string>;
  head.columns.forEach((c, k) => {
    const cell = cells[k] ?? "";
    // eslint-disable-next-line no-control-regex -- ASCII needs no normalising
    if (c) values[c] = (/^[\u0000-\u007f]*$/.test(cell) ? cell : cell.normalize("NFC")).trim();
  });
  // A value past the header's last column is a comma that needed quotes, or commas the row has
  // and the header has not: which cell is where cannot be known, so the row is not guessed at,
  // even when the extra cells are blank (issue 22).
  if (cells.length > head.header.length) {
    const blank = cells.slice(head.header.length).every((c) => c.trim() === "");
    problems.push({
      row,
      name: values.name,
      values,
      problems: [
        `Has ${formatNumber(cells.length)} values but the header has ${formatNumber(head.header.length)} columns ` +
          (blank
            ? "(remove the extra commas at the end of the row, or name the column in the header)"
            : "(put quotes around values that contain commas)"),
      ],
    });
  } else records.push({ row, values });
}

// ---------------------------------------------------------------------------------------------
// Checking a row
// ---------------------------------------------------------------------------------------------

/** What the checks need to know: the venue types and amenities as stored. */
export type Catalog = {
  categories: { id: string; name: string }[];
  amenities: string[];
};

/**
 * A cell holding only this clears an optional field of the venue a row updates; a blank cell
 * leaves it as it is (issue 22). Images and a logo are never removed by an import.
 */
export const CLEAR_CELL = "-";

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

const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 3)}...` : s);

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
  { categories: Map<string, Catalog["categories"][number]>; amenityByKey: Map<string, string> }
>();
function indexed(catalog: Catalog) {
  let index = indexes.get(catalog);
  if (!index) {
    index = {
      categories: new Map(catalog.categories.map((c) => [nameKey(c.name), c])),
      amenityByKey: new Map(catalog.amenities.map((a) => [nameKey(a), a])),
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
  const v = Object.fromEntries(CSV_COLUMNS.map((c) => [c, readCell(raw[c])])) as CsvRecord["values"];
  /** Blank: undefined (keep); CLEAR_CELL: null (clear); else what `read` makes of the value. */
  const given = <T>(column: CsvColumn, read: (value: string) => T | undefined): Given<T> =>
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
  for (const column of CSV_COLUMNS)
    if (CONTROL.test(v[column])) problems.push(`${column} contains unsupported characters`);

  const region = v.region ? regionByKey.get(nameKey(v.region)) : undefined;
  if (v.region && !region && !cleared.includes("region"))
    problems.push(`Invalid region "${clip(v.region, 40)}": not one of the 8 regions`);

  const { categories, amenityByKey } = indexed(catalog);
  const category = v.category ? categories.get(nameKey(v.category)) : undefined;
  if (v.category && !category && !cleared.includes("category"))
    problems.push(`Invalid category "${clip(v.category, 40)}": not one of the venue types`);

  const amenities = given("amenities", (cell) => {
    const names = splitList(cell);
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
      warnings,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// A venue as the import reads and writes it, and what a row changes
// ---------------------------------------------------------------------------------------------

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
};

/** A venue's two price cells: a range's ends, else its single price in lowPrice. */
const priceCells = (v: VenueFields): [number | null, number | null] =>
  v.priceLow !== null && v.priceHigh !== null ? [v.priceLow, v.priceHigh] : [v.pricePerEvent, null];

/** The spec's price from the two cells: both give '$low - $high', one gives the single price. */
function priceColumns(low: number | null, high: number | null) {
  const both = low !== null && high !== null;
  return {
    pricePerEvent: both ? null : (low ?? high),
    priceRange: both ? priceRangeText(low, high) : null,
    priceLow: both ? low : null,
    priceHigh: both ? high : null,
  };
}

const numberCell = (n: number | null) => (n === null ? "" : String(n));

/** A venue as a row of the import's own columns: what the export writes and the preview compares. */
export function venueCells(v: VenueFields): Record<CsvColumn, string> {
  const [low, high] = priceCells(v);
  return {
    name: v.name,
    description: v.description,
    location: v.location,
    website: v.website ?? "",
    phone: v.phone ?? "",
    email: v.email ?? "",
    region: v.region ?? "",
    lowPrice: numberCell(low),
    highPrice: numberCell(high),
    capacity: numberCell(v.capacity),
    category: v.category ?? "",
    amenities: v.amenities.map((a) => a.name).join(LIST_SEPARATOR),
    imageUrls: v.images.join(LIST_SEPARATOR),
    logoUrl: v.logoUrl ?? "",
  };
}

/**
 * The venue a row makes: a new one (`current` null) or `current` updated. A blank cell keeps the
 * venue's value and CLEAR_CELL clears it (issue 22); each price cell is kept or set on its own, and
 * a price whose two cells do not change keeps its text ('From $5,000'). An amenity the venue has
 * keeps its 'at extra cost' mark, which the file cannot say. Images are added after the venue's
 * own, 10 at most; a logo is set only where there is none. Problems refuse the row; warnings
 * do not.
 */
export function applyRow(
  current: VenueFields | null,
  row: VenueRow,
): { venue: VenueFields; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const keep = <T>(value: Given<T>, old: T | null | undefined): T | null =>
    value === undefined ? (old ?? null) : value;

  const [oldLow, oldHigh] = current ? priceCells(current) : [null, null];
  const low = keep(row.lowPrice, oldLow);
  const high = keep(row.highPrice, oldHigh);
  if (low !== null && high !== null && low > high) problems.push("lowPrice is higher than highPrice");
  const price =
    current && low === oldLow && high === oldHigh
      ? {
          pricePerEvent: current.pricePerEvent,
          priceRange: current.priceRange,
          priceLow: current.priceLow,
          priceHigh: current.priceHigh,
        }
      : priceColumns(low, high);

  // The address parts of an unchanged location stay as they are (the edit form may have set them).
  const parts = current?.location === row.location ? null : parseLocation(row.location);
  const address =
    current?.location === row.location
      ? {
          addressLine1: current.addressLine1,
          addressLine2: current.addressLine2,
          city: current.city,
          postalCode: current.postalCode,
        }
      : {
          addressLine1: parts?.addressLine1 || null,
          addressLine2: parts?.addressLine2 || null,
          city: parts?.city || null,
          postalCode: parts?.postalCode || null,
        };

  const included = new Map((current?.amenities ?? []).map((a) => [nameKey(a.name), a.included]));
  const amenities =
    row.amenities === undefined
      ? (current?.amenities ?? [])
      : (row.amenities ?? []).map((name) => ({ name, included: included.get(nameKey(name)) ?? true }));

  const own = current?.images ?? [];
  const added = row.images.filter((u) => !own.includes(u));
  const room = Math.max(0, MAX_VENUE_IMAGES - own.length);
  if (added.length > room)
    warnings.push(
      `imageUrls: ${added.length - room} of the file's images not added (a venue has at most ${MAX_VENUE_IMAGES})`,
    );
  if (current?.logoUrl && row.logoUrl && row.logoUrl !== current.logoUrl)
    warnings.push("logoUrl: the venue's own logo is kept (an import never replaces a logo)");

  return {
    venue: {
      name: row.name,
      description: row.description,
      location: row.location,
      ...address,
      region: row.region,
      website: keep(row.website, current?.website),
      phone: keep(row.phone, current?.phone),
      email: keep(row.email, current?.email),
      ...price,
      capacity: keep(row.capacity, current?.capacity),
      categoryId: row.categoryId,
      category: row.category,
      amenities,
      images: [...own, ...added.slice(0, room)],
      logoUrl: current?.logoUrl ?? row.logoUrl,
    },
    problems,
    warnings,
  };
}

/** One column a row changes, as the file writes it: old -> new (empty: blank). */
export type FieldChange = { field: CsvColumn; from: string; to: string };

/** The columns whose cells differ between two versions of a venue, in the file's order. */
export function diffVenue(before: VenueFields, after: VenueFields): FieldChange[] {
  const a = venueCells(before);
  const b = venueCells(after);
  return CSV_COLUMNS.flatMap((field) =>
    a[field] === b[field] ? [] : [{ field, from: a[field], to: b[field] }],
  );
}

// ---------------------------------------------------------------------------------------------
// The plan: what the import will do, row by row (the preview shows it; the import carries it out)
// ---------------------------------------------------------------------------------------------

/**
 * An existing venue a row may update (same name and location, compared as `nameKey` does);
 * `placed`: it has valid coordinates, which an update keeps.
 */
export type ExistingVenue = { id: string; isApproved: boolean; placed: boolean; venue: VenueFields };

export const venueKey = (name: string, location: string) => `${nameKey(name)}\u0000${nameKey(location)}`;

/** `input`: what the row says; `venue`: the venue it makes; `values`: the row as read. */
export type PlannedRow =
  | {
      row: number;
      action: "add";
      input: VenueRow;
      venue: VenueFields;
      warnings: string[];
      values: CsvRecord["values"];
    }
  | {
      row: number;
      action: "update";
      input: VenueRow;
      venue: VenueFields;
      existing: ExistingVenue;
      changes: FieldChange[];
      warnings: string[];
      values: CsvRecord["values"];
    }
  | { row: number; action: "skip"; name: string; problems: string[]; values: CsvRecord["values"] };

export type ImportPlan = { rows: PlannedRow[]; notices: string[] };

/** Rows checked between two pauses (20-25 ms of CPU in bench:import on our machines). */
const PLAN_BATCH_ROWS = 500;

/**
 * Each record checked, then matched: a row whose name and location match an existing venue
 * updates it; a second row for the same venue in one file is a problem (which one should win?).
 * Other requests are served between batches of rows (`pause`).
 */
export async function planImport(
  parsed: Extract<ParsedCsv, { ok: true }>,
  catalog: Catalog,
  existing: ExistingVenue[],
  pause: () => Promise<void> = nextTurn,
): Promise<ImportPlan> {
  const byKey = new Map(existing.map((e) => [venueKey(e.venue.name, e.venue.location), e]));
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = parsed.problems.map((p) => ({
    row: p.row,
    action: "skip" as const,
    name: readCell(p.name),
    problems: p.problems,
    values: p.values,
  }));
  for (const [i, record] of parsed.records.entries()) {
    if (i > 0 && i % PLAN_BATCH_ROWS === 0) await pause();
    const { row, values } = record;
    const name = readCell(values.name);
    const skip = (problems: string[]) => rows.push({ row, action: "skip", name, problems, values });
    const key = venueKey(name, readCell(values.location));
    const match = byKey.get(key);
    const checked = checkRecord(record, catalog, match?.venue);
    if (!checked.ok) {
      skip(checked.problems);
      continue;
    }
    const applied = applyRow(match?.venue ?? null, checked.venue);
    if (applied.problems.length > 0) {
      skip(applied.problems);
      continue;
    }
    const first = seen.get(key);
    if (first !== undefined) {
      skip([`Same name and location as row ${first}`]);
      continue;
    }
    seen.set(key, row);
    const planned = {
      row,
      input: checked.venue,
      venue: applied.venue,
      warnings: [...checked.venue.warnings, ...applied.warnings],
      values,
    };
    rows.push(
      match
        ? { ...planned, action: "update", existing: match, changes: diffVenue(match.venue, applied.venue) }
        : { ...planned, action: "add" },
    );
  }
  rows.sort((a, b) => a.row - b.row);
  return { rows, notices: parsed.notices };
}

/** What the preview shows of a planned row (no more than the table needs). */
export type PreviewRow = {
  row: number;
  action: PlannedRow["action"];
  name: string;
  location?: string;
  category?: string;
  problems?: string[];
  /** An update of a venue that is still pending approval. */
  pending?: true;
  /** An update's changes, old -> new (long texts shortened); empty when nothing changes. */
  changes?: FieldChange[];
  warnings?: string[];
  /** The row as read, for the warnings download: rows with problems or warnings only. */
  values?: CsvRecord["values"];
};

/** What the import would do with a file (the preview step); the panel shows it as it comes. */
export type ImportPreview = {
  fileName: string;
  rows: PreviewRow[];
  counts: { add: number; update: number; skip: number };
  notices: string[];
  /** Names this exact file and plan; the import must send it back. */
  token: string;
};

const CHANGE_SHOWN_CHARS = 200;

export function previewRow(p: PlannedRow): PreviewRow {
  if (p.action === "skip")
    return { row: p.row, action: "skip", name: p.name, problems: p.problems, values: p.values };
  return {
    row: p.row,
    action: p.action,
    name: p.venue.name,
    location: p.venue.location,
    category: p.venue.category ?? "",
    ...(p.action === "update"
      ? {
          ...(p.existing.isApproved ? {} : { pending: true as const }),
          changes: p.changes.map((c) => ({
            field: c.field,
            from: clip(c.from, CHANGE_SHOWN_CHARS),
            to: clip(c.to, CHANGE_SHOWN_CHARS),
          })),
        }
      : {}),
    ...(p.warnings.length > 0 ? { warnings: p.warnings, values: p.values } : {}),
  };
}

/**
 * The plan in one line per row, so the import can tell whether it still matches the preview:
 * the action, the venue updated, what changes and what is warned about.
 */
export const planSignature = (plan: ImportPlan) =>
  plan.rows
    .map((r) =>
      r.action === "skip"
        ? `${r.row}:skip`
        : [
            r.row,
            r.action,
            ...(r.action === "update" ? [r.existing.id, JSON.stringify(r.changes)] : []),
            ...(r.warnings.length > 0 ? [JSON.stringify(r.warnings)] : []),
          ].join(":"),
    )
    .join("\n");

// ---------------------------------------------------------------------------------------------
// Files we give back: the template and the warnings
// ---------------------------------------------------------------------------------------------

/**
 * A row the admin should look at: skipped, failed, or imported with a warning. `status` is the
 * preview's action or the import's outcome; `values` is the row as the file gave it.
 */
export type ImportWarning = {
  row: number;
  name: string;
  status: PlannedRow["action"] | RowOutcome["outcome"];
  message: string;
  values?: CsvRecord["values"];
};

/** What an import did, row by row; the panel shows its counts and offers the warnings. */
export type RowOutcome = {
  row: number;
  outcome: "added" | "updated" | "skipped" | "failed";
  name: string;
  venueId?: string;
  /** Why it was skipped or failed, or what to know about it though it was imported. */
  message?: string;
  /** An update that found the venue already as the row says. */
  unchanged?: true;
};

export type ImportSummary = {
  importId: string;
  fileName: string;
  totalRows: number;
  imported: number;
  added: number;
  updated: number;
  /** Updates that changed nothing (the venue already was as the row says). */
  unchanged: number;
  /** Imported rows whose address the geocoder could not place (shown as 'Missing Coordinates'). */
  unplaced: number;
  warnings: ImportWarning[];
  rows: RowOutcome[];
};

// A spreadsheet runs a cell starting with one of these as a formula (CSV injection). OWASP's
// advice: put a single quote before it. A cell already starting with quotes then one of these
// gets one more, so that reading one quote back (`readCell`) always gives the value again.
const FORMULA = /^'*[=+\-@\t\r]/;
const DEFUSED = /^'+[=+\-@\t\r]/;

/** A value made safe for a spreadsheet: a leading =, +, -, @, tab or CR gets a single quote. */
export const defuse = (value: string) => (FORMULA.test(value) ? `'${value}` : value);

/**
 * The import's reading of a cell: the single quote `defuse` put there is dropped, so an export
 * imports back to the same values. (Excel shows a typed '=1 as =1 too.)
 */
export const readCell = (cell: string) => (DEFUSED.test(cell) ? cell.slice(1) : cell);

/** A CSV cell: defused (text only: a number is never a formula) and quoted when needed. */
export function csvCell(value: string | number): string {
  const s = typeof value === "string" ? defuse(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number)[]) => cells.map(csvCell).join(",");

/** The export's first line: a BOM (so that Excel reads UTF-8) and the import's own columns. */
/** A CSV download (whole or streamed as it is read), named `{name}-{today}.csv`, never cached. */
export const csvDownload = (body: BodyInit, name: string) =>
  new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${name}-${new Date().toISOString().slice(0, 10)}.csv"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });

export const EXPORT_HEADER = `\uFEFF${csvLine([...CSV_COLUMNS])}\r\n`;

/** One venue as a line of the export, which the import reads back to the same venue. */
export function venueCsvLine(v: VenueFields): string {
  const cells = venueCells(v);
  return `${csvLine(CSV_COLUMNS.map((c) => cells[c]))}\r\n`;
}

/**
 * The rows to look at as a CSV file: row number, status, warning, then the row as the file gave
 * it in the import's columns (the venue's name among them), so that the admin can fix the rows and
 * import this file again (the first three columns are ignored). A '-' that cleared a field stays
 * a bare '-'; other cells are written as the export writes them.
 */
export function warningsCsv(warnings: ImportWarning[]): string {
  const original = (w: ImportWarning) =>
    CSV_COLUMNS.map((c) => {
      const cell = w.values?.[c] ?? (c === "name" ? w.name : "");
      return cell === CLEAR_CELL ? cell : csvCell(readCell(cell));
    });
  const lines = [
    csvLine(["row", "status", "warning", ...CSV_COLUMNS]),
    ...warnings.map((w) => [csvLine([w.row, w.status, w.message]), ...original(w)].join(",")),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** The preview's rows to look at (skipped, or imported with a warning), for its download. */
export const previewWarnings = (rows: PreviewRow[]): ImportWarning[] =>
  rows.flatMap((r) => {
    const message = (r.action === "skip" ? r.problems : r.warnings)?.join("; ");
    return message ? [{ row: r.row, name: r.name, status: r.action, message, values: r.values }] : [];
  });

/** `venue_import_template.csv`: the spec's header and two example rows. */
export function templateCsv(): string {
  const rows: Record<CsvColumn, string>[] = [
    {
      name: "Aspen Meadow Barn",
      description:
        "A restored 1920s barn with a meadow ceremony site, string lights and views of the Flatirons.",
      location: "4500 Ridge Road, Boulder, Colorado 80302",
      website: "https://www.aspenmeadowbarn.example",
      phone: "(303) 555-0142",
      email: "events@aspenmeadowbarn.example",
      region: "Front Range North",
      lowPrice: "4000",
      highPrice: "9500",
      capacity: "180",
      category: "Barn",
      amenities: ["Outdoor Ceremony Space", "Bridal Suite", "Parking"].join(LIST_SEPARATOR),
      imageUrls: ["https://images.example.com/barn-1.jpg", "https://images.example.com/barn-2.jpg"].join(
        LIST_SEPARATOR,
      ),
      logoUrl: "https://images.example.com/barn-logo.png",
    },
    {
      name: "Lakeside Pavilion",
      description: 'Lakefront lawn and pavilion; "golden hour" photos on the dock.',
      location: "12 Shore Drive, Grand Lake, Colorado 80447",
      website: "",
      phone: "",
      email: "",
      region: "Western Slope North",
      lowPrice: "6500",
      highPrice: "",
      capacity: "120",
      category: "Waterfront",
      amenities: ["Scenic Views", "Dance Floor"].join(LIST_SEPARATOR),
      imageUrls: "",
      logoUrl: "",
    },
  ];
  const lines = [csvLine([...CSV_COLUMNS]), ...rows.map((r) => csvLine(CSV_COLUMNS.map((c) => r[c])))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Where the import panel posts the file (preview, then import). */
export { ADMIN_IMPORT_PATH } from "./body-limits";
