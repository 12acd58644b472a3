import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  inquiries,
  venueAvailability,
  venueCalendarFeeds,
  venueManagers,
  venues,
} from "../../database/schema";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { venuePath } from "../../app/lib/venue-url";
import {
  importRanges,
  markRange,
  parseImportRanges,
  venueCalendar,
} from "../../app/services/availability.server";
import { compareVenues } from "../../app/services/compare.server";
import { searchVenues } from "../../app/services/search.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { d, withAvailabilityApp } from "../setup/availability";
import type { TestApp } from "../setup/test-app";
import type { AppUser } from "../../app/lib/user";

// Issue 41, items 4, 6 and 16 (part): availability says what it knows. Free, booked (held
// included) or not confirmed (a calendar never touched, or not for 90 days) on /compare, the
// venue page and the date search ('Confirmed free only', confirmed venues first); 'Mark as
// booked' blocks the wedding date, undoably, and the calendar names the inquiry; imported events
// keep their names for the venue's managers only.

let t: TestApp;
let web: HttpTestApp;
let manager: AppUser & { cookie: string };
let otherManager: AppUser & { cookie: string };

withAvailabilityApp((app) => ({ t, web, manager, otherManager } = app));

const day = d("06-20");
/** A page's HTML without React's text separators. */
const text = (html: string) => html.replaceAll("<!-- -->", "");
const form = (body: Record<string, string>) => ({
  method: "POST",
  headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
  body: new URLSearchParams(body),
});

async function managedVenue(name: string) {
  const venue = await createVenue(t.db, { name });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  return venue;
}

/** The calendar last changed `days` ago, set directly (the 'touched 91 days ago'). */
const touchedDaysAgo = (venueId: string, days: number) =>
  t.db
    .update(venues)
    .set({ calendarUpdatedAt: sql`now() - make_interval(days => ${days})` })
    .where(eq(venues.id, venueId));

describe("three states for couples", () => {
  let fresh: { id: string; name: string };
  let recent: { id: string; name: string };
  let stale: { id: string; name: string };
  let never: { id: string; name: string };
  let held: { id: string; name: string };

  beforeAll(async () => {
    [fresh, recent, stale, never, held] = await Promise.all(
      ["State Fresh", "State Recent", "State Stale", "State Never", "State Held"].map(managedVenue),
    );
    // Fresh: its manager marked another day today. Recent and Stale: touched 89 and 91 days ago.
    for (const v of [fresh, recent, stale])
      await markRange(t.db, manager, v.id, { from: d("03-01"), to: d("03-01"), status: "booked" });
    await touchedDaysAgo(recent.id, 89);
    await touchedDaysAgo(stale.id, 91);
    await markRange(t.db, manager, held.id, { from: day, to: day, status: "held" });
  });

  it("compare: free only on a calendar touched in the last 90 days, held reads booked", async () => {
    const ids = [fresh, recent, stale, never, held].map((v) => v.id);
    const states = async (some: string[]) =>
      (await compareVenues(t.db, some, { date: day })).venues.map((v) => v.availability);
    expect(await states(ids.slice(0, 4))).toEqual(["free", "free", "unconfirmed", "unconfirmed"]);
    expect(await states(ids.slice(4))).toEqual(["booked"]);
    const html = await (await web.fetch(`/compare?ids=${ids.slice(1, 5).join(",")}&date=${day}`)).text();
    expect(html).toContain(">Not confirmed<");
    expect(html).not.toContain(">Available<");
  });

  it("the venue page: a never-touched calendar claims no free day", async () => {
    const months = await venueCalendar(t.db, never.id);
    expect(months.every((m) => !m.days.includes("a"))).toBe(true);
    const html = text(await (await web.fetch(venuePath(never))).text());
    expect(html).toContain("Not confirmed: the venue has not updated its calendar in the last 90 days");
    expect(html).not.toMatch(/Every day (from the \d+\w\w )?is free|other \d+ days? (are|is) free/);
    const kept = await (await web.fetch(venuePath(fresh))).text();
    expect(kept).not.toContain("Not confirmed");
    expect(kept).toMatch(/(Every day (from the \d+\w\w )?is free|days are free)\./);
    // Held reads booked for couples.
    const heldPage = await (await web.fetch(venuePath(held))).text();
    expect(heldPage).toContain(`Booked ${Number(day.slice(8))}.`);
    expect(heldPage).not.toMatch(/Held \d/);
  });

  const names = async (f: Partial<SearchFilters>) =>
    (await searchVenues(t.db, { ...DEFAULT_FILTERS, venueName: "State ", ...f })).venues.map((v) => [
      v.name,
      v.availability,
    ]);

  it("search by date: confirmed-free venues first, the rest labelled 'not confirmed'", async () => {
    const expected = [
      ["State Fresh", "free"],
      ["State Recent", "free"],
      ["State Never", "unconfirmed"],
      ["State Stale", "unconfirmed"],
    ];
    expect(await names({ date: day })).toEqual(expected);
    // The order by estimate keeps the groups too.
    expect(await names({ date: day, guests: 10, sort: "estimate-asc" })).toEqual(expected);
    // Without a date nothing is said about availability.
    expect((await names({})).every(([, a]) => a === undefined)).toBe(true);
    const html = await (await web.fetch(`/venues?venueName=State&date=${day}&view=list`)).text();
    expect(html).toContain("Not confirmed");
    expect(html).toContain("Confirmed free");
  });

  it("'Confirmed free only' keeps the venues whose calendar confirms the day or the month", async () => {
    expect(await names({ date: day, confirmed: true })).toEqual([
      ["State Fresh", "free"],
      ["State Recent", "free"],
    ]);
    expect((await names({ month: day.slice(0, 7), confirmed: true })).map(([n]) => n)).toEqual([
      "State Fresh",
      "State Held",
      "State Recent",
    ]);
    const res = await web.fetch(`/venues?venueName=State&date=${day}&confirmed=1&view=list`);
    const html = await res.text();
    expect(html).toContain("Remove filter: Confirmed free only");
    expect(html).toContain("State Fresh");
    expect(html).not.toContain("State Never");
    expect(html).toMatch(/<input type="checkbox" name="confirmed"[^>]*checked=""/);
  });
});

