import { describe, expect, it } from "vitest";
import { VENUE_TYPES } from "~/lib/catalog";
import { lightings, venueArtSvg } from "./painter";

describe("venue artwork", () => {
  it("walks every pairing of light and season once, a different light at each step", () => {
    for (const { key } of VENUE_TYPES) {
      const pairs = lightings(key);
      expect(new Set(pairs.map((p) => p.join())).size, key).toBe(pairs.length);
      for (let i = 1; i < pairs.length; i++) expect(pairs[i]![0], key).not.toBe(pairs[i - 1]![0]);
    }
    // Barns (the type with most venues) may be drawn in four seasons and six kinds of light.
    expect(lightings("barn")).toHaveLength(24);
  });

  it("draws the same picture for the same variant and a different one for each variant", () => {
    expect(venueArtSvg("barn", 3)).toBe(venueArtSvg("barn", 3));
    const pool = Array.from({ length: 20 }, (_, v) => venueArtSvg("barn", v));
    expect(new Set(pool).size).toBe(20);
  });
});
