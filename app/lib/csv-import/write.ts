import { CLEAR_CELL, type VenueFields } from "./check";
import { venueCells, type ImportWarning } from "./plan";
import {
  ADDED_COLUMNS,
  CSV_COLUMNS,
  defuse,
  LIST_SEPARATOR,
  readCell,
  SPEC_COLUMNS,
  type CsvColumn,
} from "./read";

// The CSV files we give back (ADR 012, issue 22): the export, in the import's own columns so that
// it imports back unchanged, the rows to look at, and the template. Cells a spreadsheet would run
// as formulas are defused. The inquiries' export writes its lines with `csvLine` too.

export const TEMPLATE_FILE_NAME = "venue_import_template.csv";

/** A CSV cell: defused (text only: a number is never a formula) and quoted when needed. */
export function csvCell(value: string | number): string {
  const s = typeof value === "string" ? defuse(value) : String(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number)[]) => cells.map(csvCell).join(",");

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
/** The export's first line: a BOM (so that Excel reads UTF-8) and the import's own columns. */
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
  // Issue 43's columns only where the file had them: a blank one would say "not stated".
  const columns = [
    ...SPEC_COLUMNS,
    ...ADDED_COLUMNS.filter((c) => warnings.some((w) => w.values?.[c] !== undefined)),
  ];
  const original = (w: ImportWarning) =>
    columns.map((c) => {
      const cell = w.values?.[c] ?? (c === "name" ? w.name : "");
      return cell === CLEAR_CELL ? cell : csvCell(readCell(cell));
    });
  const lines = [
    csvLine(["row", "status", "warning", ...columns]),
    ...warnings.map((w) => [csvLine([w.row, w.status, w.message]), ...original(w)].join(",")),
  ];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/**
 * `venue_import_template.csv`: every column and two example rows, the first with a pricing model
 * and facts (issue 43), the second with none.
 */
export function templateCsv(): string {
  const rows: Partial<Record<CsvColumn, string>>[] = [
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
      pricingBaseFee: "3500",
      pricingPerGuest: "85",
      pricingMinSpend: "12000",
      pricingMinimumOn: "all",
      pricingPeakMonths: ["6", "7", "8", "9"].join(LIST_SEPARATOR),
      pricingPeakPercent: "15",
      pricingWeekdayPercent: "20",
      siteFeeFriday: "4000",
      siteFeeSaturday: "5000",
      servicePercent: "20",
      serviceOnMinimum: "no",
      taxPercent: "8.9",
      fees: ["Cleaning 400", "Security 5 per guest"].join(LIST_SEPARATOR),
      seatedCapacity: "180",
      standingCapacity: "220",
      ceremonyCapacity: "200",
      rainPlanCapacity: "150",
      curfew: "22:00",
      noiseLimit: "Amplified music indoors after 9 pm",
      outsideCatering: "approved-list",
      alcohol: "licensed-bartender",
      elevationFeet: "5430",
      roadAccess: "Paved road, open all year",
      confirmedAt: "2026-03-02",
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
  const lines = [csvLine([...CSV_COLUMNS]), ...rows.map((r) => csvLine(CSV_COLUMNS.map((c) => r[c] ?? "")))];
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
