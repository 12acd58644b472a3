import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import * as venuesRoute from "../../app/routes/admin/venues";
import { geocodingStatusForAdmin } from "../../app/services/admin-venues.server";
import { toAppUser } from "../../app/lib/user";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, type TestApp } from "../setup/test-app";

// The admin's 'Geocoding Required' warning (issue 10, point 4; ADR 014): the admin venues screen
// says how many approved venues lack valid coordinates (spec section 5's rule) and what places
// them, and says nothing when none do. Pending venues do not count (they are not on the map), and
// nobody but an admin gets the count.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    admin = await t.signUp({ role: "admin" });
  },
  { timeout: 120_000 },
);

async function loaderWarning() {
  const result = await venuesRoute.loader(await t.args(t.request("/admin/venues", { cookie: admin.cookie })));
  return result.geocodingRequired;
}

/**
 * The warning counts every approved venue: each test starts from its own venues, whatever the
 * tests before it left (every venue of this file's database is removed first).
 */
async function onlyVenues(...list: Parameters<typeof createVenue>[1][]) {
  await t.db.delete(venues);
  for (const v of list) await createVenue(t.db, v);
}

const placedAndPending = [
  { name: "Placed Barn", latitude: 40.015, longitude: -105.27 },
  // A pending venue lacking coordinates is not on the public map, so it does not count.
  { name: "Pending Place", isApproved: false, latitude: null, longitude: null },
];
/** The four approved venues the warning counts, beside a placed one and a pending one. */
const fourUnplaced = () =>
  onlyVenues(
    ...placedAndPending,
    { name: "No Coordinates", latitude: null, longitude: null },
    { name: "Zero Zero", latitude: 0, longitude: 0 },
    { name: "Off The Globe", latitude: 95, longitude: -105.27 },
    { name: "Half Placed", latitude: 39.7, longitude: null },
  );

async function page() {
  const res = await http.fetch("/admin/venues", { cookie: admin.cookie });
  expect(res.status).toBe(200);
  return res.text();
}

describe("the Geocoding Required warning", () => {
  it("is absent with no venues, and while every approved venue has valid coordinates", async () => {
    await onlyVenues();
    expect(await loaderWarning()).toBeNull();
    await onlyVenues(...placedAndPending);
    expect(await loaderWarning()).toBeNull();
    expect(await page()).not.toContain("Geocoding Required");
  });

  it("counts approved venues with no, zero or out-of-range coordinates", async () => {
    await onlyVenues(...placedAndPending);
    await createVenue(t.db, { name: "No Coordinates", latitude: null, longitude: null });
    expect(await loaderWarning()).toEqual({ missing: 1 });
    await createVenue(t.db, { name: "Zero Zero", latitude: 0, longitude: 0 });
    await createVenue(t.db, { name: "Off The Globe", latitude: 95, longitude: -105.27 });
    await createVenue(t.db, { name: "Half Placed", latitude: 39.7, longitude: null });
    expect(await loaderWarning()).toEqual({ missing: 4 });
  });

  it("renders the count and what fixes it, and flags each of those rows 'Missing Coordinates'", async () => {
    await fourUnplaced();
    const html = await page();
    expect(html).toContain('<h2 id="geocoding-required"');
    expect(html).toContain("Geocoding Required");
    expect(html).toContain("4 approved venues lack valid coordinates, so they do not appear on the map.");
    expect(html).toContain("npm run geocode");
    // The spec's wording is about a browser geocoding while the map loads, which we never do.
    expect(html).not.toContain("The map will be slow to load");
    expect(html).not.toContain("Loading venue locations");
    // One flag per venue the warning counts (the out-of-range one included), none for the placed one.
    expect(html.match(/Missing Coordinates<\/span>/g)).toHaveLength(4);
    expect(html).toContain("40.015000, -105.270000");
  });

  it("goes away as the venues are placed: Geocode on a row, then the last ones fixed", async () => {
    await fourUnplaced();
    const [zero] = await t.db.select().from(venues).where(eq(venues.name, "Zero Zero"));
    const geocoded = await run(async () =>
      venuesRoute.action(
        await t.args(
          t.request("/admin/venues", {
            cookie: admin.cookie,
            form: { intent: "geocode", venueId: zero!.id },
          }),
        ),
      ),
    );
    expect(geocoded.status).toBe(200);
    expect(await loaderWarning()).toEqual({ missing: 3 });
    expect(await page()).toContain(
      "3 approved venues lack valid coordinates, so they do not appear on the map.",
    );
    await t.db
      .update(venues)
      .set({ latitude: 39.7392, longitude: -104.9903 })
      .where(eq(venues.isApproved, true));
    expect(await loaderWarning()).toBeNull();
    expect(await page()).not.toContain("Geocoding Required");
  });
});

describe("admins only", () => {
  it("the service refuses users, venue managers and no one", async () => {
    const adminUser = toAppUser({ id: admin.id, name: "Test User", email: admin.email, role: "admin" });
    for (const who of [
      { ...adminUser, role: "user" as const },
      { ...adminUser, role: "venue_manager" as const },
      null,
    ])
      await expect(geocodingStatusForAdmin(t.db, who)).rejects.toMatchObject({ init: { status: 403 } });
  });

  it("a user or venue manager asking for /admin/venues never sees it", async () => {
    await onlyVenues(placedAndPending[0], { name: "Still Unplaced", latitude: null, longitude: null });
    expect(await loaderWarning()).toEqual({ missing: 1 });
    const user = await t.signUp();
    const manager = await t.signUp({ role: "venue_manager" });
    for (const cookie of [undefined, user.cookie, manager.cookie]) {
      const res = await http.fetch("/admin/venues", { cookie });
      expect(res.status).not.toBe(200);
      expect(await res.text()).not.toContain("Geocoding Required");
    }
    // Even called without the layout's guard, the loader refuses them.
    for (const cookie of [user.cookie, manager.cookie]) {
      const direct = await run(async () =>
        venuesRoute.loader(await t.args(t.request("/admin/venues", { cookie }))),
      );
      expect(direct.status).toBe(403);
    }
  });
});
