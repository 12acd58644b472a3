import { describe, expect, it } from "vitest";
import { heroSearchUrl } from "./hero-search";

describe("heroSearchUrl", () => {
  it("includes only the filled fields", () => {
    expect(heroSearchUrl({ location: " Boulder ", venueName: "", guests: "" })).toBe(
      "/venues?location=Boulder",
    );
    expect(heroSearchUrl({ location: "", venueName: "Barn", guests: "120" })).toBe(
      "/venues?guests=120&venueName=Barn",
    );
    expect(heroSearchUrl({})).toBe("/venues");
  });

  it("drops guests below the minimum of 1", () => {
    expect(heroSearchUrl({ guests: "0" })).toBe("/venues");
    expect(heroSearchUrl({ guests: "-5" })).toBe("/venues");
  });
});
