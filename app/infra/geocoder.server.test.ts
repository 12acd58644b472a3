import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { loadConfig } from "./config.server";
import {
  addressLine,
  createGeocoder,
  createGoogleGeocoder,
  createNominatimGeocoder,
  createOfflineGeocoder,
  createThrottle,
  withFallback,
  type Geocoder,
} from "./geocoder.server";

const geocoder = createOfflineGeocoder();
const address = { line1: "1 Main St", city: "Boulder", postalCode: "80302", state: "Colorado" };

describe("offline geocoder", () => {
  it("answers a Colorado ZIP code's centroid", async () => {
    expect(await geocoder.geocode(address)).toEqual({ lat: 40.0172, lng: -105.2851 });
    expect(await geocoder.geocode({ ...address, postalCode: "80302-1234" })).toEqual({
      lat: 40.0172,
      lng: -105.2851,
    });
  });

  it("falls back to the town's centroid when the ZIP is unknown or not in Colorado", async () => {
    const town = await geocoder.geocode({ ...address, postalCode: "80000", city: "boulder" });
    expect(town!.lat).toBeCloseTo(40.03, 1);
    expect(town!.lng).toBeCloseTo(-105.25, 1);
    const notColorado = await geocoder.geocode({ ...address, postalCode: "10001" });
    expect(notColorado).toEqual(town);
  });

  it("answers null outside Colorado or for an unknown place", async () => {
    expect(await geocoder.geocode({ ...address, state: "New York" })).toBeNull();
    expect(await geocoder.geocode({ ...address, postalCode: "00000", city: "Atlantis" })).toBeNull();
  });

  it("is what GEOCODER=offline selects", () => {
    expect(createGeocoder({ geocoder: { driver: "offline" } }).name).toBe("offline");
  });

  it("withFallback asks the second driver when the first fails or has no answer", async () => {
    const failing: Geocoder = { name: "net", geocode: () => Promise.reject(new Error("down")) };
    const errors: unknown[] = [];
    const chained = withFallback(failing, geocoder, (e) => errors.push(e));
    expect(await chained.geocode(address)).toEqual({ lat: 40.0172, lng: -105.2851 });
    expect(errors).toHaveLength(1);
    const nowhere: Geocoder = { name: "net", geocode: async () => ({ lat: 0, lng: 0 }) };
    expect(await withFallback(nowhere, geocoder).geocode(address)).toEqual({ lat: 40.0172, lng: -105.2851 });
  });
});

// The network drivers against a fake service on 127.0.0.1: never the real network.
type Seen = { path: string; query: URLSearchParams; headers: http.IncomingHttpHeaders; at: number };
let seen: Seen[] = [];
let reply: (s: Seen) => { status?: number; body: unknown } = () => ({ body: [] });
let server: http.Server;
let origin: string;

beforeAll(async () => {
  server = http.createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://fake");
    const s: Seen = {
      path: url.pathname,
      query: url.searchParams,
      headers: req.headers,
      at: performance.now(),
    };
    seen.push(s);
    const r = reply(s);
    res.writeHead(r.status ?? 200, { "Content-Type": "application/json" });
    res.end(JSON.stringify(r.body));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  seen = [];
  reply = () => ({ body: [] });
});

const nominatim = (intervalMs = 0) =>
  createNominatimGeocoder({
    baseUrl: `${origin}/`,
    userAgent: "VowsAndVistas-test (+https://example.test)",
    email: "ops@example.test",
    intervalMs,
  });

