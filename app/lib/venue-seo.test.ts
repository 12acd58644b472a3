import { describe, expect, it } from "vitest";
import type { VenueView } from "./venue";
import { venueJsonLd } from "./venue-seo";

const venue: VenueView = {
  id: "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b",
  name: "Aspen Hollow Barn",
  description: "A barn.",
  location: "12 Ridge Rd, Estes Park, Colorado 80517",
  city: "Estes Park",
  street: "12 Ridge Rd",
  postalCode: "80517",
  region: "Front Range North",
  price: null,
  priceLow: 2000,
  priceHigh: 5000,
  priceRange: null,
  capacity: 180,
  amenities: [
    { name: "WiFi", included: true },
    { name: "Parking", included: false },
  ],
  tags: ["WiFi"],
  images: ["/uploads/seed/a-1600.webp", "blob:x"],
  phone: "(970) 555-0142",
  email: null,
  hasWebsite: false,
  logoUrl: null,
  status: "approved",
  latitude: 40.37,
  longitude: -105.51,
  facts: {},
  confirmed: null,
  rating: 4.6,
  reviewCount: 12,
};

describe("venueJsonLd", () => {
  it("describes the venue as a schema.org EventVenue with the fields search engines use", () => {
    const ld = JSON.parse(
      JSON.stringify(venueJsonLd({ siteName: "V", siteUrl: "https://v.example" }, venue, "A barn.")),
    );
    expect(ld).toMatchObject({
      "@type": "EventVenue",
      name: "Aspen Hollow Barn",
      url: `https://v.example/venue/aspen-hollow-barn-${venue.id}`,
      image: ["https://v.example/uploads/seed/a-1600.webp"],
      address: {
        streetAddress: "12 Ridge Rd",
        addressLocality: "Estes Park",
        postalCode: "80517",
        addressRegion: "CO",
      },
      geo: { latitude: 40.37, longitude: -105.51 },
      telephone: "(970) 555-0142",
      priceRange: "$2,000 - $5,000",
      maximumAttendeeCapacity: 180,
      aggregateRating: { ratingValue: 4.6, reviewCount: 12 },
    });
    expect(ld.amenityFeature).toEqual([
      { "@type": "LocationFeatureSpecification", name: "WiFi", value: true },
      { "@type": "LocationFeatureSpecification", name: "Parking", value: false },
    ]);
  });

  it("leaves out rating, geo and price when there are none", () => {
    const ld = venueJsonLd(
      { siteName: "V", siteUrl: "" },
      { ...venue, reviewCount: 0, latitude: 0, longitude: 0, priceLow: null, priceHigh: null },
      "x",
    );
    expect(ld).not.toHaveProperty("aggregateRating");
    expect(ld).not.toHaveProperty("geo");
    expect(ld).not.toHaveProperty("priceRange");
  });
});
