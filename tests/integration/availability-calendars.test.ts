import fs from "node:fs/promises";
import path from "node:path";
import ICAL from "ical.js";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venueAvailability, venueCalendarFeeds, venueManagers } from "../../database/schema";
import { availabilityMessages, utcDay } from "../../app/lib/availability";
import { type AppUser } from "../../app/lib/user";
import {
  importRanges,
  markRange,
  parseImportRanges,
  setClosures,
} from "../../app/services/availability.server";
import { rotateFeed } from "../../app/services/calendar-feed.server";
import { readIcs } from "../../app/services/ics-import.server";
import { MANAGE_VENUE_MESSAGE } from "../../app/services/permissions.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { d, withAvailabilityApp } from "../setup/availability";
import { type TestApp } from "../setup/test-app";

// Issue 24, availability (ADR 030): the .ics import with a hand-written calendar export, the
// secret feed and its rotation, and who may change a venue's calendar. The date filter:
// availability.test.ts.

const FIXTURE = path.join(import.meta.dirname, "../fixtures/ics/venue-bookings.ics");

let t: TestApp;
let web: HttpTestApp;
let admin: AppUser;
let manager: AppUser & { cookie: string };
let otherManager: AppUser & { cookie: string };
let couple: AppUser & { cookie: string };
let ours: { id: string; name: string };

const { found } = withAvailabilityApp(
  (app) => ({ t, web, admin, manager, otherManager, couple, ours } = app),
);

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
    // Each merged range keeps its events' names (issue 41).
    const dinner = "First-Saturday private dinner";
    expect(preview.ranges).toEqual([
      { from: "2027-01-15", to: "2027-01-15", note: "Staff retreat (venue closed)" },
      { from: "2027-03-06", to: "2027-03-06", note: dinner },
      { from: "2027-04-03", to: "2027-04-03", note: dinner },
      { from: "2027-06-05", to: "2027-06-05", note: dinner },
      { from: "2027-06-12", to: "2027-06-13", note: "Garcia–Nguyen wedding (whole weekend)" },
      { from: "2027-07-03", to: "2027-07-03", note: dinner },
      { from: "2027-07-09", to: "2027-07-09", note: "Late walk-through (10 pm in Colorado)" },
      { from: "2027-08-07", to: "2027-08-07", note: dinner },
      { from: "2027-08-14", to: "2027-08-15", note: "Evening reception – Patel party" },
      { from: "2028-01-15", to: "2028-01-15", note: "Staff retreat (venue closed)" },
    ]);
    expect(preview.days).toBe(12);
    // Nothing of it before 'today'.
    expect(previewOf(text, "2027-07-01").ranges[0]).toEqual({
      from: "2027-07-03",
      to: "2027-07-03",
      note: dinner,
    });
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
