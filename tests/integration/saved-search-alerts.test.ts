// Saved searches and their alerts (issue 44, points 2 and 3; ADR 044), through the real route
// modules, the real check (runAlerts, the queue's every-minute task) and the SMTP catcher. Each
// trigger mails once and not again on the next run; nothing new, no mail. Time is moved by writing
// the last mail's time back, never by sleeping. Each test has its own venues, found by their names.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { savedSearches, savedSearchVenues, venueManagers, venues } from "../../database/schema";
import * as searchesRoute from "../../app/routes/account/searches";
import * as saveRoute from "../../app/routes/public/save-search";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { markRange } from "../../app/services/availability.server";
import { runAlerts } from "../../app/services/saved-searches.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { oneClickPath, postOneClick } from "../setup/inquiries";
import { run, type TestApp } from "../setup/test-app";

const Y = new Date().getUTCFullYear() + 1;
const DATE = `${Y}-06-12`;

let t: TestApp;
let http: HttpTestApp;
let manager: AppUser;
withHttpApp(async (app) => {
  ({ t, http } = app);
  const m = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
  manager = toAppUser({ id: m.id, name: "Morgan Manager", email: m.email, role: "venue_manager" });
});

/** Saves `query` through the page's form: as the account of `cookie`, or as a guest with `email`. */
async function save(query: string, who: { cookie: string } | { email: string }, frequency = "instant") {
  const form = { name: "June barns", frequency, query, ...("email" in who ? { email: who.email } : {}) };
  const cookie = "cookie" in who ? who.cookie : undefined;
  return run(async () =>
    saveRoute.action(await t.args(t.request(`/saved-searches/new?${query}`, { form, cookie }))),
  );
}

const alertsTo = (email: string) =>
  t.mail.messages.filter(
    (m) => m.to.includes(email.toLowerCase()) && m.subject.startsWith("New for your search"),
  );

async function couple() {
  const c = await t.signUp({ name: "Casey Couple" });
  return c;
}

async function managed(name: string, input: Partial<typeof venues.$inferInsert> = {}) {
  const venue = await createVenue(t.db, { name, ...input });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  return venue;
}

describe("alerts, one per trigger, sent once", () => {
  it("a date search that found nothing mails when the venue's manager frees that date", async () => {
    const venue = await managed("Alerts Calendar Barn");
    expect(await markRange(t.db, manager, venue.id, { from: DATE, to: DATE, status: "booked" })).toEqual({
      ok: true,
    });
    const c = await couple();
    const saved = await save(`venueName=Alerts+Calendar&date=${DATE}&guests=100`, c);
    expect(saved.status).toBe(302);
    expect(saved.response?.headers.get("location")).toBe("/account/searches");
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(0);

    expect(await markRange(t.db, manager, venue.id, { from: DATE, to: DATE, status: "available" })).toEqual({
      ok: true,
    });
    await runAlerts(t.app);
    const [mail] = alertsTo(c.email);
    expect(mail?.subject).toBe("New for your search June barns: Alerts Calendar Barn");
    // The venue's page opens on the couple's date and guests; "see all" opens the search.
    expect(mail?.text).toContain(`/venue/alerts-calendar-barn-${venue.id}?date=${DATE}&guests=100`);
    expect(mail?.text).toContain(`/venues?venueName=Alerts+Calendar&guests=100&date=${DATE}`);
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(1);
  });

  it("a venue newly approved that matches mails once", async () => {
    const c = await couple();
    await save("venueName=Alerts+Chapel&guests=50", c);
    const venue = await createVenue(t.db, { name: "Alerts Chapel Hill", isApproved: false });
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(0);
    await t.db
      .update(venues)
      .set({ isApproved: true, approvedAt: new Date() })
      .where(eq(venues.id, venue.id));
    await runAlerts(t.app);
    expect(alertsTo(c.email).map((m) => m.subject)).toEqual([
      "New for your search June barns: Alerts Chapel Hill",
    ]);
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(1);
  });

  it("a price that drops into the budget mails once; an instant alert waits an hour after the last", async () => {
    const c = await couple();
    const first = await managed("Alerts Budget Lodge", { pricePerEvent: 5000 });
    await save("venueName=Alerts+Budget&maxPrice=3000", c);
    await t.db.update(venues).set({ pricePerEvent: 2500 }).where(eq(venues.id, first.id));
    await runAlerts(t.app);
    expect(alertsTo(c.email).map((m) => m.subject)).toEqual([
      "New for your search June barns: Alerts Budget Lodge",
    ]);

    // News within the hour waits for the next mail.
    await managed("Alerts Budget Barn", { pricePerEvent: 2000 });
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(1);
    const [search] = await t.db
      .select()
      .from(savedSearches)
      .where(eq(savedSearches.query, "venueName=Alerts+Budget&maxPrice=3000"));
    await t.db
      .update(savedSearches)
      .set({ sentAt: new Date(search!.sentAt!.getTime() - 61 * 60_000) })
      .where(eq(savedSearches.id, search!.id));
    await runAlerts(t.app);
    expect(alertsTo(c.email).map((m) => m.subject)).toEqual([
      "New for your search June barns: Alerts Budget Lodge",
      "New for your search June barns: Alerts Budget Barn",
    ]);
  });

  it("the search's own results when it was saved are not news", async () => {
    const c = await couple();
    const venue = await managed("Alerts Known Mill");
    await save("venueName=Alerts+Known", c);
    await t.db
      .update(venues)
      .set({ description: "Newly painted, same as before." })
      .where(eq(venues.id, venue.id));
    await runAlerts(t.app);
    expect(alertsTo(c.email)).toHaveLength(0);
    expect(
      await t.db.select().from(savedSearchVenues).where(eq(savedSearchVenues.venueId, venue.id)),
    ).toHaveLength(1);
  });

  it("a calendar's change is news for a search with a date, not for one without", async () => {
    const [dated, undated] = [await couple(), await couple()];
    await save(`venueName=Alerts+Undated&date=${DATE}`, dated);
    await save("venueName=Alerts+Undated", undated);
    // Listed long ago (not news by itself), then its calendar changes.
    const hourAgo = new Date(Date.now() - 3_600_000);
    const venue = await managed("Alerts Undated Farm", { approvedAt: hourAgo, updatedAt: hourAgo });
    await t.db.update(venues).set({ updatedAt: hourAgo }).where(eq(venues.id, venue.id));
    // A booking frees nothing: no news for either.
    await markRange(t.db, manager, venue.id, { from: DATE, to: DATE, status: "booked" });
    await runAlerts(t.app);
    expect(alertsTo(dated.email)).toHaveLength(0);
    expect(await markRange(t.db, manager, venue.id, { from: DATE, to: DATE, status: "available" })).toEqual({
      ok: true,
    });
    await runAlerts(t.app);
    expect(alertsTo(dated.email)).toHaveLength(1);
    expect(alertsTo(undated.email)).toHaveLength(0);
  });

  it("two checks at once send one mail", async () => {
    const c = await couple();
    await save("venueName=Alerts+Twice", c);
    await managed("Alerts Twice Ranch");
    await Promise.all([runAlerts(t.app), runAlerts(t.app)]);
    expect(alertsTo(c.email)).toHaveLength(1);
  });
});