describe("booked means booked", () => {
  async function bookable(name: string) {
    const venue = await managedVenue(name);
    const [inquiry] = await t.db
      .insert(inquiries)
      .values({
        venueId: venue.id,
        name: "Jamie Rivera",
        email: `jamie-${venue.id.slice(0, 6)}@couple.example`,
        message: "Is the 20th of June free?",
        weddingDate: day,
      })
      .returning();
    return { venue, inquiry: inquiry!, page: `/venue-manager/inquiries/${inquiry!.id}` };
  }
  const rangesOf = (venueId: string) =>
    t.db
      .select({
        startsOn: venueAvailability.startsOn,
        status: venueAvailability.status,
        inquiryId: venueAvailability.inquiryId,
      })
      .from(venueAvailability)
      .where(eq(venueAvailability.venueId, venueId));

  it("'Mark as booked' blocks the date, the calendar names the inquiry, and Undo frees it", async () => {
    const { venue, inquiry, page } = await bookable("Booking Barn");
    expect(await (await web.fetch(page, { cookie: manager.cookie })).text()).toMatch(
      /<input type="checkbox"[^>]*name="block" checked=""[^>]*value="1"/,
    );
    const res = await web.fetch(page, {
      ...form({ intent: "status", status: "booked", block: "1" }),
      cookie: manager.cookie,
    });
    expect(res.status).toBe(302);
    expect(await rangesOf(venue.id)).toEqual([{ startsOn: day, status: "booked", inquiryId: inquiry.id }]);
    const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(row!.calendarUpdatedAt).not.toBeNull();
    const audit = await t.db
      .select({ details: auditLog.details })
      .from(auditLog)
      .where(and(eq(auditLog.action, "availability.mark"), eq(auditLog.targetId, venue.id)));
    expect(audit.map((a) => a.details)).toEqual([
      { from: day, to: day, status: "booked", inquiryId: inquiry.id, by: "venue_manager" },
    ]);
    // The search by that date leaves it out; the manager's calendar names the inquiry.
    expect(
      (await searchVenues(t.db, { ...DEFAULT_FILTERS, venueName: "Booking Barn", date: day })).total,
    ).toBe(0);
    const calendar = text(
      await (
        await web.fetch(`/venue-manager/edit-venue/${venue.id}/availability`, { cookie: manager.cookie })
      ).text(),
    );
    expect(calendar).toContain(`href="/venue-manager/inquiries/${inquiry.id}"`);
    expect(calendar).toMatch(/Booked:.*Jamie Rivera’s inquiry/s);
    expect(await (await web.fetch(page, { cookie: manager.cookie })).text()).toContain("Undo: free");

    const undo = await web.fetch(page, { ...form({ intent: "unblock" }), cookie: manager.cookie });
    expect(undo.status).toBe(302);
    expect(await rangesOf(venue.id)).toEqual([]);
    expect(
      (await searchVenues(t.db, { ...DEFAULT_FILTERS, venueName: "Booking Barn", date: day })).total,
    ).toBe(1);
    // A second undo has nothing of this inquiry's to free: refused, nothing changed.
    const again = await web.fetch(page, { ...form({ intent: "unblock" }), cookie: manager.cookie });
    expect(again.status).toBe(409);
  });

  it("Undo refuses once the day was changed since, and leaves the change", async () => {
    const { venue, page } = await bookable("Booking Changed Hall");
    await web.fetch(page, { ...form({ intent: "status", status: "booked" }), cookie: manager.cookie });
    // Without the box ticked, the date stays free; 'Block' does it afterwards.
    expect(await rangesOf(venue.id)).toEqual([]);
    expect((await web.fetch(page, { ...form({ intent: "block" }), cookie: manager.cookie })).status).toBe(
      302,
    );
    expect(await rangesOf(venue.id)).toHaveLength(1);
    await markRange(t.db, manager, venue.id, { from: day, to: day, status: "held" });
    const undo = await web.fetch(page, { ...form({ intent: "unblock" }), cookie: manager.cookie });
    expect(undo.status).toBe(409);
    expect(await rangesOf(venue.id)).toEqual([{ startsOn: day, status: "held", inquiryId: null }]);
  });

  it("a manager of another venue can neither block nor undo", async () => {
    const { venue, page } = await bookable("Booking Guarded Lodge");
    const posts: Record<string, string>[] = [
      { intent: "status", status: "booked", block: "1" },
      { intent: "block" },
      { intent: "unblock" },
    ];
    for (const body of posts) {
      const res = await web.fetch(page, { ...form(body), cookie: otherManager.cookie });
      expect(res.status, body.intent).toBe(403);
    }
    expect(await rangesOf(venue.id)).toEqual([]);
    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.venueId, venue.id));
    expect(row!.status).toBe("new");
  });
});

