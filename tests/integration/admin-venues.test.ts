import { and, eq } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, venueAmenities, venueManagers, venues, venueTrash } from "../../database/schema";
import { readFlash } from "../../app/infra/session.server";
import * as editRoute from "../../app/routes/admin/edit-venue";
import * as venuesRoute from "../../app/routes/admin/venues";
import {
  deleteVenueAsAdmin,
  geocodeVenueAsAdmin,
  getVenueForEdit,
  listVenuesForAdmin,
} from "../../app/services/admin-venues.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { createCategory, createVenue } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { createTestApp, run, SITE_URL, type TestApp } from "../setup/test-app";

// The admin's venues (issue 12, item 3): the table (approved only, search, sort with empty
// capacities last), Add Venue (approved at once, rating 0, no manager, images through the
// pipeline), Edit (every field, address parts from the location, coordinates override), delete
// (files too), Geocode with the server geocoder, the spec's messages, and admin-only everywhere.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let barn: { id: string };
let garden: { id: string };

const png = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A multipart request as the venue form sends it. */
function formRequest(
  pathname: string,
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
    headers: { cookie: admin.cookie, origin: SITE_URL },
  });
}

const venueFields = (over: Record<string, string | string[]> = {}) => ({
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
  category: barn.id,
  amenities: ["WiFi", "Parking"],
  website: "www.columbine.example",
  phone: "(720) 555-0199",
  email: "hello@columbine.example",
  latitude: "",
  longitude: "",
  ...over,
});

beforeAll(async () => {
  t = await createTestApp();
  http = await startHttpApp(t);
  admin = await t.signUp({ role: "admin" });
  adminUser = toAppUser({ id: admin.id, name: "Test User", email: admin.email, role: "admin" });
  barn = await createCategory(t.db, { name: "Barn" });
  garden = await createCategory(t.db, { name: "Garden" });
  await t.db.insert(venueAmenities).values([{ name: "WiFi" }, { name: "Parking" }]);
}, 120_000);
afterAll(async () => {
  await http?.close();
  await t?.close();
});

