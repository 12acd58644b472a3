// Site visits (issue 45, item 4; ADR 046), over real HTTP with the SMTP catcher: a manager's hours
// and closed days, the free times a couple is offered, two couples racing for one time, the
// calendar invitation read by an independent parser (ical.js), moving and cancelling a visit from
// the mail's signed link and from the account, and who may do what. Each test has its own venue.
import ICAL from "ical.js";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { tours, venueManagers, venueTourClosedDays, venueTourHours } from "../../database/schema";
import { addDays } from "../../app/lib/dates";
import { coloradoInstant, tourMessages, tourWindow } from "../../app/lib/tours";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { markRange } from "../../app/services/availability.server";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import type { CaughtMail } from "../setup/mail-catcher";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
let manager: { id: string; cookie: string; email: string; user: AppUser };
let stranger: { cookie: string };
withHttpApp(async (app) => {
  ({ t, http } = app);
  const m = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
  manager = {
    ...m,
    user: toAppUser({ id: m.id, name: "Morgan Manager", email: m.email, role: "venue_manager" }),
  };
  stranger = await t.signUp({ role: "venue_manager", name: "Sam Stranger" });
});

const W = tourWindow();
/** The window's n-th day (0: tomorrow in Colorado). */
const day = (n: number) => addDays(W.first, n);
const slot = (n: number, minutes: number) => coloradoInstant(day(n), minutes).toISOString();
const EVERY_DAY = Object.fromEntries(
  [0, 1, 2, 3, 4, 5, 6].flatMap((d) => [
    [`opens-${d}`, "10:00"],
    [`closes-${d}`, "13:00"],
  ]),
);

function post(path: string, form: Record<string, string>, cookie?: string) {
  return http.fetch(path, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(form),
    cookie,
  });
}

/** A venue of the manager's with visits every day from 10:00 to 13:00 (three a day). */
async function venueWithHours(name: string) {
  const venue = await createVenue(t.db, { name, location: "1 Aspen Way, Estes Park, Colorado 80517" });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  const res = await post(
    `/venue-manager/edit-venue/${venue.id}/tours`,
    { intent: "hours", ...EVERY_DAY },
    manager.cookie,
  );
  expect(res.status).toBe(302);
  return { ...venue, path: venuePath(venue) };
}

/** The times the booking page offers (its radio buttons). */
async function offered(path: string, cookie: string, from = day(0)) {
  const res = await http.fetch(`${path}/tour?from=${from}`, { cookie });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/name="slot" value="([^"]+)"/g)].map((m) => m[1]!);
}

async function book(path: string, couple: { cookie: string }, at: string) {
  return post(
    `${path}/tour`,
    { name: "Casey Couple", email: "casey@couple.example", slot: at },
    couple.cookie,
  );
}

/** The invitation a mail carries (its .ics attachment), parsed by ical.js. */
function invite(mail: CaughtMail) {
  expect(mail.raw).toMatch(/Content-Type: text\/calendar; charset=utf-8; method=(REQUEST|CANCEL)/);
  const b64 = /Content-Type: application\/ics[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+?)\r?\n--/.exec(
    mail.raw,
  )?.[1];
  const text = Buffer.from(b64!.replace(/\s/g, ""), "base64").toString("utf8");
  const cal = new ICAL.Component(ICAL.parse(text));
  return { cal, ev: cal.getFirstSubcomponent("vevent")! };
}

