// Issue 24, points 2 and 3, against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): /compare (approved only, at most 4, the order kept, the tray's no-script
// path), and the manager's pricing model (validation, permission). The estimates and the price
// sorts: compare-and-estimates.test.ts.
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
import { pricingModel } from "../../app/lib/estimate";
import { venuePath } from "../../app/lib/venue-url";
import { compareVenues } from "../../app/services/compare.server";
import { createCategory, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { at, scope } from "../setup/search";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
withHttpApp((app) => ({ t, http } = app), { timeout: 120_000 });

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

  it("says each venue's availability on the chosen date as couples see it: booked (held too), closed, free or not confirmed", async () => {
    const day = `${new Date().getUTCFullYear() + 1}-06-13`;
    const [booked, held, closed, free] = await Promise.all(
      [1, 2, 3, 4].map(() => createVenue(t.db, { location: at(scope()), calendarUpdatedAt: new Date() })),
    );
    // Issue 41: a calendar nobody touched does not say 'free'.
    const untouched = await createVenue(t.db, { location: at(scope()) });
    await t.db.insert(venueAvailability).values([
      { venueId: booked!.id, startsOn: day, endsOn: day, status: "booked" },
      { venueId: held!.id, startsOn: `${day.slice(0, 8)}01`, endsOn: `${day.slice(0, 8)}30`, status: "held" },
    ]);
    await t.db.insert(venueClosures).values({ venueId: closed!.id, month: 6 });
    const ids = [booked!, held!, closed!, free!].map((v) => v.id);
    const c = await compareVenues(t.db, ids, { date: day });
    expect(c.venues.map((v) => v.availability)).toEqual(["booked", "booked", "closed", "free"]);
    expect((await compareVenues(t.db, ids)).venues.map((v) => v.availability)).toEqual([
      null,
      null,
      null,
      null,
    ]);
    const four = [booked!.id, closed!.id, free!.id, untouched.id];
    expect((await compareVenues(t.db, four, { date: day })).venues.map((v) => v.availability)).toEqual([
      "booked",
      "closed",
      "free",
      "unconfirmed",
    ]);
    const html = await (await http.fetch(`/compare?ids=${four.join(",")}&date=${day}`)).text();
    expect(html).toContain("Availability on");
    for (const label of ["Booked", "Closed", "Free", "Not confirmed"]) expect(html).toContain(`>${label}<`);
    expect(html).not.toContain(">Available<");
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
  /**
   * A venue named as the form names it (so a save keeps its address), its manager, and `save`:
   * the venue form posted as `cookie` with `extra` (to the manager's form, or `at`).
   */
  const managedBarn = async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const type = await createCategory(t.db);
    const v = await createVenue(t.db, { name: "Model Barn", categoryId: type.id });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: v.id });
    const save = (
      cookie: string,
      extra: Record<string, string | string[]>,
      at = `/venue-manager/edit-venue/${v.id}`,
    ) => http.fetch(at, { method: "POST", cookie, body: fields(type.id, extra) });
    return { manager, v, save };
  };

  it("saves a valid model, refuses a bad one with a message and no change, and only for the venue's managers", async () => {
    const { manager, v, save } = await managedBarn();
    const stranger = await t.signUp({ role: "venue_manager" });
    const good = {
      pricingBaseFee: "$4,000",
      pricingPerGuest: "85",
      pricingMinSpend: "10000",
      pricingPeakMonths: ["6", "9", "13"],
      pricingPeakPercent: "20",
      pricingWeekdayPercent: "15",
    };

    const res = await save(manager.cookie, good);
    expect(res.status, (await res.text()).slice(0, 300)).toBe(200);
    expect(await modelOf(v.id)).toEqual(
      pricingModel({
        baseFee: 4000,
        perGuest: 85,
        minSpend: 10000,
        peakMonths: [6, 9],
        peakPercent: 20,
        weekdayPercent: 15,
      }),
    );
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
      const refused = await save(manager.cookie, { ...good, ...bad });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect((await modelOf(v.id))?.baseFee).toBe(4000);
    }

    // A manager of other venues cannot set it.
    const foreign = await save(stranger.cookie, { ...good, pricingBaseFee: "1" });
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
    expect((await save(manager.cookie, { ...good, pricingShown: "" })).status).toBe(200);
    expect((await modelOf(v.id))?.baseFee).toBe(4000);
    expect((await save(manager.cookie, blank)).status).toBe(200);
    expect(await modelOf(v.id)).toBeNull();
  });

  it("saves the all-in parts (issue 43), shows their working, and refuses bad ones field by field", async () => {
    const { manager, v, save } = await managedBarn();
    const admin = await t.signUp({ role: "admin" });
    const good = {
      pricingBaseFee: "4000",
      pricingPerGuest: "80",
      pricingSiteSaturday: "6000",
      pricingPeakMonths: ["6"],
      pricingPeakPercent: "10",
      pricingServicePercent: "20",
      pricingTaxPercent: "5",
      pricingFee1Name: "Cleaning",
      pricingFee1Amount: "400",
      pricingFee1Per: "event",
      pricingFee2Name: "Security",
      pricingFee2Amount: "5",
      pricingFee2Per: "guest",
    };
    const saved = await save(manager.cookie, good);
    expect(saved.status, (await saved.text()).slice(0, 300)).toBe(200);
    expect(await modelOf(v.id)).toEqual(
      pricingModel({
        baseFee: 4000,
        perGuest: 80,
        peakMonths: [6],
        peakPercent: 10,
        dayFees: { weekday: null, friday: null, saturday: 6000, sunday: null },
        servicePercent: 20,
        taxPercent: 5,
        fees: [
          { name: "Cleaning", amount: 400, perGuest: false },
          { name: "Security", amount: 5, perGuest: true },
        ],
      }),
    );
    // A Saturday in June for 140 guests, by hand: site 6,000 × 1.1 = 6,600; 140 × 80 × 1.1 = 12,320;
    // service 20 % of 18,920 = 3,784; cleaning 400; security 5 × 140 = 700; tax 5 % of 23,804 =
    // 1,190.20 → 1,190; total 24,994.
    const page = await (await http.fetch(`${venuePath(v)}?date=2027-06-12&guests=140`)).text();
    expect(page).toContain("About $24,994 for 140 guests");
    expect(page).toContain("All in: service, fees and tax as the venue states them");
    for (const rule of [
      "Saturday rate $6,000, peak month +10%",
      "20% of $18,920",
      "$5 × 140 guests",
      "5% of $23,804",
    ])
      expect(page).toContain(rule);
    // The total comes before the listed price.
    expect(page.indexOf("About $24,994")).toBeLessThan(page.indexOf("Average price per event"));

    const refusals: [Record<string, string>, string][] = [
      [{ pricingServicePercent: "40" }, "Please enter a percentage from 0 to 35, with at most two decimals"],
      [{ pricingTaxPercent: "8.815" }, "Please enter a percentage from 0 to 15, with at most two decimals"],
      [{ pricingFee1Amount: "" }, "Please enter this fee's amount in whole dollars"],
      [{ pricingFee2Name: "" }, "Please name this fee"],
      [{ pricingSiteSunday: "free" }, "Please enter an amount in whole dollars"],
    ];
    for (const [bad, message] of refusals) {
      const refused = await save(manager.cookie, { ...good, ...bad });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect((await modelOf(v.id))?.servicePercent).toBe(20);
    }
    // The admin's form takes the same rules.
    const byAdmin = await save(
      admin.cookie,
      { ...good, pricingServicePercent: "36" },
      `/admin/edit-venue/${v.id}`,
    );
    expect(byAdmin.status).toBe(400);
    expect(await byAdmin.text()).toContain(
      "Please enter a percentage from 0 to 35, with at most two decimals",
    );
  });
});