describe("a guest's saved search", () => {
  it("mails nothing until confirmed; its one-click stop works without signing in", async () => {
    const email = "guest-alerts@test.example";
    const saved = await save("venueName=Alerts+Guest", { email });
    expect(saved.status).toBe(200);
    expect(saved.data).toEqual({ sentTo: email });
    const confirm = await t.mail.waitFor(email, 10_000, /Confirm your saved search/);
    const confirmPath = /https?:\/\/[^/\s]+(\/saved-searches\/confirm\?\S+)/.exec(confirm.text)![1]!;

    await managed("Alerts Guest Barn");
    await runAlerts(t.app);
    expect(alertsTo(email)).toHaveLength(0);

    // Opening the link changes nothing; its POST confirms.
    expect((await http.fetch(confirmPath)).status).toBe(200);
    expect((await postOneClick(http, confirmPath)).status).toBe(200);
    await managed("Alerts Guest Hall");
    await runAlerts(t.app);
    const alerts = alertsTo(email);
    expect(alerts).toHaveLength(1);
    // The first barn came before the confirmation: it is news too, named once.
    expect(alerts[0]!.subject).toBe("New for your search June barns: 2 venues");

    expect((await postOneClick(http, oneClickPath(alerts[0]!.raw, "/saved-searches/off"))).status).toBe(200);
    const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.email, email));
    expect(search!.frequency).toBe("off");
    await managed("Alerts Guest Lodge");
    await runAlerts(t.app);
    expect(alertsTo(email)).toHaveLength(1);
  });

  it("a forged or missing link is refused and changes nothing", async () => {
    expect((await postOneClick(http, "/saved-searches/off?id=x&t=y")).status).toBe(400);
    expect((await http.fetch("/saved-searches/confirm")).status).toBe(400);
  });
});

describe("/account/searches", () => {
  it("lists a couple's searches, renames them, changes how often they mail and deletes them", async () => {
    const c = await couple();
    const other = await couple();
    await save(`date=${DATE}&guests=140`, c);
    const [search] = await t.db.select().from(savedSearches).where(eq(savedSearches.userId, c.id));
    const page = await run(async () =>
      searchesRoute.loader(await t.args(t.request("/account/searches", { cookie: c.cookie }))),
    );
    expect(page.data).toMatchObject({
      searches: [{ id: search!.id, name: "June barns", frequency: "instant" }],
    });

    const post = (cookie: string, form: Record<string, string>) =>
      run(async () => searchesRoute.action(await t.args(t.request("/account/searches", { form, cookie }))));
    expect(
      (await post(c.cookie, { intent: "update", searchId: search!.id, name: " ", frequency: "weekly" }))
        .status,
    ).toBe(400);
    // Another couple's search is not theirs to change.
    expect(
      (await post(other.cookie, { intent: "update", searchId: search!.id, name: "Mine", frequency: "off" }))
        .status,
    ).toBe(404);
    expect(
      (
        await post(c.cookie, {
          intent: "update",
          searchId: search!.id,
          name: "Saturday in June",
          frequency: "weekly",
        })
      ).status,
    ).toBe(200);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, search!.id))).toMatchObject([
      { name: "Saturday in June", frequency: "weekly" },
    ]);
    // A filter taken off: the search keeps the others.
    expect(
      (await post(other.cookie, { intent: "remove-filter", searchId: search!.id, remove: "guests:140" }))
        .status,
    ).toBe(404);
    expect(
      (await post(c.cookie, { intent: "remove-filter", searchId: search!.id, remove: "guests:140" })).status,
    ).toBe(200);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, search!.id))).toMatchObject([
      { query: `date=${DATE}` },
    ]);
    expect(
      (await post(c.cookie, { intent: "remove-filter", searchId: search!.id, remove: "guests:140" })).status,
    ).toBe(404);
    await post(other.cookie, { intent: "delete", searchId: search!.id });
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, search!.id))).toHaveLength(1);
    expect((await post(c.cookie, { intent: "delete", searchId: search!.id })).status).toBe(200);
    expect(await t.db.select().from(savedSearches).where(eq(savedSearches.id, search!.id))).toHaveLength(0);
  });
});
