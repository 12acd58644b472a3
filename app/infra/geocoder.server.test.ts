import { describe, expect, it } from "vitest";
import { createGeocoder, createOfflineGeocoder, withFallback, type Geocoder } from "./geocoder.server";

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
    expect(createGeocoder({ geocoder: "offline" }).name).toBe("offline");
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
