import { describe, expect, it } from "vitest";
import {
  addDays,
  axisScale,
  change,
  conversion,
  conversionNote,
  daysOf,
  insightPeriods,
  normalizeSearchTerm,
  searchTermFromReferer,
  shortDay,
  utcDay,
} from "./insights";

describe("periods", () => {
  it("compares the last 30 days, today included, with the 30 before", () => {
    const p = insightPeriods("2026-03-01");
    expect(p.current).toEqual({ from: "2026-01-31", to: "2026-03-01" });
    expect(p.previous).toEqual({ from: "2026-01-01", to: "2026-01-30" });
    expect(daysOf(p.current)).toHaveLength(30);
    expect(daysOf(p.previous)).toHaveLength(30);
    expect(daysOf(p.current)[0]).toBe("2026-01-31");
  });

  it("counts in UTC days, across months and leap days", () => {
    expect(utcDay(new Date("2026-11-27T23:59:59-07:00"))).toBe("2026-11-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2026-01-01", -1)).toBe("2025-12-31");
    expect(shortDay("2026-11-07")).toBe("Nov 7");
  });
});

describe("figures", () => {
  it("gives the conversion as inquiries per 100 views, to one decimal", () => {
    expect(conversion({ views: 0, inquiries: 3 })).toBeNull();
    expect(conversion({ views: 120, inquiries: 3 })).toBe(2.5);
    expect(conversion({ views: 3, inquiries: 1 })).toBe(33.3);
  });

  it("never gives a rate over 100: more inquiries than views are said as counts (issue 41)", () => {
    expect(conversion({ views: 2, inquiries: 4 })).toBeNull();
    expect(conversion({ views: 4, inquiries: 4 })).toBe(100);
    expect(conversionNote({ views: 2, inquiries: 4 })).toBe(
      "4 inquiries, 2 views: a view counts once per visitor a day, and an inquiry can come without one (the inquiry page, a shared link).",
    );
    expect(conversionNote({ views: 0, inquiries: 1 })).toMatch(/^1 inquiry, 0 views: /);
    expect(conversionNote({ views: 5, inquiries: 4 })).toBeNull();
  });

  it("says how a figure moved against the period before", () => {
    expect(change(10, 5)).toEqual({ direction: "up", label: "+100%" });
    expect(change(5, 10)).toEqual({ direction: "down", label: "−50%" });
    expect(change(3, 0)).toEqual({ direction: "up", label: "new" });
    expect(change(0, 4)).toEqual({ direction: "down", label: "−100%" });
    expect(change(4, 4)).toEqual({ direction: "same", label: "no change" });
    expect(change(null, 2.5).direction).toBe("same");
  });
});

describe("search terms", () => {
  const origins = ["https://vows.example", "https://www.vows.example"];

  it("keeps a short, lower-case form of the words", () => {
    expect(normalizeSearchTerm("  Rustic   BARN\tVail ")).toBe("rustic barn vail");
    expect(normalizeSearchTerm("   ")).toBeNull();
    expect(normalizeSearchTerm("x".repeat(200))).toHaveLength(80);
  });

  it("reads the words of the search event from a Referer of our search page", () => {
    expect(searchTermFromReferer("https://vows.example/venues?q=Barn&location=Vail&guests=80", origins)).toBe(
      "barn vail",
    );
    expect(searchTermFromReferer("https://www.vows.example/venues?venueName=Lodge", origins)).toBe("lodge");
  });

  it("ignores other pages, other sites, searches without words and nonsense", () => {
    for (const referer of [
      undefined,
      "",
      "not a url",
      "https://evil.example/venues?q=barn",
      "https://vows.example/categories?q=barn",
      "https://vows.example/venues?region=Front%20Range",
      "https://vows.example/venues/?q=barn",
    ])
      expect(searchTermFromReferer(referer, origins), String(referer)).toBeNull();
  });
});

describe("axisScale", () => {
  it("rounds the top up to four steps of 1, 2 or 5 times a power of ten", () => {
    expect(axisScale(0)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(axisScale(3)).toEqual({ top: 4, ticks: [0, 1, 2, 3, 4] });
    expect(axisScale(7)).toEqual({ top: 8, ticks: [0, 2, 4, 6, 8] });
    expect(axisScale(37)).toEqual({ top: 40, ticks: [0, 10, 20, 30, 40] });
    expect(axisScale(1234).top).toBe(2000);
  });
});
