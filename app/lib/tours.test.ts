import { describe, expect, it } from "vitest";
import {
  closedDayProblem,
  coloradoInstant,
  coloradoToday,
  freeSlots,
  parseWeekHours,
  slotDay,
  slotMinutes,
  timeLabel,
  tourWindow,
  visitLabel,
} from "./tours";

// Noon UTC on 2027-03-01 is 5 AM in Colorado: today there is March 1st.
const NOW = new Date("2027-03-01T12:00:00Z");
const WEEK = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({ weekday, opens: 600, closes: 780 }));
const none = { closedDays: [], blockedDays: [], taken: [] };

describe("Colorado time", () => {
  it("turns wall times into instants on either side of a change of the clocks", () => {
    // 2027-03-14 is the second Sunday of March: MST (-7) before, MDT (-6) after.
    expect(coloradoInstant("2027-03-13", 600).toISOString()).toBe("2027-03-13T17:00:00.000Z");
    expect(coloradoInstant("2027-03-14", 600).toISOString()).toBe("2027-03-14T16:00:00.000Z");
    expect(coloradoInstant("2027-03-14", 60).toISOString()).toBe("2027-03-14T08:00:00.000Z");
    // 2027-11-07, the first Sunday of November: back to MST.
    expect(coloradoInstant("2027-11-06", 600).toISOString()).toBe("2027-11-06T16:00:00.000Z");
    expect(coloradoInstant("2027-11-07", 600).toISOString()).toBe("2027-11-07T17:00:00.000Z");
  });

  it("knows Colorado's today, which is not always UTC's", () => {
    expect(coloradoToday(new Date("2027-06-02T03:00:00Z"))).toBe("2027-06-01");
    expect(coloradoToday(new Date("2027-06-02T07:00:00Z"))).toBe("2027-06-02");
  });

  it("labels an instant in Colorado time", () => {
    expect(visitLabel("2027-03-14T16:00:00.000Z")).toBe("Sun, Mar 14, 2027 at 10:00 AM (Mountain Time)");
    expect(timeLabel(0)).toBe("12:00 AM");
    expect(timeLabel(780)).toBe("1:00 PM");
  });
});

describe("slots", () => {
  it("start every hour from opening while the visit ends by closing", () => {
    expect(slotMinutes({ opens: 600, closes: 780 })).toEqual([600, 660, 720]);
    expect(slotMinutes({ opens: 600, closes: 750 })).toEqual([600, 660]);
    expect(slotMinutes({ opens: 600, closes: 630 })).toEqual([]);
    expect(slotMinutes(undefined)).toEqual([]);
  });

  it("are offered from tomorrow to 60 days ahead, never beyond", () => {
    expect(tourWindow(NOW)).toEqual({ first: "2027-03-02", last: "2027-04-30" });
    const days = freeSlots({ hours: WEEK, ...none }, "2027-01-01", "2027-12-31", NOW);
    expect(days[0]!.day).toBe("2027-03-02");
    expect(days.at(-1)!.day).toBe("2027-04-30");
    expect(days).toHaveLength(60);
  });

  it("skip closed days, days the calendar has booked, visits already booked and days without hours", () => {
    const hours = WEEK.filter((h) => h.weekday !== 1); // no visits on Mondays
    const days = freeSlots(
      {
        hours,
        closedDays: ["2027-03-03"],
        blockedDays: ["2027-03-04"],
        taken: [coloradoInstant("2027-03-05", 660).toISOString()],
      },
      "2027-03-02",
      "2027-03-08",
      NOW,
    );
    // 2027-03-08 is a Monday.
    expect(days.map((d) => d.day)).toEqual(["2027-03-02", "2027-03-05", "2027-03-06", "2027-03-07"]);
    expect(days[1]!.slots.map((s) => s.minutes)).toEqual([600, 720]);
    // The day the clocks change: the same wall times, an hour less from UTC.
    expect(days[3]!.slots[0]!.startsAt).toBe("2027-03-07T17:00:00.000Z");
  });

  it("read the form's slot as an exact instant only", () => {
    expect(slotDay("2027-03-14T16:00:00.000Z")).toBe("2027-03-14");
    expect(slotDay("2027-03-14T05:00:00Z")).toBe("2027-03-13");
    for (const bad of ["", "2027-03-14", "2027-13-14T16:00:00Z", 5, null]) expect(slotDay(bad)).toBeNull();
  });
});

describe("the manager's form", () => {
  it("reads a week's hours, an empty day being no visits", () => {
    expect(
      parseWeekHours({ "opens-1": "09:00", "closes-1": "17:00", "opens-2": "", "closes-2": "" }),
    ).toEqual({
      ok: true,
      hours: [{ weekday: 1, opens: 540, closes: 1020 }],
    });
    expect(parseWeekHours({ "opens-6": "24:00", "closes-6": "24:00" }).ok).toBe(false);
    expect(parseWeekHours({ "opens-3": "10:00", "closes-3": "10:30" })).toMatchObject({ ok: false });
    expect(parseWeekHours({ "opens-3": "10:00", "closes-3": "" }).ok).toBe(false);
    expect(parseWeekHours({ "opens-0": "9", "closes-0": "17:00" }).ok).toBe(false);
  });

  it("takes closed days from tomorrow to a year ahead", () => {
    expect(closedDayProblem("2027-03-02", NOW)).toBeNull();
    expect(closedDayProblem("2027-03-01", NOW)).not.toBeNull();
    expect(closedDayProblem("2028-03-03", NOW)).not.toBeNull();
    expect(closedDayProblem("2027-02-30", NOW)).not.toBeNull();
  });
});
