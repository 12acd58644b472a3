import { describe, expect, it } from "vitest";
import { checkRecord } from "./check";
import { applyRow, planImport } from "./plan";
import { ADDED_COLUMNS, CSV_COLUMNS, defuse, readCell, type CsvRecord } from "./read";
import { csvCell, EXPORT_HEADER, templateCsv, venueCsvLine, warningsCsv } from "./write";
import { catalog, checked, HEADER, ok, stored } from "./test-fixtures";

describe("files we give back", () => {
  it("the template has the spec's header and two example rows that import cleanly", async () => {
    const parsed = await ok(templateCsv());
    expect(templateCsv().split("\r\n")[0]).toBe(`\uFEFF${HEADER}`);
    expect(parsed.records).toHaveLength(2);
    const plan = await planImport(
      parsed,
      {
        categories: [
          { id: "b", name: "Barn" },
          { id: "w", name: "Waterfront" },
        ],
        amenities: ["Outdoor Ceremony Space", "Bridal Suite", "Parking", "Scenic Views", "Dance Floor"],
      },
      [],
    );
    expect(plan.rows.map((r) => r.action)).toEqual(["add", "add"]);
  });

  it("defuses what a spreadsheet would run as a formula, as OWASP advises, and reads it back", () => {
    for (const [value, cell] of [
      ["=HYPERLINK(1)", "'=HYPERLINK(1)"],
      ["+1 303 555 0100", "'+1 303 555 0100"],
      ["-", "'-"],
      ["@SUM(A1)", "'@SUM(A1)"],
      ["\tx", "'\tx"],
      ["\rx", "'\rx"],
      // Quotes already there get one more, so that reading one back is exact.
      ["'=x", "''=x"],
      ["'plain", "'plain"],
      ["a=b", "a=b"],
      ["", ""],
    ] as const) {
      expect(defuse(value), JSON.stringify(value)).toBe(cell);
      expect(readCell(cell), JSON.stringify(cell)).toBe(value);
    }
    expect(csvCell("=HYPERLINK(1)")).toBe("'=HYPERLINK(1)");
    expect(csvCell("\r=1")).toBe(`"'\r=1"`);
    expect(csvCell('say "hi", ok')).toBe('"say ""hi"", ok"');
    expect(csvCell(-5)).toBe("-5");
  });

  it("writes a venue as a line the import reads back to the same venue, formulas and all", async () => {
    const venue = stored({
      name: '=HYPERLINK("https://evil.example","Barn")',
      description: '-- "quoted", with commas\nand a line break',
      // A phone of '-' is a value, not the cell that clears a phone.
      phone: "-",
      email: "@events@red.example",
    });
    const line = venueCsvLine(venue);
    expect(line.startsWith(`"'=HYPERLINK(""https://evil.example"",""Barn"")","'-- ""quoted""`)).toBe(true);
    expect(line).toContain(",https://red.example,'-,'@events@red.example,");
    const parsed = await ok(EXPORT_HEADER + line);
    // The email is not an email address: read back, it is refused as one, not as a formula.
    const r = checkRecord(parsed.records[0]!, catalog, venue);
    expect(!r.ok && r.problems).toEqual(['email "@events@red.example" is not an email address']);
    const fine = stored({ ...venue, email: "hi@red.example" });
    const back = await ok(EXPORT_HEADER + venueCsvLine(fine));
    const { venue: after, warnings } = applyRow(fine, checked(back.records[0]!.values, fine));
    expect(after).toEqual(fine);
    expect(warnings).toEqual([]);
  });

  it("warnings download as CSV: row, status, warning, then the row as the file gave it", async () => {
    const values = {
      ...Object.fromEntries(CSV_COLUMNS.map((c) => [c, ""])),
      name: "=cmd|' /C calc'!A0",
      description: "Desc",
      phone: "-",
      email: "'+1",
    } as CsvRecord["values"];
    const csv = warningsCsv([
      { row: 3, name: values.name, status: "skip", message: "Missing required fields: location", values },
    ]);
    const [header, line] = csv.split("\r\n");
    expect(header).toBe(`\uFEFFrow,status,warning,${HEADER}`);
    // The name defused; the '-' that clears the phone kept bare; a cell the export defused kept so.
    expect(line).toBe(
      "3,skip,Missing required fields: location,'=cmd|' /C calc'!A0,Desc,,,-,'+1,,,,,,,," +
        ",".repeat(ADDED_COLUMNS.length),
    );
    // Imported again, it reads as the file did (the first three columns are ignored).
    const again = await ok(csv);
    const read = (v: CsvRecord["values"]) => CSV_COLUMNS.map((c) => readCell(v[c] ?? ""));
    expect(read(again.records[0]!.values)).toEqual(read(values));
    expect(again.records[0]!.values.phone).toBe("-");
    expect(again.notices).toEqual(["Ignored columns: row, status, warning."]);
  });
});
