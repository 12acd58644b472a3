import { describe, expect, it } from "vitest";
import { isValidCoordinate } from "./coordinates";

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