describe("Nominatim driver", () => {
  it("sends a structured US search with the identifying User-Agent and reads the first place", async () => {
    reply = () => ({ body: [{ lat: "39.7392358", lon: "-104.990251", display_name: "Denver" }] });
    expect(await nominatim().geocode({ ...address, city: "Denver", postalCode: "80202" })).toEqual({
      lat: 39.739236,
      lng: -104.990251,
    });
    expect(seen).toHaveLength(1);
    const [req] = seen;
    expect(req!.path).toBe("/search");
    expect(Object.fromEntries(req!.query)).toEqual({
      format: "jsonv2",
      limit: "1",
      countrycodes: "us",
      street: "1 Main St",
      city: "Denver",
      state: "Colorado",
      postalcode: "80202",
      email: "ops@example.test",
    });
    expect(req!.headers["user-agent"]).toBe("VowsAndVistas-test (+https://example.test)");
  });

  it("answers null for no place or an invalid one, and throws when the service fails", async () => {
    expect(await nominatim().geocode(address)).toBeNull();
    reply = () => ({ body: [{ lat: "0", lon: "0" }] });
    expect(await nominatim().geocode(address)).toBeNull();
    reply = () => ({ status: 503, body: { error: "busy" } });
    await expect(nominatim().geocode(address)).rejects.toThrow(/HTTP 503/);
    reply = () => ({ body: { error: "Bad request" } });
    await expect(nominatim().geocode(address)).rejects.toThrow(/other than a list/);
  });

  it("asks at most once per interval, even when called at once", async () => {
    // On a fake clock: what is checked is the spacing the throttle makes, not how busy the
    // machine is (on a real one, a pause between the throttle's start and the request moved it).
    vi.useFakeTimers({ toFake: ["setTimeout", "performance"] });
    try {
      const started: number[] = [];
      const g = createNominatimGeocoder({
        baseUrl: origin,
        userAgent: "VowsAndVistas-test",
        intervalMs: 150,
        fetch: async () => {
          started.push(performance.now());
          return Response.json([{ lat: "40", lon: "-105" }]);
        },
      });
      const all = Promise.all([g.geocode(address), g.geocode(address), g.geocode(address)]);
      await vi.advanceTimersByTimeAsync(300);
      expect(await all).toEqual([
        { lat: 40, lng: -105 },
        { lat: 40, lng: -105 },
        { lat: 40, lng: -105 },
      ]);
      expect(started.map((t) => t - started[0]!)).toEqual([0, 150, 300]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("refuses to start without a User-Agent", () => {
    expect(() => createNominatimGeocoder({ baseUrl: origin, userAgent: " " })).toThrow(/User-Agent/);
  });
});

describe("Google driver", () => {
  const google = () =>
    createGoogleGeocoder({ apiKey: "test-key", baseUrl: `${origin}/maps/api/geocode/json` });

  it("sends the address line, the key and the country, and reads the first result", async () => {
    reply = () => ({
      body: { status: "OK", results: [{ geometry: { location: { lat: 40.0149856, lng: -105.2705456 } } }] },
    });
    expect(await google().geocode(address)).toEqual({ lat: 40.014986, lng: -105.270546 });
    expect(seen[0]!.path).toBe("/maps/api/geocode/json");
    expect(Object.fromEntries(seen[0]!.query)).toEqual({
      address: "1 Main St, Boulder, Colorado 80302, USA",
      components: "country:US",
      key: "test-key",
    });
  });

  it("answers null for ZERO_RESULTS and throws for a refusal or an HTTP error", async () => {
    reply = () => ({ body: { status: "ZERO_RESULTS", results: [] } });
    expect(await google().geocode(address)).toBeNull();
    reply = () => ({ body: { status: "OVER_QUERY_LIMIT", error_message: "slow down" } });
    await expect(google().geocode(address)).rejects.toThrow("Google answered OVER_QUERY_LIMIT: slow down");
    reply = () => ({ status: 500, body: {} });
    await expect(google().geocode(address)).rejects.toThrow(/HTTP 500/);
  });
});

describe("createGeocoder with a network driver", () => {
  it("uses Nominatim at NOMINATIM_URL, and the offline answer (logged) when it fails", async () => {
    const config = loadConfig({
      GEOCODER: "nominatim",
      NOMINATIM_URL: origin,
      SITE_URL: "https://vv.example",
    });
    expect(config.geocoder).toEqual({
      driver: "nominatim",
      url: origin,
      userAgent: "Vows & Vistas (+https://vv.example)",
      email: undefined,
    });
    const warnings: unknown[] = [];
    const g = createGeocoder(config, { logger: { warn: (msg, data) => warnings.push({ msg, data }) } });
    reply = () => ({ body: [{ lat: "39.1", lon: "-106.1" }] });
    expect(await g.geocode(address)).toEqual({ lat: 39.1, lng: -106.1 });
    expect(seen[0]!.headers["user-agent"]).toBe("Vows & Vistas (+https://vv.example)");
    reply = () => ({ status: 500, body: {} });
    expect(await g.geocode(address)).toEqual({ lat: 40.0172, lng: -105.2851 });
    expect(warnings).toEqual([
      {
        msg: "geocoder failed; used the offline answer",
        data: { driver: "nominatim", error: expect.stringContaining("HTTP 500") },
      },
    ]);
  });

  it("uses Google with its key, and needs the key", async () => {
    expect(() => loadConfig({ GEOCODER: "google" })).toThrow(/GOOGLE_GEOCODING_API_KEY/);
    const config = loadConfig({ GEOCODER: "google", GOOGLE_GEOCODING_API_KEY: "k" });
    const toFake: typeof fetch = (input, init) =>
      fetch(String(input).replace("https://maps.googleapis.com", origin), init);
    reply = () => ({
      body: { status: "OK", results: [{ geometry: { location: { lat: 39.5, lng: -105.5 } } }] },
    });
    expect(await createGeocoder(config, { fetch: toFake }).geocode(address)).toEqual({
      lat: 39.5,
      lng: -105.5,
    });
    expect(seen[0]!.query.get("key")).toBe("k");
  });
});

describe("createThrottle and addressLine", () => {
  it("keeps going after a failed call", async () => {
    const throttle = createThrottle(0);
    await expect(throttle(() => Promise.reject(new Error("x")))).rejects.toThrow("x");
    expect(await throttle(async () => 7)).toBe(7);
  });
  it("writes the address as one line without empty parts", () => {
    expect(addressLine({ line1: "", city: "Vail", postalCode: "", state: "Colorado" })).toBe(
      "Vail, Colorado, USA",
    );
  });
});
