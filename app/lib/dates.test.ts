import { describe, expect, it, vi } from "vitest";
import {
  addDays,
  addMonths,
  BAD_MONTH_MESSAGE,
  calendarDayProblem,
  calendarMonth,
  calendarWindow,
  dayFormat,
  dayLabel,
  isCalendarDay,
  isDay,
  isMonth,
  lastDay,
  plainDayLabel,
  shortDayLabel,
  monthWeeks,
  rangeLength,
  searchWindow,
  STORAGE_WINDOW,
} from "./dates";

const TODAY = "2026-11-29";

describe("days and months", () => {
  it("takes only real days of four-digit years inside the storage window", () => {
    for (const day of ["2027-02-28", "2028-02-29", "1900-01-01", "2200-12-31"])
      expect(isDay(day), day).toBe(true);
    for (const day of [
      "2027-02-29",
      "2027-02-30",
      "2100-02-29",
      "1899-12-31",
      "2201-01-01",
      "0000-01-01",
      "9999-12-31",
      "+010000-01-01",
      "-0001-01-01",
      "2027-6-1",
      "2027-06-12 ",
      "2027-06-12\n",
      "\u0662\u0660\u0662\u0667-06-12",
      "\uFF12\uFF10\uFF12\uFF17-06-12",
      "1e9",
      "9".repeat(400),
      null,
      20270612,
    ])
      expect(isDay(day), String(day)).toBe(false);
    // A real day outside the window is still a day (the messages tell the two apart).
    expect(isCalendarDay("0000-01-01")).toBe(true);
    expect(isCalendarDay("9999-12-31")).toBe(true);
    expect(isCalendarDay("+010000-01-01")).toBe(false);
    expect(STORAGE_WINDOW).toEqual({ first: "1900-01-01", last: "2200-12-31" });
  });

  it("takes only months of four-digit years inside the storage window", () => {
    for (const month of ["1900-01", "2027-06", "2200-12"]) expect(isMonth(month), month).toBe(true);
    for (const month of [
      "1899-12",
      "2201-01",
      "0000-01",
      "9999-12",
      "99999-01",
      "2027-13",
      "2027-00",
      "2027-6",
    ])
      expect(isMonth(month), month).toBe(false);
  });

  it("adds days and months across years and centuries, and never writes a year of five digits", () => {
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2100-02-28", 1)).toBe("2100-03-01");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(addDays("2200-12-31", 1)).toBe("2201-01-01");
    expect(addDays("9999-12-30", 1)).toBe("9999-12-31");
    // '+010000-01-01' sorts before '9999-12-31': a loop over days once never ended on it.
    expect(() => addDays("9999-12-31", 1)).toThrow(RangeError);
    expect(() => addDays("0000-01-01", -1)).toThrow(RangeError);
    expect(() => addDays("2027-02-30", 1)).toThrow(RangeError);
    expect(addMonths("2027-01", -13)).toBe("2025-12");
    expect(addMonths("9999-11", 1)).toBe("9999-12");
    // Years 0 to 99 are years, not 1900 to 1999 as Date.UTC reads them.
    expect(addMonths("0050-01", 1)).toBe("0050-02");
    expect(() => addMonths("9999-12", 1)).toThrow(RangeError);
    expect(() => addMonths("0000-01", -1)).toThrow(RangeError);
    expect(lastDay("9999-12")).toBe("9999-12-31");
    expect(lastDay("2100-02")).toBe("2100-02-28");
    expect(lastDay("2000-02")).toBe("2000-02-29");
    expect(rangeLength("2200-12-01", "2200-12-31")).toBe(31);
  });

  it("lays out the last month of the window, and of four-digit years, in weeks that end", () => {
    const weeks = monthWeeks("2200-12");
    expect(weeks[0]).toEqual([
      null,
      "2200-12-01",
      "2200-12-02",
      "2200-12-03",
      "2200-12-04",
      "2200-12-05",
      "2200-12-06",
    ]);
    expect(weeks.flat().filter(Boolean)).toHaveLength(31);
    const last = monthWeeks("9999-12");
    expect(last[0]).toEqual([null, null, null, "9999-12-01", "9999-12-02", "9999-12-03", "9999-12-04"]);
    expect(last.at(-1)).toEqual([
      "9999-12-26",
      "9999-12-27",
      "9999-12-28",
      "9999-12-29",
      "9999-12-30",
      "9999-12-31",
      null,
    ]);
    expect(monthWeeks("2027-02").flat().filter(Boolean)).toHaveLength(28);
  });
});

describe("windows", () => {
  it("the calendars: from 12 months back to 36 ahead; the search: today to 36 months ahead", () => {
    expect(calendarWindow(TODAY)).toEqual({ first: "2025-11-01", last: "2029-11-30" });
    expect(searchWindow(TODAY)).toEqual({ first: TODAY, last: "2029-11-30" });
  });

  it("a calendar's month: this one when none is asked, else one inside the window, else why not", () => {
    expect(calendarMonth(null, TODAY)).toEqual({ month: "2026-11" });
    expect(calendarMonth("", TODAY)).toEqual({ month: "2026-11" });
    expect(calendarMonth("2025-11", TODAY)).toEqual({ month: "2025-11" });
    expect(calendarMonth("2029-11", TODAY)).toEqual({ month: "2029-11" });
    const outside = { error: "Choose a month from November 2025 to November 2029." };
    for (const month of ["2025-10", "2029-12", "9999-12", "0000-01", "2201-01"])
      expect(calendarMonth(month, TODAY), month).toEqual(outside);
    for (const month of ["99999-01", "+10000-01", "2027-13", "2027-1", "1e9", "\u0662\u0660\u0662\u0667-01"])
      expect(calendarMonth(month, TODAY), month).toEqual({ error: BAD_MONTH_MESSAGE });
  });

  it("a day marked on a calendar must be inside its window", () => {
    expect(calendarDayProblem("2025-11-01", TODAY)).toBeNull();
    expect(calendarDayProblem("2029-11-30", TODAY)).toBeNull();
    for (const day of ["2025-10-31", "2029-12-01", "0000-01-01", "9999-12-31"])
      expect(calendarDayProblem(day, TODAY), day).toBe(
        "Choose dates from November 1, 2025 to November 30, 2029.",
      );
  });
});

describe("day labels", () => {
  it("write a day in English, the same on the server and in any browser's time zone", () => {
    expect([dayLabel("2027-06-12"), shortDayLabel("2027-06-12"), plainDayLabel("2027-06-12")]).toEqual([
      "Saturday, June 12, 2027",
      "Sat, Jun 12, 2027",
      "June 12, 2027",
    ]);
  });

  it("make their format once, not on every call (a month of the calendar labels 30 days; issue 42)", () => {
    const Real = Intl.DateTimeFormat;
    const made = vi.spyOn(Intl, "DateTimeFormat").mockImplementation(function (
      ...args: ConstructorParameters<typeof Real>
    ) {
      return new Real(...args);
    });
    try {
      const label = dayFormat({ month: "long", day: "numeric" });
      expect(["2027-06-12", "2027-06-13", "2027-06-14"].map(label)).toEqual([
        "June 12",
        "June 13",
        "June 14",
      ]);
      expect(made).toHaveBeenCalledTimes(1);
    } finally {
      made.mockRestore();
    }
  });
});
