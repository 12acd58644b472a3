import { describe, expect, it } from "vitest";
import { EXPORT_PARTS, expiryDay, exportExpiry, exportFileName, exportReadme } from "./data-export";

describe("the data download's words", () => {
  it("names the archive by the UTC day it was made", () => {
    expect(exportFileName(new Date("2026-11-30T23:59:00Z"))).toBe("vows-and-vistas-data-2026-11-30.zip");
  });

  it("expires 7 days after it was asked for, said as Colorado's day", () => {
    const at = new Date("2026-11-30T18:00:00Z");
    expect(exportExpiry(at).toISOString()).toBe("2026-12-07T18:00:00.000Z");
    // 02:00 UTC is still the evening before in Denver.
    expect(expiryDay("2026-12-08T02:00:00Z")).toBe("December 7, 2026");
  });

  it("the README names each file the archive holds, and only those", () => {
    const text = exportReadme("Vows & Vistas", new Date("2026-11-30T18:00:00Z"), [
      "account.json",
      "favorites.json",
      "files/abc/photo-1.webp",
    ]);
    expect(text).toContain("Your data on Vows & Vistas, as it was on 2026-11-30 18:00 UTC.");
    expect(text).toMatch(/account\.json +Your account/);
    expect(text).toMatch(/favorites\.json +The venues you saved/);
    expect(text).toMatch(/files\/ +The photos and logos/);
    expect(text).not.toContain("inquiries.json");
    expect(text).not.toContain("managed-venues.json");
  });

  it("every part has its own file name", () => {
    const files = EXPORT_PARTS.map((p) => p.file);
    expect(new Set(files).size).toBe(files.length);
  });
});
