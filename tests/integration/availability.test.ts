import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { venueAvailability, venueManagers } from "../../database/schema";
import {
  addDays,
  monthLabel,
  monthOf,
  PAST_DATE_MESSAGE,
  PAST_MONTH_MESSAGE,
  utcDay,
} from "../../app/lib/availability";
import { daysInMonth } from "../../app/lib/dates";
import { DEFAULT_FILTERS, type SearchFilters } from "../../app/lib/search";
import { type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { markRange, setClosures } from "../../app/services/availability.server";
import { mapVenues } from "../../app/services/search.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { d, withAvailabilityApp, Y } from "../setup/availability";
import { type TestApp } from "../setup/test-app";

// Issue 24, availability (ADR 030): ranges and recurring closures in the date filter of the list
// and the map, the month (flexible) filter, and past dates refused. The .ics import and feed, and
// who may change a venue's calendar: availability-calendars.test.ts.

let t: TestApp;
let web: HttpTestApp;
let admin: AppUser;
let manager: AppUser & { cookie: string };
let ours: { id: string; name: string };
let second: { id: string; name: string };
let closedInJanuary: { id: string; name: string };
let fullJuly: { id: string; name: string };

const { found } = withAvailabilityApp(
  (app) => ({ t, web, admin, manager, ours, second, closedInJanuary, fullJuly } = app),
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