describe("imported events keep their names, for the venue only", () => {
  it("stores the name, shows it in the manager's calendar, never on public pages or the feed", async () => {
    const venue = await managedVenue("Import Names Hall");
    const long = "x".repeat(500);
    const ranges = parseImportRanges(
      JSON.stringify([
        { from: d("08-01"), to: d("08-01"), note: "  Smith   wedding " },
        { from: d("08-08"), to: d("08-08"), note: long },
        { from: d("08-15"), to: d("08-15") },
      ]),
    )!;
    expect(ranges.map((r) => r.note?.length ?? 0)).toEqual([13, 200, 0]);
    await importRanges(t.db, manager, venue.id, ranges);
    const rows = await t.db
      .select({ note: venueAvailability.note })
      .from(venueAvailability)
      .where(eq(venueAvailability.venueId, venue.id))
      .orderBy(venueAvailability.startsOn);
    expect(rows.map((r) => r.note)).toEqual(["Smith wedding", "x".repeat(200), null]);

    const tab = await (
      await web.fetch(`/venue-manager/edit-venue/${venue.id}/availability?month=${d("08")}`, {
        cookie: manager.cookie,
      })
    ).text();
    expect(tab).toContain("Smith wedding");
    const publicPage = await (await web.fetch(venuePath(venue))).text();
    expect(publicPage).not.toContain("Smith wedding");
    const [feed] = await t.db
      .select({ token: venueCalendarFeeds.token })
      .from(venueCalendarFeeds)
      .where(eq(venueCalendarFeeds.venueId, venue.id));
    const ics = await (await web.fetch(`/calendar/${feed!.token}.ics`)).text();
    expect(ics).toContain("SUMMARY:Booked");
    expect(ics).not.toContain("Smith");
  });
});
