import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, csvImports, venueManagers, venues } from "../../database/schema";
import { CSV_COLUMNS } from "../../app/lib/csv-import/read";
import { importBatchSize, previewImport, runImport } from "../../app/services/imports.server";
import { createVenue } from "../setup/factories";
import { heldGeocoder, importHeldAfterFirstBatch } from "../setup/held-import";
import {
  csvFile,
  csvImportApp,
  expectOk,
  fixture,
  kept,
  MANAGER_IMAGE,
  venuesCsv,
} from "../setup/csv-import";

// The admin's CSV import (issue 12, item 5) with files as Excel and Google Sheets write them:
// BOM, CRLF, quoted commas, doubled quotes and line breaks; an unknown category, an unknown
// amenity, a missing required field, a duplicate of an existing venue, http images, a row
// repeated in the file. The preview writes nothing; the import does what the preview said, row by
// row; over HTTP the endpoint streams progress and the summary, and refuses non-admins. Issue 21:
// a file of line breaks stops at the row limit while the server answers other requests, progress
// lines leave as their batches commit, and the csv_imports record always counts what is written.
// The preview and the HTTP endpoint are in csv-import-{preview}.test.ts.

let { t, admin, adminUser, existing, close, counts, venuesNamed, importedRows } = {} as Awaited<
  ReturnType<typeof csvImportApp>
>;
beforeAll(
  async () =>
    ({ t, admin, adminUser, existing, close, counts, venuesNamed, importedRows } = await csvImportApp()),
  120_000,
);
afterAll(() => close?.());

