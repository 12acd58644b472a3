// `npm run geocode` and its service (issue 10, point 4): every venue lacking valid coordinates
// (spec section 5) is placed from its address by the server's geocoder; the rest are reported.
import { execFile } from "node:child_process";
import fs from "node:fs/promises";
import { promisify } from "node:util";
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, inject, it } from "vitest";
import { venues } from "../../database/schema";
import { openDatabase, queryRows } from "../../app/infra/db.server";
import { createOfflineGeocoder, type Geocoder } from "../../app/infra/geocoder.server";
import { isValidCoordinate } from "../../app/lib/coordinates";
import {
  countVenuesLackingCoordinates,
  geocodeMissingVenues,
  lacksValidCoordinates,
} from "../../app/services/geocoding.server";
import { createVenue } from "../setup/factories";
import { migratedDataDir } from "../setup/server-process";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
const offline = createOfflineGeocoder();
const BOULDER = { lat: 40.0172, lng: -105.2851 }; // ZIP 80302's centre, offline
const quiet = { warn: () => {}, info: () => {}, error: () => {}, debug: () => {} };

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t?.close());

const coordinatesOf = async (id: string) => {
  const [v] = await t.db
    .select({ lat: venues.latitude, lng: venues.longitude, updatedAt: venues.updatedAt })
    .from(venues)
    .where(eq(venues.id, id));
  return v!;
};

describe("the validity rule in SQL", () => {
  it("agrees with isValidCoordinate on every edge case", async () => {
    const cases: [number | null, number | null][] = [
      [39.5, -105.2],
      [0, 0],
      [null, -105],
      [39.5, null],
      [null, null],
      [90, 180],
      [-90, -180],
      [90.0001, 0],
      [0, -180.0001],
      [0, -105],
      [39, 0],
      [Number.NaN, -105],
      [39, Number.POSITIVE_INFINITY],
      [Number.NEGATIVE_INFINITY, 0],
    ];
    const ids: string[] = [];
    for (const [lat, lng] of cases) {
      const v = await createVenue(t.db, { name: `Edge ${lat},${lng}`, latitude: lat, longitude: lng });
      ids.push(v.id);
    }
    const lacking = new Set(
      (
        await t.db
          .select({ id: venues.id })
          .from(venues)
          .where(sql`${inArray(venues.id, ids)} and ${lacksValidCoordinates}`)
      ).map((r) => r.id),
    );
    cases.forEach(([lat, lng], i) =>
      expect(lacking.has(ids[i]!), `${lat}, ${lng}`).toBe(!isValidCoordinate(lat, lng)),
    );
    await t.db.delete(venues).where(inArray(venues.id, ids));
  });
});