describe("the table", () => {
  beforeAll(async () => {
    await createVenue(t.db, {
      name: "alpine Meadow",
      capacity: 80,
      categoryId: garden.id,
      location: "9 Pine Rd, Evergreen, Colorado 80439",
    });
    await createVenue(t.db, {
      name: "Zephyr Hall",
      capacity: null,
      categoryId: barn.id,
      latitude: 0,
      longitude: 0,
    });
    await createVenue(t.db, {
      name: "Birch Barn",
      capacity: 300,
      categoryId: barn.id,
      latitude: null,
      longitude: null,
    });
    await createVenue(t.db, { name: "Pending Place", isApproved: false, categoryId: barn.id });
  });

  it("lists approved venues only, by name ascending, with coordinates as stored (0 when missing)", async () => {
    const { venues: rows, total } = await listVenuesForAdmin(t.db, adminUser);
    expect(rows.map((r) => r.name)).toEqual(["alpine Meadow", "Birch Barn", "Zephyr Hall"]);
    expect(total).toBe(3);
    expect(rows.find((r) => r.name === "Birch Barn")).toMatchObject({
      latitude: 0,
      longitude: 0,
      category: "Barn",
    });
  });

  it("sorts by capacity with empty capacities last, in both directions", async () => {
    const asc = await listVenuesForAdmin(t.db, adminUser, { sort: "capacity" });
    expect(asc.venues.map((r) => r.capacity)).toEqual([80, 300, null]);
    const desc = await listVenuesForAdmin(t.db, adminUser, { sort: "capacity", dir: "desc" });
    expect(desc.venues.map((r) => r.capacity)).toEqual([300, 80, null]);
    const byType = await listVenuesForAdmin(t.db, adminUser, { sort: "category", dir: "desc" });
    expect(byType.venues[0]!.category).toBe("Garden");
  });

  it("searches name, location and category, case-insensitively, with LIKE wildcards taken literally", async () => {
    const names = async (q: string) =>
      (await listVenuesForAdmin(t.db, adminUser, { q })).venues.map((r) => r.name);
    expect(await names("ZEPHYR")).toEqual(["Zephyr Hall"]);
    expect(await names("evergreen")).toEqual(["alpine Meadow"]);
    expect(await names("garden")).toEqual(["alpine Meadow"]);
    expect(await names("barn")).toEqual(["Birch Barn", "Zephyr Hall"]);
    expect(await names("%")).toEqual([]);
  });

  it("the page shows the rows, 6-decimal coordinates and 'Missing Coordinates'", async () => {
    const res = await http.fetch("/admin/venues?q=a", { cookie: admin.cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Missing Coordinates");
    expect(html).toContain("40.015000, -105.270000");
    expect(html).toMatch(/href="\/admin\/venue-faqs\/[0-9a-f-]{36}"/);
    expect(html).toContain("Download template");
  });
});

describe("Add Venue", () => {
  it("adds an approved venue at once: rating 0, no manager, images through the pipeline, geocoded, audited", async () => {
    const req = formRequest("/admin/venues?intent=add", venueFields(), {
      images: await png("#336699"),
      "images#2": await png("#993366"),
      logo: await png("#ffffff"),
    });
    const r = await run(async () => venuesRoute.action(await t.args(req)));
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      ok: true,
      toast: { type: "success", message: "Venue added successfully" },
    });
    const id = (r.data as { venue: { id: string } }).venue.id;
    const [v] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect(v).toMatchObject({
      name: "Columbine Terrace",
      location: "1430 Larimer St, Rooftop, Denver, Colorado 80202",
      isApproved: true,
      rating: 0,
      reviewCount: 0,
      userId: null,
      priceLow: 3000,
      priceHigh: 7500,
      phone: "(720) 555-0199",
      email: "hello@columbine.example",
      amenities: [
        { name: "WiFi", included: true },
        { name: "Parking", included: true },
      ],
    });
    expect(v!.images).toHaveLength(2);
    for (const url of [...v!.images, v!.logoUrl!]) {
      expect(url).toMatch(new RegExp(`^/uploads/venues/${id}/.+\\.webp$`));
      expect(await t.storage.get(t.storage.keyOf(url)!)).not.toBeNull();
    }
    expect(v!.latitude).toBeCloseTo(39.75, 1);
    expect(await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, id))).toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "venue.create")));
    expect(entry).toMatchObject({ actorId: admin.id, targetType: "venue" });
  });

  it("keeps typed coordinates, refuses bad ones with 'Invalid coordinates provided', and the spec's required message", async () => {
    const typed = await run(async () =>
      venuesRoute.action(
        await t.args(
          formRequest(
            "/admin/venues?intent=add",
            venueFields({ name: "Typed", latitude: "39.123456", longitude: "-105.654321" }),
          ),
        ),
      ),
    );
    const id = (typed.data as { venue: { id: string } }).venue.id;
    const [v] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect([v!.latitude, v!.longitude]).toEqual([39.123456, -105.654321]);

    const bad = await run(async () =>
      venuesRoute.action(
        await t.args(
          formRequest(
            "/admin/venues?intent=add",
            venueFields({ name: "Bad", latitude: "north", longitude: "-105" }),
          ),
        ),
      ),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { latitude: "Invalid coordinates provided" } });
    const missing = await run(async () =>
      venuesRoute.action(
        await t.args(formRequest("/admin/venues?intent=add", venueFields({ name: "", city: "" }))),
      ),
    );
    expect(missing.data).toMatchObject({ errors: { name: "Please fill in all required fields" } });
    expect(await t.db.select().from(venues).where(eq(venues.name, "Bad"))).toEqual([]);
  });
});

