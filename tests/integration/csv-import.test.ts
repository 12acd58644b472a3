import { count, eq, inArray, like } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, csvImports, venueAmenities, venueManagers, venues } from "../../database/schema";
import { type ImportPreview, type ImportSummary } from "../../app/lib/csv-import/plan";
import { ADMIN_IMPORT_PATH, CSV_COLUMNS, CSV_MAX_BYTES } from "../../app/lib/csv-import/read";
import type { Geocoder } from "../../app/infra/geocoder.server";
import {
  importBatchSize,
  placementWarnings,
  previewImport,
  runImport,
} from "../../app/services/imports.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { createCategory, createVenue } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { importHeldAfterFirstBatch } from "../setup/held-import";
import { createTestApp, type TestApp } from "../setup/test-app";

// The admin's CSV import (issue 12, item 5) with files as Excel and Google Sheets write them:
// BOM, CRLF, quoted commas, doubled quotes and line breaks; an unknown category, an unknown
// amenity, a missing required field, a duplicate of an existing venue, http images, a row
// repeated in the file. The preview writes nothing; the import does what the preview said, row by
// row; over HTTP the endpoint streams progress and the summary, and refuses non-admins. Issue 21:
// a file of line breaks stops at the row limit while the server answers other requests, progress
// lines leave as their batches commit, and the csv_imports record always counts what is written.

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/csv");
const fixture = async (name: string) => ({
  name,
  bytes: new Uint8Array(await fs.readFile(path.join(FIXTURES, name))),
});

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let existing: { id: string };
const MANAGER_IMAGE = "/uploads/venues/manager/photo-1600.webp";

beforeAll(async () => {
  t = await createTestApp();
  http = await startHttpApp(t);
  admin = await t.signUp({ role: "admin", name: "Importer" });
  adminUser = toAppUser({ id: admin.id, name: "Importer", email: admin.email, role: "admin" });
  for (const name of ["Barn", "Waterfront", "Mountain", "Lodge"]) await createCategory(t.db, { name });
  await t.db
    .insert(venueAmenities)
    .values(["Parking", "WiFi", "Dance Floor", "Scenic Views"].map((name) => ({ name })));
  const manager = await t.signUp({ role: "venue_manager" });
  existing = await createVenue(t.db, {
    name: "Existing Hall",
    location: "1 Main St, Boulder, Colorado 80302",
    images: [MANAGER_IMAGE],
    logoUrl: "/uploads/venues/manager/logo-256.webp",
    latitude: 40.1,
    longitude: -105.1,
  });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: existing.id });
}, 120_000);
afterAll(async () => {
  await http?.close();
  await t?.close();
});

async function counts() {
  const [[v], [i], [a]] = await Promise.all([
    t.db.select({ n: count() }).from(venues),
    t.db.select({ n: count() }).from(csvImports),
    t.db.select({ n: count() }).from(auditLog),
  ]);
  return { venues: v!.n, imports: i!.n, audit: a!.n };
}

/** A file of `rows` venues named `${prefix} n`, each with an address the geocoder can place. */
const venuesCsv = (prefix: string, rows: number) => ({
  name: `${prefix}.csv`,
  bytes: new TextEncoder().encode(
    [
      "name,description,location,region,category",
      ...Array.from(
        { length: rows },
        (_, i) => `${prefix} ${i},Desc,"${i + 1} Main St, Boulder, Colorado 80302",Foothills,Barn`,
      ),
    ].join("\n"),
  ),
});

const venuesNamed = async (prefix: string) =>
  (
    await t.db
      .select({ n: count() })
      .from(venues)
      .where(like(venues.name, `${prefix} %`))
  )[0]!.n;

const importedRows = async (importId: string) =>
  (await t.db.select().from(csvImports).where(eq(csvImports.id, importId)))[0]!.importedRows;

/** What csv_imports keeps of the summary's warnings: the row and the message. */
const kept = (warnings: ImportSummary["warnings"]) => warnings.map(({ row, message }) => ({ row, message }));

const expectOk = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

