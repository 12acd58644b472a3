import { formatNumber } from "./format";

/** Spec: valid when both are numbers, not both zero, latitude within ±90 and longitude within ±180. */
export function isValidCoordinate(lat: unknown, lng: unknown): boolean {
  const a = typeof lat === "string" ? Number.parseFloat(lat) : lat;
  const b = typeof lng === "string" ? Number.parseFloat(lng) : lng;
  if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b))
    return false;
  if (a === 0 && b === 0) return false;
  return a >= -90 && a <= 90 && b >= -180 && b <= 180;
}

/**
 * The admin's 'Geocoding Required' warning (spec: on the search page, for more than 10 venues of
 * which more than half lack coordinates, because the browser geocoded them while the map loaded).
 * Ours geocodes on the server (issue 10, point 4), so a venue lacking coordinates is not slow but
 * absent from the map: the admin venues screen warns about any approved one, says how many, and
 * what places them (ADR 014).
 */
export function needsGeocodingWarning({ missing }: { missing: number }): boolean {
  return missing > 0;
}

export const GEOCODING_REQUIRED = {
  title: "Geocoding Required",
  message: (missing: number) =>
    missing === 1
      ? "1 approved venue lacks valid coordinates, so it does not appear on the map."
      : `${formatNumber(missing)} approved venues lack valid coordinates, so they do not appear on the map.`,
} as const;
