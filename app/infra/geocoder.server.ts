import { isValidCoordinate } from "~/lib/coordinates";
import type { Config } from "./config.server";

// The one geocoder of the product: addresses in, coordinates out. GEOCODER picks the driver.
// Today there is the offline one (ZIP code centroids from the `zipcodes` package, no network);
// network drivers (Nominatim, Google) come with the search work and fit the same shape: an
// `async geocode(address)` that answers null rather than throwing when it cannot tell, so that
// a caller can fall back to the offline answer (see `withFallback`).

export type Address = { line1: string; city: string; postalCode: string; state: string };
export type Coordinates = { lat: number; lng: number };

export type Geocoder = {
  /** The driver's name, for logs. */
  readonly name: string;
  geocode(address: Address): Promise<Coordinates | null>;
};

type ZipCode = { zip: string; latitude: number; longitude: number; city: string; state: string };
type ZipCodes = {
  lookup(zip: string): ZipCode | undefined;
  lookupByName(city: string, state: string): ZipCode[];
};

// The ZIP table is a few megabytes: loaded on the first address, not at start-up.
let zipcodes: Promise<ZipCodes> | undefined;
const loadZipcodes = () =>
  (zipcodes ??= import("zipcodes").then((m) => ((m as { default?: ZipCodes }).default ?? m) as ZipCodes));

const isColorado = (state: string) => /^(co|colorado)$/i.test(state.trim());
const round = (n: number) => Math.round(n * 1e6) / 1e6;

function valid(c: Coordinates | null): Coordinates | null {
  return c && isValidCoordinate(c.lat, c.lng) ? { lat: round(c.lat), lng: round(c.lng) } : null;
}

/**
 * Colorado only: the centroid of the address's ZIP code when it is a Colorado ZIP, else the
 * centroid of the town's ZIP codes, else null. Street lines are not used (no street data offline).
 */
export function createOfflineGeocoder(): Geocoder {
  return {
    name: "offline",
    async geocode(address) {
      if (!isColorado(address.state)) return null;
      const table = await loadZipcodes();
      const zip = table.lookup(address.postalCode.trim().slice(0, 5));
      if (zip && zip.state === "CO") return valid({ lat: zip.latitude, lng: zip.longitude });
      const city = address.city.trim();
      if (!city) return null;
      const town = table.lookupByName(city, "CO").filter((z) => z.state === "CO");
      if (town.length === 0) return null;
      const mean = (pick: (z: ZipCode) => number) => town.reduce((s, z) => s + pick(z), 0) / town.length;
      return valid({ lat: mean((z) => z.latitude), lng: mean((z) => z.longitude) });
    },
  };
}

/** Asks `primary`, then `fallback` when the first has no answer or fails (network drivers). */
export function withFallback(
  primary: Geocoder,
  fallback: Geocoder,
  onError?: (err: unknown) => void,
): Geocoder {
  return {
    name: `${primary.name}+${fallback.name}`,
    async geocode(address) {
      try {
        const found = valid(await primary.geocode(address));
        if (found) return found;
      } catch (err) {
        onError?.(err);
      }
      return fallback.geocode(address);
    },
  };
}

/** The geocoder GEOCODER selects. */
export function createGeocoder(config: Pick<Config, "geocoder">): Geocoder {
  switch (config.geocoder) {
    case "offline":
      return createOfflineGeocoder();
  }
}
