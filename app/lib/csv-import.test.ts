import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import {
  applyRow,
  checkRecord,
  CSV_COLUMNS,
  csvCell,
  decodeCsv,
  isBinaryFile,
  defuse,
  diffVenue,
  EXPORT_HEADER,
  LIST_SEPARATOR,
  parseCsv,
  planImport,
  planSignature,
  previewRow,
  readCell,
  readNumber,
  templateCsv,
  venueCsvLine,
  warningsCsv,
  type Catalog,
  type CsvRecord,
  type ExistingVenue,
  type ParseOptions,
  type VenueFields,
  type VenueRow,
} from "./csv-import";

const HEADER = CSV_COLUMNS.join(",");
const catalog: Catalog = {
  categories: [
    { id: "c-barn", name: "Barn" },
    { id: "c-water", name: "Waterfront" },
  ],
  amenities: ["WiFi", "Parking", "Dance Floor"],
};

const row = (over: Partial<Record<(typeof CSV_COLUMNS)[number], string>> = {}) =>
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

const ok = async (text: string, opts?: ParseOptions) => {
  const parsed = await parseCsv(text, opts);
  if (!parsed.ok) throw new Error(parsed.detail);
  return parsed;
};

const record = (values: Partial<CsvRecord["values"]>): CsvRecord => ({
  row: 2,
  values: { ...Object.fromEntries(CSV_COLUMNS.map((c) => [c, ""])), ...values } as CsvRecord["values"],
});

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
    expect(parsed.problems[0]!.problems[0]).toMatch(/15 values but the header has 14 columns/);
  });

  it("flags a row with more values than the header even when the extra cells are blank (issue 22)", async () => {
    const parsed = await ok(`${HEADER}\n${row()},,\n${row({ name: "Blue Barn" })}`);
    expect(parsed.records.map((r) => r.values.name)).toEqual(["Blue Barn"]);
    expect(parsed.problems).toEqual([
      expect.objectContaining({
        row: 2,
        name: "Red Barn",
        problems: [
          "Has 16 values but the header has 14 columns (remove the extra commas at the end of the row, or name the column in the header)",
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
      const parsed = await parseCsv(HEADER + eol.repeat(10 * 1024 * 1024), { pause, sliceChars: 4096 });
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

describe("checkRecord", () => {
  const base = {
    name: "Red Barn",
    description: "A barn",
    location: "1 Main St, Boulder, Colorado 80302",
    region: "Front Range North",
    category: "Barn",
  };

  it("lists every missing required field", async () => {
    const r = checkRecord(record({ ...base, description: "", region: "" }), catalog);
    expect(r).toEqual({ ok: false, problems: ["Missing required fields: description, region"] });
  });

  it("matches category, amenities and region ignoring case and surrounding spaces", async () => {
    const r = checkRecord(
      record({
        ...base,
        category: "  barn ",
        region: "front range north",
        amenities: [" wifi", "PARKING ", "WiFi"].join(LIST_SEPARATOR),
      }),
      catalog,
    );
    expect(r.ok && r.venue).toMatchObject({
      categoryId: "c-barn",
      category: "Barn",
      region: "Front Range North",
      amenities: ["WiFi", "Parking"],
    });
  });

  it("names an unknown category, unknown amenities and an unknown region", async () => {
    const r = checkRecord(
      record({
        ...base,
        category: "Castle",
        region: "Mountains",
        amenities: `WiFi${LIST_SEPARATOR}Moat${LIST_SEPARATOR}Hot Tub`,
      }),
      catalog,
    );
    expect(!r.ok && r.problems).toEqual([
      'Invalid region "Mountains": not one of the 8 regions',
      'Invalid category "Castle": not one of the venue types',
      'Invalid amenities: "Moat", "Hot Tub"',
    ]);
  });

  it("builds the price as the spec says: '$low - $high', or one price as the single price", async () => {
    const added = (values: Partial<CsvRecord["values"]>) => applyRow(null, checked({ ...base, ...values }));
    expect(added({ lowPrice: "2,000", highPrice: "$5000" }).venue).toMatchObject({
      priceRange: "$2,000 - $5,000",
      priceLow: 2000,
      priceHigh: 5000,
      pricePerEvent: null,
    });
    expect(added({ lowPrice: "3500" }).venue).toMatchObject({
      pricePerEvent: 3500,
      priceRange: null,
      priceLow: null,
    });
    expect(added({ highPrice: "4200" }).venue.pricePerEvent).toBe(4200);
    expect(added({ lowPrice: "9000", highPrice: "100" }).problems).toEqual([
      "lowPrice is higher than highPrice",
    ]);
    const bad = checkRecord(record({ ...base, capacity: "lots" }), catalog);
    expect(!bad.ok && bad.problems).toEqual(['capacity "lots" is not a whole number']);
  });

  it("takes https image and logo addresses only", async () => {
    const r = checkRecord(
      record({
        ...base,
        imageUrls: [
          "https://img.example.com/a.jpg",
          "http://img.example.com/b.jpg",
          "javascript:alert(1)",
        ].join(LIST_SEPARATOR),
        logoUrl: "https://user:pw@img.example.com/logo.png",
      }),
      catalog,
    );
    expect(!r.ok && r.problems).toEqual([
      'imageUrls: "http://img.example.com/b.jpg" must start with https://',
      'imageUrls: "javascript:alert(1)" must start with https://',
      'logoUrl: "https://user:pw@img.example.com/logo.png" must not contain a user name or password',
    ]);
  });

  it("checks email and website, and reads the address parts from the location", async () => {
    const bad = checkRecord(record({ ...base, email: "nobody", website: "not a site" }), catalog);
    expect(!bad.ok && bad.problems).toHaveLength(2);
    const good = applyRow(null, checked({ ...base, email: "a@b.example", website: "www.b.example" }));
    expect(good.venue).toMatchObject({
      email: "a@b.example",
      website: "www.b.example",
      addressLine1: "1 Main St",
      addressLine2: null,
      city: "Boulder",
      postalCode: "80302",
    });
  });
});

describe("numbers (issue 22)", () => {
  it("reads numbers as spreadsheets write them, and nothing else", () => {
    for (const [text, n] of [
      ["2500", 2500],
      ["2,500", 2500],
      ["$2,500.50", 2500.5],
      ["4999.99", 4999.99],
      ["150.5", 150.5],
      ["4,000.00", 4000],
      ["5k", 5000],
      ["2.5k", 2500],
      ["1.005k", 1005],
      [" 1 200 ", 1200],
    ] as const)
      expect(readNumber(text), text).toBe(n);
    for (const text of ["abc", "-5", "1e3", "2,50", ".5", "12.", "$", "1,2345", "NaN", "Infinity"])
      expect(readNumber(text), text).toBeNull();
  });

  it("rounds a price with cents to whole dollars with a row warning, and refuses what is not a price", () => {
    const r = checked({ ...required, lowPrice: "4999.99", highPrice: "$7,250.25" });
    expect(r).toMatchObject({ lowPrice: 5000, highPrice: 7250 });
    expect(r.warnings).toEqual([
      "lowPrice 4999.99 was rounded to 5,000 (prices are whole dollars)",
      "highPrice $7,250.25 was rounded to 7,250 (prices are whole dollars)",
    ]);
    expect(checked({ ...required, lowPrice: "4,000.00" }).warnings).toEqual([]);
    const bad = checkRecord(record({ ...required, lowPrice: "abc", highPrice: "20000000" }), catalog);
    expect(!bad.ok && bad.problems).toEqual([
      'lowPrice "abc" is not a price',
      'highPrice "20000000" is not a price',
    ]);
  });

  it("takes the whole guests of a fractional capacity with a row warning", () => {
    const r = checked({ ...required, capacity: "150.5" });
    expect(r.capacity).toBe(150);
    expect(r.warnings).toEqual(["capacity 150.5 is not a whole number of guests: 150 was used"]);
    expect(checked({ ...required, capacity: "1,500" })).toMatchObject({ capacity: 1500, warnings: [] });
    for (const capacity of ["abc", "$150", "200000"]) {
      const bad = checkRecord(record({ ...required, capacity }), catalog);
      expect(!bad.ok && bad.problems, capacity).toEqual([`capacity "${capacity}" is not a whole number`]);
    }
  });

  it("carries a row's warnings into the plan and the preview", async () => {
    const plan = await planImport(await ok([HEADER, row({ lowPrice: "4999.99" })].join("\n")), catalog, []);
    expect(plan.rows[0]).toMatchObject({
      action: "add",
      warnings: [expect.stringMatching(/rounded to 5,000/)],
    });
    expect(previewRow(plan.rows[0]!)).toMatchObject({
      warnings: ["lowPrice 4999.99 was rounded to 5,000 (prices are whole dollars)"],
      values: expect.objectContaining({ lowPrice: "4999.99" }),
    });
  });
});

/** A venue as stored, for the update tests. */
const stored = (over: Partial<VenueFields> = {}): VenueFields => ({
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
  ...over,
});

const required = {
  name: "Red Barn",
  description: "A barn",
  location: "1 Main St, Boulder, Colorado 80302",
  region: "Front Range North",
  category: "Barn",
};

function checked(values: Partial<CsvRecord["values"]>, current?: VenueFields): VenueRow {
  // A record's values as read from a file: every column there.
  const r = checkRecord(record(values), catalog, current);
  if (!r.ok) throw new Error(r.problems.join("; "));
  return r.venue;
}

describe("an update (issue 22)", () => {
  it("keeps what a blank cell leaves out: website, phone, email, prices, capacity, amenities, images, logo", () => {
    const current = stored();
    const { venue, problems, warnings } = applyRow(current, checked(required, current));
    expect(venue).toEqual(current);
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(diffVenue(current, venue)).toEqual([]);
  });

  it("clears an optional field with a cell holding only '-'", () => {
    const current = stored();
    const cleared = Object.fromEntries(
      (["website", "phone", "email", "lowPrice", "highPrice", "capacity", "amenities"] as const).map((c) => [
        c,
        "-",
      ]),
    );
    const { venue } = applyRow(current, checked({ ...required, ...cleared }, current));
    expect(venue).toMatchObject({
      website: null,
      phone: null,
      email: null,
      pricePerEvent: null,
      priceRange: null,
      priceLow: null,
      priceHigh: null,
      capacity: null,
      amenities: [],
    });
    expect(diffVenue(current, venue).map((c) => c.field)).toEqual([
      "website",
      "phone",
      "email",
      "lowPrice",
      "highPrice",
      "capacity",
      "amenities",
    ]);
  });

  it("refuses '-' where a field cannot be cleared: required fields, images and the logo", () => {
    const r = checkRecord(record({ ...required, description: "-", imageUrls: "-", logoUrl: "-" }), catalog);
    expect(!r.ok && r.problems).toEqual([
      "Required fields cannot be cleared: description",
      "imageUrls cannot be cleared by an import: remove images on the venue's edit page",
      "logoUrl cannot be cleared by an import: remove images on the venue's edit page",
    ]);
  });

  it("sets each price cell on its own, keeps a price text whose numbers stay, and checks the result", () => {
    const current = stored();
    expect(
      applyRow(current, checked({ ...required, lowPrice: "2000", highPrice: "5000" }, current)).venue,
    ).toEqual(current);
    const raised = applyRow(current, checked({ ...required, highPrice: "6000" }, current));
    expect(raised.venue).toMatchObject({ priceRange: "$2,000 - $6,000", priceLow: 2000, priceHigh: 6000 });
    expect(diffVenue(current, raised.venue)).toEqual([{ field: "highPrice", from: "5000", to: "6000" }]);
    expect(applyRow(current, checked({ ...required, lowPrice: "7000" }, current)).problems).toEqual([
      "lowPrice is higher than highPrice",
    ]);
    const single = stored({ pricePerEvent: 4000, priceRange: null, priceLow: null, priceHigh: null });
    expect(applyRow(single, checked({ ...required, highPrice: "5000" }, single)).venue).toMatchObject({
      priceRange: "$4,000 - $5,000",
      pricePerEvent: null,
    });
    expect(
      applyRow(single, checked({ ...required, lowPrice: "-", highPrice: "5000" }, single)).venue,
    ).toMatchObject({ pricePerEvent: 5000, priceRange: null });
  });

  it("keeps an amenity's 'extra cost' mark, adds images after the venue's own and never replaces its logo", () => {
    const current = stored();
    const row = checked(
      {
        ...required,
        amenities: "parking;Dance Floor",
        imageUrls: ["/uploads/venues/v1/a-1600.webp", "https://img.example.com/b.jpg"].join(LIST_SEPARATOR),
        logoUrl: "https://img.example.com/other-logo.png",
      },
      current,
    );
    const { venue, warnings } = applyRow(current, row);
    expect(venue.amenities).toEqual([
      { name: "Parking", included: false },
      { name: "Dance Floor", included: true },
    ]);
    expect(venue.images).toEqual(["/uploads/venues/v1/a-1600.webp", "https://img.example.com/b.jpg"]);
    expect(venue.logoUrl).toBe(current.logoUrl);
    expect(warnings).toEqual(["logoUrl: the venue's own logo is kept (an import never replaces a logo)"]);
    expect(diffVenue(current, venue)).toEqual([
      { field: "amenities", from: "WiFi;Parking", to: "Parking;Dance Floor" },
      {
        field: "imageUrls",
        from: "/uploads/venues/v1/a-1600.webp",
        to: "/uploads/venues/v1/a-1600.webp;https://img.example.com/b.jpg",
      },
    ]);
  });

  it("takes the venue's own image addresses as they are, and only those", () => {
    const own = { ...required, imageUrls: "/uploads/venues/v1/a-1600.webp" };
    expect(checkRecord(record(own), catalog, stored()).ok).toBe(true);
    expect(checkRecord(record(own), catalog).ok).toBe(false);
  });

  it("reads the address parts again only when the location's text changes", () => {
    const current = stored();
    const same = applyRow(current, checked(required, current)).venue;
    expect(same.addressLine2).toBe("Barn B");
    const respaced = applyRow(
      current,
      checked({ ...required, location: "1 Main St,  Boulder, Colorado 80302" }, current),
    ).venue;
    expect(respaced).toMatchObject({
      location: "1 Main St, Boulder, Colorado 80302",
      addressLine2: "Barn B",
    });
    const moved = applyRow(
      current,
      checked({ ...required, location: "1 Main St, Lyons, CO 80540" }, current),
    );
    expect(moved.venue).toMatchObject({ city: "Lyons", postalCode: "80540", addressLine2: null });
  });
});

describe("planImport", () => {
  const text = [
    HEADER,
    row({ name: "New Barn" }),
    row({ name: "old barn ", location: "1 main st,  Boulder, Colorado 80302" }),
    row({ name: "New Barn" }),
    row({ name: "Bad", category: "Castle" }),
  ].join("\n");

  it("adds new venues, updates the same name and location, skips in-file duplicates and problems", async () => {
    const existing: ExistingVenue[] = [
      { id: "v1", isApproved: true, placed: true, venue: stored({ name: "Old Barn" }) },
    ];
    const plan = await planImport(await ok(text), catalog, existing);
    expect(plan.rows.map((r) => [r.row, r.action])).toEqual([
      [2, "add"],
      [3, "update"],
      [4, "skip"],
      [5, "skip"],
    ]);
    expect(plan.rows[2]).toMatchObject({ problems: ["Same name and location as row 2"] });
    // The update lists what it changes, old -> new: the name's case and the location's spaces.
    expect(plan.rows[1]).toMatchObject({
      changes: [
        { field: "name", from: "Old Barn", to: "old barn" },
        {
          field: "location",
          from: "1 Main St, Boulder, Colorado 80302",
          to: "1 main st, Boulder, Colorado 80302",
        },
      ],
    });
    // What changes is part of the plan: the import refuses when the venue changed since the preview.
    expect(planSignature(plan).split("\n")).toEqual([
      "2:add",
      `3:update:v1:${JSON.stringify((plan.rows[1] as { changes: unknown }).changes)}`,
      "4:skip",
      "5:skip",
    ]);
    const edited = [
      { ...existing[0]!, venue: stored({ name: "Old Barn", description: "Edited meanwhile" }) },
    ];
    expect(planSignature(await planImport(await ok(text), catalog, edited))).not.toBe(planSignature(plan));
  });
});

describe("planImport, between batches", () => {
  it("pauses every 500 rows so that other requests are served", async () => {
    const parsed = await ok(
      [HEADER, ...Array.from({ length: 1_200 }, (_, i) => row({ name: `B${i}` }))].join("\n"),
    );
    let pauses = 0;
    const plan = await planImport(parsed, catalog, [], async () => void pauses++);
    expect(plan.rows).toHaveLength(1_200);
    expect(pauses).toBe(2);
  });
});

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
    expect(line).toBe("3,skip,Missing required fields: location,'=cmd|' /C calc'!A0,Desc,,,-,'+1,,,,,,,,");
    // Imported again, it reads as the file did (the first three columns are ignored).
    const again = await ok(csv);
    const read = (v: CsvRecord["values"]) => CSV_COLUMNS.map((c) => readCell(v[c]));
    expect(read(again.records[0]!.values)).toEqual(read(values));
    expect(again.records[0]!.values.phone).toBe("-");
    expect(again.notices).toEqual(["Ignored columns: row, status, warning."]);
  });
});
