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

describe("the wedding date (issue 41)", () => {
  it("goes to /venues with the date, after the spec's fields", () => {
    expect(heroSearchUrl({ guests: "120", date: "2027-06-12" })).toBe("/venues?guests=120&date=2027-06-12");
    expect(heroSearchUrl({ date: "2027-06-12" })).toBe("/venues?date=2027-06-12");
  });

  it("leaves out an empty or unreal date", () => {
    expect(heroSearchUrl({ date: "" })).toBe("/venues");
    expect(heroSearchUrl({ date: "2027-02-30" })).toBe("/venues");
  });
});
