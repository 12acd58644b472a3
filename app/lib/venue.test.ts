import { describe, expect, it } from "vitest";
import {
  capacityLabel,
  priceRangeText,
  formatReviewDate,
  logoFallback,
  normalizeAmenities,
  priceDisplay,
  venueMetaDescription,
  venueTags,
  websiteUrl,
} from "./venue";
import { countLabel, formatNumber } from "./format";

const none = { priceLow: null, priceHigh: null, priceRange: null, price: null };

describe("numbers, formatted alike everywhere (issue 22)", () => {
  it("writes thousands with commas, counts with their noun, and ranges with dollars", () => {
    expect(formatNumber(5000)).toBe("5,000");
    expect(formatNumber(12)).toBe("12");
    expect(formatNumber(1234567)).toBe("1,234,567");
    expect(countLabel(1, "venue", "venues")).toBe("1 venue");
    expect(countLabel(0, "venue", "venues")).toBe("0 venues");
    expect(countLabel(5000, "venue", "venues")).toBe("5,000 venues");
    expect(priceRangeText(8000, 15000)).toBe("$8,000 - $15,000");
    expect(capacityLabel(1500)).toBe("Up to 1,500 guests");
  });
});

describe("priceDisplay (spec section 9)", () => {
  it("prefers a low-high range, then the range text, then the single price", () => {
    expect(priceDisplay({ ...none, priceLow: 2000, priceHigh: 5000, priceRange: "ignored", price: 9 })).toBe(
      "$2,000 - $5,000",
    );
    expect(priceDisplay({ ...none, priceRange: "$3k-$6k", price: 9 })).toBe("$3k-$6k");
    expect(priceDisplay({ ...none, price: 4500 })).toBe("$4,500");
    expect(priceDisplay(none)).toBe("Contact for pricing");
  });
});

describe("venue helpers", () => {
  it("reads plain strings as included amenities and drops junk", () => {
    expect(normalizeAmenities(["WiFi", { name: "Parking", included: false }, 3, { x: 1 }, " "])).toEqual([
      { name: "WiFi", included: true },
      { name: "Parking", included: false },
    ]);
  });

  it("takes at most 4 tags from included amenities", () => {
    const a = ["A", "B", "C", "D", "E"].map((name) => ({ name, included: name !== "B" }));
    expect(venueTags(a)).toEqual(["A", "C", "D", "E"]);
  });

  it.each([
    ["The Copperworks Room", "TH"],
    ["Élan Lodge", "ÉL"],
    ['"1880" Hall', "18"],
    ["A", "A"],
    ["  ", "?"],
  ])("stands in for a missing logo of %j with the name's first two letters: %j (spec)", (name, letters) => {
    expect(logoFallback(name)).toBe(letters);
  });

  it("adds https:// to a website without a scheme", () => {
    expect(websiteUrl("www.x.example")).toBe("https://www.x.example");
    expect(websiteUrl("http://x.example")).toBe("http://x.example");
  });

  it("cuts long descriptions at a word's end within 157 characters, plus '...' (160, issue 41)", () => {
    const words = "Rolling meadows, a timber barn and the peaks beyond: ".repeat(5);
    const cut = venueMetaDescription({ description: words, name: "N", location: "L", capacity: 1 });
    // Three phrases but their last word fit in 157 characters.
    expect(cut).toBe(`${words.slice(0, 3 * 53 - 9)}...`);
    expect(cut.endsWith("the peaks...")).toBe(true);
    // Exactly at a word's end: that word is kept whole.
    const exact = `${"a".repeat(149)} abcdefg next`;
    expect(venueMetaDescription({ description: exact, name: "N", location: "L", capacity: 1 })).toBe(
      `${"a".repeat(149)} abcdefg...`,
    );
  });

  it("cuts long descriptions to 157 characters plus '...' and composes short ones", () => {
    const long = "x".repeat(200);
    expect(venueMetaDescription({ description: long, name: "N", location: "L", capacity: 1 })).toBe(
      `${"x".repeat(157)}...`,
    );
    expect(
      venueMetaDescription({ description: "Short", name: "Elk Barn", location: "Estes Park", capacity: 150 }),
    ).toBe("Elk Barn is a wedding venue in Estes Park for up to 150 guests.");
  });

  it("formats review dates as 'MMMM d, yyyy'", () => {
    expect(formatReviewDate("2026-03-07T12:00:00Z")).toBe("March 7, 2026");
  });
});