describe("Edit venue", () => {
  it("prefills every field, the address parts read from a location-only venue", async () => {
    const v = await createVenue(t.db, {
      name: "Seeded Lodge",
      location: "77 Aspen Way, Unit 4, Breckenridge, Colorado 80424",
      addressLine1: null,
      city: null,
      postalCode: null,
      categoryId: barn.id,
      pricePerEvent: 4200,
      amenities: [{ name: "WiFi", included: true }],
    });
    const r = await run(async () =>
      editRoute.loader(
        await t.args(t.request(`/admin/edit-venue/${v.id}`, { cookie: admin.cookie }), { venueId: v.id }),
      ),
    );
    expect(r.data).toMatchObject({
      venue: {
        values: {
          addressLine1: "77 Aspen Way",
          addressLine2: "Unit 4",
          city: "Breckenridge",
          postalCode: "80424",
          priceType: "single",
          price: "4200",
          category: barn.id,
          amenities: ["WiFi"],
          phone: "(303) 555-0101",
          email: "events@venue.example",
          website: "www.venue.example",
          latitude: "40.015",
          longitude: "-105.27",
        },
      },
    });
  });

  it("'Venue Not Found' and back to /admin/venues for an unknown or malformed id", async () => {
    for (const venueId of ["00000000-0000-4000-8000-000000000000", "not-an-id"]) {
      const r = await run(async () =>
        editRoute.loader(
          await t.args(t.request(`/admin/edit-venue/${venueId}`, { cookie: admin.cookie }), { venueId }),
        ),
      );
      expect(r.status).toBe(302);
      expect(r.response!.headers.get("location")).toBe("/admin/venues");
      expect(r.response!.headers.get("set-cookie")).toMatch(/vv_flash=/);
    }
  });

  it("saves every field; moving the address places it again; removed images go from storage", async () => {
    const add = await run(async () =>
      venuesRoute.action(
        await t.args(
          formRequest("/admin/venues?intent=add", venueFields({ name: "To Edit" }), {
            images: await png("#123456"),
            "images#2": await png("#654321"),
          }),
        ),
      ),
    );
    const id = (add.data as { venue: { id: string } }).venue.id;
    const [before] = await t.db.select().from(venues).where(eq(venues.id, id));
    const [keep, drop] = before!.images;
    const r = await run(async () =>
      editRoute.action(
        await t.args(
          formRequest(
            `/admin/edit-venue/${id}`,
            venueFields({
              name: "Edited",
              addressLine1: "1 Pearl St",
              addressLine2: "",
              city: "Boulder",
              postalCode: "80302",
              priceType: "single",
              price: "5,000",
              phone: "",
              email: "new@edited.example",
              keepImages: [keep!, "/uploads/venues/someone-else/x-1600.webp"],
            }),
          ),
          { venueId: id },
        ),
      ),
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("location")).toBe("/admin/venues");
    const [after] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect(after).toMatchObject({
      name: "Edited",
      location: "1 Pearl St, Boulder, Colorado 80302",
      pricePerEvent: 5000,
      priceRange: null,
      phone: null,
      email: "new@edited.example",
      images: [keep],
      isApproved: true,
    });
    expect(after!.latitude).toBeCloseTo(40.0, 1);
    expect(await t.storage.get(t.storage.keyOf(drop!)!)).toBeNull();
    expect(await t.storage.get(t.storage.keyOf(keep!)!)).not.toBeNull();

    const manual = await run(async () =>
      editRoute.action(
        await t.args(
          formRequest(
            `/admin/edit-venue/${id}`,
            venueFields({ name: "Edited", latitude: "40.5", longitude: "-105.5", keepImages: [keep!] }),
          ),
          {
            venueId: id,
          },
        ),
      ),
    );
    expect(manual.status).toBe(302);
    const [placed] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect([placed!.latitude, placed!.longitude]).toEqual([40.5, -105.5]);
    const entries = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "venue.update")));
    expect(entries).toHaveLength(2);
  });
});

