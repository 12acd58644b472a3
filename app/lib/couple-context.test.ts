import { describe, expect, it } from "vitest";
import {
  checkedContext,
  contextOf,
  contextParams,
  hasContext,
  NO_CONTEXT,
  parseContext,
  withContext,
} from "./couple-context";
import { PAST_DATE_MESSAGE, FAR_DATE_MESSAGE } from "./dates";
import { DEFAULT_FILTERS } from "./search";

const parse = (qs: string) => parseContext(new URLSearchParams(qs));

describe("parseContext", () => {
  it("reads the date, month, guests and budget, and nothing else", () => {
    expect(parse("date=2027-06-12&guests=120&maxPrice=8000&location=Boulder&ids=x")).toEqual({
      date: "2027-06-12",
      month: null,
      guests: 120,
      maxPrice: 8000,
    });
    expect(parse("month=2027-06")).toEqual({ ...NO_CONTEXT, month: "2027-06" });
    expect(parse("")).toEqual(NO_CONTEXT);
  });

  it("lets a date win over a month", () => {
    expect(parse("date=2027-06-12&month=2027-07")).toMatchObject({ date: "2027-06-12", month: null });
  });

  it("drops bad values with the search's bounds", () => {
    expect(parse("date=2027-02-30&month=2027-13&guests=abc&maxPrice=-5")).toEqual(NO_CONTEXT);
    expect(parse("guests=0")).toEqual(NO_CONTEXT);
    expect(parse("guests=100001")).toEqual(NO_CONTEXT);
    // Empty fields of a plain GET form: the month still counts.
    expect(parse("guests=&date=&month=2027-06")).toEqual({ ...NO_CONTEXT, month: "2027-06" });
    // No limit (25,000 and above) is no budget.
    expect(parse("maxPrice=25000").maxPrice).toBeNull();
    expect(parse("maxPrice=99999").maxPrice).toBeNull();
  });
});

describe("checkedContext", () => {
  const today = "2026-05-01";
  it("keeps a date or month inside the search's window", () => {
    const r = checkedContext(new URLSearchParams("date=2027-06-12&guests=120"), today);
    expect(r).toEqual({ context: { ...NO_CONTEXT, date: "2027-06-12", guests: 120 }, dateError: null });
  });

  it("leaves out a past or far date and says why, keeping the guests", () => {
    const past = checkedContext(new URLSearchParams("date=2026-04-30&guests=80"), today);
    expect(past).toEqual({ context: { ...NO_CONTEXT, guests: 80 }, dateError: PAST_DATE_MESSAGE });
    const far = checkedContext(new URLSearchParams("month=2035-01"), today);
    expect(far).toEqual({ context: NO_CONTEXT, dateError: FAR_DATE_MESSAGE });
  });
});

describe("contextParams and withContext", () => {
  it("writes only what is set, in a fixed order, a date rather than a month", () => {
    expect(contextParams(NO_CONTEXT).toString()).toBe("");
    expect(
      contextParams({ date: "2027-06-12", month: "2027-07", guests: 120, maxPrice: 5000 }).toString(),
    ).toBe("guests=120&maxPrice=5000&date=2027-06-12");
    expect(contextParams({ ...NO_CONTEXT, month: "2027-07" }).toString()).toBe("month=2027-07");
  });

  it("round-trips through the address", () => {
    const ctx = { date: null, month: "2027-06", guests: 90, maxPrice: 4000 };
    expect(parseContext(contextParams(ctx))).toEqual(ctx);
  });

  it("adds the context to a path, keeping its own query and replacing an old context", () => {
    const ctx = { ...NO_CONTEXT, date: "2027-06-12", guests: 120 };
    expect(withContext("/venue/a-b", ctx)).toBe("/venue/a-b?guests=120&date=2027-06-12");
    expect(withContext("/venue/a-b", NO_CONTEXT)).toBe("/venue/a-b");
    expect(withContext("/compare?ids=a,b&guests=5&month=2027-01", ctx)).toBe(
      "/compare?ids=a,b&guests=120&date=2027-06-12",
    );
    expect(withContext("/compare?ids=a,b&month=2027-01", NO_CONTEXT)).toBe("/compare?ids=a,b");
  });

  it("takes the context from the search's filters", () => {
    const ctx = contextOf({ ...DEFAULT_FILTERS, guests: 50, month: "2027-06" });
    expect(ctx).toEqual({ ...NO_CONTEXT, guests: 50, month: "2027-06" });
    expect(hasContext(ctx)).toBe(true);
    expect(hasContext(contextOf(DEFAULT_FILTERS))).toBe(false);
  });
});
