import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { placementWarnings, previewImport, runImport } from "../../app/services/imports.server";
import { createVenue } from "../setup/factories";
import { csvFile, csvImportApp, expectOk, fixture } from "../setup/csv-import";

// The CSV import's preview (issue 12, item 5): what each row would do, written nowhere. A file
// of its own: it reads the fixtures' rows as new, before any import of them (tests/setup/csv-import.ts).

let { t, adminUser, close, counts } = {} as Awaited<ReturnType<typeof csvImportApp>>;
beforeAll(async () => ({ t, adminUser, close, counts } = await csvImportApp()), 120_000);
afterAll(() => close?.());

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
    const file = csvFile("places.csv", [
      "name,description,location,region,category",
      "Hills Hall,Desc,Somewhere in the hills,Foothills,Barn",
      'Far Zip Hall,Desc,"1 Main St, Nowhere Town, Colorado 99999",Foothills,Barn',
      'Town Zip Hall,Desc,"1 Main St, Boulder, Colorado 99999",Foothills,Barn',
      'Placed Here Hall,Desc,"1 Main St, Boulder, Colorado 80302",Foothills,Barn',
      "Unplaced Hall,Desc,Somewhere up the canyon,Foothills,Barn",
      "Placed Hall,Desc,Down by the river,Foothills,Barn",
    ]);
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

  it("shows a long description's change by the words that differ (issue 41)", async () => {
    const start = "Set among aspens with the most dramatic mountain views of the Front Range. ".repeat(3);
    const tail = " guests for dinner and dancing under the stars.";
    const venue = await createVenue(t.db, {
      name: "Diff Lodge",
      location: "5 Main St, Boulder, Colorado 80302",
      description: `${start}Seats 150${tail}`,
    });
    const file = csvFile("diff.csv", [
      "name,description,location,region,category",
      `Diff Lodge,"${start}Seats 180${tail}","5 Main St, Boulder, Colorado 80302",Foothills,Barn`,
    ]);
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    const change = preview.rows[0]!.changes!.find((c) => c.field === "description");
    // Both sides cut at 200 characters read the same; the diff shows the change.
    expect(change!.from).toBe(change!.to);
    expect(change!.diff).toEqual({
      before: "…views of the Front Range. Seats ",
      removed: "150",
      added: "180",
      after: " guests for dinner and dancing under…",
    });
    await t.db.delete(venues).where(eq(venues.id, venue.id));
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
