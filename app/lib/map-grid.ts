// The search map's clustering grid: Web Mercator (the projection of Leaflet and OpenStreetMap
// tiles), cells of 64 screen pixels aligned to the world rather than to the viewport, so a cluster
// keeps its place while the map pans. Pure; the map service and its tests use it.

export type Bbox = { south: number; west: number; north: number; east: number };

/** Leaflet's 256-pixel tiles. */
const TILE = 256;
/** A cell is this many screen pixels wide at the requested zoom (before any coarsening). */
export const CELL_PX = 64;
export const MIN_ZOOM = 0;
export const MAX_ZOOM = 20;
const MAX_LAT = 85.05112878;

const clamp = (n: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, n));

/** 0 (180° W) to 1 (180° E). */
export function mercatorX(lng: number): number {
  return (clamp(lng, -180, 180) + 180) / 360;
}

/** 0 (north edge) to 1 (south edge) of the Mercator square. */
export function mercatorY(lat: number): number {
  const r = (clamp(lat, -MAX_LAT, MAX_LAT) * Math.PI) / 180;
  return (1 - Math.log(Math.tan(r) + 1 / Math.cos(r)) / Math.PI) / 2;
}

/** A whole zoom level within what the map offers; anything unreadable is the spec's default 5. */
export function normalizeZoom(zoom: unknown): number {
  const z = typeof zoom === "string" ? Number.parseFloat(zoom) : zoom;
  if (typeof z !== "number" || !Number.isFinite(z)) return 5;
  return clamp(Math.floor(z), MIN_ZOOM, MAX_ZOOM);
}

/**
 * A box within the Mercator world, or null when a side is not a number. Leaflet reports
 * longitudes beyond ±180 when the world wraps; such a box (and one crossing the antimeridian)
 * becomes the whole width.
 */
export function normalizeBbox(b: Partial<Record<keyof Bbox, unknown>>): Bbox | null {
  const n = (v: unknown) => (typeof v === "string" ? Number.parseFloat(v) : v);
  const [s, w, no, e] = [n(b.south), n(b.west), n(b.north), n(b.east)];
  if (![s, w, no, e].every((v) => typeof v === "number" && Number.isFinite(v))) return null;
  let [south, north] = [clamp(s as number, -MAX_LAT, MAX_LAT), clamp(no as number, -MAX_LAT, MAX_LAT)];
  if (south > north) [south, north] = [north, south];
  let [west, east] = [w as number, e as number];
  if (east - west >= 360 || west < -180 || east > 180 || west > east) [west, east] = [-180, 180];
  return { south, west, north, east };
}

export type Grid = {
  /** Cell side in Mercator units (the world is 1 wide). */
  size: number;
  /** The box in Mercator units: x grows eastwards, y southwards. */
  x0: number;
  x1: number;
  y0: number;
  y1: number;
};

/**
 * The grid for a box at a zoom: 64-pixel cells, doubled in size until at most `maxCells` cells
 * cover the box, so the answer stays small however large the box a client sends.
 */
export function gridFor(bbox: Bbox, zoom: number, maxCells: number): Grid {
  const x0 = mercatorX(bbox.west);
  const x1 = mercatorX(bbox.east);
  const y0 = mercatorY(bbox.north);
  const y1 = mercatorY(bbox.south);
  let size = CELL_PX / (TILE * 2 ** normalizeZoom(zoom));
  const cells = (s: number) =>
    (Math.floor(x1 / s) - Math.floor(x0 / s) + 1) * (Math.floor(y1 / s) - Math.floor(y0 / s) + 1);
  while (size < 1 && cells(size) > maxCells) size *= 2;
  return { size, x0, x1, y0, y1 };
}

/** Whether a projected point lies in the grid's box. */
export const inGrid = (g: Grid, x: number, y: number) => x >= g.x0 && x <= g.x1 && y >= g.y0 && y <= g.y1;

/** A number naming the cell of a projected point (unique within one grid). */
export function cellKey(g: Grid, x: number, y: number): number {
  const columns = Math.ceil(1 / g.size) + 1;
  return Math.floor(y / g.size) * columns + Math.floor(x / g.size);
}
