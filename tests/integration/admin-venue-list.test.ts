import { and, count, eq } from "drizzle-orm";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, csvImports, venueAmenities, venueCategories, venues } from "../../database/schema";
import { readFlash } from "../../app/infra/session.server";
import type { ImportPreview } from "../../app/lib/csv-import/plan";
import { ADMIN_IMPORT_PATH } from "../../app/lib/csv-import/read";
import * as amenitiesRoute from "../../app/routes/admin/venue-amenities";
import * as typesRoute from "../../app/routes/admin/venue-categories";
import * as editRoute from "../../app/routes/admin/edit-venue";
import * as venuesRoute from "../../app/routes/admin/venues";
import { createCategory, createVenue } from "../setup/factories";
import { run } from "../setup/test-app";
import { adminVenueListApp } from "../setup/admin-venue-list";

// Issue 22, item 8 (finding things) and item 10 (small print). The admin venue list's filters
// (missing coordinates, status, venue type, region), each alone and with the search, and the
// header's 'N of M venues'; page size and page jump; the list state kept through an edit and a
// delete (the redirect's Location), never to another site. Then: renaming an amenity to its own
// name changes nothing and says so; moving a type's venues says how many moved; a workbook or a
// binary file renamed .csv is 'not a CSV file' and writes nothing; a row with more values than the
// header has is a row problem even when the extra cells are blank.
// The filters and the paging are in admin-venue-{filters,pages}.test.ts.

let { t, http, admin, barn, ids, page, close } = {} as Awaited<ReturnType<typeof adminVenueListApp>>;
beforeAll(async () => ({ t, http, admin, barn, ids, page, close } = await adminVenueListApp()), 120_000);
afterAll(() => close?.());

const flashOf = async (res: Response) => {
  const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
  return (await readFlash(t.app, t.request("/", { cookie }))).toast?.message;
};

