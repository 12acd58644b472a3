import { describe, expect, it } from "vitest";
import { DEFAULT_VENUE_IMAGE, imageAtWidth, imageSrcSet, usableImages } from "./images";

describe("image helpers", () => {
  it("builds a srcset only for images stored at every standard width", () => {
    expect(imageSrcSet("/uploads/seed/art/barn-1-1600.webp")).toBe(
      "/uploads/seed/art/barn-1-400.webp 400w, /uploads/seed/art/barn-1-800.webp 800w, /uploads/seed/art/barn-1-1600.webp 1600w",
    );
    expect(imageSrcSet("/uploads/seed/logos/x-256.webp")).toBeUndefined();
    expect(imageSrcSet("https://cdn.example/a.jpg")).toBeUndefined();
  });

  it("picks the narrowest stored width that is wide enough", () => {
    expect(imageAtWidth("/uploads/a-1600.webp", 500)).toBe("/uploads/a-800.webp");
    expect(imageAtWidth("/uploads/a-1600.webp", 5000)).toBe("/uploads/a-1600.webp");
    expect(imageAtWidth("/uploads/logo-256.webp", 800)).toBe("/uploads/logo-256.webp");
  });

  it("keeps http, data and own images and falls back to the default", () => {
    expect(usableImages(["", "blob:x", "https://a.example/x.jpg", "/uploads/b-800.webp"])).toEqual([
      "https://a.example/x.jpg",
      "/uploads/b-800.webp",
    ]);
    expect(usableImages([])).toEqual([DEFAULT_VENUE_IMAGE]);
    expect(usableImages(null)).toEqual([DEFAULT_VENUE_IMAGE]);
  });
});
