import { count, eq, like } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import { auditLog, csvImports, venueAmenities, venueManagers, venues } from "../../database/schema";
import { type ImportSummary } from "../../app/lib/csv-import/plan";
import { toAppUser } from "../../app/lib/user";
import { createCategory, createVenue } from "./factories";
import { startHttpApp } from "./http-app";
import { createTestApp } from "./test-app";

const FIXTURES = path.resolve(import.meta.dirname, "../fixtures/csv");
/** A file of tests/fixtures/csv, as the upload sends it. */
export const fixture = async (name: string) => ({
  name,
  bytes: new Uint8Array(await fs.readFile(path.join(FIXTURES, name))),
});

export const MANAGER_IMAGE = "/uploads/venues/manager/photo-1600.webp";

/** A CSV upload named `name`, of `lines` (a last "" ends the file with a newline). */
export const csvFile = (name: string, lines: string[]) => ({
  name,
  bytes: new TextEncoder().encode(lines.join("\n")),
});

/** A file of `rows` venues named `${prefix} n`, each with an address the geocoder can place. */
export const venuesCsv = (prefix: string, rows: number) =>
  csvFile(`${prefix}.csv`, [
    "name,description,location,region,category",
    ...Array.from(
      { length: rows },
      (_, i) => `${prefix} ${i},Desc,"${i + 1} Main St, Boulder, Colorado 80302",Foothills,Barn`,
    ),
  ]);

/** What csv_imports keeps of the summary's warnings: the row and the message. */
export const kept = (warnings: ImportSummary["warnings"]) =>
  warnings.map(({ row, message }) => ({ row, message }));

export const expectOk = <T extends { ok: boolean }>(r: T) => {
  if (!r.ok) throw new Error(JSON.stringify(r));
  return r as Extract<T, { ok: true }>;
};

/**
 * The CSV import's app (issue 12, item 5): an admin, the types and amenities the fixtures name,
 * and an existing venue with a manager, for a file's beforeAll; `close` in its afterAll.
 */
export async function csvImportApp() {
  const t = await createTestApp();
  const http = await startHttpApp(t);
  const admin = await t.signUp({ role: "admin", name: "Importer" });
  const adminUser = toAppUser({ id: admin.id, name: "Importer", email: admin.email, role: "admin" });
  for (const name of ["Barn", "Waterfront", "Mountain", "Lodge"]) await createCategory(t.db, { name });
  await t.db
    .insert(venueAmenities)
    .values(["Parking", "WiFi", "Dance Floor", "Scenic Views"].map((name) => ({ name })));
  const manager = await t.signUp({ role: "venue_manager" });
  const existing = await createVenue(t.db, {
    name: "Existing Hall",
    location: "1 Main St, Boulder, Colorado 80302",
    images: [MANAGER_IMAGE],
    logoUrl: "/uploads/venues/manager/logo-256.webp",
    latitude: 40.1,
    longitude: -105.1,
  });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: existing.id });
  const close = async () => {
    await http.close();
    await t.close();
  };
  async function counts() {
    const [[v], [i], [a]] = await Promise.all([
      t.db.select({ n: count() }).from(venues),
      t.db.select({ n: count() }).from(csvImports),
      t.db.select({ n: count() }).from(auditLog),
    ]);
    return { venues: v!.n, imports: i!.n, audit: a!.n };
  }
  const venuesNamed = async (prefix: string) =>
    (
      await t.db
        .select({ n: count() })
        .from(venues)
        .where(like(venues.name, `${prefix} %`))
    )[0]!.n;
  const importedRows = async (importId: string) =>
    (await t.db.select().from(csvImports).where(eq(csvImports.id, importId)))[0]!.importedRows;
  return { t, http, admin, adminUser, existing, close, counts, venuesNamed, importedRows };
}