describe("the list state comes back after an edit and a delete (issue 22, item 8)", () => {
  const state = () =>
    `/admin/venues?q=barn&coords=missing&category=${barn.id}&region=Foothills&sort=capacity&dir=desc&size=25&page=2`;
  const fields = (name: string) => ({
    name,
    description: "A barn for an edit.",
    addressLine1: "1 Main St",
    city: "Boulder",
    postalCode: "80302",
    region: "Front Range North",
    priceType: "single",
    price: "4000",
    capacity: "120",
    category: barn.id,
    latitude: "",
    longitude: "",
  });

  it("the row's Edit link carries the list's state; the edit page's Back goes there", async () => {
    const html = await page(`?q=barn&coords=missing&size=25`);
    const href = `/admin/edit-venue/${ids["Boulder Barn"]}?returnTo=${encodeURIComponent("/admin/venues?q=barn&coords=missing&size=25")}`;
    expect(html).toContain(`href="${href.replace(/&/g, "&amp;")}"`);
    const r = await run(async () =>
      editRoute.loader(
        await t.args(t.request(href, { cookie: admin.cookie }), { venueId: ids["Boulder Barn"]! }),
      ),
    );
    expect(r.data).toMatchObject({ backTo: "/admin/venues?q=barn&coords=missing&size=25" });
    const plain = await run(async () =>
      editRoute.loader(
        await t.args(t.request(`/admin/edit-venue/${ids["Aspen Barn"]}`, { cookie: admin.cookie }), {
          venueId: ids["Aspen Barn"]!,
        }),
      ),
    );
    expect(plain.data).toMatchObject({ backTo: "/admin/venues" });
  });

  it("a save redirects to the list state it came from", async () => {
    const id = ids["Aspen Barn"]!;
    const r = await run(async () =>
      editRoute.action(
        await t.args(
          t.request(`/admin/edit-venue/${id}?returnTo=${encodeURIComponent(state())}`, {
            multipart: fields("Aspen Barn"),
            cookie: admin.cookie,
          }),
          { venueId: id },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("location")).toBe(state());
    expect(await flashOf(r.response!)).toBe("Venue updated successfully");
  });

  it("never to another site or another page: a foreign returnTo goes to the plain list", async () => {
    const id = ids["Aspen Barn"]!;
    for (const returnTo of [
      "https://evil.example/admin/venues?q=barn",
      "//evil.example/admin/venues",
      "/\\evil.example",
      "/admin/users?q=x",
      "/admin/venues/../dashboard?q=barn",
    ]) {
      const r = await run(async () =>
        editRoute.action(
          await t.args(
            t.request(`/admin/edit-venue/${id}?returnTo=${encodeURIComponent(returnTo)}`, {
              multipart: fields("Aspen Barn"),
              cookie: admin.cookie,
            }),
            { venueId: id },
          ),
        ),
      );
      expect(r.response!.headers.get("location"), returnTo).toBe("/admin/venues");
    }
  });

  it("a delete redirects to the list's address it was sent from, with the spec's toast", async () => {
    const doomed = await createVenue(t.db, { name: "Doomed Barn", categoryId: barn.id });
    const r = await run(async () =>
      venuesRoute.action(
        await t.args(
          t.request(`${state()}&intent=geocode&evil=1`, {
            form: { intent: "delete", venueId: doomed.id },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("location")).toBe(state());
    expect(await flashOf(r.response!)).toBe("Venue deleted successfully");
    expect(await t.db.select().from(venues).where(eq(venues.id, doomed.id))).toEqual([]);

    // Over HTTP as the form posts it without scripts.
    const other = await createVenue(t.db, { name: "Doomed Too" });
    const res = await http.fetch("/admin/venues?status=pending&page=3", {
      method: "POST",
      cookie: admin.cookie,
      body: new URLSearchParams({ intent: "delete", venueId: other.id }),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/admin/venues?status=pending&page=3");
  });
});

describe("small print (issue 22, item 10)", () => {
  it("renaming an amenity to its own name changes nothing and says so: no write, no audit entry", async () => {
    const [wifi] = await t.db.select().from(venueAmenities).where(eq(venueAmenities.name, "WiFi"));
    const v = await createVenue(t.db, { name: "WiFi Barn", amenities: [{ name: "WiFi", included: true }] });
    const before = (await t.db.select().from(venues).where(eq(venues.id, v.id)))[0]!;
    const rename = (name: string) =>
      run(async () =>
        amenitiesRoute.action(
          await t.args(
            t.request("/admin/venue-amenities", {
              form: { intent: "update", amenityId: wifi!.id, name },
              cookie: admin.cookie,
            }),
          ),
        ),
      );
    const r = await rename("  WiFi ");
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      ok: true,
      toast: { type: "info", message: "WiFi already has this name: nothing changed", description: undefined },
    });
    const [amenity] = await t.db.select().from(venueAmenities).where(eq(venueAmenities.id, wifi!.id));
    expect(amenity!.updatedAt).toEqual(wifi!.updatedAt);
    expect((await t.db.select().from(venues).where(eq(venues.id, v.id)))[0]!.updatedAt).toEqual(
      before.updatedAt,
    );
    const audit = () =>
      t.db
        .select({ n: count() })
        .from(auditLog)
        .where(and(eq(auditLog.targetId, wifi!.id), eq(auditLog.action, "amenity.update")));
    expect((await audit())[0]!.n).toBe(0);

    // A change of case is a rename.
    const cased = await rename("Wifi");
    expect(cased.data).toMatchObject({ toast: { type: "success", message: "Amenity renamed to Wifi" } });
    expect((await audit())[0]!.n).toBe(1);
  });

  it("moving a type's venues before deleting it says how many moved", async () => {
    const from = await createCategory(t.db, { name: "Old Type" });
    const to = await createCategory(t.db, { name: "New Type" });
    for (let i = 0; i < 12; i++)
      await createVenue(t.db, { name: `Mover ${i}`, categoryId: from.id, isApproved: i % 3 !== 0 });
    const r = await run(async () =>
      typesRoute.action(
        await t.args(
          t.request("/admin/venue-categories", {
            multipart: { intent: "delete", categoryId: from.id, moveTo: to.id },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(r.data).toMatchObject({
      ok: true,
      toast: {
        type: "success",
        message: "Old Type category deleted",
        description: "Moved 12 venues to New Type",
      },
    });
    const [{ n } = { n: 0 }] = await t.db
      .select({ n: count() })
      .from(venues)
      .where(eq(venues.categoryId, to.id));
    expect(n).toBe(12);
    expect(await t.db.select().from(venueCategories).where(eq(venueCategories.id, from.id))).toEqual([]);
  });

  describe("a file that is not a CSV", () => {
    const NOT_CSV = "This is not a CSV file: save your workbook as CSV (UTF-8)";
    const post = (fields: Record<string, string>, file: { name: string; bytes: Uint8Array }) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      body.append("file", new Blob([new Uint8Array(file.bytes)], { type: "text/csv" }), file.name);
      return http.fetch(ADMIN_IMPORT_PATH, { method: "POST", body, cookie: admin.cookie });
    };
    const written = async () => {
      const [[v], [i]] = await Promise.all([
        t.db.select({ n: count() }).from(venues),
        t.db.select({ n: count() }).from(csvImports),
      ]);
      return { venues: v!.n, imports: i!.n };
    };

    /** A workbook as Excel saves it: a zip archive (stored entries) of XML parts. */
    function xlsx(): Uint8Array {
      // A zip record: little-endian fields at their offsets.
      const record = (size: number, fields: [at: number, bytes: 2 | 4, value: number][]) => {
        const b = Buffer.alloc(size);
        for (const [at, bytes, value] of fields)
          if (bytes === 2) b.writeUInt16LE(value, at);
          else b.writeUInt32LE(value, at);
        return b;
      };
      const parts: Buffer[] = [];
      const central: Buffer[] = [];
      let offset = 0;
      const entries = {
        "[Content_Types].xml":
          '<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"/>',
        "xl/worksheets/sheet1.xml":
          "<worksheet><sheetData><row><c><v>name</v></c></row></sheetData></worksheet>",
      };
      for (const [name, text] of Object.entries(entries)) {
        const [data, file] = [Buffer.from(text), Buffer.from(name)];
        const crc = zlib.crc32(data);
        const sizes: [number, 2 | 4, number][] = [
          [0, 4, crc],
          [4, 4, data.length],
          [8, 4, data.length],
          [12, 2, file.length],
        ];
        const local = record(30, [
          [0, 4, 0x04034b50],
          [4, 2, 20],
          ...sizes.map(([at, n, v]) => [at + 14, n, v] as [number, 2 | 4, number]),
        ]);
        const dir = record(46, [
          [0, 4, 0x02014b50],
          [4, 2, 20],
          [6, 2, 20],
          ...sizes.map(([at, n, v]) => [at + 16, n, v] as [number, 2 | 4, number]),
          [42, 4, offset],
        ]);
        parts.push(local, file, data);
        central.push(dir, file);
        offset += local.length + file.length + data.length;
      }
      const dir = Buffer.concat(central);
      const count = central.length / 2;
      const end = record(22, [
        [0, 4, 0x06054b50],
        [8, 2, count],
        [10, 2, count],
        [12, 4, dir.length],
        [16, 4, offset],
      ]);
      return new Uint8Array(Buffer.concat([...parts, dir, end]));
    }

    const files = {
      "an xlsx workbook": { name: "venues.csv", bytes: xlsx() },
      "an xls workbook": {
        name: "old.csv",
        bytes: new Uint8Array([
          0xd0,
          0xcf,
          0x11,
          0xe0,
          0xa1,
          0xb1,
          0x1a,
          0xe1,
          ...new TextEncoder().encode("name"),
        ]),
      },
      "a binary file": {
        name: "photo.csv",
        bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d]),
      },
      "a CSV with a NUL byte": {
        name: "nul.csv",
        bytes: new TextEncoder().encode(
          "name,description,location,region,category\nA\u0000,B,C,Foothills,Barn\n",
        ),
      },
    };

    for (const [what, file] of Object.entries(files))
      it(`${what} renamed .csv gets exactly the message, at the preview and at the import, and writes nothing`, async () => {
        const before = await written();
        const preview = await post({ intent: "preview" }, file);
        expect(preview.status).toBe(422);
        expect(await preview.json()).toEqual({ ok: false, error: NOT_CSV });
        const imported = await post({ intent: "import", token: "x" }, file);
        const lines = (await imported.text())
          .trim()
          .split("\n")
          .map((l) => JSON.parse(l) as unknown);
        expect(lines).toEqual([{ type: "error", message: NOT_CSV }]);
        expect(await written()).toEqual(before);
      });

    it("a row with more values than the header says so, even when the extra cells are blank", async () => {
      const text = [
        "name,description,location,region,category",
        'Trailing Barn,Desc,"1 Main St, Boulder, Colorado 80302",Foothills,Barn,,',
        'Comma Barn,Desc,"2 Main St, Boulder, Colorado 80302",Foothills,Barn,Lodge',
        'Fine Barn,Desc,"3 Main St, Boulder, Colorado 80302",Foothills,Barn',
      ].join("\n");
      const res = await post(
        { intent: "preview" },
        { name: "extra.csv", bytes: new TextEncoder().encode(text) },
      );
      const { preview } = (await res.json()) as { preview: ImportPreview };
      expect(preview.counts).toEqual({ add: 1, update: 0, skip: 2 });
      const problems = Object.fromEntries(preview.rows.map((r) => [r.name, r.problems]));
      expect(problems["Trailing Barn"]).toEqual([
        "Has 7 values but the header has 5 columns (remove the extra commas at the end of the row, or name the column in the header)",
      ]);
      expect(problems["Comma Barn"]).toEqual([
        "Has 6 values but the header has 5 columns (put quotes around values that contain commas)",
      ]);
    });
  });
});