describe("CSV import: preview", () => {
  it("reads an Excel UTF-8 file (BOM, CRLF, quoted commas, quotes and a line break) row by row", async () => {
    const before = await counts();
    const { preview } = expectOk(
      await previewImport(t.db, adminUser, await fixture("excel-utf8-bom-crlf.csv")),
    );
    expect(preview.rows).toEqual([
      {
        row: 2,
        action: "add",
        name: "Willow Creek Barn, Lyons",
        location: "402 Main St, Lyons, Colorado 80540",
        category: "Barn",
      },
      {
        row: 3,
        action: "add",
        name: "Lakeside Pavilion",
        location: "12 Shore Dr, Grand Lake, Colorado 80447",
        category: "Waterfront",
      },
      // The record after a quoted line break is record 4, not line 5.
      {
        row: 4,
        action: "add",
        name: "Café Alpenglow",
        location: "1 Peak Rd, Estes Park, CO 80517",
        category: "Mountain",
      },
    ]);
    expect(preview.counts).toEqual({ add: 3, update: 0, skip: 0 });
    expect(await counts()).toEqual(before);
  });

  it("names each problem with its row number, and marks the row that updates an existing venue", async () => {
    const before = await counts();
    const { preview } = expectOk(
      await previewImport(t.db, adminUser, await fixture("sheets-lf-problems.csv")),
    );
    expect(preview.rows.map((r) => [r.row, r.action, r.name])).toEqual([
      [2, "add", "Aspen Grove Lodge"],
      [3, "skip", "Castle in the Sky"],
      [4, "skip", "Moat House"],
      [5, "skip", ""],
      [6, "update", "Existing Hall"],
      [7, "skip", "Insecure Images"],
      [8, "skip", "Aspen Grove Lodge"],
    ]);
    const why = Object.fromEntries(preview.rows.map((r) => [r.row, r.problems]));
    expect(why[3]).toEqual(['Invalid category "Castle": not one of the venue types']);
    expect(why[4]).toEqual(['Invalid amenities: "Moat"']);
    expect(why[5]).toEqual(["Missing required fields: name"]);
    expect(why[7]).toEqual(['imageUrls: "http://images.example.com/x.jpg" must start with https://']);
    expect(why[8]).toEqual(["Same name and location as row 2"]);
    expect(await counts()).toEqual(before);
  });

  it("warns, row by row and before anything is written, about addresses the map cannot place", async () => {
    const unplaced = await createVenue(t.db, {
      name: "Unplaced Hall",
      location: "Somewhere up the canyon",
      city: null,
      postalCode: null,
      latitude: 0,
      longitude: 0,
    });
    const placedHall = await createVenue(t.db, {
      name: "Placed Hall",
      location: "Down by the river",
      city: null,
      postalCode: null,
    });
    const file = {
      name: "places.csv",
      bytes: new TextEncoder().encode(
        [
          "name,description,location,region,category",
          "Hills Hall,Desc,Somewhere in the hills,Foothills,Barn",
          'Far Zip Hall,Desc,"1 Main St, Nowhere Town, Colorado 99999",Foothills,Barn',
          'Town Zip Hall,Desc,"1 Main St, Boulder, Colorado 99999",Foothills,Barn',
          'Placed Here Hall,Desc,"1 Main St, Boulder, Colorado 80302",Foothills,Barn',
          "Unplaced Hall,Desc,Somewhere up the canyon,Foothills,Barn",
          "Placed Hall,Desc,Down by the river,Foothills,Barn",
        ].join("\n"),
      ),
    };
    const before = await counts();
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    expect(await counts()).toEqual(before);
    const { notColorado, unplaceable } = placementWarnings;
    expect(preview.rows.map((r) => [r.row, r.action, r.warnings ?? []])).toEqual([
      [2, "add", [unplaceable]],
      [3, "add", [notColorado("99999"), unplaceable]],
      // The town places it; the ZIP code is still wrong.
      [4, "add", [notColorado("99999")]],
      [5, "add", []],
      // An update places a venue that has no coordinates; one that has them keeps them.
      [6, "update", [unplaceable]],
      [7, "update", []],
    ]);
    expect(preview.rows[0]!.values).toMatchObject({ name: "Hills Hall", location: "Somewhere in the hills" });

    const { summary } = expectOk(await runImport(t, adminUser, file, preview.token));
    expect(summary).toMatchObject({ added: 4, updated: 2, unplaced: 3 });
    expect(summary.warnings.map((w) => w.row)).toEqual([2, 3, 4, 6]);
    const [hills] = await t.db.select().from(venues).where(eq(venues.name, "Hills Hall"));
    expect(hills).toMatchObject({ isApproved: true, latitude: 0, longitude: 0 });
    await t.db.delete(venues).where(inArray(venues.id, [unplaced.id, placedHall.id]));
  });

  it("refuses a file whose header lacks a required column, as a whole", async () => {
    const r = await previewImport(t.db, adminUser, await fixture("missing-category-column.csv"));
    expect(r).toMatchObject({ ok: false, error: "Failed to parse CSV file" });
    expect(!r.ok && r.detail).toMatch(/no category column/);
  });

  it("is for admins only, in the service too", async () => {
    const file = await fixture("excel-utf8-bom-crlf.csv");
    for (const role of ["user", "venue_manager"] as const) {
      const who = { ...adminUser, role };
      await expect(previewImport(t.db, who, file)).rejects.toMatchObject({ init: { status: 403 } });
      await expect(runImport(t, who, file, "x")).rejects.toMatchObject({ init: { status: 403 } });
    }
    await expect(previewImport(t.db, null, file)).rejects.toMatchObject({ init: { status: 403 } });
  });
});

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
    const file = {
      name: "one-fails.csv",
      bytes: new TextEncoder().encode(
        [
          "name,description,location,region,category",
          'Gone Hall,Desc,"5 Elm St, Boulder, Colorado 80302",Foothills,Barn',
          'Bad Type,Desc,"6 Elm St, Boulder, Colorado 80302",Foothills,Castle',
          'Kept One,Desc,"7 Elm St, Boulder, Colorado 80302",Foothills,Barn',
          'Kept Two,Desc,"8 Elm St, Boulder, Colorado 80302",Foothills,Barn',
        ].join("\n"),
      ),
    };
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    expect(preview.counts).toEqual({ add: 2, update: 1, skip: 1 });
    // While the new rows are being placed, the venue the file updates is deleted: the batch's
    // transaction fails, and the rows go again one by one.
    let reached!: () => void;
    const placing = new Promise<void>((resolve) => (reached = resolve));
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const geocoder: Geocoder = {
      name: "held",
      geocode: async (a) => {
        reached();
        await held;
        return t.geocoder.geocode(a);
      },
    };
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
    const kept = await createVenue(t.db, {
      name: "Blank Cells Hall",
      location: "9 Pine St, Boulder, Colorado 80302",
      website: "https://blank-cells.example",
      phone: "(303) 555-0177",
      email: "hello@blank-cells.example",
      capacity: 140,
      pricePerEvent: null,
      priceRange: "$2,000 - $5,000 in summer",
      priceLow: 2000,
      priceHigh: 5000,
      amenities: [
        { name: "WiFi", included: true },
        { name: "Parking", included: false },
      ],
      images: [MANAGER_IMAGE],
      logoUrl: "/uploads/venues/manager/logo-256.webp",
    });
    const file = (cells: string) => ({
      name: "blank-cells.csv",
      bytes: new TextEncoder().encode(
        `${CSV_COLUMNS.join(",")}\n` +
          `Blank Cells Hall,A new description.,"9 Pine St, Boulder, Colorado 80302",${cells}\n`,
      ),
    });
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
    expect(after).toMatchObject({
      description: "A new description.",
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
    });

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
    const file = {
      name: "numbers.csv",
      bytes: new TextEncoder().encode(
        [
          "name,description,location,region,category,lowPrice,highPrice,capacity",
          'Cents Hall,Desc,"4 Elm St, Boulder, Colorado 80302",Foothills,Barn,4999.99,,150.5',
          'Letters Hall,Desc,"5 Elm St, Boulder, Colorado 80302",Foothills,Barn,abc,,100',
        ].join("\n"),
      ),
    };
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
    const file = {
      name: "moving.csv",
      bytes: new TextEncoder().encode(
        'name,description,location,region,category\nMoving Target,Described by the file.,"3 Oak St, Boulder, Colorado 80302",Foothills,Barn\n',
      ),
    };
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

