import crypto from "node:crypto";
import sharp from "sharp";
import { expect } from "vitest";
import { and, eq } from "drizzle-orm";
import { venueAmenities, venueCategories, venueDailyStats, venueFaqs, venues } from "../../database/schema";
import { utcDay } from "../../app/lib/insights";
import type { Db } from "../../app/infra/db.server";
import { toAppUser, type Role } from "../../app/lib/user";
import { startHttpApp, type HttpTestApp } from "./http-app";
import { createTestApp, SITE_URL, type TestApp } from "./test-app";

type VenueInput = Partial<typeof venues.$inferInsert>;

export async function createCategory(db: Db, input: Partial<typeof venueCategories.$inferInsert> = {}) {
  const [row] = await db
    .insert(venueCategories)
    .values({ name: `Type ${crypto.randomBytes(3).toString("hex")}`, description: "A venue type", ...input })
    .returning();
  return row!;
}

export async function createVenue(db: Db, input: VenueInput = {}) {
  const [row] = await db
    .insert(venues)
    .values({
      name: `Venue ${crypto.randomBytes(3).toString("hex")}`,
      description: "A lovely place for a wedding with mountain views in every direction.",
      location: "1 Main St, Boulder, Colorado 80302",
      city: "Boulder",
      postalCode: "80302",
      region: "Front Range North",
      capacity: 120,
      pricePerEvent: 4000,
      amenities: [
        { name: "WiFi", included: true },
        { name: "Parking", included: false },
      ],
      images: [],
      phone: "(303) 555-0101",
      email: "events@venue.example",
      website: "www.venue.example",
      latitude: 40.015,
      longitude: -105.27,
      isApproved: true,
      ...input,
    })
    .returning();
  return row!;
}

export async function createFaq(db: Db, venueId: string, question: string, displayOrder: number) {
  await db.insert(venueFaqs).values({ venueId, question, answer: `Answer to ${question}`, displayOrder });
}

/** The fields of a valid venue submission (the tests of uploads, crashes and kills share it). */
export const submissionFields = (categoryId: string) => ({
  name: "Meadow Barn",
  description: "A restored barn in a high meadow.",
  addressLine1: "12 Ridge Rd",
  city: "Boulder",
  postalCode: "80302",
  region: "Front Range North",
  category: categoryId,
  priceType: "single",
  price: "4500",
  capacity: "150",
  website: "www.meadow.example",
});

type Upload = { field: string; bytes: Buffer; name: string; type?: string };

/** A multipart body of text fields and files (PNG unless `type` says), as a browser's form sends it. */
export function multipartBody(fields: Record<string, string | string[]>, files: Upload[] = []) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const f of files)
    body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: f.type ?? "image/png" }), f.name);
  return body;
}

/** A venue submission sent over HTTP as the dialog sends it; it must be accepted. Its venue. */
export async function postSubmission(
  http: HttpTestApp,
  cookie: string,
  fields: Record<string, string>,
  files: Upload[],
) {
  const res = await http.fetch("/api/venue-submissions", {
    method: "POST",
    cookie,
    body: multipartBody(fields, files),
  });
  const json = (await res.json()) as { ok: boolean; venue: { id: string; name: string } };
  expect(json.ok).toBe(true);
  return json.venue;
}

/** A JPEG of one colour, as a camera's photo comes. */
export const jpegOf = (color: string, width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** A venue's counts for today as the insights keep them (zeros before the first). */
export async function todayStats(db: Db, venueId: string) {
  const [row] = await db
    .select()
    .from(venueDailyStats)
    .where(and(eq(venueDailyStats.venueId, venueId), eq(venueDailyStats.day, utcDay())));
  return row ?? { views: 0, favorites: 0, inquiries: 0, websiteClicks: 0 };
}

/** A plain PNG of one colour, the photo most upload tests send. */
export const pngOf = (color: string, width = 900, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A user signed up with `role`, with their cookie and the AppUser the services take. */
export async function signedIn(t: TestApp, role: Role = "user", name = "Test User") {
  const session = await t.signUp({ role, name });
  return { ...session, user: toAppUser({ id: session.id, name, email: session.email, role }) };
}

/** A multipart POST to the site as the venue forms send it: repeated fields, PNG files. */
export function formRequest(
  pathname: string,
  cookie: string,
  fields: Record<string, string | string[]>,
  files: Record<string, Buffer> = {},
) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [k, b] of Object.entries(files))
    body.append(k.replace(/#.*$/, ""), new Blob([new Uint8Array(b)], { type: "image/png" }), `${k}.png`);
  return new Request(`${SITE_URL}${pathname}`, {
    method: "POST",
    body,
    headers: { cookie, origin: SITE_URL },
  });
}

/** The admin's venue form filled in (Add Venue, Edit venue). */
export const adminVenueFields = (categoryId: string, over: Record<string, string | string[]> = {}) => ({
  name: "Columbine Terrace",
  description: "A rooftop terrace above Larimer Square.",
  addressLine1: "1430 Larimer St",
  addressLine2: "Rooftop",
  city: "Denver",
  postalCode: "80202",
  region: "Denver Metro & Surrounding Areas",
  priceType: "range",
  priceRange: "$3,000-7,500",
  capacity: "140",
  category: categoryId,
  amenities: ["WiFi", "Parking"],
  website: "www.columbine.example",
  phone: "(720) 555-0199",
  email: "hello@columbine.example",
  latitude: "",
  longitude: "",
  ...over,
});

/**
 * The admin venue screens' app: an HTTP server, a signed-in admin, the types Barn and Garden and
 * the amenities WiFi and Parking. For a file's beforeAll; `close` in its afterAll.
 */
export async function adminVenuesApp() {
  const t = await createTestApp();
  const http = await startHttpApp(t);
  const admin = await signedIn(t, "admin");
  const barn = await createCategory(t.db, { name: "Barn" });
  const garden = await createCategory(t.db, { name: "Garden" });
  await t.db.insert(venueAmenities).values([{ name: "WiFi" }, { name: "Parking" }]);
  const close = async () => {
    await http.close();
    await t.close();
  };
  return { t, http, admin, adminUser: admin.user, barn, garden, close };
}
