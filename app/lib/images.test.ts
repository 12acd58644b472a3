import { describe, expect, it } from "vitest";
import { DEFAULT_VENUE_IMAGE, imageAtWidth, imageSrcSet, isStoredImage, usableImages } from "./images";

describe("image helpers", () => {
  it("builds a srcset only for images stored at every standard width", () => {
    expect(imageSrcSet("/uploads/seed/art/barn-1-1600.webp")).toBe(
      "/uploads/seed/art/barn-1-400.webp 400w, /uploads/seed/art/barn-1-800.webp 800w, /uploads/seed/art/barn-1-1600.webp 1600w",
    );
    expect(imageSrcSet("/uploads/seed/logos/x-256.webp")).toBeUndefined();
    expect(imageSrcSet("https://cdn.example/a.jpg")).toBeUndefined();
    // With STORAGE=s3, our keys at the bucket's public URL.
    const s3 =
      "https://cdn.example/vv/venues/0f8fad5b-d9cb-469f-a165-70867728950e/7c9e6679-7425-40de-944b-e07fc1f90ae7";
    expect(imageSrcSet(`${s3}-1600.webp`)).toBe(
      `${s3}-400.webp 400w, ${s3}-800.webp 800w, ${s3}-1600.webp 1600w`,
    );
    expect(imageAtWidth(`${s3}-1600.webp`, 400)).toBe(`${s3}-400.webp`);
    expect(imageSrcSet("https://elsewhere.example/photos/lake-800.webp")).toBeUndefined();
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

describe("isStoredImage", () => {
  it("is true only for our own uploads", () => {
    expect(isStoredImage("/uploads/avatars/a-400.webp")).toBe(true);
    for (const url of [
      "https://tracker.example/a.png",
      "//tracker.example/a.png",
      "/uploads/../etc/passwd",
      null,
    ])
      expect(isStoredImage(url), String(url)).toBe(false);
  });
});
