import Papa from "papaparse";
import { countLabel, formatNumber } from "../format";
import { nextTurn } from "../next-turn";

// Reading the admin's CSV import of venues (spec, admin area: sections 3, 5, 8 and 9; ADR 012):
// bytes in, records by column out. ./check.ts checks a row, ./plan.ts matches rows to venues and
// says what each changes, ./write.ts writes the files we give back (export, warnings, template).

/** Spec section 3: the columns of an import file, in the template's order. */
export const SPEC_COLUMNS = [
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
export type SpecColumn = (typeof SPEC_COLUMNS)[number];

/** Issue 43: the pricing model's columns (lib/estimate.ts, PricingModel). */
export const PRICING_COLUMNS = [
  "pricingBaseFee",
  "pricingPerGuest",
  "pricingMinSpend",
  "pricingMinimumOn",
  "pricingPeakMonths",
  "pricingPeakPercent",
  "pricingWeekdayPercent",
  "siteFeeWeekday",
  "siteFeeFriday",
  "siteFeeSaturday",
  "siteFeeSunday",
  "servicePercent",
  "serviceOnMinimum",
  "taxPercent",
  "fees",
] as const;
export type PricingColumn = (typeof PRICING_COLUMNS)[number];

/** Issue 43: capacity by layout and the house rules (lib/venue-facts.ts, VenueFacts). */
export const FACT_COLUMNS = [
  "seatedCapacity",
  "standingCapacity",
  "ceremonyCapacity",
  "rainPlanCapacity",
  "curfew",
  "noiseLimit",
  "outsideCatering",
  "alcohol",
  "elevationFeet",
  "roadAccess",
] as const;
export type FactColumn = (typeof FACT_COLUMNS)[number];

/**
 * Issue 43's columns, after the spec's. A file without one leaves that part of a venue as it is;
 * a blank cell in one means "not stated", as in the venue form.
 */
export const ADDED_COLUMNS = [...PRICING_COLUMNS, ...FACT_COLUMNS, "confirmedAt"] as const;
export type AddedColumn = (typeof ADDED_COLUMNS)[number];

export const CSV_COLUMNS = [...SPEC_COLUMNS, ...ADDED_COLUMNS] as const;
export type CsvColumn = (typeof CSV_COLUMNS)[number];

/** A row's cells: every spec column (blank when the file has none), issue 43's only when the file has them. */
export type CsvValues = Record<SpecColumn, string> & Partial<Record<AddedColumn, string>>;

/** Spec section 5: a row without one of these is skipped; a header without one refuses the file. */
export const REQUIRED_COLUMNS = ["name", "description", "location", "region", "category"] as const;

/**
 * Between the items of the `imageUrls`, `pricingPeakMonths` and `fees` cells (the column separator
 * is a comma). `amenities` takes commas too (./check.ts, splitAmenities).
 */
export const LIST_SEPARATOR = ";";

export { CSV_MAX_BYTES } from "../body-limits";

/**
 * A cell holding only this clears an optional field of the venue a row updates; a blank cell
 * leaves it as it is (issue 22). Images and a logo are never removed by an import.
 */
export const CLEAR_CELL = "-";

export const clip = (s: string, n = 60) => (s.length > n ? `${s.slice(0, n - 3)}...` : s);
export const CSV_MAX_ROWS = 10_000;

export const csvMessages = {
  parseFailed: "Failed to parse CSV file",
  uploadFailed: "Upload failed",
  issuesFound: (n: number) => `${countLabel(n, "issue", "issues")} found`,
  imported: (n: number) => `${formatNumber(n)} imported`,
  /** A workbook or another binary file renamed .csv (issue 22). */
  notCsv: "This is not a CSV file: save your workbook as CSV (UTF-8)",
  saveFailed: "Failed to save to database",
};

// ---------------------------------------------------------------------------------------------
// Reading the file
// ---------------------------------------------------------------------------------------------

/** One record of the file: its number (the header is record 1) and its values by column. */
export type CsvRecord = { row: number; values: CsvValues };

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
            `The first row must name the columns: ${SPEC_COLUMNS.join(", ")} ` +
            "(the pricing and facts columns may follow).",
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
  const values = Object.fromEntries(SPEC_COLUMNS.map((c) => [c, ""])) as CsvValues;
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
// Cells the export defused (./write.ts, csvCell)
// ---------------------------------------------------------------------------------------------

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

/** Where the import panel posts the file (preview, then import). */
export { ADMIN_IMPORT_PATH } from "../body-limits";
