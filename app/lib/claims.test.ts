import { describe, expect, it } from "vitest";
import { claimDomain, LOCAL_PART } from "./claims";

describe("claimDomain", () => {
  it("takes the website's host without www., lowercased", () => {
    expect(claimDomain("www.venue.example")).toBe("venue.example");
    expect(claimDomain("https://WWW.Aspen-Barn.com/weddings?x=1")).toBe("aspen-barn.com");
    expect(claimDomain("http://events.lodge.co.uk/")).toBe("events.lodge.co.uk");
  });
  it("gives none for no website, a public mail service, an address or a bare name", () => {
    for (const w of [null, "", "   ", "gmail.com", "https://www.outlook.com/x", "yahoo.com.", "localhost"])
      expect(claimDomain(w)).toBeNull();
    expect(claimDomain("http://127.0.0.1/")).toBeNull();
    expect(claimDomain("ftp://venue.example")).toBeNull();
    expect(claimDomain("icloud.com")).toBeNull();
    expect(claimDomain("https://pages.aol.com/barn")).toBeNull();
  });
});

describe("LOCAL_PART", () => {
  it("takes a mailbox name and refuses an address or spaces", () => {
    expect(LOCAL_PART.test("events")).toBe(true);
    expect(LOCAL_PART.test("jo.smith+venue")).toBe(true);
    for (const v of ["a@b", "two words", ".lead", "trail.", "a..b", ""])
      expect(LOCAL_PART.test(v)).toBe(false);
  });
});