describe("CSV import over HTTP", () => {
  const post = (
    cookie: string | undefined,
    fields: Record<string, string>,
    file: { name: string; bytes: Uint8Array },
  ) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("file", new Blob([new Uint8Array(file.bytes)], { type: "text/csv" }), file.name);
    return http.fetch(ADMIN_IMPORT_PATH, { method: "POST", body, cookie });
  };

  it("previews as JSON, then streams progress and the summary as NDJSON", async () => {
    const file = {
      name: "http.csv",
      bytes: new TextEncoder().encode(
        'name,description,location,region,category\r\n"Over, the Wire",Desc,"9 Net St, Boulder, Colorado 80302",Foothills,Barn\r\n',
      ),
    };
    const res = await post(admin.cookie, { intent: "preview" }, file);
    expect(res.status).toBe(200);
    const { preview } = (await res.json()) as { preview: ImportPreview };
    expect(preview.counts).toEqual({ add: 1, update: 0, skip: 0 });

    const imported = await post(admin.cookie, { intent: "import", token: preview.token }, file);
    expect(imported.headers.get("content-type")).toMatch(/application\/x-ndjson/);
    const lines = (await imported.text())
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as { type: string; summary?: ImportSummary });
    expect(lines.map((l) => l.type)).toEqual(["progress", "progress", "summary"]);
    expect(lines[2]!.summary).toMatchObject({ imported: 1, warnings: [] });
  });

  it("sends each progress line as its batch commits, before the next batches are written", async () => {
    const batch = importBatchSize(t.database.kind);
    const total = 4 * batch;
    const file = venuesCsv("Streamed", total);
    const res = await post(admin.cookie, { intent: "preview" }, file);
    const { preview } = (await res.json()) as { preview: ImportPreview };
    const imported = await post(admin.cookie, { intent: "import", token: preview.token }, file);
    // Not held back in a compression buffer (the route says no-transform).
    expect(imported.headers.get("content-encoding")).toBeNull();
    const reader = imported.body!.pipeThrough(new TextDecoderStream()).getReader();
    let text = "";
    let seen: { done: number; venues: number; record: number } | null = null;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read()) {
      text += chunk.value;
      const progress = text
        .split("\n")
        .slice(0, -1) // the lines read whole so far
        .map((l) => JSON.parse(l) as { type: string; done?: number; summary?: ImportSummary })
        .find((l) => l.type === "progress" && l.done! > 0);
      // The database as it stands when the first batch's line arrives.
      if (progress && !seen) {
        const [record] = await t.db.select().from(csvImports).where(eq(csvImports.fileName, file.name));
        seen = { done: progress.done!, venues: await venuesNamed("Streamed"), record: record!.importedRows };
      }
    }
    expect(seen).not.toBeNull();
    expect(seen!.done).toBe(batch);
    expect(seen!.venues).toBeLessThan(total);
    expect(seen!.record).toBe(seen!.venues);
    const last = JSON.parse(text.trim().split("\n").at(-1)!) as { summary: ImportSummary };
    expect(last.summary).toMatchObject({ imported: total });
    expect(await venuesNamed("Streamed")).toBe(total);
  });

  it("refuses 10 MB of line breaks at the row limit, and answers /healthz meanwhile", async () => {
    const header = `${CSV_COLUMNS.join(",")}\n`;
    const file = {
      name: "line-breaks.csv",
      // A byte under the limit: busboy cuts a file at the limit itself.
      bytes: new TextEncoder().encode(header + "\n".repeat(CSV_MAX_BYTES - 1 - header.length)),
    };
    // Asked while the preview is in flight; which answers first is up to the scheduler, so only
    // the answers are checked (a blocked event loop would time the health check out).
    const previewing = post(admin.cookie, { intent: "preview" }, file).then(async (res) => ({
      status: res.status,
      body: (await res.json()) as { error: string; detail: string },
    }));
    const health = await http.fetch("/healthz");
    expect(health.status).toBe(200);
    const preview = await previewing;
    expect(preview).toEqual({
      status: 422,
      body: {
        ok: false,
        error: "Failed to parse CSV file",
        detail: "The file has more than 10,000 rows: split it into smaller files.",
      },
    });
  });

  it("says 'Failed to parse CSV file' for a broken file and 'Upload failed' without one", async () => {
    const broken = await post(
      admin.cookie,
      { intent: "preview" },
      await fixture("missing-category-column.csv"),
    );
    expect(broken.status).toBe(422);
    expect(await broken.json()).toMatchObject({ error: "Failed to parse CSV file" });
    const body = new FormData();
    body.append("intent", "preview");
    const none = await http.fetch(ADMIN_IMPORT_PATH, { method: "POST", body, cookie: admin.cookie });
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: "Upload failed" });
  });

  it("refuses guests, users and venue managers before reading the file, and writes nothing", async () => {
    const before = await counts();
    const file = await fixture("excel-utf8-bom-crlf.csv");
    const user = await t.signUp();
    const manager = await t.signUp({ role: "venue_manager" });
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [manager.cookie, 403],
    ] as const) {
      const res = await post(cookie, { intent: "import", token: "x" }, file);
      expect(res.status).toBe(status);
      await res.body?.cancel();
    }
    expect(await counts()).toEqual(before);
  });
});
