// Issue 43, points 3 and 4, against a real database (PGlite, and PostgreSQL with
// TEST_DATABASE_URL): capacity by layout and the house rules through the manager's form (its
// messages), on the venue page and in the search's filters; the prices and facts dated by the
// venue: a save confirms them, 12 months later the page flags them and the dashboard asks for a
// check, 'Still correct' confirms them again, for the venue's managers only.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venueManagers, venues } from "../../database/schema";
import { pricingModel } from "../../app/lib/estimate";
import { FACT_MESSAGES } from "../../app/lib/validation/venue-facts";
import { venuePath } from "../../app/lib/venue-url";
import { adminVenueFields, createCategory, createVenue, multipartBody } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { at, scope } from "../setup/search";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
withHttpApp((app) => ({ t, http } = app), { timeout: 120_000 });

const YEAR = 365 * 86_400_000;

/** A manager of a new venue (its form's name, so a save keeps its address) and the form's path. */
async function managedVenue(over: Parameters<typeof createVenue>[1] = {}) {
  const manager = await t.signUp({ role: "venue_manager" });
  const type = await createCategory(t.db);
  const v = await createVenue(t.db, { name: "Columbine Terrace", categoryId: type.id, ...over });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: v.id });
  const path = `/venue-manager/edit-venue/${v.id}`;
  const save = (extra: Record<string, string>) =>
    http.fetch(path, {
      method: "POST",
      cookie: manager.cookie,
      body: multipartBody(adminVenueFields(type.id, { pricingShown: "1", ...extra })),
    });
  return { manager, v, path, save };
}

const rowOf = async (id: string) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0]!;

describe("capacity by layout and house rules", () => {
  it("are saved from the manager's form, listed on the venue page, and refused field by field", async () => {
    const { v, save } = await managedVenue();
    const facts = {
      factsSeated: "120",
      factsStanding: "1,200",
      factsCurfew: "22:30",
      factsCatering: "approved-list",
      factsAlcohol: "licensed-bartender",
      factsElevation: "9600",
      factsAccess: "The pass road closes from November to May",
    };
    const beforeSave = new Date();
    const saved = await save(facts);
    expect(saved.status, (await saved.text()).slice(0, 300)).toBe(200);
    const row = await rowOf(v.id);
    expect(row.facts).toMatchObject({ seated: 120, standing: 1200, curfew: "22:30", elevationFeet: 9600 });
    // The save confirmed them (a time from the save on, not a bound on how long it took).
    expect(row.confirmedAt!.getTime()).toBeGreaterThanOrEqual(beforeSave.getTime());

    const page = await (await http.fetch(venuePath(row))).text();
    for (const shown of [
      "Capacity and house rules",
      "120 guests",
      "1,200 guests",
      "10:30 pm",
      "From the venue&#x27;s approved list",
      "9,600 ft",
      "The pass road closes from November to May",
      "Confirmed by the venue on",
    ])
      expect(page).toContain(shown);

    const refusals: [Record<string, string>, string][] = [
      [{ factsSeated: "lots" }, FACT_MESSAGES.guests],
      [{ factsCeremony: "10001" }, FACT_MESSAGES.guests],
      [{ factsCurfew: "25:00" }, FACT_MESSAGES.clock],
      [{ factsCatering: "maybe" }, FACT_MESSAGES.choice],
      [{ factsElevation: "20000" }, FACT_MESSAGES.elevation],
    ];
    for (const [bad, message] of refusals) {
      const refused = await save({ ...facts, ...bad });
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
      expect((await rowOf(v.id)).facts).toEqual(row.facts);
    }
  });

  it("filter the search: a seated dinner for the guests, outside caterers allowed", async () => {
    const town = `Facts ${scope()}`;
    const venue = (name: string, facts: object | null) =>
      createVenue(t.db, { name, location: at(town), capacity: 300, facts: facts as never });
    await venue("Seats 150, any caterer", { seated: 150, catering: "allowed" });
    await venue("Seats 100, listed caterers", { seated: 100, catering: "approved-list" });
    await venue("Own kitchen", { seated: 200, catering: "not-allowed" });
    await venue("Says nothing", null);
    const names = async (query: string) => {
      const html = await (
        await http.fetch(`/venues?view=list&location=${encodeURIComponent(town)}&${query}`)
      ).text();
      return [...html.matchAll(/<h3><a [^>]*>([^<]+)</g)].map((m) => m[1]).sort();
    };
    expect(await names("guests=140")).toHaveLength(4);
    expect(await names("guests=140&seated=1")).toEqual(["Own kitchen", "Seats 150, any caterer"]);
    expect(await names("catering=outside")).toEqual(["Seats 100, listed caterers", "Seats 150, any caterer"]);
  });
});

describe("dated by the venue", () => {
  it("flags prices unconfirmed for 12 months, asks the manager, and 'Still correct' confirms them", async () => {
    const { manager, v, path } = await managedVenue({
      pricingModel: pricingModel({ baseFee: 4000, perGuest: 80 }),
    });
    await t.db
      .update(venues)
      .set({ confirmedAt: new Date(Date.now() - 1.1 * YEAR) })
      .where(eq(venues.id, v.id));
    const page = async () => (await http.fetch(`${venuePath(v)}?guests=100`)).text();
    expect(await page()).toContain("Prices and facts may be out of date: the venue last confirmed them on");
    const dashboard = await (await http.fetch("/venue-manager/venues", { cookie: manager.cookie })).text();
    expect(dashboard).toContain("Prices and facts not confirmed in 12 months: check them");

    // Another manager cannot confirm them.
    const stranger = await t.signUp({ role: "venue_manager" });
    const confirm = (cookie: string) =>
      http.fetch(path, { method: "POST", cookie, body: new URLSearchParams({ intent: "confirm-prices" }) });
    expect([403, 404]).toContain((await confirm(stranger.cookie)).status);
    expect(Date.now() - (await rowOf(v.id)).confirmedAt!.getTime()).toBeGreaterThan(YEAR);

    const beforeConfirm = new Date();
    expect((await confirm(manager.cookie)).status).toBeLessThan(400);
    expect((await rowOf(v.id)).confirmedAt!.getTime()).toBeGreaterThanOrEqual(beforeConfirm.getTime());
    const fresh = await page();
    expect(fresh).not.toContain("may be out of date");
    expect(fresh).toContain("Confirmed by the venue on");
    const after = await (await http.fetch("/venue-manager/venues", { cookie: manager.cookie })).text();
    expect(after).not.toContain("Prices and facts not confirmed in 12 months");

    // A venue with neither a pricing model nor facts has nothing to confirm, and says nothing.
    const plain = await managedVenue();
    const refused = await http.fetch(plain.path, {
      method: "POST",
      cookie: plain.manager.cookie,
      body: new URLSearchParams({ intent: "confirm-prices" }),
    });
    expect(refused.status).toBe(409);
    expect(await (await http.fetch(venuePath(plain.v))).text()).not.toContain("Confirmed by the venue");
  });
});
