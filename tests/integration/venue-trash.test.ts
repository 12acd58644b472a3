import crypto from "node:crypto";
import { count, eq, inArray, sql } from "drizzle-orm";
import sharp from "sharp";
import { readFlash } from "../../app/infra/session.server";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  favorites,
  pendingFiles,
  reviewReplies,
  reviews,
  venueAmenities,
  venueAvailability,
  venueCalendarFeeds,
  venueCategoryCounts,
  venueClosures,
  venueFaqs,
  venueManagers,
  venues,
  venueTrash,
} from "../../database/schema";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import * as venuesRoute from "../../app/routes/admin/venues";
import * as trashRoute from "../../app/routes/admin/venues-trash";
import { deleteVenueAsAdmin } from "../../app/services/admin-venues.server";
import { checkStorage, sweepPendingFiles } from "../../app/services/pending-files.server";
import {
  findTrashed,
  listTrash,
  purgeExpiredTrash,
  purgeFromTrash,
  restoreFromTrash,
} from "../../app/services/venue-trash.server";
import { createCategory } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// The venue trash (issue 22, item 7; ADR 023): a deleted venue leaves every public surface (its
// page, the search, the map, its type's page and count, the sitemap, favourites, the manager
// area, the page cache) at once; its files stay through the pending-files sweep; a restore brings
// back the venue with its photos, logo, FAQs, reviews and replies, amenities, type, manager and
// favourites exactly; 'Delete forever' and the 30-day purge delete the files too. Admins only.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let manager: Awaited<ReturnType<TestApp["signUp"]>>;
let reviewer: Awaited<ReturnType<TestApp["signUp"]>>;
let fan: Awaited<ReturnType<TestApp["signUp"]>>;
let categoryId: string;

const png = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A venue added through the admin's form, with two photos and a logo stored as files. */
async function storedVenue(name: string) {
  const body = new FormData();
  const fields: Record<string, string | string[]> = {
    name,
    description: "A stone chapel above the creek.",
    addressLine1: "4 Creek Rd",
    city: "Boulder",
    postalCode: "80302",
    region: "Front Range North",
    priceType: "single",
    price: "4200",
    capacity: "90",
    category: categoryId,
    amenities: ["WiFi", "Parking"],
    website: "www.chapel.example",
    latitude: "39.9123",
    longitude: "-105.5123",
  };
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) body.append(k, one);
  for (const [field, color] of [
    ["images", "#224422"],
    ["images", "#442222"],
    ["logo", "#222244"],
  ])
    body.append(field!, new Blob([new Uint8Array(await png(color!))], { type: "image/png" }), `${color}.png`);
  const request = new Request(`${SITE_URL}/admin/venues?intent=add`, {
    method: "POST",
    body,
    headers: { cookie: admin.cookie, origin: SITE_URL },
  });
  const r = await run(async () => venuesRoute.action(await t.args(request)));
  const id = (r.data as { venue: { id: string } }).venue.id;
  const [v] = await t.db.select().from(venues).where(eq(venues.id, id));
  return v!;
}

/** A venue with everything that hangs off it: FAQs, reviews with a reply, a manager, a favourite. */
async function furnishedVenue(name: string) {
  const v = await storedVenue(name);
  await t.db.insert(venueFaqs).values([
    { venueId: v.id, question: "Is there parking?", answer: "Yes, 40 spaces.", displayOrder: 10 },
    { venueId: v.id, question: "Can we bring a band?", answer: "Until 10 pm.", displayOrder: 20 },
  ]);
  const [review] = await t.db
    .insert(reviews)
    .values([
      { venueId: v.id, userId: reviewer.id, rating: 5, comment: "Perfect day." },
      { venueId: v.id, userId: fan.id, rating: 3, comment: "Lovely, but cold." },
    ])
    .returning();
  await t.db.insert(reviewReplies).values({ reviewId: review!.id, userId: manager.id, body: "Thank you!" });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: v.id });
  await t.db.insert(favorites).values({ userId: fan.id, venueId: v.id });
  // Its calendar (issue 24): a booked weekend, a closed month and the feed's address.
  const year = new Date().getUTCFullYear() + 1;
  await t.db
    .insert(venueAvailability)
    .values({ venueId: v.id, startsOn: `${year}-06-12`, endsOn: `${year}-06-14`, status: "booked" });
  await t.db.insert(venueClosures).values({ venueId: v.id, month: 1 });
  await t.db
    .insert(venueCalendarFeeds)
    .values({ venueId: v.id, token: crypto.randomBytes(24).toString("base64url") });
  return v;
}

