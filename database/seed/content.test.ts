import { describe, expect, it } from "vitest";
import { AMENITY_NAMES, MAX_PRICE, REGIONS, VENUE_TYPES } from "~/lib/catalog";
import { artPoolSizes, demoDirectory, generateVenue, venueTypes } from "./content";

const UUID_V4 = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("demo directory", () => {
  const { reviewers, venues } = demoDirectory();
  const approved = venues.filter((v) => v.isApproved);

  it("is the same on every run", () => {
    expect(demoDirectory()).toEqual({ reviewers, venues });
  });

  it("spreads at least 150 approved venues over every region, type and 40 towns", () => {
    expect(approved.length).toBeGreaterThanOrEqual(150);
    expect(new Set(approved.map((v) => v.region))).toEqual(new Set(REGIONS));
    expect(new Set(approved.map((v) => v.type))).toEqual(new Set(VENUE_TYPES.map((t) => t.key)));
    expect(new Set(approved.map((v) => v.city)).size).toBeGreaterThanOrEqual(40);
    expect(new Set(venues.map((v) => v.name)).size).toBe(venues.length);
  });

  it("has pending submissions, and features about one approved venue in ten, across the types", () => {
    const pending = venues.filter((v) => !v.isApproved);
    expect(pending.length).toBeGreaterThanOrEqual(5);
    expect(pending.every((v) => v.submittedBy && v.approvedAt === null && !v.isFeatured)).toBe(true);
    expect(approved.every((v) => v.approvedAt && v.approvedAt > v.createdAt)).toBe(true);
    const featured = venues.filter((v) => v.isFeatured);
    expect(featured.length / approved.length).toBeCloseTo(0.1, 1);
    expect(new Set(featured.map((v) => v.type)).size).toBeGreaterThanOrEqual(8);
    for (const type of VENUE_TYPES)
      expect(featured.filter((v) => v.type === type.key).length).toBeLessThanOrEqual(2);
  });

  it("gives every venue of a type its own cover, from pools that hold every picture used", () => {
    const pools = artPoolSizes(venues);
    for (const type of VENUE_TYPES) {
      const covers = venues.filter((v) => v.type === type.key).map((v) => v.images[0]!.variant);
      expect(new Set(covers).size, type.key).toBe(covers.length);
    }
    for (const v of venues) {
      expect(v.images[0]!.type).toBe(v.type);
      for (const pick of v.images) expect(pick.variant).toBeLessThan(pools.get(pick.type)!);
      expect(new Set(v.images.map((p) => `${p.type}-${p.variant}`)).size).toBe(v.images.length);
    }
  });

  it("writes fields the way the spec stores them", () => {
    for (const v of venues) {
      expect(v.id).toMatch(UUID_V4);
      expect(v.location).toBe(
        [v.addressLine1, v.addressLine2, v.city, `Colorado ${v.postalCode}`].filter(Boolean).join(", "),
      );
      expect(v.phone).toMatch(/^\((303|720|719|970)\) 555-01\d\d$/);
      expect(v.email).toMatch(/^events@[a-z0-9-]+\.example$/);
      expect(v.capacity).toBeGreaterThanOrEqual(40);
      expect(v.capacity).toBeLessThanOrEqual(450);
      expect(v.amenities.length).toBeGreaterThanOrEqual(6);
      expect(v.amenities.every((a) => (AMENITY_NAMES as readonly string[]).includes(a.name))).toBe(true);
      expect(v.images.length).toBeGreaterThanOrEqual(3);
      expect(v.images.length).toBeLessThanOrEqual(8);
      expect(Math.max(v.pricePerEvent ?? 0, v.priceHigh ?? 0)).toBeLessThanOrEqual(MAX_PRICE);
      if (v.priceLow !== null)
        expect(v.priceRange).toBe(
          `$${v.priceLow.toLocaleString("en-US")} - $${v.priceHigh!.toLocaleString("en-US")}`,
        );
    }
  });

  it("mixes the four shapes of price", () => {
    const single = venues.filter((v) => v.pricePerEvent !== null).length / venues.length;
    const range = venues.filter((v) => v.priceLow !== null).length / venues.length;
    const none = venues.filter((v) => v.pricePerEvent === null && v.priceRange === null).length;
    expect(single).toBeGreaterThan(0.35);
    expect(range).toBeGreaterThan(0.3);
    expect(none).toBeGreaterThan(0);
  });

  it("gives each venue distinct reviewers, 1-5 stars, and FAQs in steps of ten", () => {
    const ids = new Set(reviewers.map((r) => r.id));
    for (const v of venues) {
      expect(new Set(v.reviews.map((r) => r.userId)).size).toBe(v.reviews.length);
      expect(v.reviews.every((r) => ids.has(r.userId) && r.rating >= 1 && r.rating <= 5)).toBe(true);
      expect(v.faqs.map((f) => f.displayOrder)).toEqual(v.faqs.map((_, i) => (i + 1) * 10));
    }
    expect(venues.reduce((n, v) => n + v.reviews.length, 0)).toBeGreaterThan(300);
  });
});

describe("generators", () => {
  it("describes all 12 venue types", () => {
    expect(venueTypes().map((t) => t.name)).toEqual(VENUE_TYPES.map((t) => t.name));
    expect(venueTypes().every((t) => t.description.length > 40)).toBe(true);
  });

  it("generates a venue from its seed alone", () => {
    expect(generateVenue("scale:42")).toEqual(generateVenue("scale:42"));
    expect(generateVenue("scale:42").id).not.toBe(generateVenue("scale:43").id);
  });
});
