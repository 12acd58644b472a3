import { describe, expect, it } from "vitest";
import {
  estimateCost,
  estimateLabel,
  estimateSourceLabel,
  listedLowPrice,
  listedQuote,
  parseIsoDate,
  pricingModel,
  readPricingModel,
  type ListedPrices,
  type PricingModel,
} from "./estimate";

const noListed: ListedPrices = { pricePerEvent: null, priceLow: null, priceHigh: null, priceRange: null };
const model = pricingModel;
const withModel = (m: Partial<PricingModel>, listed: Partial<ListedPrices> = {}) => ({
  ...noListed,
  ...listed,
  pricingModel: model(m),
});

// 2027-06-12 is a Saturday, 2027-06-09 a Wednesday, 2027-01-15 a Friday, 2027-01-14 a Thursday.
describe("estimateCost from the pricing model", () => {
  it("adds the base rental fee and the per-guest price", () => {
    // 4,000 + 85 × 120 = 14,200
    expect(estimateCost(withModel({ baseFee: 4000, perGuest: 85 }), 120)).toEqual({
      amount: 14200,
      guests: 120,
      source: "model",
      date: null,
    });
    // Per-guest only: 95 × 80 = 7,600; fee only: 6,500 whatever the count.
    expect(estimateCost(withModel({ perGuest: 95 }), 80)?.amount).toBe(7600);
    expect(estimateCost(withModel({ baseFee: 6500 }), 300)?.amount).toBe(6500);
  });

  it("never goes under the minimum spend", () => {
    // 2,000 + 50 × 40 = 4,000 < 10,000 → 10,000; 2,000 + 50 × 200 = 12,000 > 10,000 → 12,000.
    const venue = withModel({ baseFee: 2000, perGuest: 50, minSpend: 10000 });
    expect(estimateCost(venue, 40)?.amount).toBe(10000);
    expect(estimateCost(venue, 200)?.amount).toBe(12000);
  });

  it("adds the peak surcharge in a peak month only", () => {
    // (3,000 + 100 × 100) = 13,000; June is peak at +20 % → 15,600; January (a Friday) off-peak → 13,000.
    const venue = withModel({ baseFee: 3000, perGuest: 100, peakMonths: [6, 9], peakPercent: 20 });
    expect(estimateCost(venue, 100, "2027-06-12")?.amount).toBe(15600);
    expect(estimateCost(venue, 100, "2027-01-15")?.amount).toBe(13000);
    // Without a date: the standard price.
    expect(estimateCost(venue, 100)?.amount).toBe(13000);
  });

  it("takes the weekday discount Monday to Thursday, not Friday to Sunday", () => {
    // 5,000 + 60 × 150 = 14,000; Wednesday and Thursday −25 % → 10,500; Saturday and Friday → 14,000.
    const venue = withModel({ baseFee: 5000, perGuest: 60, weekdayPercent: 25 });
    for (const day of ["2027-06-09", "2027-01-14"])
      expect(estimateCost(venue, 150, day)?.amount, day).toBe(10500);
    for (const day of ["2027-06-12", "2027-01-15"])
      expect(estimateCost(venue, 150, day)?.amount, day).toBe(14000);
  });

  it("applies season, weekday and then the minimum spend together", () => {
    // (1,000 + 40 × 50) = 3,000; peak +50 % → 4,500; weekday −10 % → 4,050; min spend 4,000 → 4,050.
    const venue = withModel({
      baseFee: 1000,
      perGuest: 40,
      minSpend: 4000,
      peakMonths: [6],
      peakPercent: 50,
      weekdayPercent: 10,
    });
    expect(estimateCost(venue, 50, "2027-06-09")?.amount).toBe(4050);
    // Off-peak weekday: 3,000 × 0.9 = 2,700 → the minimum spend, 4,000.
    expect(estimateCost(venue, 50, "2027-01-14")?.amount).toBe(4000);
  });

  it("gives a flexible month's range, cheapest day to dearest (issue 41)", () => {
    // 3,000 + 100 × 100 = 13,000; June is peak at +20 % → 15,600, weekdays −25 % → 11,700.
    const venue = withModel({
      baseFee: 3000,
      perGuest: 100,
      peakMonths: [6],
      peakPercent: 20,
      weekdayPercent: 25,
    });
    expect(estimateCost(venue, 100, null, "2027-06")).toEqual({
      amount: 11700,
      high: 15600,
      guests: 100,
      source: "model",
      date: null,
    });
    expect(estimateLabel(estimateCost(venue, 100, null, "2027-06")!)).toBe(
      "About $11,700–$15,600 for 100 guests",
    );
    // Every June day a peak day, no weekday discount: one figure, the peak one, not the standard price.
    const peak = withModel({ baseFee: 3000, perGuest: 100, peakMonths: [6], peakPercent: 20 });
    expect(estimateCost(peak, 100, null, "2027-06")).toEqual({
      amount: 15600,
      guests: 100,
      source: "model",
      date: null,
    });
    // A date wins over the month.
    expect(estimateCost(venue, 100, "2027-06-12", "2027-06")?.amount).toBe(15600);
  });

  it("prefers the model to the listed prices", () => {
    const venue = withModel({ baseFee: 1000, perGuest: 10 }, { pricePerEvent: 9000 });
    expect(estimateCost(venue, 10)).toMatchObject({ amount: 1100, source: "model" });
  });
});

