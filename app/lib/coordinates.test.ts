import { describe, expect, it } from "vitest";
import { isValidCoordinate, needsGeocodingWarning } from "./coordinates";

describe("isValidCoordinate", () => {
  it("accepts real positions and numeric strings", () => {
    expect(isValidCoordinate(39.55, -105.78)).toBe(true);
    expect(isValidCoordinate("40.0", "-105.2")).toBe(true);
  });
  it("rejects zero-zero, out of range and non-numbers", () => {
    expect(isValidCoordinate(0, 0)).toBe(false);
    expect(isValidCoordinate(91, 0)).toBe(false);
    expect(isValidCoordinate(45, 181)).toBe(false);
    expect(isValidCoordinate("x", 1)).toBe(false);
    expect(isValidCoordinate(null, 1)).toBe(false);
  });
});

describe("isValidCoordinate at the edges", () => {
  it("includes the range's bounds and one zero coordinate", () => {
    expect(isValidCoordinate(90, 180)).toBe(true);
    expect(isValidCoordinate(-90, -180)).toBe(true);
    expect(isValidCoordinate(0, -105)).toBe(true);
    expect(isValidCoordinate(39.5, 0)).toBe(true);
  });
  it("rejects NaN, infinities, empty strings and missing values", () => {
    expect(isValidCoordinate(Number.NaN, 1)).toBe(false);
    expect(isValidCoordinate(Number.POSITIVE_INFINITY, 1)).toBe(false);
    expect(isValidCoordinate("", "")).toBe(false);
    expect(isValidCoordinate(undefined, undefined)).toBe(false);
    expect(isValidCoordinate(-90.0001, 0)).toBe(false);
    expect(isValidCoordinate(0, 180.0001)).toBe(false);
  });
});

describe("needsGeocodingWarning", () => {
  it("warns for more than 10 venues of which more than half lack coordinates", () => {
    expect(needsGeocodingWarning({ total: 11, missing: 6 })).toBe(true);
    expect(needsGeocodingWarning({ total: 12, missing: 6 })).toBe(false);
    expect(needsGeocodingWarning({ total: 10, missing: 10 })).toBe(false);
    expect(needsGeocodingWarning({ total: 100_000, missing: 50_001 })).toBe(true);
  });
});
