import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, venues } from "../../database/schema";
import * as editRoute from "../../app/routes/admin/edit-venue";
import { venuePath } from "../../app/lib/venue-url";
import { adminVenueFields, adminVenuesApp, createVenue, pngOf } from "../setup/factories";
import { postAddVenue, postEditVenue } from "../setup/admin-venue-posts";
import { run } from "../setup/test-app";

// The admin's Edit venue (issue 12, item 3): every field, address parts from the location,
// coordinates override, and the map pin that follows the address (issue 22).

let { t, http, admin, barn, close } = {} as Awaited<ReturnType<typeof adminVenuesApp>>;
beforeAll(async () => ({ t, http, admin, barn, close } = await adminVenuesApp()), 120_000);
afterAll(() => close?.());

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
    const add = await postAddVenue(t, admin.cookie, adminVenueFields(barn.id, { name: "To Edit" }), {
      images: await pngOf("#123456"),
      "images#2": await pngOf("#654321"),
    });
    const id = (add.data as { venue: { id: string } }).venue.id;
    const [before] = await t.db.select().from(venues).where(eq(venues.id, id));
    const [keep, drop] = before!.images;
    const r = await postEditVenue(
      t,
      admin.cookie,
      id,
      adminVenueFields(barn.id, {
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

    const manual = await postEditVenue(
      t,
      admin.cookie,
      id,
      adminVenueFields(barn.id, {
        name: "Edited",
        latitude: "40.5",
        longitude: "-105.5",
        keepImages: [keep!],
      }),
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
    for (const [k, v] of Object.entries(adminVenueFields(barn.id, { name: nameOf(id), ...fields })))
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
      const r = await postEditVenue(
        t,
        admin.cookie,
        id,
        adminVenueFields(barn.id, { ...ASPEN, [field]: value }),
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
