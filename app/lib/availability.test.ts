import { describe, expect, it } from "vitest";
import {
  calendarConfirmed,
  dayStatuses,
  fromToday,
  monthInWords,
  publicDayState,
  publicMonth,
  rangeProblem,
} from "./availability";
import { dateFilterProblem, isDay, monthWeeks, PAST_DATE_MESSAGE, PAST_MONTH_MESSAGE } from "./dates";

describe("availability helpers", () => {
  it("knows a real day", () => {
    expect(isDay("2027-02-28")).toBe(true);
    expect(isDay("2027-02-29")).toBe(false);
    expect(isDay("2027-2-1")).toBe(false);
  });

  it("lays a month out in weeks, Sunday first", () => {
    const weeks = monthWeeks("2027-06");
    expect(weeks[0]).toEqual([
      null,
      null,
      "2027-06-01",
      "2027-06-02",
      "2027-06-03",
      "2027-06-04",
      "2027-06-05",
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(30);
  });

  it("gives each day its status: closures first, then ranges, else available", () => {
    const s = dayStatuses(
      "2027-01-30",
      "2027-02-03",
      [{ startsOn: "2027-02-02", endsOn: "2027-02-02", status: "held" }],
      [1],
    );
    expect([...s.values()]).toEqual(["closed", "closed", "available", "held", "available"]);
  });

  it("counts a span's days first: the last month of the window, and of four-digit years, ends", () => {
    const held = [{ startsOn: "2200-12-30", endsOn: "2200-12-31", status: "held" as const }];
    const end = dayStatuses("2200-12-01", "2200-12-31", held, []);
    expect(end.size).toBe(31);
    expect([...end].slice(-3)).toEqual([
      ["2200-12-29", "available"],
      ["2200-12-30", "held"],
      ["2200-12-31", "held"],
    ]);
    // Before issue 39 the day after 9999-12-31 was '+010000-01-01', which sorts before it: this
    // span never ended.
    const last = dayStatuses("9999-12-01", "9999-12-31", [], [12]);
    expect([...last.keys()].at(-1)).toBe("9999-12-31");
    expect(new Set(last.values())).toEqual(new Set(["closed"]));
    expect(dayStatuses("2027-06-02", "2027-06-01", [], []).size).toBe(0);
  });

  it("refuses past dates and months, and bad ranges", () => {
    expect(dateFilterProblem({ date: "2027-06-11" }, "2027-06-12")).toBe(PAST_DATE_MESSAGE);
    expect(dateFilterProblem({ date: "2027-06-12" }, "2027-06-12")).toBeNull();
    expect(dateFilterProblem({ month: "2027-05" }, "2027-06-12")).toBe(PAST_MONTH_MESSAGE);
    expect(dateFilterProblem({ month: "2027-06" }, "2027-06-12")).toBeNull();
    expect(rangeProblem("2027-06-12", "2027-06-11", "2027-06-01")).toMatch(/on or after/);
    expect(rangeProblem("2027-06-12", "2027-06-12", "2027-06-01")).toBeNull();
  });

  it("marks only days inside the calendar's window: 12 months back to 36 ahead", () => {
    const outside = "Choose dates from June 1, 2026 to June 30, 2030.";
    expect(rangeProblem("2026-06-01", "2026-06-01", "2027-06-12")).toBeNull();
    expect(rangeProblem("2030-06-30", "2030-06-30", "2027-06-12")).toBeNull();
    for (const [from, to] of [
      ["0000-01-01", "0000-01-01"],
      ["9999-12-31", "9999-12-31"],
      ["2026-05-31", "2026-06-01"],
      ["2030-06-30", "2030-07-01"],
    ])
      expect(rangeProblem(from, to, "2027-06-12"), from).toBe(outside);
    for (const bad of ["+010000-01-01", "-0001-01-01", "2027-02-30", "1e9", ""])
      expect(rangeProblem(bad, "2027-06-12", "2027-06-12"), bad).toBe("Choose a start date and an end date.");
  });

  it("says a month in words", () => {
    expect(monthInWords({ month: "2027-02", days: "a".repeat(28) })).toBe("Every day is free.");
    expect(monthInWords({ month: "2027-02", days: "c".repeat(28) })).toBe("Closed all month.");
    const days = "a".repeat(9) + "bbbbb" + "a".repeat(5) + "b" + "ah" + "a".repeat(6);
    expect(monthInWords({ month: "2027-02", days })).toBe(
      "Booked 10–14, 20. Held 22. The other 21 days are free.",
    );
  });

  it("counts the current month from today (issue 41: not 'every day' on the 28th)", () => {
    const november = { month: "2026-11", days: "a".repeat(30) };
    expect(monthInWords(fromToday(november, "2026-11-28"))).toBe("Every day from the 28th is free.");
    expect(monthInWords(fromToday(november, "2026-11-01"))).toBe("Every day is free.");
    expect(monthInWords(fromToday(november, "2026-12-01"))).toBe("Every day is free.");
    const booked = { month: "2026-11", days: "b".repeat(20) + "a".repeat(10) };
    expect(monthInWords(fromToday(booked, "2026-11-21"))).toBe("Every day from the 21st is free.");
    expect(monthInWords(fromToday({ month: "2026-11", days: "a".repeat(25) + "bbaaa" }, "2026-11-22"))).toBe(
      "Booked 26–27. The other 7 days are free.",
    );
    expect(monthInWords(fromToday({ month: "2026-11", days: "c".repeat(30) }, "2026-11-02"))).toBe(
      "Closed from the 2nd.",
    );
  });
});

describe("what couples see (issue 41)", () => {
  it("a calendar vouches for its free days 90 days after its last change, not 91", () => {
    expect(calendarConfirmed(null, "2027-06-01")).toBe(false);
    expect(calendarConfirmed(new Date("2027-03-03T23:00:00Z"), "2027-06-01")).toBe(true);
    expect(calendarConfirmed("2027-03-02T12:00:00Z", "2027-06-01")).toBe(false);
  });

  it("held reads booked, and a free day of an unconfirmed calendar is not confirmed", () => {
    expect(publicDayState("held", true)).toBe("booked");
    expect(publicDayState("available", true)).toBe("free");
    expect(publicDayState("available", false)).toBe("unconfirmed");
    expect(publicDayState("closed", false)).toBe("closed");
    const month = { month: "2027-02", days: "a".repeat(9) + "h" + "a".repeat(18) };
    expect(monthInWords(publicMonth(month, true))).toBe("Booked 10. The other 27 days are free.");
    expect(monthInWords(publicMonth(month, false))).toBe("Booked 10. The other 27 days are not confirmed.");
    expect(monthInWords(publicMonth({ month: "2027-02", days: "a".repeat(28) }, false))).toBe(
      "Not confirmed.",
    );
  });
});
