import { isValidCoordinate } from "~/lib/coordinates";
import type { Config } from "./config.server";
import type { Logger } from "./logger.server";

// The one geocoder of the product: addresses in, coordinates out, on the server only (never from
// a visitor's browser). GEOCODER picks the driver: `offline` (ZIP code and town centroids from the
// `zipcodes` package, no network) or a network service, Nominatim or Google, in front of it. Every
// driver has one shape, an `async geocode(address)` that answers null when the place is unknown
// and throws when the service failed, so that `withFallback` can ask the offline driver instead.

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

/** What the network drivers share: the HTTP client, a time limit per request. */
type HttpOptions = {
  /** Injected by tests (a local fake server is reached through the base URL instead). */
  fetch?: typeof fetch;
  timeoutMs?: number;
};

/** The address as one line, the way people (and Google) write it. */
export const addressLine = (a: Address) =>
  [a.line1.trim(), a.city.trim(), `${a.state.trim()} ${a.postalCode.trim()}`.trim(), "USA"]
    .filter(Boolean)
    .join(", ");

/**
 * Runs calls one at a time, each starting at least `intervalMs` after the previous one started:
 * Nominatim's usage policy allows one request per second from an application.
 */
export function createThrottle(intervalMs: number) {
  let chain: Promise<unknown> = Promise.resolve();
  let lastStart = -Infinity;
  return function throttle<T>(fn: () => Promise<T>): Promise<T> {
    const run = chain.then(async () => {
      const wait = lastStart + intervalMs - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      lastStart = performance.now();
      return fn();
    });
    chain = run.catch(() => undefined);
    return run;
  };
}

class GeocoderError extends Error {
  override name = "GeocoderError";
}

async function getJson(url: URL, init: RequestInit, http: HttpOptions): Promise<unknown> {
  const res = await (http.fetch ?? fetch)(url, {
    ...init,
    signal: AbortSignal.timeout(http.timeoutMs ?? 10_000),
  });
  if (!res.ok) {
    await res.body?.cancel();
    throw new GeocoderError(`${url.origin} answered HTTP ${res.status}`);
  }
  return res.json();
}

/**
 * OpenStreetMap's Nominatim (or a self-hosted one at `baseUrl`): a structured search limited to
 * the United States, one request a second, with the identifying User-Agent (and contact email,
 * when given) that its usage policy requires.
 */
export function createNominatimGeocoder(
  options: { baseUrl: string; userAgent: string; email?: string; intervalMs?: number } & HttpOptions,
): Geocoder {
  if (!options.userAgent.trim()) throw new Error("Nominatim needs an identifying User-Agent");
  const throttle = createThrottle(options.intervalMs ?? 1000);
  return {
    name: "nominatim",
    async geocode(address) {
      const url = new URL(`${options.baseUrl.replace(/\/+$/, "")}/search`);
      const params: Record<string, string> = {
        format: "jsonv2",
        limit: "1",
        countrycodes: "us",
        street: address.line1.trim(),
        city: address.city.trim(),
        state: address.state.trim(),
        postalcode: address.postalCode.trim(),
      };
      if (options.email) params.email = options.email;
      for (const [k, v] of Object.entries(params)) if (v) url.searchParams.set(k, v);
      const body = await throttle(() =>
        getJson(
          url,
          {
            headers: { "User-Agent": options.userAgent, Accept: "application/json", "Accept-Language": "en" },
          },
          options,
        ),
      );
      if (!Array.isArray(body)) throw new GeocoderError("Nominatim answered something other than a list");
      const first = body[0] as { lat?: unknown; lon?: unknown } | undefined;
      if (!first) return null;
      return valid({ lat: Number(first.lat), lng: Number(first.lon) });
    },
  };
}

/** Google's Geocoding API (`baseUrl` is for tests), restricted to the United States. */
export function createGoogleGeocoder(options: { apiKey: string; baseUrl?: string } & HttpOptions): Geocoder {
  const base = options.baseUrl ?? "https://maps.googleapis.com/maps/api/geocode/json";
  return {
    name: "google",
    async geocode(address) {
      const url = new URL(base);
      url.searchParams.set("address", addressLine(address));
      url.searchParams.set("components", "country:US");
      url.searchParams.set("key", options.apiKey);
      const body = (await getJson(url, { headers: { Accept: "application/json" } }, options)) as {
        status?: string;
        error_message?: string;
        results?: { geometry?: { location?: { lat?: unknown; lng?: unknown } } }[];
      };
      if (body.status === "ZERO_RESULTS") return null;
      if (body.status !== "OK")
        throw new GeocoderError(
          `Google answered ${body.status ?? "nothing"}${body.error_message ? `: ${body.error_message}` : ""}`,
        );
      const at = body.results?.[0]?.geometry?.location;
      return at ? valid({ lat: Number(at.lat), lng: Number(at.lng) }) : null;
    },
  };
}

/**
 * The geocoder GEOCODER selects. A network driver falls back to the offline one when it has no
 * answer or fails (the failure is logged), so a venue gets at least its ZIP code's centre.
 */
export function createGeocoder(
  config: Pick<Config, "geocoder">,
  options: { logger?: Pick<Logger, "warn"> } & HttpOptions = {},
): Geocoder {
  const offline = createOfflineGeocoder();
  const settings = config.geocoder;
  const onError = (err: unknown) =>
    options.logger?.warn("geocoder failed; used the offline answer", {
      driver: settings.driver,
      error: String(err),
    });
  switch (settings.driver) {
    case "offline":
      return offline;
    case "nominatim":
      return withFallback(
        createNominatimGeocoder({
          baseUrl: settings.url,
          userAgent: settings.userAgent,
          email: settings.email,
          ...options,
        }),
        offline,
        onError,
      );
    case "google":
      return withFallback(createGoogleGeocoder({ apiKey: settings.apiKey, ...options }), offline, onError);
  }
}