// Issue 22, item 2: the edit form pre-fills the coordinates, so a save must tell the pair it showed
// (left as it was) from a typed correction, or a moved venue keeps its old pin.
describe("Edit venue: the map pin follows the address", () => {
  const BOULDER = { addressLine1: "1 Main St", addressLine2: "", city: "Boulder", postalCode: "80302" };
  const ASPEN = { addressLine1: "675 E Durant Ave", addressLine2: "", city: "Aspen", postalCode: "81611" };
  // The offline geocoder answers ZIP code centroids.
  const ASPEN_PIN = [39.1951, -106.8236];

  /** The map position fields as the edit page's server HTML pre-fills them, hidden ones included. */
  async function prefilled(id: string) {
    const html = await (await http.fetch(`/admin/edit-venue/${id}`, { cookie: admin.cookie })).text();
    const fields: Record<string, string> = {};
    for (const tag of html.match(/<input [^>]*>/g) ?? []) {
      const name = /\bname="([^"]*)"/.exec(tag)?.[1];
      if (name && /^(shown)?(latitude|longitude)$/i.test(name))
        fields[name] = /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? "";
    }
    return fields;
  }

  async function save(id: string, fields: Record<string, string>) {
    const body = new FormData();
    for (const [k, v] of Object.entries(venueFields({ name: nameOf(id), ...fields })))
      for (const one of [v].flat()) body.append(k, one);
    const res = await http.fetch(`/admin/edit-venue/${id}`, { method: "POST", cookie: admin.cookie, body });
    expect(res.status, await res.text()).toBe(302);
  }

  const names = new Map<string, string>();
  const nameOf = (id: string) => names.get(id)!;
  async function boulderVenue(over: Parameters<typeof createVenue>[1] = {}) {
    const name = `Pin Test ${names.size + 1}`;
    const v = await createVenue(t.db, { name, categoryId: barn.id, addressLine1: "1 Main St", ...over });
    names.set(v.id, name);
    return v.id;
  }

  /** Where the row, the page's JSON-LD and the public map place the venue. */
  async function pins(id: string) {
    const [row] = await t.db.select().from(venues).where(eq(venues.id, id));
    const page = await (await http.fetch(venuePath({ id, name: nameOf(id) }))).text();
    const ld = [...page.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)]
      .map((m) => JSON.parse(m[1]!) as { geo?: { latitude: number; longitude: number } })
      .find((d) => d.geo)!;
    const q = new URLSearchParams({ bbox: "36,-110,42,-101", zoom: "14", venueName: nameOf(id) });
    const map = (await (await http.fetch(`/api/venues/map?${q}`)).json()) as {
      points: { lat: number; lng: number }[];
    };
    return {
      row: [row!.latitude, row!.longitude],
      ld: [ld.geo!.latitude, ld.geo!.longitude],
      map: map.points.map((p) => [p.lat, p.lng]),
    };
  }

  it("a changed address with the pre-filled coordinates left as they were moves the pin (row, JSON-LD, map)", async () => {
    const id = await boulderVenue();
    const shown = await prefilled(id);
    expect(shown).toEqual({
      latitude: "40.015",
      longitude: "-105.27",
      shownLatitude: "40.015",
      shownLongitude: "-105.27",
    });
    await save(id, { ...ASPEN, ...shown });
    expect(await pins(id)).toEqual({ row: ASPEN_PIN, ld: ASPEN_PIN, map: [ASPEN_PIN] });
  });

  it("blank coordinates always place it from the address, changed or not", async () => {
    const moved = await boulderVenue();
    await save(moved, {
      ...ASPEN,
      latitude: "",
      longitude: "",
      shownLatitude: "40.015",
      shownLongitude: "-105.27",
    });
    expect((await pins(moved)).row).toEqual(ASPEN_PIN);
    // An Aspen address with a Boulder pin (as the old save left it): emptying the fields re-places it.
    const stuck = await boulderVenue({ ...ASPEN, location: "675 E Durant Ave, Aspen, Colorado 81611" });
    await save(stuck, { ...ASPEN, ...(await prefilled(stuck)), latitude: "", longitude: "" });
    expect(await pins(stuck)).toEqual({ row: ASPEN_PIN, ld: ASPEN_PIN, map: [ASPEN_PIN] });
  });

  it("typed coordinates that differ from the shown ones win, with or without an address change", async () => {
    const id = await boulderVenue();
    await save(id, { ...ASPEN, ...(await prefilled(id)), latitude: "39.2", longitude: "-106.9" });
    expect(await pins(id)).toEqual({ row: [39.2, -106.9], ld: [39.2, -106.9], map: [[39.2, -106.9]] });
    const still = await boulderVenue();
    await save(still, { ...BOULDER, ...(await prefilled(still)), latitude: "40.02", longitude: "-105.3" });
    expect((await pins(still)).row).toEqual([40.02, -105.3]);
  });

  it("refuses a phone that is not one and a bad email with clear messages, and writes nothing", async () => {
    const id = await boulderVenue();
    for (const [field, value, message] of [
      ["phone", "call us maybe!!", "Please enter a phone number, such as (303) 555-0100"],
      ["email", "events@", "Please enter a valid email address, such as events@yourvenue.com"],
    ] as const) {
      const r = await run(async () =>
        editRoute.action(
          await t.args(formRequest(`/admin/edit-venue/${id}`, venueFields({ ...ASPEN, [field]: value })), {
            venueId: id,
          }),
        ),
      );
      expect(r.status, field).toBe(400);
      expect(r.data, field).toMatchObject({ errors: { [field]: message } });
    }
    const [row] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect(row).toMatchObject({ city: "Boulder", phone: "(303) 555-0101", email: "events@venue.example" });
  });

  it("the same address with the coordinates left as shown keeps the pin where it is (not the ZIP centroid)", async () => {
    const id = await boulderVenue();
    await save(id, { ...BOULDER, ...(await prefilled(id)) });
    expect((await pins(id)).row).toEqual([40.015, -105.27]);
  });
});

