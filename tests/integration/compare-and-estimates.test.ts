// Issue 24, points 2 and 3, against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): the estimates through the search service and the venue page, the price
// sort with missing prices both ways, the estimate sort, /compare (approved only, at most 4, the
// order kept, the tray's no-script path), and the manager's pricing model (validation, permission).
import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  venueAmenities,
  venueAvailability,
  venueClosures,
  venueManagers,
  venues,
} from "../../database/schema";
import { COMPARE_COOKIE, readTray, writeTray } from "../../app/lib/compare";
import type { PricingModel } from "../../app/lib/estimate";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { venuePath } from "../../app/lib/venue-url";
import { compareVenues } from "../../app/services/compare.server";
import { searchVenues } from "../../app/services/search.server";
import { createCategory, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
withHttpApp(
  async (app) => {
    ({ t, http } = app);
  },
  { timeout: 120_000 },
);

const scope = () => `zq${crypto.randomBytes(4).toString("hex")}`;
const at = (town: string) => `1 Main St, ${town}, Colorado 80302`;
const noPrice = { pricePerEvent: null, priceLow: null, priceHigh: null, priceRange: null };
const model = (m: Partial<PricingModel>): PricingModel => ({
  baseFee: null,
  perGuest: null,
  minSpend: null,
  peakMonths: [],
  peakPercent: 0,
  weekdayPercent: 0,
  ...m,
});
const search = (f: Partial<SearchFilters>, date: string | null = null) =>
  searchVenues(t.db, { ...DEFAULT_FILTERS, ...f }, { date });
const names = async (f: Partial<SearchFilters>, date: string | null = null) =>
  (await search(f, date)).venues.map((v) => v.name);

describe("the price sort", () => {
  it("puts venues without any price last both ways, and reads 'Starting at $2,500' as 2,500", async () => {
    const town = scope();
    for (const v of [
      { name: "Single 11500", ...noPrice, pricePerEvent: 11500 },
      {
        name: "Range 8000-15000",
        ...noPrice,
        priceLow: 8000,
        priceHigh: 15000,
        priceRange: "$8,000 - $15,000",
      },
      { name: "Text starting 2500", ...noPrice, priceRange: "Starting at $2,500" },
      { name: "No price A", ...noPrice },
      { name: "No price B", ...noPrice, priceRange: "Call us" },
    ])
      await createVenue(t.db, { location: at(town), ...v });
    expect(await names({ location: town, sort: "price-asc" })).toEqual([
      "Text starting 2500",
      "Range 8000-15000",
      "Single 11500",
      "No price A",
      "No price B",
    ]);
    expect(await names({ location: town, sort: "price-desc" })).toEqual([
      "Single 11500",
      "Range 8000-15000",
      "Text starting 2500",
      "No price A",
      "No price B",
    ]);
    // The same through the whole order (a filter that gives no word candidates).
    const type = await createCategory(t.db, { name: `Sort ${town}` });
    await t.db
      .update(venues)
      .set({ categoryId: type.id })
      .where(eq(venues.location, at(town)));
    expect(await names({ categories: [type.id], sort: "price-desc" })).toEqual([
      "Single 11500",
      "Range 8000-15000",
      "Text starting 2500",
      "No price A",
      "No price B",
    ]);
  });
});

describe("estimates through the search service", () => {
  it("gives each card 'About $X for N guests' from the model, else the listed price, and none without a price", async () => {
    const town = scope();
    // 2,000 + 90 × 100 = 11,000 (model); 6,000 listed per event; 60 × 100 = 6,000 per guest;
    // range midpoint (3,000 + 5,000) / 2 = 4,000; model with a minimum spend of 20,000.
    await createVenue(t.db, {
      location: at(town),
      name: "Model",
      ...noPrice,
      pricePerEvent: 1,
      pricingModel: model({
        baseFee: 2000,
        perGuest: 90,
        peakMonths: [6],
        peakPercent: 10,
        weekdayPercent: 20,
      }),
    });
    await createVenue(t.db, { location: at(town), name: "Per event", ...noPrice, pricePerEvent: 6000 });
    await createVenue(t.db, {
      location: at(town),
      name: "Per guest",
      ...noPrice,
      priceRange: "$60 per guest",
    });
    await createVenue(t.db, {
      location: at(town),
      name: "Range",
      ...noPrice,
      priceLow: 3000,
      priceHigh: 5000,
      priceRange: "$3,000 - $5,000",
    });
    await createVenue(t.db, {
      location: at(town),
      name: "Minimum",
      ...noPrice,
      pricingModel: model({ perGuest: 50, minSpend: 20000 }),
    });
    await createVenue(t.db, { location: at(town), name: "Unpriced", ...noPrice });

    const r = await search({ location: town, guests: 100 });
    const est = Object.fromEntries(r.venues.map((v) => [v.name, v.estimate]));
    expect(est).toEqual({
      Model: { amount: 11000, guests: 100, source: "model", date: null },
      "Per event": { amount: 6000, guests: 100, source: "listed", date: null },
      "Per guest": { amount: 6000, guests: 100, source: "listed", date: null },
      Range: { amount: 4000, guests: 100, source: "listed", date: null },
      Minimum: { amount: 20000, guests: 100, source: "model", date: null },
      Unpriced: null,
    });
    // On a June Wednesday (2027-06-09): 11,000 × 1.10 × 0.80 = 9,680.
    const june = await search({ location: town, guests: 100 }, "2027-06-09");
    expect(june.venues.find((v) => v.name === "Model")?.estimate).toEqual({
      amount: 9680,
      guests: 100,
      source: "model",
      date: "2027-06-09",
    });
    // Free in June 2027 (flexible): from a June weekday's 9,680 to a June weekend's 11,000 × 1.10 (issue 41).
    const flexible = await search({ location: town, guests: 100, month: "2027-06" });
    expect(flexible.venues.find((v) => v.name === "Model")?.estimate).toEqual({
      amount: 9680,
      high: 12100,
      guests: 100,
      source: "model",
      date: null,
    });
    // Without a guest count, no estimate.
    expect((await search({ location: town })).venues.every((v) => !v.estimate)).toBe(true);
  });

  it("sorts by the estimate both ways, venues without a price last, and follows a changed model", async () => {
    const town = scope();
    // For 200 guests: Flat 9,000; Cheap per head 40 × 200 = 8,000; Dear per head 1,000 + 70 × 200 = 15,000.
    // For 50 guests: Flat 9,000; Cheap 2,000; Dear 4,500.
    await createVenue(t.db, {
      location: at(town),
      name: "Flat",
      ...noPrice,
      pricePerEvent: 9000,
      capacity: 300,
    });
    await createVenue(t.db, {
      location: at(town),
      name: "Cheap per head",
      ...noPrice,
      pricingModel: model({ perGuest: 40 }),
      capacity: 300,
    });
    const dear = await createVenue(t.db, {
      location: at(town),
      name: "Dear per head",
      ...noPrice,
      pricingModel: model({ baseFee: 1000, perGuest: 70 }),
      capacity: 300,
    });
    await createVenue(t.db, { location: at(town), name: "Unpriced", ...noPrice, capacity: 300 });
    expect(await names({ location: town, guests: 200, sort: "estimate-asc" })).toEqual([
      "Cheap per head",
      "Flat",
      "Dear per head",
      "Unpriced",
    ]);
    expect(await names({ location: town, guests: 200, sort: "estimate-desc" })).toEqual([
      "Dear per head",
      "Flat",
      "Cheap per head",
      "Unpriced",
    ]);
    expect(await names({ location: town, guests: 50, sort: "estimate-asc" })).toEqual([
      "Cheap per head",
      "Dear per head",
      "Flat",
      "Unpriced",
    ]);
    // A changed model reaches the index: 100 + 1 × 200 = 300 now comes first.
    await t.db
      .update(venues)
      .set({ pricingModel: model({ baseFee: 100, perGuest: 1 }) })
      .where(eq(venues.id, dear.id));
    expect((await names({ location: town, guests: 200, sort: "estimate-asc" }))[0]).toBe("Dear per head");
    // Paging through the estimate order neither repeats nor skips.
    const type = await createCategory(t.db, { name: `Paging ${town}` });
    await t.db.insert(venues).values(
      Array.from({ length: 30 }, (_, i) => ({
        name: `Paged ${i % 4}`,
        location: at(town),
        capacity: 100,
        pricePerEvent: i % 3 === 0 ? null : 1000 * (i % 5),
        categoryId: type.id,
        isApproved: true,
      })),
    );
    const seen: string[] = [];
    for (const page of [1, 2]) {
      const r = await search({ categories: [type.id], guests: 80, sort: "estimate-asc", page });
      expect(r.total).toBe(30);
      seen.push(...r.venues.map((v) => v.id));
    }
    expect(new Set(seen).size).toBe(30);
  });
});

describe("the venue page", () => {
  it("shows the estimate for the address's guest count and says where it comes from", async () => {
    const v = await createVenue(t.db, {
      name: `Estimate Hall ${scope()}`,
      ...noPrice,
      pricingModel: model({ baseFee: 3000, perGuest: 75 }),
    });
    // 3,000 + 75 × 120 = 12,000
    const html = await (await http.fetch(`${venuePath(v)}?guests=120`)).text();
    expect(html).toContain("About $12,000 for 120 guests");
    expect(html).toContain("Estimate from the venue&#x27;s pricing");
    const listed = await createVenue(t.db, {
      name: `Listed Hall ${scope()}`,
      ...noPrice,
      pricePerEvent: 7000,
    });
    const page = await (await http.fetch(`${venuePath(listed)}?guests=80`)).text();
    expect(page).toContain("About $7,000 for 80 guests");
    expect(page).toContain("From its listed price");
    expect(await (await http.fetch(venuePath(listed))).text()).not.toContain("About $");
  });
});

describe("/compare", () => {
  it("shows approved venues only, at most 4, in the order asked, with a note for the rest", async () => {
    const town = scope();
    const made = [];
    for (const n of ["One", "Two", "Three", "Four", "Five"])
      made.push(await createVenue(t.db, { location: at(town), name: `${n} ${town}`, pricePerEvent: 5000 }));
    const pending = await createVenue(t.db, { name: `Pending ${town}`, isApproved: false });
    const ids = [
      made[2]!.id,
      pending.id,
      made[0]!.id,
      crypto.randomUUID(),
      made[1]!.id,
      made[3]!.id,
      made[4]!.id,
    ];
    const c = await compareVenues(t.db, ids, { guests: 100 });
    expect(c.venues.map((v) => v.name)).toEqual([
      `Three ${town}`,
      `One ${town}`,
      `Two ${town}`,
      `Four ${town}`,
    ]);
    expect(c.dropped).toBe(3);
    expect(c.venues[0]!.estimate).toMatchObject({ amount: 5000, source: "listed" });

    // React's text separators (<!-- -->) aside.
    const html = (await (await http.fetch(`/compare?ids=${ids.join(",")}&guests=100`)).text()).replaceAll(
      "<!-- -->",
      "",
    );
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html.indexOf(`Three ${town}`)).toBeLessThan(html.indexOf(`One ${town}`));
    expect(html).not.toContain(`Pending ${town}`);
    expect(html).not.toContain(`Five ${town}`);
    expect(html).toContain("3 venues in this link could not be shown");
    expect(html).toContain("About $5,000 for 100 guests");
  });

  it("lists every amenity with ✓ and marks the rows that differ", async () => {
    await t.db
      .insert(venueAmenities)
      .values([{ name: "Parking" }, { name: "Catering" }])
      .onConflictDoNothing();
    const a = await createVenue(t.db, {
      amenities: [
        { name: "Parking", included: true },
        { name: "Catering", included: true },
      ],
    });
    const b = await createVenue(t.db, { amenities: [{ name: "Parking", included: true }] });
    const c = await compareVenues(t.db, [a.id, b.id]);
    expect(c.amenities).toEqual([
      { name: "Catering", has: [true, false], differs: true },
      { name: "Parking", has: [true, true], differs: false },
    ]);
  });

  it("says each venue's availability on the chosen date: booked, held, closed that month, or available", async () => {
    const day = `${new Date().getUTCFullYear() + 1}-06-13`;
    const [booked, held, closed, free] = await Promise.all(
      [1, 2, 3, 4].map(() => createVenue(t.db, { location: at(scope()) })),
    );
    await t.db.insert(venueAvailability).values([
      { venueId: booked!.id, startsOn: day, endsOn: day, status: "booked" },
      { venueId: held!.id, startsOn: `${day.slice(0, 8)}01`, endsOn: `${day.slice(0, 8)}30`, status: "held" },
    ]);
    await t.db.insert(venueClosures).values({ venueId: closed!.id, month: 6 });
    const ids = [booked!, held!, closed!, free!].map((v) => v.id);
    const c = await compareVenues(t.db, ids, { date: day });
    expect(c.venues.map((v) => v.availability)).toEqual(["booked", "held", "closed", "available"]);
    expect((await compareVenues(t.db, ids)).venues.map((v) => v.availability)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const html = await (await http.fetch(`/compare?ids=${ids.join(",")}&date=${day}`)).text();
    expect(html).toContain("Availability on");
    for (const label of ["Booked", "Held", "Closed", "Available"]) expect(html).toContain(`>${label}<`);
  });

  it("adds to the tray's cookie without scripts, refuses a fifth, and removes by link", async () => {
    const list = [];
    for (let i = 0; i < 5; i++) list.push(await createVenue(t.db, { name: `Tray ${i} ${scope()}` }));
    let cookie = "";
    for (const v of list.slice(0, 4)) {
      const res = await http.fetch(`/compare?add=${v.id}&guests=90`, { cookie });
      expect(res.status).toBe(302);
      cookie = res.headers.get("set-cookie")!.split(";")[0]!;
    }
    const ids = list.slice(0, 4).map((v) => v.id);
    const tray = readTray(cookie.slice(COMPARE_COOKIE.length + 1));
    expect(tray.map((t) => t.id)).toEqual(ids);
    expect(tray[0]!.name).toBe(list[0]!.name);
    const fifth = await http.fetch(`/compare?add=${list[4]!.id}`, { cookie });
    expect(fifth.headers.get("location")).toBe(`/compare?ids=${ids.join(",")}&full=1`);
    const last = await http.fetch(`/compare?add=${list[3]!.id}&guests=90`, {
      cookie: `${COMPARE_COOKIE}=${writeTray(tray.slice(0, 3))}`,
    });
    expect(last.headers.get("location")).toBe(`/compare?ids=${ids.join(",")}&guests=90`);
    const removed = await http.fetch(`/compare?ids=${ids.join(",")}&remove=${ids[1]}`);
    expect(removed.headers.get("location")).toBe(`/compare?ids=${[ids[0], ids[2], ids[3]].join(",")}`);
    expect(
      readTray(removed.headers.get("set-cookie")!.split(";")[0]!.split("=")[1]).map((t) => t.id),
    ).toEqual([ids[0], ids[2], ids[3]]);
    // An unapproved venue is never added.
    const pending = await createVenue(t.db, { isApproved: false });
    const refused = await http.fetch(`/compare?add=${pending.id}`, { cookie: "" });
    expect(refused.headers.get("location")).toBe("/compare");
  });
});

describe("the manager's pricing model", () => {
  const fields = (categoryId: string, extra: Record<string, string | string[]>) => {
    const body = new FormData();
    const all: Record<string, string | string[]> = {
      name: "Model Barn",
      description: "A barn.",
      addressLine1: "5 Lake Rd",
      city: "Grand Lake",
      postalCode: "80447",
      region: "Western Slope North",
      category: categoryId,
      priceType: "single",
      price: "6100",
      capacity: "150",
      latitude: "40.2",
      longitude: "-105.8",
      pricingShown: "1",
      ...extra,
    };
    for (const [k, v] of Object.entries(all)) for (const one of [v].flat()) body.append(k, one);
    return body;
  };
  const modelOf = async (id: string) =>
    (await t.db.select({ m: venues.pricingModel }).from(venues).where(eq(venues.id, id)))[0]!.m;

  it("saves a valid model, refuses a bad one with a message and no change, and only for the venue's managers", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const stranger = await t.signUp({ role: "venue_manager" });
    const type = await createCategory(t.db);
    const v = await createVenue(t.db, { name: "Model Barn", categoryId: type.id });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: v.id });
    const path = `/venue-manager/edit-venue/${v.id}`;
    const good = {
      pricingBaseFee: "$4,000",
      pricingPerGuest: "85",
      pricingMinSpend: "10000",
      pricingPeakMonths: ["6", "9", "13"],
      pricingPeakPercent: "20",
      pricingWeekdayPercent: "15",
    };

    const res = await http.fetch(path, {
      method: "POST",
      cookie: manager.cookie,
      body: fields(type.id, good),
    });
    expect(res.status, (await res.text()).slice(0, 300)).toBe(200);
    expect(await modelOf(v.id)).toEqual({
      baseFee: 4000,
      perGuest: 85,
      minSpend: 10000,
      peakMonths: [6, 9],
      peakPercent: 20,
      weekdayPercent: 15,
    });
    // Shown on the public page: 4,000 + 85 × 100 = 12,500 ≥ the 10,000 minimum.
    expect(await (await http.fetch(`${venuePath(v)}?guests=100`)).text()).toContain(
      "About $12,500 for 100 guests",
    );

    const refusals: [Record<string, string | string[]>, string][] = [
      [
        { pricingBaseFee: "", pricingPerGuest: "", pricingMinSpend: "5000" },
        "Please enter a base rental fee or a per-guest price",
      ],
      [{ pricingPeakMonths: [], pricingPeakPercent: "20" }, "Please choose the peak months"],
      [{ pricingWeekdayPercent: "95" }, "Please enter a percentage from 0 to 90"],
      [{ pricingPerGuest: "lots" }, "Please enter an amount in whole dollars"],
    ];
    for (const [bad, message] of refusals) {
      const refused = await http.fetch(path, {
        method: "POST",
        cookie: manager.cookie,
        body: fields(type.id, { ...good, ...bad }),
      });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect((await modelOf(v.id))?.baseFee).toBe(4000);
    }

    // A manager of other venues cannot set it.
    const foreign = await http.fetch(path, {
      method: "POST",
      cookie: stranger.cookie,
      body: fields(type.id, { ...good, pricingBaseFee: "1" }),
    });
    expect([403, 404]).toContain(foreign.status);
    expect((await modelOf(v.id))?.baseFee).toBe(4000);

    // All blank clears the model; a form without the pricing fields leaves it alone.
    const blank = {
      pricingBaseFee: "",
      pricingPerGuest: "",
      pricingMinSpend: "",
      pricingPeakPercent: "",
      pricingWeekdayPercent: "",
    };
    expect(
      (
        await http.fetch(path, {
          method: "POST",
          cookie: manager.cookie,
          body: fields(type.id, { ...good, pricingShown: "" }),
        })
      ).status,
    ).toBe(200);
    expect((await modelOf(v.id))?.baseFee).toBe(4000);
    expect(
      (await http.fetch(path, { method: "POST", cookie: manager.cookie, body: fields(type.id, blank) }))
        .status,
    ).toBe(200);
    expect(await modelOf(v.id)).toBeNull();
  });
});