describe("CSV import: the import does what the preview said", () => {
  it("writes nothing when the token is not the preview's, and answers a fresh preview", async () => {
    const before = await counts();
    const r = await runImport(t, adminUser, await fixture("excel-utf8-bom-crlf.csv"), "not-the-token");
    expect(r).toMatchObject({ ok: false, changed: true });
    expect(await counts()).toEqual(before);
  });

  it("imports the valid rows, updates the duplicate without removing its images, and reports the rest", async () => {
    const file = await fixture("sheets-lf-problems.csv");
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    const progress: number[] = [];
    const { summary } = expectOk(
      await runImport(t, adminUser, file, preview.token, (p) => progress.push(p.done)),
    );

    // Row by row, the result is the preview.
    const outcome = { add: "added", update: "updated", skip: "skipped" } as const;
    expect(summary.rows.map((r) => [r.row, r.outcome])).toEqual(
      preview.rows.map((r) => [r.row, outcome[r.action]]),
    );
    expect(summary).toMatchObject({ imported: 2, added: 1, updated: 1 });
    expect(summary.warnings.map((w) => w.row)).toEqual([3, 4, 5, 7, 8]);
    // Each with the venue's name and the row as the file gave it (for the warnings download).
    expect(summary.warnings[0]).toEqual({
      row: 3,
      name: "Castle in the Sky",
      status: "skipped",
      message: 'Invalid category "Castle": not one of the venue types',
      values: expect.objectContaining({ name: "Castle in the Sky", category: "Castle", capacity: "90" }),
    });
    expect(progress.at(-1)).toBe(2);

    const updated = await t.db.select().from(venues).where(eq(venues.id, existing.id));
    expect(updated[0]).toMatchObject({
      description: "Updated description: now with a terrace.",
      // The blank lowPrice keeps the venue's price (4000) as the low end; highPrice is the file's.
      pricePerEvent: null,
      priceRange: "$4,000 - $5,000",
      priceLow: 4000,
      priceHigh: 5000,
      capacity: 300,
      website: "https://existing.example",
      // Blank in the file: kept.
      phone: "(303) 555-0101",
      email: "events@venue.example",
      amenities: [{ name: "WiFi", included: true }],
      images: [MANAGER_IMAGE, "https://images.example.com/existing-new.jpg"],
      logoUrl: "/uploads/venues/manager/logo-256.webp",
      // It had coordinates: they stay.
      latitude: 40.1,
      longitude: -105.1,
    });
    expect(
      await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, existing.id)),
    ).toHaveLength(1);

    const [lodge] = await t.db.select().from(venues).where(eq(venues.name, "Aspen Grove Lodge"));
    expect(lodge).toMatchObject({
      isApproved: true,
      rating: 0,
      reviewCount: 0,
      userId: null,
      priceRange: "$3,000 - $9,000",
      priceLow: 3000,
      priceHigh: 9000,
      pricePerEvent: null,
      city: "Breckenridge",
      postalCode: "80424",
      region: "Central Mountains",
      amenities: [{ name: "Scenic Views", included: true }],
    });
    // Placed by the server's geocoder (Breckenridge's ZIP), not by pseudo-coordinates.
    expect(lodge!.latitude).toBeCloseTo(39.5, 0);
    expect(lodge!.longitude).toBeCloseTo(-106.0, 0);
    expect(await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, lodge!.id))).toEqual([]);

    const [record] = await t.db.select().from(csvImports).where(eq(csvImports.id, summary.importId));
    expect(record).toMatchObject({ userId: admin.id, totalRows: 7, importedRows: 2, fileName: file.name });
    expect(record!.warnings).toEqual(kept(summary.warnings));
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.targetId, summary.importId));
    expect(audit).toEqual([
      expect.objectContaining({
        actorId: admin.id,
        action: "venue.import",
        // One entry for the whole import, which each batch adds its counts to (issue 22, item 9).
        details: { fileName: file.name, added: 1, updated: 1 },
      }),
    ]);
  });

  it("counts each batch's rows in csv_imports as it commits them, so an import cut short says what it wrote", async () => {
    const batch = importBatchSize(t.database.kind);
    const file = venuesCsv("Cut Short", 2 * batch + 10);
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    // The second batch's addresses wait to be placed: the import stops there, as if killed.
    const { running, firstBatch, release } = importHeldAfterFirstBatch(t, adminUser, file, preview.token);
    await firstBatch;
    const [record] = await t.db.select().from(csvImports).where(eq(csvImports.fileName, file.name));
    expect(await venuesNamed("Cut Short")).toBe(batch);
    expect(record).toMatchObject({ totalRows: 2 * batch + 10, importedRows: batch });

    release();
    const { summary } = expectOk(await running);
    expect(summary.imported).toBe(2 * batch + 10);
    expect(await importedRows(summary.importId)).toBe(await venuesNamed("Cut Short"));
  });

  it("keeps the record true when a batch fails and its rows are written one by one", async () => {
    const gone = await createVenue(t.db, {
      name: "Gone Hall",
      location: "5 Elm St, Boulder, Colorado 80302",
    });
    const file = csvFile("one-fails.csv", [
      "name,description,location,region,category",
      'Gone Hall,Desc,"5 Elm St, Boulder, Colorado 80302",Foothills,Barn',
      'Bad Type,Desc,"6 Elm St, Boulder, Colorado 80302",Foothills,Castle',
      'Kept One,Desc,"7 Elm St, Boulder, Colorado 80302",Foothills,Barn',
      'Kept Two,Desc,"8 Elm St, Boulder, Colorado 80302",Foothills,Barn',
    ]);
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    expect(preview.counts).toEqual({ add: 2, update: 1, skip: 1 });
    // While the new rows are being placed, the venue the file updates is deleted: the batch's
    // transaction fails, and the rows go again one by one.
    const { geocoder, asked: placing, release } = heldGeocoder(t);
    const logged: string[] = [];
    const log = (msg: string) => void logged.push(msg);
    const logger = { ...t.app.logger, warn: log, error: log };
    const running = runImport({ ...t.app, geocoder, logger }, adminUser, file, preview.token);
    await placing;
    await t.db.delete(venues).where(eq(venues.id, gone.id));
    release();
    const { summary } = expectOk(await running);

    expect(summary.rows.map((r) => [r.row, r.outcome])).toEqual([
      [2, "failed"],
      [3, "skipped"],
      [4, "added"],
      [5, "added"],
    ]);
    const [record] = await t.db.select().from(csvImports).where(eq(csvImports.id, summary.importId));
    expect(record!.importedRows).toBe(await venuesNamed("Kept"));
    expect(record!.importedRows).toBe(2);
    expect(record!.warnings).toEqual(kept(summary.warnings));
    expect(summary.warnings.map((w) => w.row)).toEqual([2, 3]);
    expect(logged).toEqual(["import batch failed; retrying its rows one by one", "import row failed"]);
  });

  it("an update keeps what its blank cells leave out, clears a '-' cell, and the preview lists each change", async () => {
    // The venue's fields the file's blank cells leave as they are.
    const keeps = {
      website: "https://blank-cells.example",
      phone: "(303) 555-0177",
      email: "hello@blank-cells.example",
      capacity: 140,
      priceRange: "$2,000 - $5,000 in summer",
      priceLow: 2000,
      priceHigh: 5000,
      amenities: [
        { name: "WiFi", included: true },
        { name: "Parking", included: false },
      ],
      images: [MANAGER_IMAGE],
      logoUrl: "/uploads/venues/manager/logo-256.webp",
    };
    const kept = await createVenue(t.db, {
      name: "Blank Cells Hall",
      location: "9 Pine St, Boulder, Colorado 80302",
      pricePerEvent: null,
      ...keeps,
    });
    const file = (cells: string) =>
      csvFile("blank-cells.csv", [
        CSV_COLUMNS.join(","),
        `Blank Cells Hall,A new description.,"9 Pine St, Boulder, Colorado 80302",${cells}`,
        "",
      ]);
    // website, phone, email blank; region; prices, capacity blank; category; amenities, images, logo blank.
    const blank = file(",,,Front Range North,,,,Barn,,,");
    const { preview } = expectOk(await previewImport(t.db, adminUser, blank));
    expect(preview.counts).toEqual({ add: 0, update: 1, skip: 0 });
    expect(preview.rows[0]!.changes).toEqual([
      {
        field: "description",
        from: "A lovely place for a wedding with mountain views in every direction.",
        to: "A new description.",
      },
      { field: "category", from: "", to: "Barn" },
    ]);
    const { summary } = expectOk(await runImport(t, adminUser, blank, preview.token));
    expect(summary).toMatchObject({ updated: 1, unchanged: 0, warnings: [] });
    const [after] = await t.db.select().from(venues).where(eq(venues.id, kept.id));
    expect(after).toMatchObject({ description: "A new description.", ...keeps });

    // The same file again: an update with no changes, which writes nothing.
    const again = expectOk(await previewImport(t.db, adminUser, blank));
    expect(again.preview.rows[0]!.changes).toEqual([]);
    const unchanged = expectOk(await runImport(t, adminUser, blank, again.preview.token));
    expect(unchanged.summary).toMatchObject({ updated: 1, unchanged: 1 });
    const [untouched] = await t.db.select().from(venues).where(eq(venues.id, kept.id));
    expect(untouched!.updatedAt).toEqual(after!.updatedAt);

    // '-' clears: website and phone cleared, email blank (kept).
    const clearing = file("-,-,,Front Range North,,,-,Barn,-,,");
    const cleared = expectOk(await previewImport(t.db, adminUser, clearing));
    expect(cleared.preview.rows[0]!.changes).toEqual([
      { field: "website", from: "https://blank-cells.example", to: "" },
      { field: "phone", from: "(303) 555-0177", to: "" },
      { field: "capacity", from: "140", to: "" },
      { field: "amenities", from: "WiFi;Parking", to: "" },
    ]);
    expectOk(await runImport(t, adminUser, clearing, cleared.preview.token));
    const [last] = await t.db.select().from(venues).where(eq(venues.id, kept.id));
    expect(last).toMatchObject({
      website: null,
      phone: null,
      email: "hello@blank-cells.example",
      capacity: null,
      amenities: [],
      priceLow: 2000,
    });
  });

  it("rounds a price with cents and cuts a fractional capacity, each with a row warning; refuses 'abc'", async () => {
    const file = csvFile("numbers.csv", [
      "name,description,location,region,category,lowPrice,highPrice,capacity",
      'Cents Hall,Desc,"4 Elm St, Boulder, Colorado 80302",Foothills,Barn,4999.99,,150.5',
      'Letters Hall,Desc,"5 Elm St, Boulder, Colorado 80302",Foothills,Barn,abc,,100',
    ]);
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    const warned = [
      "lowPrice 4999.99 was rounded to 5,000 (prices are whole dollars)",
      "capacity 150.5 is not a whole number of guests: 150 was used",
    ];
    expect(preview.rows).toMatchObject([
      { row: 2, action: "add", warnings: warned },
      { row: 3, action: "skip", problems: ['lowPrice "abc" is not a price'] },
    ]);
    const { summary } = expectOk(await runImport(t, adminUser, file, preview.token));
    expect(summary.warnings).toMatchObject([
      { row: 2, name: "Cents Hall", status: "added", message: warned.join("; ") },
      { row: 3, name: "Letters Hall", status: "skipped", message: 'lowPrice "abc" is not a price' },
    ]);
    const [hall] = await t.db.select().from(venues).where(eq(venues.name, "Cents Hall"));
    expect(hall).toMatchObject({ pricePerEvent: 5000, capacity: 150 });
    const [record] = await t.db.select().from(csvImports).where(eq(csvImports.id, summary.importId));
    expect(record!.warnings).toEqual(kept(summary.warnings));
  });

  it("refuses the previewed plan when the venue changed since the preview, and writes nothing", async () => {
    const venue = await createVenue(t.db, {
      name: "Moving Target",
      location: "3 Oak St, Boulder, Colorado 80302",
    });
    const file = csvFile("moving.csv", [
      "name,description,location,region,category",
      'Moving Target,Described by the file.,"3 Oak St, Boulder, Colorado 80302",Foothills,Barn',
      "",
    ]);
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    await t.db.update(venues).set({ description: "Edited meanwhile." }).where(eq(venues.id, venue.id));
    const r = await runImport(t, adminUser, file, preview.token);
    expect(r).toMatchObject({ ok: false, changed: true });
    const fresh = !r.ok && "preview" in r ? r.preview : null;
    expect(fresh!.rows[0]!.changes).toContainEqual({
      field: "description",
      from: "Edited meanwhile.",
      to: "Described by the file.",
    });
    const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.description).toBe("Edited meanwhile.");
  });

  it("importing the same file again updates instead of duplicating", async () => {
    const file = await fixture("excel-utf8-bom-crlf.csv");
    const first = expectOk(await previewImport(t.db, adminUser, file));
    expectOk(await runImport(t, adminUser, file, first.preview.token));
    const again = expectOk(await previewImport(t.db, adminUser, file));
    expect(again.preview.counts).toEqual({ add: 0, update: 3, skip: 0 });
    expectOk(await runImport(t, adminUser, file, again.preview.token));
    const names = ["Willow Creek Barn, Lyons", "Lakeside Pavilion", "Café Alpenglow"];
    const rows = await t.db.select().from(venues).where(inArray(venues.name, names));
    expect(rows).toHaveLength(3);
    const lake = rows.find((r) => r.name === "Lakeside Pavilion")!;
    expect(lake.description).toBe('Our "golden hour" dock.\r\nSecond paragraph: lawn for 200.');
    expect(lake).toMatchObject({ pricePerEvent: 6500, priceRange: null, region: "Western Slope North" });
    const willow = rows.find((r) => r.name.startsWith("Willow"))!;
    expect(willow).toMatchObject({
      priceRange: "$2,500 - $6,000",
      phone: "(303) 555-0110",
      images: ["https://images.example.com/willow-1.jpg", "https://images.example.com/willow-2.jpg"],
      logoUrl: "https://images.example.com/willow-logo.png",
      amenities: [
        { name: "Parking", included: true },
        { name: "WiFi", included: true },
      ],
    });
  });
});
