import fs from "node:fs/promises";
import path from "node:path";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { venueAvailability, venueCalendarFeeds, venueManagers } from "../../database/schema";
import {
  addDays,
  availabilityMessages,
  monthLabel,
  monthOf,
  PAST_DATE_MESSAGE,
  PAST_MONTH_MESSAGE,
  utcDay,
} from "../../app/lib/availability";
import { daysInMonth } from "../../app/lib/dates";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import {
  importRanges,
  markRange,
  parseImportRanges,
  rotateFeed,
  setClosures,
} from "../../app/services/availability.server";
import { readIcs } from "../../app/services/ics-import.server";
import { MANAGE_VENUE_MESSAGE } from "../../app/services/permissions.server";
import { mapVenues, searchVenues } from "../../app/services/search.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";
import { awayFromMidnight } from "../setup/clock";

// Issue 24, availability (ADR 030): ranges and recurring closures in the date filter of the list
// and the map, the month (flexible) filter, the .ics import with a hand-written calendar export,
// the secret feed and its rotation, who may change a venue's calendar, and past dates refused.

const FIXTURE = path.join(import.meta.dirname, "../fixtures/ics/venue-bookings.ics");

let t: TestApp;
let web: HttpTestApp;
let admin: AppUser;
let manager: AppUser & { cookie: string };
let otherManager: AppUser & { cookie: string };
let couple: AppUser & { cookie: string };
let ours: { id: string; name: string };
let second: { id: string; name: string };
let closedInJanuary: { id: string; name: string };
let fullJuly: { id: string; name: string };

// Dates next year, so the tests mean the same whenever they run.
const Y = Number(utcDay().slice(0, 4)) + 1;
const d = (md: string) => `${Y}-${md}`;

const as = async (role: "admin" | "venue_manager" | "user", name: string) => {
  const s = await t.signUp({ role, name });
  return { ...toAppUser({ id: s.id, name, email: s.email, role }), cookie: s.cookie };
};

/**
 * The names of the date filter's venues a search keeps (their names, and only theirs, start with
 * 'Avail'; the other tests' venues have names of their own, so the order of the tests is free).
 */
async function found(f: Partial<SearchFilters>): Promise<string[]> {
  const r = await searchVenues(t.db, { ...DEFAULT_FILTERS, venueName: "Avail", ...f });
  return r.venues.map((v) => v.name).sort();
}

// The server counts and checks by the real day (ADR 029, ADR 030).
beforeAll(() => awayFromMidnight(), 300_000);
withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    admin = await as("admin", "Ada Admin");
    manager = await as("venue_manager", "Morgan Manager");
    otherManager = await as("venue_manager", "Blake Manager");
    couple = await as("user", "Casey Couple");
    ours = await createVenue(t.db, { name: "Avail Ours Barn" });
    second = await createVenue(t.db, { name: "Avail Second Lodge" });
    closedInJanuary = await createVenue(t.db, { name: "Avail Winter Closed" });
    fullJuly = await createVenue(t.db, { name: "Avail Full July" });
    // A venue without any availability data: free every day (ADR 030).
    await createVenue(t.db, { name: "Avail No Data" });
    const theirs = await createVenue(t.db, { name: "Other Manager Hall" });
    await t.db.insert(venueManagers).values([
      { userId: manager.id, venueId: ours.id },
      { userId: manager.id, venueId: second.id },
      { userId: otherManager.id, venueId: theirs.id },
    ]);
  },
  { timeout: 120_000 },
);

