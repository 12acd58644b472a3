import { asc, eq, inArray, sql } from "drizzle-orm";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { venueCategories, venues } from "../../database/schema";
import { seedScale } from "../../app/services/seed.server";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { previewImport, runImport } from "../../app/services/imports.server";
import { exportVenuesCsv } from "../../app/services/venue-csv.server";
import type { ImportPreview } from "../../app/lib/csv-import/plan";
import { CSV_COLUMNS } from "../../app/lib/csv-import/read";
import { EXPORT_HEADER } from "../../app/lib/csv-import/write";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 22, item 6: /admin/venues exports its search and sort as CSV in the import's own
// columns. 200 seeded venues (every price shape, amenities at extra cost, stored image paths,
// logos) and a few with values a spreadsheet would run as formulas: the export imports back as
// updates with no changes, and exports again byte for byte; cells that could run as formulas
// start with a single quote (OWASP), which the import reads back to the value.

let t: TestApp;
let http: HttpTestApp;
let cookie: string;
let adminUser: AppUser;

const INJECTED = {
  name: '=HYPERLINK("https://evil.example","Click me")',
  description: "@SUM(1+1) and a description that starts like a formula",
  phone: "+1 303 555 0100",
  email: "events@injected.example",
};

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    const admin = await t.signUp({ role: "admin", name: "Exporter" });
    cookie = admin.cookie;
    adminUser = toAppUser({ id: admin.id, name: "Exporter", email: admin.email, role: "admin" });
    await seedScale(t.db, t.storage, 200);
    // The scale seed has no logos: every fifth venue gets one (stored and external).
    const ids = (await t.db.select({ id: venues.id }).from(venues).orderBy(asc(venues.id))).map((r) => r.id);
    for (const [k, id] of ids.entries())
      if (k % 5 === 0)
        await t.db
          .update(venues)
          .set({
            logoUrl: k % 10 === 0 ? `/uploads/seed/logos/v${k}-256.webp` : `https://logos.example/${k}.png`,
          })
          .where(eq(venues.id, id));
    // Values that a spreadsheet would run as formulas, and ones starting with a tab, a CR, '-'.
    await t.db.update(venues).set(INJECTED).where(eq(venues.id, ids[1]!));
    await t.db
      .update(venues)
      .set({ description: "\tTabbed description", phone: "-" })
      .where(eq(venues.id, ids[2]!));
    await t.db
      .update(venues)
      .set({ description: "- a dash first", phone: "'=already quoted" })
      .where(eq(venues.id, ids[3]!));
    await t.db
      .update(venues)
      .set({ description: "\rStarts with a carriage return" })
      .where(eq(venues.id, ids[4]!));
  },
  { timeout: 300_000 },
);

async function exported(query = ""): Promise<Uint8Array> {
  const res = await http.fetch(`/admin/venues/export.csv${query}`, { cookie });
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
  expect(res.headers.get("content-disposition")).toMatch(
    /^attachment; filename="venues-\d{4}-\d{2}-\d{2}\.csv"$/,
  );
  return new Uint8Array(await res.arrayBuffer());
}

const text = (bytes: Uint8Array) => new TextDecoder("utf-8", { ignoreBOM: true }).decode(bytes);
const cells = (bytes: Uint8Array) =>
  Papa.parse<string[]>(text(bytes).replace(/^\uFEFF/, ""), {
    delimiter: ",",
    newline: "\r\n",
    skipEmptyLines: true,
  }).data;

const expectOk = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

async function reimport(bytes: Uint8Array): Promise<ImportPreview> {
  const file = { name: "venues.csv", bytes };
  const { preview } = expectOk(await previewImport(t.db, adminUser, file));
  const { summary } = expectOk(await runImport(t, adminUser, file, preview.token));
  expect(summary).toMatchObject({ updated: preview.counts.update, added: 0, warnings: [] });
  return preview;
}

const approvedCount = async () =>
  (
    await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(eq(venues.isApproved, true))
  )[0]!.n;

