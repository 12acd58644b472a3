import { describe, expect, it } from "vitest";
import {
  dateFilterProblem,
  dayStatuses,
  isDay,
  monthInWords,
  monthWeeks,
  PAST_DATE_MESSAGE,
  PAST_MONTH_MESSAGE,
  rangeProblem,
} from "./availability";

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

  it("refuses past dates and months, and bad ranges", () => {
    expect(dateFilterProblem({ date: "2027-06-11" }, "2027-06-12")).toBe(PAST_DATE_MESSAGE);
    expect(dateFilterProblem({ date: "2027-06-12" }, "2027-06-12")).toBeNull();
    expect(dateFilterProblem({ month: "2027-05" }, "2027-06-12")).toBe(PAST_MONTH_MESSAGE);
    expect(dateFilterProblem({ month: "2027-06" }, "2027-06-12")).toBeNull();
    expect(rangeProblem("2027-06-12", "2027-06-11")).toMatch(/on or after/);
    expect(rangeProblem("2027-06-12", "2027-06-12")).toBeNull();
  });

  it("says a month in words", () => {
    expect(monthInWords({ month: "2027-02", days: "a".repeat(28) })).toBe("Every day is free.");
    expect(monthInWords({ month: "2027-02", days: "c".repeat(28) })).toBe("Closed all month.");
    const days = "a".repeat(9) + "bbbbb" + "a".repeat(5) + "b" + "ah" + "a".repeat(6);
    expect(monthInWords({ month: "2027-02", days })).toBe(
      "Booked 10–14, 20. Held 22. The other 21 days are free.",
    );
  });
});