describe("the date filter", () => {
  beforeAll(async () => {
    // Ours: booked 10-14 June; Second: held 12 June; Winter Closed: every January.
    expect(
      await markRange(t.db, manager, ours.id, { from: d("06-10"), to: d("06-14"), status: "booked" }),
    ).toEqual({ ok: true });
    await markRange(t.db, manager, second.id, { from: d("06-12"), to: d("06-12"), status: "held" });
    await setClosures(t.db, admin, closedInJanuary.id, ["1"]);
    // Full July: booked 1-15, held 16-31 (every day of the month, in two ranges).
    await markRange(t.db, admin, fullJuly.id, { from: d("07-01"), to: d("07-15"), status: "booked" });
    await markRange(t.db, admin, fullJuly.id, { from: d("07-16"), to: d("07-31"), status: "held" });
  });

  it("leaves out venues booked or held on the date, and keeps a venue without any data", async () => {
    expect(await found({})).toHaveLength(5);
    expect(await found({ date: d("06-12") })).toEqual([
      "Avail Full July",
      "Avail No Data",
      "Avail Winter Closed",
    ]);
    expect(await found({ date: d("06-10") })).toEqual([
      "Avail Full July",
      "Avail No Data",
      "Avail Second Lodge",
      "Avail Winter Closed",
    ]);
    // The range's ends are included, the day after is free.
    expect(await found({ date: d("06-14") })).not.toContain("Avail Ours Barn");
    expect(await found({ date: d("06-15") })).toContain("Avail Ours Barn");
  });

  it("applies a recurring closure to that month of every year", async () => {
    expect(await found({ date: `${Y + 1}-01-20` })).not.toContain("Avail Winter Closed");
    expect(await found({ date: `${Y}-01-31` })).not.toContain("Avail Winter Closed");
    expect(await found({ date: `${Y}-02-01` })).toContain("Avail Winter Closed");
  });

  it("marks a range over part of another: the rest of it stays", async () => {
    // A venue of its own, booked as Ours is, so the other tests never see the change.
    const split = await createVenue(t.db, { name: "Split Range Barn" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: split.id });
    await markRange(t.db, manager, split.id, { from: d("06-10"), to: d("06-14"), status: "booked" });
    const foundSplit = (f: Partial<SearchFilters>) => found({ ...f, venueName: "Split Range" });
    await markRange(t.db, manager, split.id, { from: d("06-12"), to: d("06-12"), status: "available" });
    expect(await foundSplit({ date: d("06-12") })).toContain("Split Range Barn");
    expect(await foundSplit({ date: d("06-11") })).not.toContain("Split Range Barn");
    expect(await foundSplit({ date: d("06-13") })).not.toContain("Split Range Barn");
    const rows = await t.db
      .select({ startsOn: venueAvailability.startsOn, endsOn: venueAvailability.endsOn })
      .from(venueAvailability)
      .where(eq(venueAvailability.venueId, split.id))
      .orderBy(venueAvailability.startsOn);
    expect(rows).toEqual([
      { startsOn: d("06-10"), endsOn: d("06-11") },
      { startsOn: d("06-13"), endsOn: d("06-14") },
    ]);
  });

  it("with a month (flexible), keeps a venue with at least one free day in it", async () => {
    const july = await found({ month: `${Y}-07` });
    expect(july).not.toContain("Avail Full July");
    expect(july).toContain("Avail Ours Barn");
    // One free day is enough: a full July of its own, so Full July stays full for the other tests.
    const flex = await createVenue(t.db, { name: "Flexible July Hall" });
    await markRange(t.db, admin, flex.id, { from: d("07-01"), to: d("07-15"), status: "booked" });
    await markRange(t.db, admin, flex.id, { from: d("07-16"), to: d("07-31"), status: "held" });
    const flexJuly = () => found({ month: `${Y}-07`, venueName: "Flexible July" });
    expect(await flexJuly()).not.toContain("Flexible July Hall");
    await markRange(t.db, admin, flex.id, { from: d("07-20"), to: d("07-20"), status: "available" });
    expect(await flexJuly()).toContain("Flexible July Hall");
    expect(await found({ month: `${Y + 1}-01` })).not.toContain("Avail Winter Closed");
    expect(await found({ month: `${Y}-06` })).toContain("Avail Ours Barn");
  });

  it("filters the map too", async () => {
    const box = { south: 36, west: -110, north: 42, east: -101 };
    const count = async (f: Partial<SearchFilters>) =>
      (await mapVenues(t.db, { ...DEFAULT_FILTERS, venueName: "Avail", ...f }, box, 15)).points.map(
        (p) => p.name,
      );
    expect(await count({})).toContain("Avail Ours Barn");
    expect(await count({ date: d("06-12") })).not.toContain("Avail Ours Barn");
    expect(await count({ date: d("06-12") })).toContain("Avail No Data");
  });

  it("works through the page's address: chips, a noindex page, the map's JSON", async () => {
    const res = await web.fetch(`/venues?view=list&venueName=Avail&date=${d("06-12")}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).not.toContain("Avail Ours Barn");
    expect(html).toContain("Avail No Data");
    expect(html).toMatch(/Remove filter: Free on \w{3}, Jun 12, \d{4}/);
    expect(html).toMatch(/<meta name="robots" content="noindex, nofollow"/);
    const month = await (await web.fetch(`/venues?view=list&venueName=Avail&month=${Y}-07`)).text();
    expect(month).toContain(`Free in July ${Y} (flexible)`);
    expect(month).not.toContain("Avail Full July");
    const map = await web.fetch(
      `/api/venues/map?bbox=36,-110,42,-101&zoom=15&venueName=Avail&date=${d("06-12")}`,
    );
    const names = ((await map.json()) as { points: { name: string }[] }).points.map((p) => p.name);
    expect(names).toContain("Avail No Data");
    expect(names).not.toContain("Avail Ours Barn");
  });

  it("refuses a date or a month in the past with a clear message, and keeps what was typed", async () => {
    const yesterday = addDays(utcDay(), -1);
    const res = await web.fetch(`/venues?view=list&venueName=Avail&date=${yesterday}`);
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain(PAST_DATE_MESSAGE.replace("'", "&#x27;"));
    expect(html).toContain(`value="${yesterday}"`);
    // The rest of the search still runs, without the date.
    expect(html).toContain("Avail Ours Barn");
    const month = await web.fetch(`/venues?month=2020-01`);
    expect(month.status).toBe(400);
    expect(await month.text()).toContain(PAST_MONTH_MESSAGE);
    const map = await web.fetch(`/api/venues/map?bbox=36,-110,42,-101&zoom=6&date=${yesterday}`);
    expect(map.status).toBe(400);
    expect(await map.json()).toEqual({ error: PAST_DATE_MESSAGE });
  });
});

/** The preview of a file the import reads. */
function previewOf(text: string, today: string) {
  const read = readIcs(text, today);
  if (!read.ok) throw new Error(read.error);
  return read.preview;
}

describe("the .ics import", () => {
  it("reads a calendar export: all-day, timed in a time zone, UTC, recurring, cancelled", async () => {
    const text = await fs.readFile(FIXTURE, "utf8");
    const preview = previewOf(text, "2027-01-01");
    expect(preview.events.map((e) => [e.summary, e.from, e.to, e.occurrences])).toEqual([
      // Yearly all-day event, from 2020: expanded within the next 24 months only.
      ["Staff retreat (venue closed)", "2027-01-15", "2028-01-15", 2],
      // Monthly on the first Saturday, six times, one of them (1 May) taken out by EXDATE.
      ["First-Saturday private dinner", "2027-03-06", "2027-08-07", 5],
      // All-day, DTEND exclusive: the 12th and the 13th.
      ["Garcia–Nguyen wedding (whole weekend)", "2027-06-12", "2027-06-13", 1],
      // 04:00 UTC on 10 July is 22:00 on 9 July in Colorado.
      ["Late walk-through (10 pm in Colorado)", "2027-07-09", "2027-07-09", 1],
      // 18:00 to 01:00 in America/Denver: both days.
      ["Evening reception – Patel party", "2027-08-14", "2027-08-15", 1],
    ]);
    expect(preview.ranges).toEqual([
      { from: "2027-01-15", to: "2027-01-15" },
      { from: "2027-03-06", to: "2027-03-06" },
      { from: "2027-04-03", to: "2027-04-03" },
      { from: "2027-06-05", to: "2027-06-05" },
      { from: "2027-06-12", to: "2027-06-13" },
      { from: "2027-07-03", to: "2027-07-03" },
      { from: "2027-07-09", to: "2027-07-09" },
      { from: "2027-08-07", to: "2027-08-07" },
      { from: "2027-08-14", to: "2027-08-15" },
      { from: "2028-01-15", to: "2028-01-15" },
    ]);
    expect(preview.days).toBe(12);
    // Nothing of it before 'today'.
    expect(previewOf(text, "2027-07-01").ranges[0]).toEqual({ from: "2027-07-03", to: "2027-07-03" });
    const notACalendar = { ok: false, status: 400, error: availabilityMessages.badFile };
    expect(readIcs("BEGIN:VCARD\r\nEND:VCARD\r\n")).toEqual(notACalendar);
    expect(readIcs("not a calendar")).toEqual(notACalendar);
  });

  it("marks the previewed days booked, over what was held", async () => {
    const venue = await createVenue(t.db, { name: "Imported Calendar Barn" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const preview = previewOf(await fs.readFile(FIXTURE, "utf8"), "2027-01-01");
    expect(parseImportRanges(JSON.stringify(preview.ranges), "2027-01-01")).toEqual(preview.ranges);
    expect(parseImportRanges('[{"from":"2027-02-01","to":"2027-01-01"}]', "2027-01-01")).toBeNull();
    expect(parseImportRanges('[{"from":"2026-01-01","to":"2026-01-02"}]', "2027-01-01")).toBeNull();
    await markRange(t.db, manager, venue.id, { from: "2027-06-10", to: "2027-06-20", status: "held" });
    expect(await importRanges(t.db, manager, venue.id, preview.ranges)).toBe(12);
    const rows = await t.db
      .select({
        startsOn: venueAvailability.startsOn,
        endsOn: venueAvailability.endsOn,
        status: venueAvailability.status,
      })
      .from(venueAvailability)
      .where(eq(venueAvailability.venueId, venue.id))
      .orderBy(venueAvailability.startsOn);
    expect(rows.filter((r) => r.startsOn >= "2027-06-10" && r.endsOn <= "2027-06-20")).toEqual([
      { startsOn: "2027-06-10", endsOn: "2027-06-11", status: "held" },
      { startsOn: "2027-06-12", endsOn: "2027-06-13", status: "booked" },
      { startsOn: "2027-06-14", endsOn: "2027-06-20", status: "held" },
    ]);
    expect(rows.filter((r) => r.status === "booked")).toHaveLength(10);
    if (utcDay() <= "2027-06-11")
      expect(await found({ date: "2027-06-12", venueName: "Imported Calendar" })).not.toContain(
        "Imported Calendar Barn",
      );
  });

  it("through the page: a preview first, nothing changed until confirmed", async () => {
    const venue = await createVenue(t.db, { name: "Calendar Via Page" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const page = `/venue-manager/edit-venue/${venue.id}/availability`;
    const body = new FormData();
    body.append("back", `/venue-manager/edit-venue/${venue.id}?tab=availability`);
    body.append("file", new Blob([await fs.readFile(FIXTURE)], { type: "text/calendar" }), "bookings.ics");
    const res = await web.fetch(page, { method: "POST", body, cookie: manager.cookie });
    expect(res.status).toBe(200);
    const html = await res.text();
    // The yearly event always has a next occurrence within 24 months.
    expect(html).toContain("Staff retreat (venue closed)");
    expect(html).toContain("Import preview");
    expect(
      await t.db.select().from(venueAvailability).where(eq(venueAvailability.venueId, venue.id)),
    ).toEqual([]);
    const ranges = html.match(/name="ranges" value="([^"]+)"/)![1]!.replaceAll("&quot;", '"');
    const confirm = await web.fetch(page, {
      method: "POST",
      cookie: manager.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "ics-import",
        ranges,
        back: `/venue-manager/edit-venue/${venue.id}?tab=availability`,
      }),
    });
    expect(confirm.status).toBe(302);
    expect(confirm.headers.get("location")).toBe(`/venue-manager/edit-venue/${venue.id}?tab=availability`);
    const rows = await t.db.select().from(venueAvailability).where(eq(venueAvailability.venueId, venue.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((r) => r.status === "booked" && r.source === "ics")).toBe(true);
  });
});

describe("the .ics feed", () => {
  it("publishes the booked days, not the held ones, at a secret address; rotating it retires the old one", async () => {
    const venue = await createVenue(t.db, { name: "Calendar Feed Hall" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    await markRange(t.db, manager, venue.id, { from: d("09-04"), to: d("09-05"), status: "booked" });
    await markRange(t.db, manager, venue.id, { from: d("09-11"), to: d("09-11"), status: "held" });
    await markRange(t.db, manager, venue.id, { from: d("10-02"), to: d("10-02"), status: "booked" });
    // The tab shows the address (and makes the token on first use).
    const tab = await (
      await web.fetch(`/venue-manager/edit-venue/${venue.id}?tab=availability`, { cookie: manager.cookie })
    ).text();
    const [row] = await t.db
      .select()
      .from(venueCalendarFeeds)
      .where(eq(venueCalendarFeeds.venueId, venue.id));
    expect(row!.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(tab).toContain(`/calendar/${row!.token}.ics`);

    const res = await web.fetch(`/calendar/${row!.token}.ics`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    const text = await res.text();
    expect(text.startsWith("BEGIN:VCALENDAR\r\n")).toBe(true);
    expect(text.endsWith("END:VCALENDAR\r\n")).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text) as unknown as unknown[]);
    expect(cal.getFirstPropertyValue("version")).toBe("2.0");
    expect(cal.getFirstPropertyValue("prodid")).toBeTruthy();
    const events = cal.getAllSubcomponents("vevent").map((c) => new ICAL.Event(c));
    expect(events.map((e) => [e.startDate.toString(), e.endDate.toString(), e.summary])).toEqual([
      [d("09-04"), d("09-06"), "Booked"],
      [d("10-02"), d("10-03"), "Booked"],
    ]);
    expect(events.every((e) => e.startDate.isDate && !!e.uid && e.component.hasProperty("dtstamp"))).toBe(
      true,
    );

    // Rotation, through the page as the manager does it.
    const rotate = await web.fetch(`/venue-manager/edit-venue/${venue.id}/availability`, {
      method: "POST",
      cookie: manager.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "feed-rotate" }),
    });
    expect(rotate.status).toBe(302);
    const [next] = await t.db
      .select()
      .from(venueCalendarFeeds)
      .where(eq(venueCalendarFeeds.venueId, venue.id));
    expect(next!.token).not.toBe(row!.token);
    expect((await web.fetch(`/calendar/${row!.token}.ics`)).status).toBe(404);
    expect((await web.fetch(`/calendar/${next!.token}.ics`)).status).toBe(200);
    expect((await web.fetch(`/calendar/${next!.token}`)).status).toBe(404);
  });
});

describe("who may change a venue's calendar", () => {
  const refused = { data: { error: MANAGE_VENUE_MESSAGE }, init: { status: 403 } };

  it("the venue's own managers and admins; not a manager of another venue, not a couple", async () => {
    const range = { from: d("11-01"), to: d("11-02"), status: "booked" };
    await expect(markRange(t.db, otherManager, ours.id, range)).rejects.toMatchObject(refused);
    await expect(markRange(t.db, couple, ours.id, range)).rejects.toMatchObject(refused);
    await expect(markRange(t.db, null, ours.id, range)).rejects.toMatchObject(refused);
    await expect(setClosures(t.db, otherManager, ours.id, ["3"])).rejects.toMatchObject(refused);
    await expect(
      importRanges(t.db, couple, ours.id, [{ from: d("11-01"), to: d("11-01") }]),
    ).rejects.toMatchObject(refused);
    await expect(rotateFeed(t.db, otherManager, ours.id)).rejects.toMatchObject(refused);
    expect(await found({ date: d("11-01") })).toContain("Avail Ours Barn");
    expect(await markRange(t.db, admin, ours.id, range)).toEqual({ ok: true });
    expect(await found({ date: d("11-01") })).not.toContain("Avail Ours Barn");
  });

  it("over HTTP: another venue's manager gets the refusal and nothing changes; a couple is refused", async () => {
    const page = `/venue-manager/edit-venue/${ours.id}/availability`;
    const form = new URLSearchParams({ intent: "mark", from: d("12-05"), to: d("12-05"), status: "booked" });
    const post = (cookie: string) =>
      web.fetch(page, {
        method: "POST",
        cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: form,
      });
    // Refused with the message, as the edit page's actions refuse them.
    const other = await post(otherManager.cookie);
    expect(other.status).toBe(403);
    expect(await other.text()).toContain("You do not have permission to manage this venue");
    // The area's guard refuses a couple's post before any action runs.
    expect((await post(couple.cookie)).status).toBe(403);
    expect(await found({ date: d("12-05") })).toContain("Avail Ours Barn");
    // The admin's page for the same venue.
    const byAdmin = await web.fetch(`/admin/edit-venue/${ours.id}/availability`, {
      method: "POST",
      cookie: (await t.signUp({ role: "admin" })).cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: form,
    });
    expect(byAdmin.status).toBe(302);
    expect(await found({ date: d("12-05") })).not.toContain("Avail Ours Barn");
  });

  it("a bad range is refused with its message and the dates typed are kept", async () => {
    const res = await web.fetch(`/venue-manager/edit-venue/${ours.id}/availability`, {
      method: "POST",
      cookie: manager.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "mark", from: d("08-10"), to: d("08-01"), status: "booked" }),
    });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("The end date must be on or after the start date.");
    expect(html).toContain(`value="${d("08-10")}"`);
    expect(await found({ date: d("08-05") })).toContain("Avail Ours Barn");
  });
});

describe("the venue page", () => {
  it("shows the next 12 months with the booked days in words", async () => {
    const soon = addDays(utcDay(), 3);
    await markRange(t.db, manager, ours.id, { from: soon, to: soon, status: "booked" });
    const html = await (await web.fetch(venuePath(ours))).text();
    const list = html.match(/<ul[^>]*aria-label="Availability for the next 12 months">(.*?)<\/ul>/)![1]!;
    expect(list.match(/<li/g)).toHaveLength(12);
    const text = list.replace(/<[^>]+>/g, "").replace(/<!-- -->/g, "");
    expect(text).toContain(`${monthLabel(monthOf(soon))} Booked ${Number(soon.slice(8))}`);
    expect(text).toMatch(/(Every day (from the \d+\w\w )?is free|days are free)\./);
    // This month counts from today (issue 41): the days already past are not 'free'.
    const thisMonth = list.split("</li>")[0]!.replace(/<[^>]+>/g, "");
    const left = daysInMonth(monthOf(utcDay())) - Number(utcDay().slice(8)) + 1;
    if (left < daysInMonth(monthOf(utcDay()))) expect(thisMonth).not.toContain("Every day is free");
    const free = /The other (\d+) days? (?:are|is) free/.exec(thisMonth)?.[1];
    if (free) expect(Number(free)).toBeLessThan(left);
  });
});
