/** Spec: valid when both are numbers, not both zero, latitude within ±90 and longitude within ±180. */
export function isValidCoordinate(lat: unknown, lng: unknown): boolean {
  const a = typeof lat === "string" ? Number.parseFloat(lat) : lat;
  const b = typeof lng === "string" ? Number.parseFloat(lng) : lng;
  if (typeof a !== "number" || typeof b !== "number" || !Number.isFinite(a) || !Number.isFinite(b))
    return false;
  if (a === 0 && b === 0) return false;
  return a >= -90 && a <= 90 && b >= -180 && b <= 180;
}

/** Spec: the 'Geocoding Required' warning, for more than 10 venues of which more than half lack coordinates. */
export function needsGeocodingWarning({ total, missing }: { total: number; missing: number }): boolean {
  return total > 10 && missing * 2 > total;
}

export const GEOCODING_REQUIRED = {
  title: "Geocoding Required",
  message: "Many venues are missing coordinates. The map will be slow to load until geocoding is complete.",
} as const;
