import { describe, expect, it } from "vitest";
import { validate } from "./form";
import {
  EMAIL_MESSAGE,
  isPhoneNumber,
  PHONE_MESSAGE,
  REQUIRED_FIELDS,
  REQUIRED_MESSAGE,
  submissionValues,
  venueSubmissionSchema,
} from "./venue-submission";

const CATEGORY = "7b0c1a53-5f0e-4a8a-9a55-3d2f0c6f9e11";
const complete = {
  name: "Aspen Meadow Barn",
  description: "A barn in a meadow.",
  addressLine1: "12 Ridge Rd",
  addressLine2: "",
  city: "Boulder",
  state: "Colorado",
  postalCode: "80302",
  region: "Front Range North",
  category: CATEGORY,
  priceType: "single",
  price: "4500",
  priceRange: "",
  capacity: "150",
  website: "www.aspenmeadow.example",
};
const errorsOf = (values: Record<string, unknown>) => {
  const r = validate(venueSubmissionSchema, values);
  return r.ok ? null : r.errors;
};

describe("venue submission form (spec section 5)", () => {
  it("accepts a complete submission and types its values", () => {
    const r = validate(venueSubmissionSchema, { ...complete, amenities: ["WiFi", "Parking"] });
    expect(r.ok && r.data).toMatchObject({
      name: "Aspen Meadow Barn",
      priceType: "single",
      price: 4500,
      priceRange: null,
      capacity: 150,
      amenities: ["WiFi", "Parking"],
      website: "www.aspenmeadow.example",
    });
  });

  it("each required field alone, missing, gives the spec's message on that field", () => {
    for (const field of REQUIRED_FIELDS)
      expect(errorsOf({ ...complete, [field]: "  " }), field).toEqual({ [field]: REQUIRED_MESSAGE });
  });

  it("checks the region, venue type, ZIP code, price, capacity and website", () => {
    expect(errorsOf({ ...complete, region: "Narnia" })).toEqual({
      region: "Please choose a region from the list",
    });
    expect(errorsOf({ ...complete, category: "barn" })).toEqual({
      category: "Please choose a venue type from the list",
    });
    expect(errorsOf({ ...complete, postalCode: "10001" })?.postalCode).toMatch(/Colorado ZIP/);
    expect(errorsOf({ ...complete, price: "cheap" })?.price).toMatch(/whole dollars/);
    expect(errorsOf({ ...complete, capacity: "-3" })?.capacity).toBeTruthy();
    for (const website of ["javascript:alert(1)", "not a site", "http://", "data:text/html,x"])
      expect(errorsOf({ ...complete, website })?.website, website).toBeTruthy();
    expect(errorsOf({ ...complete, website: "https://venue.example/weddings?x=1" })).toBeNull();
  });

  it("takes an optional phone number and email address, refusing what is neither (issue 22)", () => {
    for (const phone of ["(303) 555-0100", "303.555.0100", "+1 970 555 0123", "303-555-0100 x12", "5550100"])
      expect(isPhoneNumber(phone), phone).toBe(true);
    for (const phone of [
      "call us maybe!!",
      "555-01",
      "(303) 555-0100!!",
      "+1 2345 6789 0123 4567",
      "ext. 12",
    ])
      expect(isPhoneNumber(phone), phone).toBe(false);
    expect(errorsOf({ ...complete, phone: "call us maybe!!", email: "events@" })).toEqual({
      phone: PHONE_MESSAGE,
      email: EMAIL_MESSAGE,
    });
    const r = validate(venueSubmissionSchema, {
      ...complete,
      phone: " (303) 555-0100 ",
      email: "a@b.example",
    });
    expect(r.ok && [r.data.phone, r.data.email]).toEqual(["(303) 555-0100", "a@b.example"]);
    const none = validate(venueSubmissionSchema, { ...complete, phone: "  " });
    expect(none.ok && [none.data.phone, none.data.email]).toEqual([null, null]);
  });

  it("refuses control characters and overlong values", () => {
    expect(errorsOf({ ...complete, name: "Barn\u0000" })?.name).toBe(
      "Please remove the unsupported characters",
    );
    expect(errorsOf({ ...complete, description: "x".repeat(5001) })?.description).toBeTruthy();
    expect(errorsOf({ ...complete, amenities: Array.from({ length: 101 }, (_, i) => `a${i}`) })).toEqual({
      amenities: "Too many amenities",
    });
  });

  it("reads every checked amenity from the form, the first of any other repeated key", () => {
    const form = new FormData();
    form.append("name", "One");
    form.append("name", "Two");
    form.append("amenities", "WiFi");
    form.append("amenities", "Parking");
    form.append("images", new Blob(["x"]), "a.jpg");
    expect(submissionValues(form)).toEqual({ name: "One", amenities: ["WiFi", "Parking"] });
  });
});
