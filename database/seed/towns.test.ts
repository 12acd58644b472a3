import { describe, expect, it } from "vitest";
import zipcodes from "zipcodes";
import { REGIONS } from "~/lib/catalog";
import { TOWNS } from "./towns";

function distanceKm(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const rad = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * rad) / 2) ** 2 +
    Math.cos(lat1 * rad) * Math.cos(lat2 * rad) * Math.sin(((lon2 - lon1) * rad) / 2) ** 2;
  return 6371 * 2 * Math.asin(Math.sqrt(a));
}

describe("seed towns", () => {
  it("has at least 45 distinct towns", () => {
    expect(TOWNS.length).toBeGreaterThanOrEqual(45);
    expect(new Set(TOWNS.map((t) => t.name)).size).toBe(TOWNS.length);
  });

  it("places towns in every region", () => {
    for (const region of REGIONS)
      expect(
        TOWNS.some((t) => t.region === region),
        region,
      ).toBe(true);
  });

  it.each(TOWNS.map((t) => [t.name, t] as const))(
    "%s has a real Colorado ZIP near its coordinates",
    (_, town) => {
      const place = zipcodes.lookup(town.zip);
      expect(place, town.zip).toBeDefined();
      expect(place!.state).toBe("CO");
      expect(place!.city).toBe(town.name);
      expect(distanceKm(place!.latitude, place!.longitude, town.latitude, town.longitude)).toBeLessThan(25);
    },
  );
});
