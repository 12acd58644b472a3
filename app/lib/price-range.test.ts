import { describe, expect, it } from "vitest";
import { parsePrice, parsePriceRange } from "./price-range";

describe("parsePriceRange", () => {
  it("reads the ways venues write a range", () => {
    expect(parsePriceRange("$2,000-5,000")).toEqual({ low: 2000, high: 5000 });
    expect(parsePriceRange("$2,000 - $5,000")).toEqual({ low: 2000, high: 5000 });
    expect(parsePriceRange("$2k – $5k")).toEqual({ low: 2000, high: 5000 });
    expect(parsePriceRange("2000 to 5000")).toEqual({ low: 2000, high: 5000 });
    expect(parsePriceRange("5,000-2,000")).toEqual({ low: 2000, high: 5000 });
    expect(parsePriceRange("$1,500.50-$3,000 USD")).toEqual({ low: 1500, high: 3000 });
  });

  it("gives null for what is not two amounts", () => {
    for (const text of ["", "call us", "$3,000", "from $2,000", "1-2-3", "$2,0000-5", "1-99999999"])
      expect(parsePriceRange(text), text).toBeNull();
  });
});

describe("parsePrice", () => {
  it("reads whole dollars and refuses anything else", () => {
    expect(parsePrice("4000")).toBe(4000);
    expect(parsePrice("$4,000")).toBe(4000);
    expect(parsePrice("4,000.99")).toBe(4000);
    expect(parsePrice("-5")).toBeNull();
    expect(parsePrice("1e5")).toBeNull();
    expect(parsePrice("abc")).toBeNull();
  });
});