/** Every row of the venue and of what hangs off it, as stored. */
async function everything(venueId: string) {
  const [venue] = await t.db.select().from(venues).where(eq(venues.id, venueId));
  const reviewRows = await t.db.select().from(reviews).where(eq(reviews.venueId, venueId));
  return {
    venue,
    faqs: await t.db.select().from(venueFaqs).where(eq(venueFaqs.venueId, venueId)).orderBy(venueFaqs.id),
    reviews: reviewRows.sort((a, b) => a.id.localeCompare(b.id)),
    replies:
      reviewRows.length === 0
        ? []
        : await t.db
            .select()
            .from(reviewReplies)
            .where(
              inArray(
                reviewReplies.reviewId,
                reviewRows.map((r) => r.id),
              ),
            ),
    managers: await t.db.select().from(venueManagers).where(eq(venueManagers.venueId, venueId)),
    favorites: await t.db.select().from(favorites).where(eq(favorites.venueId, venueId)),
    calendar: [
      ...(await t.db.select().from(venueAvailability).where(eq(venueAvailability.venueId, venueId))),
      ...(await t.db.select().from(venueClosures).where(eq(venueClosures.venueId, venueId))),
      ...(await t.db.select().from(venueCalendarFeeds).where(eq(venueCalendarFeeds.venueId, venueId))),
    ],
  };
}

const filesOf = (v: { images: string[]; logoUrl: string | null }) =>
  [...v.images, v.logoUrl!].map((u) => t.storage.keyOf(u)!);

const fileExists = async (key: string) => (await t.storage.get(key)) !== null;

async function typeCount() {
  const [row] = await t.db
    .select({ n: venueCategoryCounts.approvedVenues })
    .from(venueCategoryCounts)
    .where(eq(venueCategoryCounts.categoryId, categoryId));
  return row?.n ?? 0;
}

const text = async (path: string, cookie?: string) => {
  const res = await http.fetch(path, { cookie });
  return { status: res.status, body: await res.text() };
};

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    admin = await t.signUp({ role: "admin", name: "Tess Admin" });
    adminUser = toAppUser({ id: admin.id, name: "Tess Admin", email: admin.email, role: "admin" });
    manager = await t.signUp({ role: "venue_manager", name: "Mona Manager" });
    reviewer = await t.signUp({ name: "Rita Reviewer" });
    fan = await t.signUp({ name: "Fred Fan" });
    categoryId = (await createCategory(t.db, { name: "Chapel" })).id;
    await t.db.insert(venueAmenities).values([{ name: "WiFi" }, { name: "Parking" }]);
  },
  { timeout: 120_000 },
);

