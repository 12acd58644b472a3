import Papa from "papaparse";
import { REGIONS } from "./catalog";
import { parsePrice } from "./price-range";
import { parseLocation, type AddressParts } from "./venue-address";
import { MAX_VENUE_IMAGES } from "./uploads";
import { VENUE_MAX } from "./validation/venue-submission";

// The admin's CSV import of venues (spec, admin area: sections 3, 5, 8 and 9; issue 12, item 5).
// Pure: bytes in, checked rows out. The service (services/imports.server.ts) reads the venue
// types, amenities and existing venues, plans the import with `planImport` and writes it.

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
  issuesFound: (n: number) => `${n} ${n === 1 ? "issue" : "issues"} found`,
  imported: (n: number) => `${n} imported`,
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

export type RowProblem = { row: number; name: string; problems: string[] };

const fail = (detail: string): ParsedCsv => ({ ok: false, error: csvMessages.parseFailed, detail });

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
          `The file has more than ${CSV_MAX_ROWS.toLocaleString("en-US")} rows: split it into smaller files.`,
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
  // A value past the header's last column is a comma that needed quotes.
  if (cells.slice(head.header.length).some((c) => c.trim() !== ""))
    problems.push({
      row,
      name: values.name,
      problems: [
        `Has ${cells.length} values but the header has ${head.header.length} columns (put quotes around values that contain commas)`,
      ],
    });
  else records.push({ row, values });
}

// ---------------------------------------------------------------------------------------------
// Checking a row
// ---------------------------------------------------------------------------------------------

/** What the checks need to know: the venue types and amenities as stored. */
export type Catalog = {
  categories: { id: string; name: string }[];
  amenities: string[];
};