describe("estimateCost from the listed prices", () => {
  const listed = (p: Partial<ListedPrices>) => ({ ...noListed, ...p, pricingModel: null });

  it("uses the price per event whatever the guest count", () => {
    expect(estimateCost(listed({ pricePerEvent: 7500 }), 120)).toEqual({
      amount: 7500,
      guests: 120,
      source: "listed",
      date: null,
    });
  });

  it("multiplies a price per guest written in the text", () => {
    // 95 × 120 = 11,400
    expect(estimateCost(listed({ priceRange: "$95 per guest" }), 120)?.amount).toBe(11400);
    // 72.50 × 10 = 725
    expect(estimateCost(listed({ priceRange: "$72.50/person" }), 10)?.amount).toBe(725);
  });

  it("takes a range's midpoint", () => {
    // (8,000 + 15,000) / 2 = 11,500
    expect(estimateCost(listed({ priceLow: 8000, priceHigh: 15000 }), 100)?.amount).toBe(11500);
    // A range typed as text: (3,000 + 7,000) / 2 = 5,000.
    expect(estimateCost(listed({ priceRange: "$3,000 - $7,000 depending on season" }), 100)?.amount).toBe(
      5000,
    );
  });

  it("reads 'Starting at $2,500' as 2,500", () => {
    expect(estimateCost(listed({ priceRange: "Starting at $2,500" }), 60)?.amount).toBe(2500);
    expect(estimateCost(listed({ priceRange: "Packages from $5,250" }), 60)?.amount).toBe(5250);
  });

  it("gives nothing without a guest count or without any price", () => {
    expect(estimateCost(listed({ pricePerEvent: 7500 }), null)).toBeNull();
    expect(estimateCost(listed({ pricePerEvent: 7500 }), 0)).toBeNull();
    expect(estimateCost(listed({}), 100)).toBeNull();
    expect(estimateCost(listed({ priceRange: "Contact us for a quote" }), 100)).toBeNull();
  });
});

describe("listedLowPrice (what 'Price' sorts by)", () => {
  it("is the lowest figure listed, from the text when there is no number field", () => {
    expect(listedLowPrice({ ...noListed, priceLow: 8000, priceHigh: 15000 })).toBe(8000);
    expect(listedLowPrice({ ...noListed, pricePerEvent: 11500 })).toBe(11500);
    expect(listedLowPrice({ ...noListed, priceRange: "Starting at $2,500" })).toBe(2500);
    expect(listedLowPrice({ ...noListed, priceRange: "$2k - $5k" })).toBe(2000);
    expect(listedLowPrice(noListed)).toBeNull();
    expect(listedQuote({ ...noListed, priceRange: "$95 per guest" })).toEqual({
      kind: "guest",
      amount: 95,
      low: 95,
    });
  });
});

describe("readPricingModel and parseIsoDate", () => {
  it("reads a stored model defensively", () => {
    expect(readPricingModel(null)).toBeNull();
    expect(readPricingModel({ minSpend: 5000 })).toBeNull();
    expect(readPricingModel({ baseFee: 100, peakMonths: [6, 6, 13, 0, 1], peakPercent: 900 })).toEqual({
      baseFee: 100,
      perGuest: null,
      minSpend: null,
      peakMonths: [1, 6],
      peakPercent: 300,
      weekdayPercent: 0,
      dayFees: { weekday: null, friday: null, saturday: null, sunday: null },
      minimumOn: "all",
      servicePercent: null,
      serviceOnMinimum: false,
      taxPercent: null,
      fees: [],
    });
    // Issue 43's parts: out-of-range percentages capped, a nameless fee and a fifth one dropped.
    const fee = { name: "Cleaning", amount: 400, perGuest: false };
    expect(
      readPricingModel({
        perGuest: 90,
        dayFees: { saturday: 6000, friday: -1, sunday: "x" },
        minimumOn: "perGuest",
        servicePercent: 80,
        serviceOnMinimum: true,
        taxPercent: 8.814,
        fees: [fee, { name: " ", amount: 5 }, fee, fee, fee, { name: "Fifth", amount: 1 }],
      }),
    ).toMatchObject({
      dayFees: { weekday: null, friday: null, saturday: 6000, sunday: null },
      minimumOn: "perGuest",
      servicePercent: 35,
      serviceOnMinimum: true,
      taxPercent: 8.81,
      fees: [fee, fee, fee],
    });
  });

  it("accepts only real calendar dates", () => {
    expect(parseIsoDate("2027-02-28")).toBe("2027-02-28");
    expect(parseIsoDate("2027-02-29")).toBeNull();
    expect(parseIsoDate("2027-2-3")).toBeNull();
    expect(parseIsoDate(null)).toBeNull();
  });
});

describe("labels", () => {
  it("says the amount, the count and the source", () => {
    const e = { amount: 14200, guests: 120, source: "model" as const, date: null };
    expect(estimateLabel(e)).toBe("About $14,200 for 120 guests");
    expect(estimateLabel({ ...e, guests: 1 })).toBe("About $14,200 for 1 guest");
    expect(estimateSourceLabel(e)).toBe(
      "From the venue's prices; it has not stated its service charge and tax",
    );
    expect(estimateSourceLabel({ ...e, source: "all-in" })).toBe(
      "All in: service, fees and tax as the venue states them",
    );
    expect(estimateSourceLabel({ ...e, source: "listed" })).toBe(
      "Listed price; the venue has not stated its fees",
    );
  });
});