describe("delete moves a venue to the trash", () => {
  it("the trash restore brings back the venue with its images, FAQs and reviews, exactly", async () => {
    const v = await furnishedVenue("Creekside Chapel");
    const before = await everything(v.id);
    expect(before.venue).toMatchObject({ rating: 4, reviewCount: 2 });
    expect(before.venue!.images).toHaveLength(2);
    expect(before.venue!.logoUrl).toBeTruthy();
    expect(before.faqs).toHaveLength(2);
    expect(before.replies).toHaveLength(1);
    expect(before.calendar).toHaveLength(3);

    expect(await deleteVenueAsAdmin(t.app, adminUser, v.id)).toEqual({ ok: true, name: "Creekside Chapel" });
    const gone = await everything(v.id);
    expect(gone).toEqual({
      venue: undefined,
      faqs: [],
      reviews: [],
      replies: [],
      managers: [],
      favorites: [],
      calendar: [],
    });
    expect(await findTrashed(t.db, adminUser, v.id)).toEqual({ id: v.id, name: "Creekside Chapel" });

    // The sweep (start-up and hourly) keeps a trashed venue's files, and the storage check
    // counts them as named (ADR 021).
    await t.db.insert(pendingFiles).values(filesOf(v).map((key) => ({ key })));
    await sweepPendingFiles(t.app, 0);
    for (const key of filesOf(v)) expect(await fileExists(key), key).toBe(true);
    expect(await checkStorage(t.app, 0)).toMatchObject({ orphans: [], missing: [] });

    const restored = await restoreFromTrash(t.app, adminUser, [v.id]);
    expect(restored).toMatchObject({
      ok: true,
      names: ["Creekside Chapel"],
      message: "Creekside Chapel restored",
    });
    expect(await everything(v.id)).toEqual(before);
    for (const key of filesOf(v)) expect(await fileExists(key), key).toBe(true);
    expect(await t.db.select().from(venueTrash).where(eq(venueTrash.venueId, v.id))).toEqual([]);
    expect(await restoreFromTrash(t.app, adminUser, [v.id])).toMatchObject({
      ok: false,
      status: 404,
      error: "That venue is no longer in the trash",
    });
  });

  it("trashed venues disappear from every public surface and the manager area, and come back with a restore", async () => {
    const v = await furnishedVenue("Hidden Hollow Chapel");
    const page = venuePath(v);
    const map = "/api/venues/map?bbox=39.8,-105.6,40,-105.4&zoom=14&q=Hidden+Hollow";
    const surfaces = async () => ({
      page: (await text(page)).status,
      search: (await text(`/venues?q=${encodeURIComponent("Hidden Hollow")}`)).body.includes(
        "Hidden Hollow Chapel",
      ),
      map: (await text(map)).body.includes(v.id),
      type: (await text(`/categories/${categoryId}`)).body.includes("Hidden Hollow Chapel"),
      sitemap: (await text("/sitemap/venues-1.xml")).body.includes(page),
      favourites: (await text("/favorites", fan.cookie)).body.includes("Hidden Hollow Chapel"),
      manager: (await text("/venue-manager/venues", manager.cookie)).body.includes("Hidden Hollow Chapel"),
      managerEdit: (await text(`/venue-manager/edit-venue/${v.id}`, manager.cookie)).status,
      count: await typeCount(),
    });
    const listed = await surfaces();
    expect(listed).toEqual({
      page: 200,
      search: true,
      map: true,
      type: true,
      sitemap: true,
      favourites: true,
      manager: true,
      managerEdit: 200,
      count: listed.count,
    });
    // A guest's visit fills the page cache (ADR 010): the deletion must empty it.
    expect((await text(page)).status).toBe(200);

    const deleted = await run(async () =>
      venuesRoute.action(
        await t.args(
          t.request("/admin/venues", { form: { intent: "delete", venueId: v.id }, cookie: admin.cookie }),
        ),
      ),
    );
    // Back to the list with the toast (issue 22: the list state survives a delete).
    expect(deleted.status).toBe(302);
    const flash = deleted.response!.headers.get("set-cookie")!.split(";")[0]!;
    expect((await readFlash(t.app, t.request("/", { cookie: flash }))).toast).toEqual({
      type: "success",
      message: "Venue deleted successfully",
    });
    const hidden = await surfaces();
    expect(hidden).toEqual({
      page: 404,
      search: false,
      map: false,
      type: false,
      sitemap: false,
      favourites: false,
      manager: false,
      managerEdit: hidden.managerEdit,
      count: listed.count - 1,
    });
    expect(hidden.managerEdit).not.toBe(200);
    // Nor is it in the admin's list, or counted there.
    const list = await run(async () =>
      venuesRoute.loader(await t.args(t.request("/admin/venues?q=Hidden", { cookie: admin.cookie }))),
    );
    expect(list.data).toMatchObject({ list: { total: 0 }, trash: expect.any(Number) });

    expect(await restoreFromTrash(t.app, adminUser, [v.id])).toMatchObject({ ok: true });
    expect(await surfaces()).toEqual(listed);
  });

  it("lists the trash with who deleted what and when it goes for good; restores and deletes forever from its page", async () => {
    const v = await storedVenue("Trash Page Barn");
    expect((await deleteVenueAsAdmin(t.app, adminUser, v.id)).ok).toBe(true);
    const trash = await listTrash(t.db, adminUser);
    const row = trash.venues.find((r) => r.id === v.id)!;
    expect(row).toMatchObject({ name: "Trash Page Barn", deletedBy: "Tess Admin", importFile: null });
    expect(new Date(row.purgeAt).getTime() - new Date(row.deletedAt).getTime()).toBe(30 * 86_400_000);

    const post = (form: Record<string, string>, accept?: string) => {
      const req = t.request("/admin/venues/trash", { form, cookie: admin.cookie });
      if (accept) req.headers.set("accept", accept);
      return run(async () => trashRoute.action(await t.args(req)));
    };
    // Without the script, 'Delete forever' first asks on the page.
    expect((await post({ intent: "purge", venueId: v.id }, "text/html")).data).toEqual({
      confirmPurge: { id: v.id, name: "Trash Page Barn" },
    });
    expect(await findTrashed(t.db, adminUser, v.id)).not.toBeNull();
    // A restore posted by a browser without the script: back to the trash with a flash.
    const restored = await post({ intent: "restore", venueId: v.id }, "text/html");
    expect(restored.status).toBe(302);
    expect(restored.response!.headers.get("location")).toBe("/admin/venues/trash");
    expect(restored.response!.headers.get("set-cookie")).toMatch(/vv_flash=/);
    expect(await t.db.select({ id: venues.id }).from(venues).where(eq(venues.id, v.id))).toHaveLength(1);

    expect((await deleteVenueAsAdmin(t.app, adminUser, v.id)).ok).toBe(true);
    expect((await post({ intent: "purge", venueId: v.id, confirmed: "1" })).data).toEqual({
      ok: true,
      toast: { type: "success", message: "Trash Page Barn deleted forever" },
    });
    for (const key of filesOf(v)) expect(await fileExists(key), key).toBe(false);
    expect(await findTrashed(t.db, adminUser, v.id)).toBeNull();
    const [{ n }] = await t.db.select({ n: count() }).from(pendingFiles);
    expect(n).toBe(0);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.action, "venue.purge"));
    expect(entries.at(-1)).toMatchObject({
      actorId: admin.id,
      details: { name: "Trash Page Barn", count: 1 },
    });
  });
});

