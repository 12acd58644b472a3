import { describe, expect, it } from "vitest";
import { GEOCODING_REQUIRED, isValidCoordinate, needsGeocodingWarning } from "./coordinates";

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

describe("the Geocoding Required warning", () => {
  it("warns as soon as one approved venue lacks coordinates, whatever the total", () => {
    expect(needsGeocodingWarning({ missing: 0 })).toBe(false);
    expect(needsGeocodingWarning({ missing: 1 })).toBe(true);
    expect(needsGeocodingWarning({ missing: 50_001 })).toBe(true);
  });
  it("says how many, in the singular and the plural", () => {
    expect(GEOCODING_REQUIRED.message(1)).toBe(
      "1 approved venue lacks valid coordinates, so it does not appear on the map.",
    );
    expect(GEOCODING_REQUIRED.message(1234)).toBe(
      "1,234 approved venues lack valid coordinates, so they do not appear on the map.",
    );
  });
});
