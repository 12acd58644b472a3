import { describe, expect, it } from "vitest";
import { cellKey, gridFor, inGrid, mercatorX, mercatorY, normalizeBbox, normalizeZoom } from "./map-grid";

const colorado = { south: 36.9, west: -109.1, north: 41.1, east: -102 };

describe("map grid", () => {
  it("projects like Leaflet's Web Mercator", () => {
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorX(0)).toBe(0.5);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(85.05112878)).toBeCloseTo(0, 6);
    expect(mercatorY(90)).toBeCloseTo(0, 6);
    expect(mercatorY(39.55)).toBeLessThan(0.5);
  });

  it("reads zooms and boxes defensively", () => {
    expect(normalizeZoom(7.8)).toBe(7);
    expect(normalizeZoom("10")).toBe(10);
    expect(normalizeZoom(99)).toBe(20);
    expect(normalizeZoom(-3)).toBe(0);
    expect(normalizeZoom("x")).toBe(5);
    expect(normalizeBbox({ south: 41, west: -109, north: 37, east: -102 })).toEqual({
      south: 37,
      west: -109,
      north: 41,
      east: -102,
    });
    expect(normalizeBbox({ south: "a", west: 0, north: 1, east: 1 })).toBeNull();
    expect(normalizeBbox({ south: 0, west: -190, north: 1, east: 10 })).toMatchObject({
      west: -180,
      east: 180,
    });
    expect(normalizeBbox({ south: 0, west: 170, north: 1, east: -170 })).toMatchObject({
      west: -180,
      east: 180,
    });
    expect(normalizeBbox({ south: -90, west: 0, north: 90, east: 1 })).toMatchObject({
      south: -85.05112878,
      north: 85.05112878,
    });
  });

  it("uses 64-pixel cells aligned to the world, coarser when the box would need too many", () => {
    const g5 = gridFor(colorado, 5, 300);
    expect(g5.size).toBe(64 / (256 * 2 ** 5));
    const g10 = gridFor(colorado, 10, 300);
    expect(g10.size).toBeGreaterThan(64 / (256 * 2 ** 10));
    const cells = (g: typeof g10) =>
      (Math.floor(g.x1 / g.size) - Math.floor(g.x0 / g.size) + 1) *
      (Math.floor(g.y1 / g.size) - Math.floor(g.y0 / g.size) + 1);
    expect(cells(g10)).toBeLessThanOrEqual(300);
    // Panning keeps a point in the same cell.
    const moved = gridFor({ ...colorado, west: -108, east: -101 }, 5, 300);
    const [x, y] = [mercatorX(-105), mercatorY(39.7)];
    expect(cellKey(moved, x, y)).toBe(cellKey(g5, x, y));
    expect(inGrid(g5, x, y)).toBe(true);
    expect(inGrid(g5, mercatorX(-100), y)).toBe(false);
  });
});