describe("the purge after 30 days", () => {
  it("deletes venues trashed 30 days ago or more, with their files, and keeps younger ones", async () => {
    const old = await storedVenue("Old Mill");
    const young = await storedVenue("Young Mill");
    for (const v of [old, young]) expect((await deleteVenueAsAdmin(t.app, adminUser, v.id)).ok).toBe(true);
    const now = new Date();
    const daysAgo = (d: number) => new Date(now.getTime() - d * 86_400_000);
    await t.db
      .update(venueTrash)
      .set({ deletedAt: daysAgo(30) })
      .where(eq(venueTrash.venueId, old.id));
    await t.db
      .update(venueTrash)
      .set({ deletedAt: daysAgo(29) })
      .where(eq(venueTrash.venueId, young.id));

    expect(await purgeExpiredTrash(t.app, now)).toBe(1);
    expect(await findTrashed(t.db, adminUser, old.id)).toBeNull();
    for (const key of filesOf(old)) expect(await fileExists(key), key).toBe(false);
    expect(await findTrashed(t.db, adminUser, young.id)).not.toBeNull();
    for (const key of filesOf(young)) expect(await fileExists(key), key).toBe(true);
    expect(await checkStorage(t.app, 0)).toMatchObject({ orphans: [], missing: [] });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(sql`${auditLog.action} = 'venue.purge' and ${auditLog.actorId} is null`);
    expect(entry?.details).toMatchObject({ name: "Old Mill", count: 1, expired: true });
    // Nothing else is due.
    expect(await purgeExpiredTrash(t.app, now)).toBe(0);
  });
});

describe("admins only", () => {
  it("every trash service refuses a user, a venue manager and no one with 403, and changes nothing", async () => {
    const v = await storedVenue("Guarded Chapel");
    expect((await deleteVenueAsAdmin(t.app, adminUser, v.id)).ok).toBe(true);
    for (const who of [
      { ...adminUser, role: "user" as const },
      { ...adminUser, role: "venue_manager" as const },
      null,
    ]) {
      for (const call of [
        () => listTrash(t.db, who),
        () => findTrashed(t.db, who, v.id),
        () => restoreFromTrash(t.app, who, [v.id]),
        () => purgeFromTrash(t.app, who, [v.id]),
        () => deleteVenueAsAdmin(t.app, who, v.id),
      ])
        await expect(call()).rejects.toMatchObject({ init: { status: 403 } });
    }
    expect(await findTrashed(t.db, adminUser, v.id)).not.toBeNull();
    for (const key of filesOf(v)) expect(await fileExists(key), key).toBe(true);
  });

  it("over HTTP, the trash's page and posts refuse guests, users and venue managers", async () => {
    const v = await storedVenue("Wire Chapel");
    expect((await deleteVenueAsAdmin(t.app, adminUser, v.id)).ok).toBe(true);
    for (const [cookie, status] of [
      [undefined, 401],
      [reviewer.cookie, 403],
      [manager.cookie, 403],
    ] as const) {
      for (const intent of ["restore", "purge"]) {
        const res = await http.fetch("/admin/venues/trash", {
          method: "POST",
          cookie,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({ intent, venueId: v.id, confirmed: "1" }),
        });
        expect(res.status, `${intent} ${status}`).toBe(status);
        await res.body?.cancel();
      }
    }
    expect(await findTrashed(t.db, adminUser, v.id)).not.toBeNull();
  });
});
