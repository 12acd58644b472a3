import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { CSV_COLUMNS, decodeCsv, isBinaryFile, LIST_SEPARATOR, parseCsv, SPEC_COLUMNS } from "./read";
import { HEADER, ok, row } from "./test-fixtures";

describe("decodeCsv", () => {
  it("reads UTF-8 with and without a byte-order mark", async () => {
    const text = "name\nCafé";
    const bom = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode(text)]);
    expect(decodeCsv(bom).text).toBe(text);
    expect(decodeCsv(new TextEncoder().encode(text)).text).toBe(text);
  });

  it("falls back to Windows-1252 for Excel's older CSV and says so", async () => {
    const decoded = decodeCsv(new Uint8Array([0x43, 0x61, 0x66, 0xe9]));
    expect(decoded.text).toBe("Café");
    expect(decoded.notice).toMatch(/Windows-1252/);
  });
});

describe("isBinaryFile (issue 22)", () => {
  const bytes = (...b: number[]) => new Uint8Array(b);
  it("knows a workbook (xlsx and ods are zip archives, xls an OLE file) and any file with a NUL byte", () => {
    expect(isBinaryFile(bytes(0x50, 0x4b, 0x03, 0x04, 0x14, 0x00))).toBe(true);
    expect(isBinaryFile(bytes(0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0x00))).toBe(true);
    expect(isBinaryFile(new TextEncoder().encode("name,description\u0000,x"))).toBe(true);
    expect(isBinaryFile(bytes(0xff, 0xfe, 0x6e, 0x00))).toBe(true);
  });
  it("takes text as text: UTF-8, a BOM, Windows-1252, and a CSV whose first cell starts with PK", () => {
    expect(isBinaryFile(new TextEncoder().encode(`${HEADER}\nRed Barn,Zoë's`))).toBe(false);
    expect(isBinaryFile(bytes(0xef, 0xbb, 0xbf, 0x6e, 0x61))).toBe(false);
    expect(isBinaryFile(bytes(0x43, 0x61, 0x66, 0xe9))).toBe(false);
    expect(isBinaryFile(new TextEncoder().encode("PK Barn,desc"))).toBe(false);
    expect(isBinaryFile(bytes())).toBe(false);
  });
});

describe("parseCsv", () => {
  it("numbers records from 2, and a quoted line break does not shift them", async () => {
    const text = [
      HEADER,
      row({ name: "One" }),
      row({ name: "Two", description: "line one\nline two\r\nline three" }),
      row({ name: "Three" }),
    ].join("\r\n");
    const parsed = await ok(text);
    expect(parsed.records.map((r) => [r.row, r.values.name])).toEqual([
      [2, "One"],
      [3, "Two"],
      [4, "Three"],
    ]);
    expect(parsed.records[1]!.values.description).toBe("line one\nline two\r\nline three");
  });

  it("keeps quoted commas and doubled quotes inside a value, with CRLF or LF", async () => {
    for (const eol of ["\n", "\r\n"]) {
      const parsed = await ok([HEADER, row({ name: 'The "Big" Barn, Lyons' })].join(eol) + eol);
      expect(parsed.records).toHaveLength(1);
      expect(parsed.records[0]!.values.name).toBe('The "Big" Barn, Lyons');
    }
  });

  it("strips a BOM, reads header names without case, spaces or underscores, and ignores extra columns", async () => {
    const header = CSV_COLUMNS.map((c) => (c === "lowPrice" ? "Low Price" : c === "name" ? " NAME " : c));
    const parsed = await ok(`\uFEFF${[...header, "notes"].join(",")}\n${row({ lowPrice: "100" })},hello`);
    expect(parsed.records[0]!.values.lowPrice).toBe("100");
    expect(parsed.notices).toEqual(["Ignored column: notes."]);
  });

  it("passes over blank records but keeps the numbers of the ones after them", async () => {
    const parsed = await ok([HEADER, row({ name: "A" }), "", ",,,", row({ name: "B" }), ""].join("\n"));
    expect(parsed.records.map((r) => r.row)).toEqual([2, 5]);
  });

  it("refuses a header without a required column as a file-level error", async () => {
    const parsed = await parseCsv("name,description,location,region\nA,B,C,D");
    expect(parsed).toMatchObject({ ok: false, error: "Failed to parse CSV file" });
    expect(!parsed.ok && parsed.detail).toMatch(/no category column/);
  });

  it("explains a file separated by semicolons", async () => {
    const parsed = await parseCsv(CSV_COLUMNS.join(";") + "\nA;B");
    expect(!parsed.ok && parsed.detail).toMatch(/semicolons/);
  });

  it("refuses an unclosed quote, an empty file and a header alone", async () => {
    expect((await parseCsv(`${HEADER}\n"Open barn,desc`)).ok).toBe(false);
    expect((await parseCsv("")).ok).toBe(false);
    expect((await parseCsv(`${HEADER}\n`)).ok).toBe(false);
  });

  it("flags a row with more values than the header (an unquoted comma)", async () => {
    const parsed = await ok(`${HEADER}\n${row()},extra`);
    expect(parsed.records).toHaveLength(0);
    expect(parsed.problems[0]).toMatchObject({ row: 2, name: "Red Barn" });
    expect(parsed.problems[0]!.problems[0]).toContain(
      `${CSV_COLUMNS.length + 1} values but the header has ${CSV_COLUMNS.length} columns`,
    );
  });

  it("flags a row with more values than the header even when the extra cells are blank (issue 22)", async () => {
    const parsed = await ok(`${HEADER}\n${row()},,\n${row({ name: "Blue Barn" })}`);
    expect(parsed.records.map((r) => r.values.name)).toEqual(["Blue Barn"]);
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        row: 2,
        name: "Red Barn",
        problems: [
          `Has ${CSV_COLUMNS.length + 2} values but the header has ${CSV_COLUMNS.length} columns (remove the extra commas at the end of the row, or name the column in the header)`,
        ],
      }),
    ]);
  });

  it("agrees with a plain Papa.unparse round trip of awkward values", async () => {
    const values = CSV_COLUMNS.map((c) => (c === "description" ? 'a, "b"\nc' : c === "name" ? "X" : "y"));
    const parsed = await ok(Papa.unparse([[...CSV_COLUMNS], values], { newline: "\r\n" }));
    expect(parsed.records[0]!.values.description).toBe('a, "b"\nc');
  });
});

