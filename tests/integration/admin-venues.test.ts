import { and, eq } from "drizzle-orm";
import fs from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { auditLog, venueManagers, venues, venueTrash } from "../../database/schema";
import { readFlash } from "../../app/infra/session.server";
import * as editRoute from "../../app/routes/admin/edit-venue";
import * as venuesRoute from "../../app/routes/admin/venues";
import {
  deleteVenueAsAdmin,
  geocodeVenueAsAdmin,
  getVenueForEdit,
  listVenuesForAdmin,
} from "../../app/services/admin-venues.server";
import { adminVenueFields, adminVenuesApp, createVenue, formRequest, pngOf } from "../setup/factories";
import { nonAdmins } from "../setup/guard-runner";
import { postAddVenue } from "../setup/admin-venue-posts";
import { run } from "../setup/test-app";

// The admin's venues (issue 12, item 3): Add Venue (approved at once, rating 0, no manager, images
// through the pipeline), delete (files too), Geocode with the server geocoder, the spec's
// messages, and admin-only everywhere. The table and Edit are in admin-venues-{table,edit}.

let { t, http, admin, adminUser, barn, close } = {} as Awaited<ReturnType<typeof adminVenuesApp>>;
beforeAll(async () => ({ t, http, admin, adminUser, barn, close } = await adminVenuesApp()), 120_000);
afterAll(() => close?.());

describe("Add Venue", () => {
  it("adds an approved venue at once: rating 0, no manager, images through the pipeline, geocoded, audited", async () => {
    const req = formRequest("/admin/venues?intent=add", admin.cookie, adminVenueFields(barn.id), {
      images: await pngOf("#336699"),
      "images#2": await pngOf("#993366"),
      logo: await pngOf("#ffffff"),
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
    const typed = await postAddVenue(
      t,
      admin.cookie,
      adminVenueFields(barn.id, { name: "Typed", latitude: "39.123456", longitude: "-105.654321" }),
    );
    const id = (typed.data as { venue: { id: string } }).venue.id;
    const [v] = await t.db.select().from(venues).where(eq(venues.id, id));
    expect([v!.latitude, v!.longitude]).toEqual([39.123456, -105.654321]);

    const bad = await postAddVenue(
      t,
      admin.cookie,
      adminVenueFields(barn.id, { name: "Bad", latitude: "north", longitude: "-105" }),
    );
    expect(bad.status).toBe(400);
    expect(bad.data).toMatchObject({ errors: { latitude: "Invalid coordinates provided" } });
    const missing = await postAddVenue(t, admin.cookie, adminVenueFields(barn.id, { name: "", city: "" }));
    expect(missing.data).toMatchObject({ errors: { name: "Please fill in all required fields" } });
    expect(await t.db.select().from(venues).where(eq(venues.name, "Bad"))).toEqual([]);
  });
});

describe("delete and geocode", () => {
  it("deletes to the trash (its stored files kept for a restore) with an audit entry; the spec's messages", async () => {
    const add = await postAddVenue(t, admin.cookie, adminVenueFields(barn.id, { name: "Doomed" }), {
      images: await pngOf("#222222"),
    });
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
    for (const [cookie, status] of await nonAdmins(t)) {
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
