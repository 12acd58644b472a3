import { describe, expect, it } from "vitest";
import { pageCountOf, pageOffset, pageUrl, pageWindow } from "./pagination";

describe("pageWindow", () => {
  it("shows every page when there are few", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 5)).toEqual([1, 2, 3, 4, 5]);
  });

  it("keeps first, last and the current page's neighbours, with gaps between", () => {
    expect(pageWindow(1, 20)).toEqual([1, 2, null, 20]);
    expect(pageWindow(10, 20)).toEqual([1, null, 9, 10, 11, null, 20]);
    expect(pageWindow(20, 20)).toEqual([1, null, 19, 20]);
  });

  it("shows a single hidden page rather than an ellipsis", () => {
    expect(pageWindow(4, 20)).toEqual([1, 2, 3, 4, 5, null, 20]);
    expect(pageWindow(17, 20)).toEqual([1, null, 16, 17, 18, 19, 20]);
  });

  it("clamps out-of-range and non-numeric input", () => {
    expect(pageWindow(99, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(-4, 0)).toEqual([1]);
    expect(pageWindow(Number.NaN, 2)).toEqual([1, 2]);
  });

  it("widens with more siblings", () => {
    expect(pageWindow(10, 20, 2)).toEqual([1, null, 8, 9, 10, 11, 12, null, 20]);
  });
});

describe("pageCountOf and pageOffset", () => {
  it("counts whole pages, at least one", () => {
    expect(pageCountOf(0, 24)).toBe(1);
    expect(pageCountOf(24, 24)).toBe(1);
    expect(pageCountOf(25, 24)).toBe(2);
    expect(pageCountOf(-3, 24)).toBe(1);
  });
  it("offsets 1-based pages", () => {
    expect(pageOffset(1, 24)).toBe(0);
    expect(pageOffset(3, 24)).toBe(48);
    expect(pageOffset(0, 24)).toBe(0);
  });
});

describe("pageUrl", () => {
  it("sets the page and keeps the other parameters", () => {
    expect(pageUrl("/categories/x", "?view=list", 3)).toBe("/categories/x?view=list&page=3");
    expect(pageUrl("/categories/x", "page=2&view=list", 5)).toBe("/categories/x?page=5&view=list");
  });
  it("gives the first page the bare address", () => {
    expect(pageUrl("/categories/x", "?page=4", 1)).toBe("/categories/x");
    expect(pageUrl("/categories/x", new URLSearchParams("view=list&page=2"), 1)).toBe(
      "/categories/x?view=list",
    );
  });
});