describe("delete and geocode", () => {
  it("deletes to the trash (its stored files kept for a restore) with an audit entry; the spec's messages", async () => {
    const add = await run(async () =>
      venuesRoute.action(
        await t.args(
          formRequest("/admin/venues?intent=add", venueFields({ name: "Doomed" }), {
            images: await png("#222222"),
          }),
        ),
      ),
    );
    const id = (add.data as { venue: { id: string } }).venue.id;
    const [v] = await t.db.select().from(venues).where(eq(venues.id, id));
    const key = t.storage.keyOf(v!.images[0]!)!;
    const form = (f: Record<string, string>) => t.request("/admin/venues", { form: f, cookie: admin.cookie });
    const r = await run(async () =>
      venuesRoute.action(await t.args(form({ intent: "delete", venueId: id }))),
    );
    // Back to the list (issue 22: to its state, which this request has none of), with the toast.
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("location")).toBe("/admin/venues");
    const flash = r.response!.headers.get("set-cookie")!.split(";")[0]!;
    expect((await readFlash(t.app, t.request("/", { cookie: flash }))).toast).toEqual({
      type: "success",
      message: "Venue deleted successfully",
    });
    expect(await t.db.select().from(venues).where(eq(venues.id, id))).toEqual([]);
    // In the trash for 30 days (issue 22, ADR 023): its files wait for a restore or the purge.
    expect(
      await t.db.select({ name: venueTrash.name }).from(venueTrash).where(eq(venueTrash.venueId, id)),
    ).toEqual([{ name: "Doomed" }]);
    expect(await t.storage.get(key)).not.toBeNull();
    expect(await fs.readdir(path.join(t.config.dataDir, "uploads/venues", id))).not.toEqual([]);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, id), eq(auditLog.action, "venue.delete")));
    expect(entry?.details).toMatchObject({ name: "Doomed" });

    const again = await run(async () =>
      venuesRoute.action(await t.args(form({ intent: "delete", venueId: id }))),
    );
    expect(again).toMatchObject({ status: 404, data: { toast: { message: "Venue Not Found" } } });
  });

  it("geocodes from the address with the server geocoder, with the spec's messages", async () => {
    const v = await createVenue(t.db, {
      location: "10 Elk Ave, Crested Butte, Colorado 81224",
      city: null,
      postalCode: null,
      addressLine1: null,
      latitude: 0,
      longitude: 0,
    });
    const form = (f: Record<string, string>) => t.request("/admin/venues", { form: f, cookie: admin.cookie });
    const ok = await run(async () =>
      venuesRoute.action(await t.args(form({ intent: "geocode", venueId: v.id }))),
    );
    expect(ok.data).toEqual({
      ok: true,
      toast: { type: "success", message: "Venue coordinates updated successfully" },
    });
    const [placed] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(placed!.latitude).toBeCloseTo(38.87, 1);
    expect(placed!.updatedAt.getTime()).toBeGreaterThan(v.updatedAt.getTime());

    const nowhere = await createVenue(t.db, {
      location: "",
      city: null,
      postalCode: null,
      addressLine1: null,
    });
    expect(await geocodeVenueAsAdmin(t, adminUser, nowhere.id)).toMatchObject({
      error: "Venue address is required for geocoding",
    });
    const abroad = await createVenue(t.db, {
      location: "1 Rue de Rivoli, Paris",
      city: "Paris",
      postalCode: "75001",
      addressLine1: "1 Rue de Rivoli",
    });
    expect(await geocodeVenueAsAdmin(t, adminUser, abroad.id)).toMatchObject({
      error: "Geocoding failed: address not found",
    });
    expect(await geocodeVenueAsAdmin(t, adminUser, "")).toMatchObject({ error: "Venue ID is required" });
    expect(await geocodeVenueAsAdmin(t, adminUser, "00000000-0000-4000-8000-000000000000")).toMatchObject({
      error: "Venue Not Found",
    });
  });
});