describe("the venue list's CSV export", () => {
  it("writes every approved venue in the import's columns; it imports back as updates with no changes, and exports again byte for byte", async () => {
    const first = await exported();
    expect(text(first).startsWith(EXPORT_HEADER)).toBe(true);
    const rows = cells(first);
    expect(rows[0]).toEqual([...CSV_COLUMNS]);
    expect(rows).toHaveLength(1 + (await approvedCount()));
    expect(rows.length).toBeGreaterThan(200);

    const file = { name: "venues.csv", bytes: first };
    const { preview } = expectOk(await previewImport(t.db, adminUser, file));
    expect(preview.counts).toEqual({ add: 0, update: rows.length - 1, skip: 0 });
    // Every row an update with no changes and nothing to warn about.
    expect(preview.rows.filter((r) => r.changes?.length !== 0 || r.warnings || r.problems)).toEqual([]);
    const { summary } = expectOk(await runImport(t, adminUser, file, preview.token));
    expect(summary).toMatchObject({ updated: rows.length - 1, unchanged: rows.length - 1, warnings: [] });

    const second = await exported();
    expect(text(second)).toBe(text(first));
    expect(Buffer.from(second).equals(Buffer.from(first))).toBe(true);
  });

  it("writes back every column an admin changed since the export", async () => {
    const first = await exported();
    const [a, b, c] = await t.db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(eq(venues.isApproved, true))
      .orderBy(asc(venues.name))
      .limit(3);
    const [other] = await t.db
      .select({ id: venueCategories.id, name: venueCategories.name })
      .from(venueCategories);
    await t.db
      .update(venues)
      .set({
        description: "Rewritten by someone.",
        website: null,
        phone: "(970) 555-0199",
        email: null,
        region: "Southwest",
        pricePerEvent: 1,
        priceRange: null,
        priceLow: null,
        priceHigh: null,
        capacity: 7,
        categoryId: other!.id,
        amenities: [{ name: "Pet Friendly", included: true }],
      })
      .where(inArray(venues.id, [a!.id, b!.id]));
    await t.db
      .update(venues)
      .set({
        capacity: null,
        amenities: [],
        pricePerEvent: null,
        priceRange: "Call us",
        priceLow: null,
        priceHigh: null,
      })
      .where(eq(venues.id, c!.id));

    const preview = await reimport(first);
    const changed = preview.rows.filter((r) => r.changes!.length > 0);
    expect(changed.map((r) => r.name).sort()).toEqual([a!.name, b!.name, c!.name].sort());
    const fields = (name: string) => changed.find((r) => r.name === name)!.changes!.map((ch) => ch.field);
    for (const name of [a!.name, b!.name])
      expect(fields(name)).toEqual(
        expect.arrayContaining(["description", "phone", "region", "lowPrice", "capacity", "amenities"]),
      );
    expect(fields(c!.name)).toEqual(expect.arrayContaining(["capacity", "amenities"]));
    expect(text(await exported())).toBe(text(first));
  });

  it("defuses every cell a spreadsheet would run as a formula with a single quote, and imports it back as it was", async () => {
    const bytes = await exported();
    const body = cells(bytes).slice(1);
    for (const row of body) for (const cell of row) expect(cell, cell).not.toMatch(/^[=+\-@\t\r]/);
    const raw = text(bytes);
    expect(raw).toContain(`"'=HYPERLINK(""https://evil.example"",""Click me"")"`);
    expect(raw).toContain(`'@SUM(1+1) and a description`);
    expect(raw).toContain(`,'+1 303 555 0100,`);
    expect(raw).toContain(`'\tTabbed description`);
    expect(raw).toContain(`"'\rStarts with a carriage return"`);
    // A phone of '-' is a value here, not the import's 'clear this field'; a value that starts
    // with quotes before '=' gets one more.
    expect(raw).toContain(`,'-,`);
    expect(raw).toContain(`,'- a dash first,`);
    expect(raw).toContain(`,''=already quoted,`);

    await reimport(bytes);
    const [injected] = await t.db.select().from(venues).where(eq(venues.name, INJECTED.name));
    expect(injected).toMatchObject(INJECTED);
    const [tabbed] = await t.db.select().from(venues).where(eq(venues.description, "\tTabbed description"));
    expect(tabbed!.phone).toBe("-");
    const [quoted] = await t.db.select().from(venues).where(eq(venues.phone, "'=already quoted"));
    expect(quoted!.description).toBe("- a dash first");
    const [cr] = await t.db
      .select()
      .from(venues)
      .where(eq(venues.description, "\rStarts with a carriage return"));
    expect(cr).toBeDefined();
  });

  it("exports the list's search and sort, whatever page the table shows", async () => {
    const [{ name: category } = { name: "" }] = await t.db
      .select({ name: venueCategories.name })
      .from(venueCategories)
      .orderBy(asc(venueCategories.name))
      .limit(1);
    const list = await listVenuesForAdmin(t.db, adminUser, { q: category, sort: "capacity", dir: "desc" });
    expect(list.total).toBeGreaterThan(0);
    expect(list.total).toBeLessThanOrEqual(50);
    const rows = cells(await exported(`?q=${encodeURIComponent(category)}&sort=capacity&dir=desc&page=3`));
    expect(rows.slice(1).map((r) => r[0])).toEqual(
      list.venues.map((v) => v.name.replace(/^([=+\-@])/, "'$1")),
    );
  });

  it("streams the file: the header first, then the venues a batch at a time", async () => {
    const stream = await exportVenuesCsv(t, adminUser, { q: "", sort: "name", dir: "asc" });
    const reader = stream.getReader();
    const first = await reader.read();
    expect(text(first.value!)).toBe(EXPORT_HEADER);
    let lines = 0;
    for (let chunk = await reader.read(); !chunk.done; chunk = await reader.read())
      lines += text(chunk.value).split("\r\n").length - 1;
    // Quoted line breaks inside descriptions count too: at least one line per venue.
    expect(lines).toBeGreaterThanOrEqual(await approvedCount());
  });

  it("is for admins only, in the service too", async () => {
    for (const role of ["user", "venue_manager"] as const)
      await expect(
        exportVenuesCsv(t, { ...adminUser, role }, { q: "", sort: "name", dir: "asc" }),
      ).rejects.toMatchObject({ init: { status: 403 } });
  });
});