describe("geocodeMissingVenues", () => {
  // It walks the whole table: each test starts from an empty one, whatever ran before it.
  beforeEach(() => t.db.delete(venues));

  it("places every venue lacking coordinates from its address and reports the others", async () => {
    const placed = await createVenue(t.db, { name: "Placed", latitude: 39.1, longitude: -106.1 });
    const zero = await createVenue(t.db, { name: "Zero", latitude: 0, longitude: 0 });
    const none = await createVenue(t.db, {
      name: "Location Only",
      latitude: null,
      longitude: null,
      location: "100 Bridge St, Vail, Colorado 81657",
      addressLine1: null,
      city: null,
      postalCode: null,
    });
    const outOfRange = await createVenue(t.db, { name: "Out Of Range", latitude: 95, longitude: -105 });
    const pending = await createVenue(t.db, {
      name: "Pending",
      isApproved: false,
      latitude: 0,
      longitude: 0,
    });
    const noAddress = await createVenue(t.db, {
      name: "No Address",
      latitude: 0,
      longitude: 0,
      location: "Somewhere nice",
      addressLine1: null,
      city: null,
      postalCode: null,
    });
    const unknown = await createVenue(t.db, {
      name: "Atlantis",
      latitude: 0,
      longitude: 0,
      city: "Atlantis",
      postalCode: "00000",
    });
    expect(await countVenuesLackingCoordinates(t.db)).toEqual({ total: 7, missing: 6 });
    const placedBefore = await coordinatesOf(placed.id);

    const progress: number[] = [];
    const result = await geocodeMissingVenues(
      { db: t.db, geocoder: offline, logger: quiet },
      { batchSize: 2, onBatch: (p) => progress.push(p.fixed + p.failed) },
    );
    expect(result.fixed).toBe(4);
    expect(result.failed).toBe(2);
    expect(result.failures).toEqual(
      expect.arrayContaining([
        { id: noAddress.id, name: "No Address", reason: "no address" },
        { id: unknown.id, name: "Atlantis", reason: "address not found" },
      ]),
    );
    expect(progress.at(-1)).toBe(6);
    for (const v of [zero, outOfRange, pending]) expect(await coordinatesOf(v.id)).toMatchObject(BOULDER);
    const vail = await coordinatesOf(none.id);
    expect(vail.lat).toBeCloseTo(39.64, 1);
    expect(vail.lng).toBeCloseTo(-106.37, 1);
    expect(await coordinatesOf(placed.id)).toEqual(placedBefore);
    expect(await coordinatesOf(noAddress.id)).toMatchObject({ lat: 0, lng: 0 });
    expect(await countVenuesLackingCoordinates(t.db)).toEqual({ total: 7, missing: 2 });

    // A second run has nothing left to fix and reports the same two.
    const again = await geocodeMissingVenues({ db: t.db, geocoder: offline, logger: quiet });
    expect(again).toMatchObject({ fixed: 0, failed: 2 });
  });

  it("counts a geocoder failure as failed, and never overwrites a venue placed meanwhile", async () => {
    const broken = await createVenue(t.db, { name: "Broken", latitude: 0, longitude: 0 });
    const raced = await createVenue(t.db, { name: "Raced", latitude: 0, longitude: 0, postalCode: "80202" });
    const geocoder: Geocoder = {
      name: "test",
      async geocode(address) {
        if (address.postalCode === "80302") throw new Error("service down");
        // An admin places this venue while the run is asking the geocoder about it.
        await t.db.update(venues).set({ latitude: 39.9, longitude: -105.9 }).where(eq(venues.id, raced.id));
        return offline.geocode(address);
      },
    };
    const warnings: unknown[] = [];
    const result = await geocodeMissingVenues({
      db: t.db,
      geocoder,
      logger: { ...quiet, warn: (msg: string) => warnings.push(msg) },
    });
    expect(result).toEqual({
      fixed: 0,
      failed: 1,
      failures: [{ id: broken.id, name: "Broken", reason: "geocoder failed" }],
    });
    expect(warnings).toEqual(["geocoding a venue failed"]);
    expect(await coordinatesOf(raced.id)).toMatchObject({ lat: 39.9, lng: -105.9 });
  });
});

describe("npm run geocode", () => {
  // The script opens the database itself: an embedded one in its own folder, on either engine run.
  it.skipIf(inject("postgresUrl") !== "")(
    "prints how many venues it fixed and how many failed",
    async () => {
      const dataDir = await migratedDataDir("vv-geocode-", async (db) => {
        await createVenue(db, { name: "Fix Me", latitude: 0, longitude: 0 });
        await createVenue(db, {
          name: "Lost",
          latitude: null,
          longitude: null,
          city: "Atlantis",
          postalCode: "00000",
        });
        await createVenue(db, { name: "Fine", latitude: 39.7, longitude: -105 });
      });
      try {
        const { stdout } = await promisify(execFile)("node_modules/.bin/tsx", ["scripts/geocode.ts"], {
          env: {
            ...process.env,
            DATA_DIR: dataDir,
            DATABASE_URL: "",
            GEOCODER: "offline",
            LOG_LEVEL: "error",
          },
        });
        expect(stdout).toContain("2 of 3 venues lack valid coordinates (geocoder: offline)");
        expect(stdout).toMatch(/failed: Lost \([0-9a-f-]{36}\): address not found/);
        expect(stdout).toMatch(/Fixed 1 venues, 1 failed/);
        const reopened = openDatabase({ dataDir });
        const rows = await queryRows<{ name: string; latitude: number }>(
          reopened.db,
          sql`select name, latitude from venues order by name`,
        );
        await reopened.close();
        expect(rows.map((r) => [r.name, r.latitude])).toEqual([
          ["Fine", 39.7],
          ["Fix Me", BOULDER.lat],
          ["Lost", null],
        ]);
      } finally {
        await fs.rm(dataDir, { recursive: true, force: true });
      }
    },
    120_000,
  );
});
