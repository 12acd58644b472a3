import { describe, expect, it } from "vitest";
import { loginPath, normalizeRole, safeRedirect } from "./user";

describe("safeRedirect", () => {
  // Known ways to turn a "local" redirect into another site (open-redirect bypass lists).
  const bypasses = [
    "//evil.example",
    "///evil.example",
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "/\t/evil.example/x",
    "/\r/evil.example",
    "/\n/evil.example",
    "/%09/evil.example/x",
    "/%0A/x",
    "/%0D/evil.example",
    "/%2F/evil.example",
    "/%2F%2Fevil.example",
    "/%5C/evil.example",
    "/%5c%5cevil.example",
    "https://evil.example",
    "http:evil.example",
    "https:/evil.example",
    "javascript:alert(1)",
    "data:text/html,hi",
    "evil.example",
    " /account",
    "/\u0000/evil.example",
    "/%00/evil.example",
    "/%E0%A4%A",
    "",
  ];
  for (const target of bypasses) {
    it(`refuses ${JSON.stringify(target)}`, () => {
      expect(safeRedirect(target, "/fallback")).toBe("/fallback");
    });
  }

  it("refuses what is not a string", () => {
    expect(safeRedirect(undefined)).toBe("/");
    expect(safeRedirect(null, "/account")).toBe("/account");
    expect(safeRedirect(["/x"], "/account")).toBe("/account");
  });

  it("keeps paths on our site, normalised", () => {
    for (const path of [
      "/account",
      "/venue/x-1?tab=reviews#top",
      "/venues?location=Denver%20CO",
      "/%252F%252Fevil.example",
    ])
      expect(safeRedirect(path)).toBe(path);
    expect(safeRedirect("/a/../b")).toBe("/b");
  });
});

describe("loginPath", () => {
  it("comes back to where the visitor was, with extra parameters", () => {
    expect(loginPath()).toBe("/login");
    expect(loginPath("/admin/dashboard?x=1")).toBe("/login?redirectTo=%2Fadmin%2Fdashboard%3Fx%3D1");
    expect(loginPath("/venue/a-1", { save: "abc" })).toBe("/login?save=abc&redirectTo=%2Fvenue%2Fa-1");
  });
});

describe("normalizeRole", () => {
  it("reads anything but admin and venue_manager as user", () => {
    expect(normalizeRole("admin")).toBe("admin");
    expect(normalizeRole("venue_manager")).toBe("venue_manager");
    expect(normalizeRole("superuser")).toBe("user");
    expect(normalizeRole(undefined)).toBe("user");
  });
});
