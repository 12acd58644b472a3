import type { MapPoint } from "./search-page";

// Used by the map's chunk only, so it stays there: what lib/search-page.ts holds goes into the
// chunk every page loads (vite.config.ts).

/** A position to five decimals, about a metre. */
const round = (n: number) => Math.round(n * 1e5);

/**
 * The map's single venues by position: venues at the same spot (to about a metre) come
 * together, first seen first, so that one marker lists them all instead of hiding each other.
 */
export function pointsBySpot(points: MapPoint[]): MapPoint[][] {
  const spots = new Map<string, MapPoint[]>();
  for (const p of points) {
    const key = `${round(p.lat)},${round(p.lng)}`;
    const spot = spots.get(key);
    if (spot) spot.push(p);
    else spots.set(key, [p]);
  }
  return [...spots.values()];
}
