import { describe, expect, it } from "vitest";
import { checkRecord, readNumber } from "./check";
import { applyRow, planImport, previewRow } from "./plan";
import { LIST_SEPARATOR, type CsvRecord } from "./read";
import { catalog, checked, HEADER, ok, record, required, row } from "./test-fixtures";

describe("checkRecord", () => {
  const base = {
    name: "Red Barn",
    description: "A barn",
    location: "1 Main St, Boulder, Colorado 80302",
    region: "Front Range North",
    category: "Barn",
  };
  const problemsOf = (values: Partial<CsvRecord["values"]>) => {
    const r = checkRecord(record({ ...base, ...values }), catalog);
    return !r.ok && r.problems;
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
    const problems = problemsOf({
      category: "Castle",
      region: "Mountains",
      amenities: `WiFi${LIST_SEPARATOR}Moat${LIST_SEPARATOR}Hot Tub`,
    });
    expect(problems).toEqual([
      'Invalid region "Mountains": not one of the 8 regions',
      'Invalid category "Castle": not one of the venue types',
      'Invalid amenities: "Moat", "Hot Tub"',
    ]);
  });

  it("takes commas as well as semicolons between amenities inside a quoted cell (issue 43)", async () => {
    const parsed = await ok(`${HEADER}\n${row({ amenities: "wifi, Parking;Dance Floor ,parking" })}`);
    expect(parsed.records[0]!.values.amenities).toBe("wifi, Parking;Dance Floor ,parking");
    const r = checkRecord(parsed.records[0]!, catalog);
    expect(r.ok && r.venue.amenities).toEqual(["WiFi", "Parking", "Dance Floor"]);
    expect(problemsOf({ amenities: "WiFi, Moat; Hot Tub" })).toEqual([
      'Invalid amenities: "Moat", "Hot Tub"',
    ]);
  });

  it("keeps an amenity whose name has a comma whole, however its neighbours are separated", () => {
    const withComma = {
      ...catalog,
      amenities: [...catalog.amenities, "Tables, chairs and linens", "A, B, C"],
    };
    const amenities = (cell: string) => {
      const r = checkRecord(record({ ...base, amenities: cell }), withComma);
      return r.ok ? r.venue.amenities : r.problems;
    };
    expect(amenities("Parking, tables, chairs and linens, WiFi")).toEqual([
      "Parking",
      "Tables, chairs and linens",
      "WiFi",
    ]);
    expect(amenities("Tables, chairs and linens;a, b, c")).toEqual(["Tables, chairs and linens", "A, B, C"]);
    // A name's first part alone is no amenity: it is named as unknown, not guessed at.
    expect(amenities("Tables, WiFi")).toEqual(['Invalid amenities: "Tables"']);
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
    expect(problemsOf({ capacity: "lots" })).toEqual(['capacity "lots" is not a whole number']);
  });

  it("takes https image and logo addresses only", async () => {
    const problems = problemsOf({
      imageUrls: [
        "https://img.example.com/a.jpg",
        "http://img.example.com/b.jpg",
        "javascript:alert(1)",
      ].join(LIST_SEPARATOR),
      logoUrl: "https://user:pw@img.example.com/logo.png",
    });
    expect(problems).toEqual([
      'imageUrls: "http://img.example.com/b.jpg" must start with https://',
      'imageUrls: "javascript:alert(1)" must start with https://',
      'logoUrl: "https://user:pw@img.example.com/logo.png" must not contain a user name or password',
    ]);
  });

  it("checks email and website, and reads the address parts from the location", async () => {
    expect(problemsOf({ email: "nobody", website: "not a site" })).toHaveLength(2);
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
