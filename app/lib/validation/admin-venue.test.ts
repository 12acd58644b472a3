import { describe, expect, it } from "vitest";
import { validate } from "./form";
import { adminVenueSchema, adminVenueValues, coordinatesProblem, INVALID_COORDINATES } from "./admin-venue";
import { PHONE_MESSAGE } from "./venue-submission";

const base = {
  name: "Red Barn",
  addressLine1: "1 Main St",
  city: "Boulder",
  postalCode: "80302",
  region: "Front Range North",
  category: "0b0b0b0b-0b0b-4b0b-8b0b-0b0b0b0b0b0b",
};

describe("adminVenueSchema", () => {
  it("takes the submission's fields plus phone, email and coordinates", () => {
    const r = validate(adminVenueSchema, {
      ...base,
      phone: " (303) 555-0100 ",
      email: "events@barn.example",
      latitude: "40.015",
      longitude: "-105.27",
      keepImages: ["/uploads/venues/x/a-1600.webp"],
    });
    expect(r.ok && r.data).toMatchObject({
      phone: "(303) 555-0100",
      email: "events@barn.example",
      latitude: "40.015",
      keepImages: ["/uploads/venues/x/a-1600.webp"],
    });
  });

  it("checks the phone with the submission's rule", () => {
    const r = validate(adminVenueSchema, { ...base, phone: "call us maybe!!" });
    expect(!r.ok && r.errors.phone).toBe(PHONE_MESSAGE);
  });

  it("refuses half a coordinate pair, words, 0/0 and places off the globe with the spec's message", () => {
    for (const [lat, lng] of [
      ["40", ""],
      ["north", "-105"],
      ["0", "0"],
      ["91", "10"],
      ["40", "-181"],
      ["1e3", "5"],
    ])
      expect(coordinatesProblem(lat!, lng!), `${lat},${lng}`).toBe(INVALID_COORDINATES);
    expect(coordinatesProblem("", "")).toBeNull();
    const r = validate(adminVenueSchema, { ...base, latitude: "abc", longitude: "1" });
    expect(!r.ok && r.errors.latitude).toBe(INVALID_COORDINATES);
  });

  it("keeps the submission's required fields and message", () => {
    const r = validate(adminVenueSchema, { ...base, city: " " });
    expect(!r.ok && r.errors.city).toBe("Please fill in all required fields");
  });

  it("reads repeated amenities and kept images as lists", () => {
    const form = new FormData();
    form.append("amenities", "WiFi");
    form.append("amenities", "Parking");
    form.append("keepImages", "/a");
    form.append("name", "A");
    form.append("name", "B");
    expect(adminVenueValues(form)).toEqual({ amenities: ["WiFi", "Parking"], keepImages: ["/a"], name: "A" });
  });
});