describe("admins only", () => {
  it("every service refuses a user, a venue manager and no one with 403", async () => {
    const v = await createVenue(t.db, { name: "Guarded" });
    for (const role of ["user", "venue_manager"] as const) {
      const who = { ...adminUser, role };
      for (const call of [
        () => listVenuesForAdmin(t.db, who),
        () => getVenueForEdit(t.db, who, v.id),
        () => deleteVenueAsAdmin(t, who, v.id),
        () => geocodeVenueAsAdmin(t, who, v.id),
      ])
        await expect(call()).rejects.toMatchObject({ init: { status: 403 } });
    }
    await expect(deleteVenueAsAdmin(t, null, v.id)).rejects.toMatchObject({ init: { status: 403 } });
    expect(await t.db.select().from(venues).where(eq(venues.id, v.id))).toHaveLength(1);
  });

  it("loaders and actions refuse non-admins even when called without the layout's guard", async () => {
    const v = await createVenue(t.db, { name: "Still Guarded" });
    const manager = await t.signUp({ role: "venue_manager" });
    const req = (p: string, form?: Record<string, string>) => t.request(p, { cookie: manager.cookie, form });
    const attempts = [
      async () => venuesRoute.loader(await t.args(req("/admin/venues"))),
      async () => venuesRoute.action(await t.args(req("/admin/venues", { intent: "delete", venueId: v.id }))),
      async () =>
        venuesRoute.action(await t.args(req("/admin/venues", { intent: "geocode", venueId: v.id }))),
      async () => editRoute.loader(await t.args(req(`/admin/edit-venue/${v.id}`), { venueId: v.id })),
      async () =>
        editRoute.action(
          await t.args(req(`/admin/edit-venue/${v.id}`, { name: "Hijacked" }), { venueId: v.id }),
        ),
    ];
    for (const attempt of attempts) expect((await run(attempt)).status).toBe(403);
    expect(await t.db.select().from(venues).where(eq(venues.id, v.id))).toHaveLength(1);
  });

  it("over HTTP, the admin POSTs answer 401 to guests and 403 to users and venue managers, and write nothing", async () => {
    const v = await createVenue(t.db, { name: "Over The Wire" });
    const user = await t.signUp();
    const manager = await t.signUp({ role: "venue_manager" });
    for (const [cookie, status] of [
      [undefined, 401],
      [user.cookie, 403],
      [manager.cookie, 403],
    ] as const) {
      for (const [p, body] of [
        ["/admin/venues", new URLSearchParams({ intent: "delete", venueId: v.id })],
        ["/admin/venues", new URLSearchParams({ intent: "geocode", venueId: v.id })],
        [`/admin/edit-venue/${v.id}`, new URLSearchParams({ name: "Hijacked" })],
      ] as const) {
        const res = await http.fetch(p, {
          method: "POST",
          body,
          cookie,
          headers: { "content-type": "application/x-www-form-urlencoded" },
        });
        expect(res.status, `${p} ${status}`).toBe(status);
        await res.body?.cancel();
      }
    }
    const [still] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(still).toMatchObject({ name: "Over The Wire" });
  });
});