describe("site visits", () => {
  it("a manager publishes hours and a closed day; the times offered skip closed days, booked calendar days and booked visits", async () => {
    const venue = await venueWithHours("Tours Offered Barn");
    expect(await t.db.select().from(venueTourHours).where(eq(venueTourHours.venueId, venue.id))).toHaveLength(
      7,
    );
    const tourPage = `/venue-manager/edit-venue/${venue.id}/tours`;
    expect((await post(tourPage, { intent: "close-day", day: day(1) }, manager.cookie)).status).toBe(302);
    expect(
      await t.db.select().from(venueTourClosedDays).where(eq(venueTourClosedDays.venueId, venue.id)),
    ).toEqual([{ venueId: venue.id, day: day(1) }]);
    expect(
      await markRange(t.db, manager.user, venue.id, { from: day(2), to: day(2), status: "booked" }),
    ).toEqual({
      ok: true,
    });
    const couple = await t.signUp({ name: "Casey Couple" });
    expect((await book(venue.path, couple, slot(3, 600))).status).toBe(302);
    // One coming visit per couple and venue: a second is refused, the first is moved instead.
    const second = await book(venue.path, couple, slot(3, 660));
    expect(second.status).toBe(409);
    expect(await second.text()).toContain(tourMessages.already);

    const times = await offered(venue.path, couple.cookie);
    expect(times).toEqual(expect.arrayContaining([slot(0, 600), slot(0, 660), slot(0, 720), slot(3, 660)]));
    for (const gone of [slot(1, 600), slot(2, 600), slot(2, 720), slot(3, 600)])
      expect(times).not.toContain(gone);
    // The last visit ends at closing; none starts after.
    expect(times).not.toContain(slot(0, 780));

    // A removed closed day is open again; the venue page offers the link; the manager sees the visit.
    expect((await post(tourPage, { intent: "open-day", day: day(1) }, manager.cookie)).status).toBe(302);
    expect(await offered(venue.path, couple.cookie)).toContain(slot(1, 600));
    expect(await (await http.fetch(venue.path)).text()).toContain("Book a site visit");
    const list = await (await http.fetch(tourPage, { cookie: manager.cookie })).text();
    expect(list).toContain("Casey Couple");
    expect(list).toContain("casey@couple.example");
    const dashboard = await (await http.fetch("/venue-manager/dashboard", { cookie: manager.cookie })).text();
    expect(dashboard).toContain("Upcoming site visits");
    expect(dashboard).toContain(`/venue-manager/edit-venue/${venue.id}/tours`);
  });

  it("two couples booking one time at once: exactly one gets it, the other is told to choose another", async () => {
    const venue = await venueWithHours("Tours Race Lodge");
    const [a, b] = [await t.signUp({ name: "Ari" }), await t.signUp({ name: "Bo" })];
    const at = slot(5, 660);
    const answers = await Promise.all([book(venue.path, a, at), book(venue.path, b, at)]);
    const statuses = answers.map((r) => r.status).sort();
    expect(statuses).toEqual([302, 409]);
    const refused = answers.find((r) => r.status === 409)!;
    expect(await refused.text()).toContain(tourMessages.taken);
    const rows = await t.db
      .select()
      .from(tours)
      .where(and(eq(tours.venueId, venue.id), eq(tours.status, "booked")));
    expect(rows).toHaveLength(1);
  });

  it("mails an invitation that a calendar reads; the signed link moves it (same UID, higher SEQUENCE) and the account cancels it", async () => {
    const venue = await venueWithHours("Tours Invite Chapel");
    const couple = await t.signUp({ name: "Casey Couple" });
    const res = await book(venue.path, couple, slot(4, 600));
    expect(res.status).toBe(302);
    const [row] = await t.db.select().from(tours).where(eq(tours.venueId, venue.id));
    expect(res.headers.get("location")).toBe(`/tours/${row!.id}`);

    const booked = await t.mail.waitFor(
      "casey@couple.example",
      10_000,
      /^Site visit booked: Tours Invite Chapel/,
    );
    const { cal, ev } = invite(booked);
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(ev.getFirstPropertyValue("uid")).toBe(`${row!.id}@localhost:3000`);
    expect(ev.getFirstPropertyValue("sequence")).toBe(0);
    const start = ev.getFirstProperty("dtstart")!;
    expect(start.getParameter("tzid")).toBe("America/Denver");
    expect(String(start.getFirstValue())).toBe(`${day(4)}T10:00:00`);
    expect(ev.getFirstProperty("organizer")!.getFirstValue()).toMatch(/^mailto:.+@/);
    expect(ev.getFirstProperty("organizer")!.getParameter("cn")).toBe("Tours Invite Chapel");
    const attendee = ev.getFirstProperty("attendee")!;
    expect(attendee.getFirstValue()).toBe("mailto:casey@couple.example");
    expect(attendee.getParameter("cn")).toBe("Casey Couple");
    expect(ev.getFirstPropertyValue("location")).toBe("1 Aspen Way, Estes Park, Colorado 80517");
    // The couple's mail confirms their own action: no opt-out. The manager's is an inquiry mail.
    expect(booked.raw).not.toMatch(/^List-Unsubscribe:/m);
    const toManager = await t.mail.waitFor(manager.email, 10_000, /^Site visit booked: Tours Invite Chapel/);
    expect(toManager.raw).toMatch(/^List-Unsubscribe:/m);
    expect(invite(toManager).ev.getFirstPropertyValue("uid")).toBe(`${row!.id}@localhost:3000`);

    // The mail's link, signed out: the page opens and moves the visit.
    const link = new URL(/https?:\/\/\S+\/tours\/[^\s"<>]+/.exec(booked.text)![0]);
    const visit = link.pathname + link.search;
    const page = await http.fetch(visit);
    expect(page.status).toBe(200);
    // One person's page, never kept by the page cache for the next visitor.
    expect(page.headers.get("cache-control")).toContain("no-store");
    expect(await page.text()).toContain("Site visit: Tours Invite Chapel");
    expect((await post(visit, { intent: "reschedule", slot: slot(6, 720) })).status).toBe(302);
    const moved = await t.mail.waitFor("casey@couple.example", 10_000, /^Site visit moved/);
    const again = invite(moved);
    expect(again.cal.getFirstPropertyValue("method")).toBe("REQUEST");
    expect(again.ev.getFirstPropertyValue("uid")).toBe(`${row!.id}@localhost:3000`);
    expect(again.ev.getFirstPropertyValue("sequence")).toBe(1);
    expect(String(again.ev.getFirstPropertyValue("dtstart"))).toBe(`${day(6)}T12:00:00`);
    // The old time is free again.
    expect(await offered(venue.path, couple.cookie)).toContain(slot(4, 600));

    // A forged link is refused, reading and writing.
    const forged = `${link.pathname}?t=${link.searchParams.get("t")!.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`;
    expect((await http.fetch(forged)).status).toBe(404);
    expect((await post(forged, { intent: "cancel" })).status).toBe(404);
    expect((await http.fetch(link.pathname)).status).toBe(404);

    // From the account: the couple's list links the visit, whose page cancels it.
    const mine = await (await http.fetch("/account/tours", { cookie: couple.cookie })).text();
    expect(mine).toContain(`/tours/${row!.id}`);
    expect((await post(link.pathname, { intent: "cancel" }, couple.cookie)).status).toBe(302);
    const cancelled = await t.mail.waitFor("casey@couple.example", 10_000, /^Site visit cancelled/);
    const gone = invite(cancelled);
    expect(gone.cal.getFirstPropertyValue("method")).toBe("CANCEL");
    expect(gone.ev.getFirstPropertyValue("uid")).toBe(`${row!.id}@localhost:3000`);
    expect(gone.ev.getFirstPropertyValue("sequence")).toBe(2);
    expect(gone.ev.getFirstPropertyValue("status")).toBe("CANCELLED");
    const [after] = await t.db.select().from(tours).where(eq(tours.id, row!.id));
    expect(after).toMatchObject({ status: "cancelled", sequence: 2 });
  });

  it("a stranger cannot change another venue's hours nor move someone else's visit; guests sign in to book", async () => {
    const venue = await venueWithHours("Tours Guarded Manor");
    const hoursBefore = await t.db.select().from(venueTourHours).where(eq(venueTourHours.venueId, venue.id));
    const refused = await post(
      `/venue-manager/edit-venue/${venue.id}/tours`,
      { intent: "hours", "opens-1": "08:00", "closes-1": "20:00" },
      stranger.cookie,
    );
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain("You do not have permission to manage this venue");
    expect(
      (
        await post(
          `/venue-manager/edit-venue/${venue.id}/tours`,
          { intent: "close-day", day: day(3) },
          stranger.cookie,
        )
      ).status,
    ).toBe(403);
    expect(await t.db.select().from(venueTourHours).where(eq(venueTourHours.venueId, venue.id))).toEqual(
      hoursBefore,
    );
    expect(
      await t.db.select().from(venueTourClosedDays).where(eq(venueTourClosedDays.venueId, venue.id)),
    ).toEqual([]);

    const couple = await t.signUp({ name: "Casey Couple" });
    await book(venue.path, couple, slot(2, 600));
    const [row] = await t.db.select().from(tours).where(eq(tours.venueId, venue.id));
    const other = await t.signUp({ name: "Other Couple" });
    expect((await http.fetch(`/tours/${row!.id}`, { cookie: other.cookie })).status).toBe(404);
    expect(
      (await post(`/tours/${row!.id}`, { intent: "reschedule", slot: slot(3, 600) }, other.cookie)).status,
    ).toBe(404);
    expect((await post(`/tours/${row!.id}`, { intent: "cancel" }, other.cookie)).status).toBe(404);
    const [same] = await t.db.select().from(tours).where(eq(tours.id, row!.id));
    expect(same).toMatchObject({ status: "booked", sequence: 0, startsAt: row!.startsAt });

    // A time that is not offered (outside the hours) is refused.
    const odd = await book(venue.path, other, slot(3, 630));
    expect(odd.status).toBe(409);
    // Guests go to sign in and come back; their post is refused.
    const guest = await http.fetch(`${venue.path}/tour`);
    expect(guest.status).toBe(302);
    expect(guest.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(`${venue.path}/tour`)}`,
    );
    expect((await book(venue.path, { cookie: "" }, slot(3, 600))).status).toBe(401);
  });
});