describe("parseCsv, a slice at a time (issue 21)", () => {
  const tooMany = /more than 10,000 rows/;
  const counted = () => {
    const pause = async () => void pause.calls++;
    pause.calls = 0;
    return pause;
  };

  it("takes 10,000 rows and refuses 10,001, blank rows included", async () => {
    const rows = (n: number) => Array.from({ length: n }, (_, i) => row({ name: `Barn ${i}` }));
    expect((await ok([HEADER, ...rows(10_000)].join("\r\n") + "\r\n")).records).toHaveLength(10_000);
    const over = await parseCsv([HEADER, ...rows(10_001)].join("\n"));
    expect(!over.ok && over.detail).toMatch(tooMany);
    // Blank rows count: 9,998 rows and 2 blank ones pass, 9,999 and 2 do not.
    const blanks = (n: number) => [HEADER, ...rows(n).slice(0, 5), "", ",,,", ...rows(n).slice(5)].join("\n");
    expect((await ok(blanks(9_998))).records).toHaveLength(9_998);
    const blank = await parseCsv(blanks(9_999));
    expect(!blank.ok && blank.detail).toMatch(tooMany);
  });

  it("stops at the row limit in 10 MB of line breaks, without reading the rest", async () => {
    for (const eol of ["\n", "\r\n", "\r"]) {
      const pause = counted();
      // The spec's header: the slices counted are the line breaks', not a longer header's.
      const header = SPEC_COLUMNS.join(",");
      const parsed = await parseCsv(header + eol.repeat(10 * 1024 * 1024), { pause, sliceChars: 4096 });
      expect(!parsed.ok && parsed.detail).toMatch(tooMany);
      // 10,001 line breaks take 3 to 5 slices of 4 KB; the whole text would take thousands.
      expect(pause.calls).toBeLessThan(5);
    }
  });

  it("reads the same records whatever the slices: quoted line breaks, CRLF, doubled quotes and a BOM", async () => {
    const text =
      "\uFEFF" +
      [
        HEADER,
        row({ name: "One", description: 'a "quoted"\r\nline break, and a comma' }),
        "",
        row({ name: 'Two ""', description: "\n\nstarts with line breaks\n" }),
        row({ name: "Three", amenities: `WiFi${LIST_SEPARATOR}Parking` }),
      ].join("\r\n") +
      "\r\n";
    const whole = await ok(text, { sliceChars: Infinity });
    expect(whole.records.map((r) => [r.row, r.values.name])).toEqual([
      [2, "One"],
      [4, 'Two ""'],
      [5, "Three"],
    ]);
    for (let sliceChars = 1; sliceChars <= text.length; sliceChars++) {
      const pause = counted();
      expect(await ok(text, { pause, sliceChars })).toEqual(whole);
      if (sliceChars < 100) expect(pause.calls).toBeGreaterThan(1);
    }
  });

  it("reads an unclosed quote in growing slices, not over and over", async () => {
    const pause = counted();
    const text = `${HEADER}\n${row()}\n"Open barn,${"desc\n".repeat(200_000)}`;
    const parsed = await parseCsv(text, { pause, sliceChars: 1024 });
    expect(!parsed.ok && parsed.detail).toMatch(/^Row 3: a quoted value is not closed/);
    // A slice at least as long as the open row before it: 11 slices for 1 MB, not 1,000.
    expect(pause.calls).toBeLessThan(15);
  });

  it("names the row of an unclosed or stray quote whatever the slices", async () => {
    for (const [text, rowNo] of [
      [`${HEADER}\n${row()}\n${row({ name: "x" })}\n"Open barn,desc\n${row()}\n`, 4],
      [`${HEADER}\n${row()}\n"Stray" quote,desc\n${row()}\n`, 3],
    ] as const)
      for (const sliceChars of [1, 7, 64, Infinity]) {
        const parsed = await parseCsv(text, { sliceChars });
        expect(!parsed.ok && parsed.detail).toBe(
          `Row ${rowNo}: a quoted value is not closed (a " is missing or not doubled).`,
        );
      }
  });
});