/** A row that passed every check, in the shape of a venue. */
export type VenueRow = {
  row: number;
  name: string;
  description: string;
  location: string;
  address: AddressParts | null;
  region: string;
  website: string | null;
  phone: string | null;
  email: string | null;
  pricePerEvent: number | null;
  priceRange: string | null;
  priceLow: number | null;
  priceHigh: number | null;
  capacity: number | null;
  categoryId: string;
  categoryName: string;
  amenities: string[];
  images: string[];
  logoUrl: string | null;
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

function wholeNumber(value: string, label: string, problems: string[], max: number): number | null {
  if (value === "") return null;
  const n = parsePrice(value);
  if (n === null || n > max) {
    problems.push(`${label} "${clip(value, 20)}" is not a whole number`);
    return null;
  }
  return n;
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
 * numbers, email, website, https images. The price is built as the spec says: with both prices
 * the text '$low - $high', with one price that value as the single price.
 */
export function checkRecord(
  record: CsvRecord,
  catalog: Catalog,
): { ok: true; venue: VenueRow } | { ok: false; problems: string[] } {
  const v = record.values;
  const problems: string[] = [];
  const missing = REQUIRED_COLUMNS.filter((c) => v[c] === "");
  if (missing.length > 0) problems.push(`Missing required fields: ${missing.join(", ")}`);

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
  if (v.region && !region) problems.push(`Invalid region "${clip(v.region, 40)}": not one of the 8 regions`);

  const { categories, amenityByKey } = indexed(catalog);
  const category = v.category ? categories.get(nameKey(v.category)) : undefined;
  if (v.category && !category)
    problems.push(`Invalid category "${clip(v.category, 40)}": not one of the venue types`);

  const amenityNames = splitList(v.amenities);
  const unknown = amenityNames.filter((a) => !amenityByKey.has(nameKey(a)));
  if (unknown.length > 0)
    problems.push(`Invalid amenities: ${unknown.map((a) => `"${clip(a, 40)}"`).join(", ")}`);
  const amenities = [...new Set(amenityNames.flatMap((a) => amenityByKey.get(nameKey(a)) ?? []))];

  const low = wholeNumber(v.lowPrice, "lowPrice", problems, 10_000_000);
  const high = wholeNumber(v.highPrice, "highPrice", problems, 10_000_000);
  if (low !== null && high !== null && low > high) problems.push("lowPrice is higher than highPrice");
  const capacity = wholeNumber(v.capacity.replace(/,/g, ""), "capacity", problems, 100_000);

  if (v.email && (v.email.length > FIELD_MAX.email || !EMAIL.test(v.email)))
    problems.push(`email "${clip(v.email, 40)}" is not an email address`);
  if (v.website && (v.website.length > FIELD_MAX.website || !WEBSITE.test(v.website)))
    problems.push(`website "${clip(v.website, 40)}" is not a web address`);

  const images = [...new Set(splitList(v.imageUrls))];
  if (images.length > MAX_VENUE_IMAGES) problems.push(`imageUrls has more than ${MAX_VENUE_IMAGES} images`);
  for (const url of images) {
    const problem = httpsUrlProblem(url);
    if (problem) problems.push(`imageUrls: ${problem}`);
  }
  const logoProblem = v.logoUrl ? httpsUrlProblem(v.logoUrl) : null;
  if (logoProblem) problems.push(`logoUrl: ${logoProblem}`);

  if (problems.length > 0 || !category || !region) return { ok: false, problems };
  const both = low !== null && high !== null;
  return {
    ok: true,
    venue: {
      row: record.row,
      name: v.name.replace(/\s+/g, " "),
      description: v.description,
      location: v.location.replace(/\s+/g, " "),
      address: parseLocation(v.location),
      region,
      website: v.website || null,
      phone: v.phone || null,
      email: v.email || null,
      pricePerEvent: both ? null : (low ?? high),
      priceRange: both ? `$${low} - $${high}` : null,
      priceLow: both ? low : null,
      priceHigh: both ? high : null,
      capacity,
      categoryId: category.id,
      categoryName: category.name,
      amenities,
      images,
      logoUrl: v.logoUrl || null,
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The plan: what the import will do, row by row (the preview shows it; the import carries it out)
// ---------------------------------------------------------------------------------------------

/** An existing venue a row may update: same name and location (compared as `nameKey` does). */
export type ExistingVenue = { id: string; name: string; location: string; isApproved: boolean };

export const venueKey = (name: string, location: string) => `${nameKey(name)}\u0000${nameKey(location)}`;

export type PlannedRow =
  | { row: number; action: "add"; venue: VenueRow }
  | { row: number; action: "update"; venue: VenueRow; existing: ExistingVenue }
  | { row: number; action: "skip"; name: string; problems: string[] };

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
  const byKey = new Map(existing.map((e) => [venueKey(e.name, e.location), e]));
  const seen = new Map<string, number>();
  const rows: PlannedRow[] = parsed.problems.map((p) => ({
    row: p.row,
    action: "skip" as const,
    name: p.name,
    problems: p.problems,
  }));
  for (const [i, record] of parsed.records.entries()) {
    if (i > 0 && i % PLAN_BATCH_ROWS === 0) await pause();
    const checked = checkRecord(record, catalog);
    if (!checked.ok) {
      rows.push({ row: record.row, action: "skip", name: record.values.name, problems: checked.problems });
      continue;
    }
    const key = venueKey(checked.venue.name, checked.venue.location);
    const first = seen.get(key);
    if (first !== undefined) {
      rows.push({
        row: record.row,
        action: "skip",
        name: checked.venue.name,
        problems: [`Same name and location as row ${first}`],
      });
      continue;
    }
    seen.set(key, record.row);
    const match = byKey.get(key);
    rows.push(
      match
        ? { row: record.row, action: "update", venue: checked.venue, existing: match }
        : { row: record.row, action: "add", venue: checked.venue },
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

export function previewRow(p: PlannedRow): PreviewRow {
  if (p.action === "skip") return { row: p.row, action: "skip", name: p.name, problems: p.problems };
  return {
    row: p.row,
    action: p.action,
    name: p.venue.name,
    location: p.venue.location,
    category: p.venue.categoryName,
    ...(p.action === "update" && !p.existing.isApproved ? { pending: true as const } : {}),
  };
}

/** The plan in one line per row, so the import can tell whether it still matches the preview. */
export const planSignature = (plan: ImportPlan) =>
  plan.rows.map((r) => `${r.row}:${r.action}${r.action === "update" ? `:${r.existing.id}` : ""}`).join("\n");

// ---------------------------------------------------------------------------------------------
// Files we give back: the template and the warnings
// ---------------------------------------------------------------------------------------------

export type ImportWarning = { row: number; message: string };

/** What an import did, row by row; the panel shows its counts and offers the warnings. */
export type RowOutcome = {
  row: number;
  outcome: "added" | "updated" | "skipped" | "failed";
  name: string;
  venueId?: string;
  message?: string;
};

export type ImportSummary = {
  importId: string;
  fileName: string;
  totalRows: number;
  imported: number;
  added: number;
  updated: number;
  /** Imported rows whose address the geocoder could not place (shown as 'Missing Coordinates'). */
  unplaced: number;
  warnings: ImportWarning[];
  rows: RowOutcome[];
};

/**
 * A CSV cell as spreadsheets read it back safely: quoted when needed, and a leading =, +, - or @
 * defused with an apostrophe so that a name from a file never runs as a formula (CSV injection).
 */
export function csvCell(value: string | number): string {
  let s = String(value);
  if (typeof value === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number)[]) => cells.map(csvCell).join(",");

/** The row warnings as a CSV file (with a BOM, so that Excel reads it as UTF-8). */
export function warningsCsv(warnings: ImportWarning[]): string {
  return `\uFEFF${[csvLine(["row", "warning"]), ...warnings.map((w) => csvLine([w.row, w.message]))].join("\r\n")}\r\n`;
}

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
