import { describe, expect, it } from "vitest";
import {
  estimateCost,
  estimateSourceLabel,
  priceBreakdown,
  pricingModel,
  type PricingModel,
} from "./estimate";

// Issue 43: eight venues whose totals were worked out by hand (the comments), not by the code.
// 2027-06-12 is a Saturday, 2027-01-14 a Thursday.
const noListed = { pricePerEvent: null, priceLow: null, priceHigh: null, priceRange: null };
const venue = (m: Partial<PricingModel>) => ({ ...noListed, pricingModel: pricingModel(m) });

const MINIMUM_DOMINATES = {
  baseFee: 2000,
  perGuest: 60,
  minSpend: 15000,
  servicePercent: 20,
  serviceOnMinimum: true,
  taxPercent: 8,
};
const PEAK_SATURDAY = {
  baseFee: 4000,
  dayFees: { weekday: null, friday: null, saturday: 6000, sunday: null },
  perGuest: 80,
  peakMonths: [6],
  peakPercent: 10,
  weekdayPercent: 20,
  servicePercent: 20,
  taxPercent: 5,
};

describe("the all-in total", () => {
  it("1. a minimum that dominates, the service charge on the minimum", () => {
    // 2,000 + 60 × 100 = 8,000 → minimum 15,000 (+7,000); service 20 % of 15,000 = 3,000;
    // tax 8 % of 18,000 = 1,440; total 19,440.
    expect(estimateCost(venue(MINIMUM_DOMINATES), 100)).toMatchObject({ amount: 19440, source: "all-in" });
  });

  it("2. the same venue with the service charge on the spend", () => {
    // Service 20 % of 8,000 = 1,600; tax 8 % of (8,000 + 7,000 + 1,600 = 16,600) = 1,328; total 17,928.
    expect(estimateCost(venue({ ...MINIMUM_DOMINATES, serviceOnMinimum: false }), 100)?.amount).toBe(17928);
  });

  it("3. per-guest and flat fees, no tax", () => {
    // 100 × 140 = 14,000; service 22 % = 3,080; security 5 × 140 = 700, cleaning 500; total 18,280.
    const v = venue({
      perGuest: 100,
      servicePercent: 22,
      taxPercent: 0,
      fees: [
        { name: "Security", amount: 5, perGuest: true },
        { name: "Cleaning", amount: 500, perGuest: false },
      ],
    });
    expect(estimateCost(v, 140)).toMatchObject({ amount: 18280, source: "all-in" });
  });

  it("4. a sales tax with cents, rounded to the dollar", () => {
    // 5,000 + 8.81 % (440.50 → 441) = 5,441, whatever the guest count.
    const v = venue({ baseFee: 5000, servicePercent: 0, taxPercent: 8.81 });
    expect(estimateCost(v, 100)?.amount).toBe(5441);
    expect(estimateCost(v, 10)?.amount).toBe(5441);
  });

  it("5. a peak Saturday against an off-peak Thursday", () => {
    // Saturday in June: site 6,000 × 1.1 = 6,600; 80 × 140 = 11,200 × 1.1 = 12,320; service 20 % of
    // 18,920 = 3,784; tax 5 % of 22,704 = 1,135.20 → 1,135; total 23,839.
    expect(estimateCost(venue(PEAK_SATURDAY), 140, "2027-06-12")?.amount).toBe(23839);
    // Thursday in January: site 4,000 × 0.8 = 3,200; 11,200 × 0.8 = 8,960; service 20 % of 12,160 =
    // 2,432; tax 5 % of 14,592 = 729.60 → 730; total 15,322.
    expect(estimateCost(venue(PEAK_SATURDAY), 140, "2027-01-14")?.amount).toBe(15322);
  });

  it("6. a minimum on the per-guest spend only", () => {
    // 90 × 100 = 9,000 → food minimum 12,000 (+3,000), the 3,000 site fee apart; service 20 % of
    // 12,000 = 2,400; total 3,000 + 9,000 + 3,000 + 2,400 = 17,400.
    const v = venue({
      baseFee: 3000,
      perGuest: 90,
      minSpend: 12000,
      minimumOn: "perGuest",
      servicePercent: 20,
      serviceOnMinimum: true,
      taxPercent: 0,
    });
    expect(estimateCost(v, 100)?.amount).toBe(17400);
  });

  it("7. day rates across a flexible month, service and tax not stated", () => {
    // June 2027, no peak: Sunday 3,000 + 50 × 50 = 5,500; Saturday 7,000 + 2,500 = 9,500.
    const v = venue({
      baseFee: 5000,
      perGuest: 50,
      dayFees: { weekday: null, friday: null, saturday: 7000, sunday: 3000 },
    });
    expect(estimateCost(v, 50, null, "2027-06")).toMatchObject({ amount: 5500, high: 9500, source: "model" });
  });

  it("8. a venue with listed prices only", () => {
    const listed = { ...noListed, pricePerEvent: 7500, pricingModel: null };
    const e = estimateCost(listed, 140, "2027-06-12")!;
    expect(e).toMatchObject({ amount: 7500, source: "listed" });
    expect(estimateSourceLabel(e)).toBe("Listed price; the venue has not stated its fees");
  });
});

describe("How this adds up", () => {
  it("lists every line with its rule, adding up to the total", () => {
    expect(priceBreakdown(pricingModel(MINIMUM_DOMINATES), 100, null)).toEqual({
      day: null,
      total: 19440,
      lines: [
        { label: "Site fee", rule: "Standard rate $2,000", amount: 2000 },
        { label: "Per guest", rule: "100 × $60", amount: 6000 },
        {
          label: "Up to the minimum",
          rule: "Minimum spend $15,000 on the site fee and per-guest spend",
          amount: 7000,
        },
        { label: "Service charge", rule: "20% of $15,000", amount: 3000 },
        { label: "Sales tax", rule: "8% of $18,000", amount: 1440 },
      ],
    });
    expect(priceBreakdown(pricingModel(PEAK_SATURDAY), 140, "2027-06-12").lines).toEqual([
      { label: "Site fee", rule: "Saturday rate $6,000, peak month +10%", amount: 6600 },
      { label: "Per guest", rule: "140 × $80, peak month +10%", amount: 12320 },
      { label: "Service charge", rule: "20% of $18,920", amount: 3784 },
      { label: "Sales tax", rule: "5% of $22,704", amount: 1135 },
    ]);
  });

  it("names each fee and works a flexible month out on its cheapest day", () => {
    const b = priceBreakdown(
      pricingModel({
        baseFee: 5000,
        dayFees: { weekday: null, friday: null, saturday: null, sunday: 3000 },
        fees: [{ name: "Security", amount: 5, perGuest: true }],
      }),
      40,
      null,
      "2027-06",
    );
    // The first Sunday of June 2027: 3,000 + security 5 × 40 = 200.
    expect(b).toEqual({
      day: "2027-06-06",
      total: 3200,
      lines: [
        { label: "Site fee", rule: "Sunday rate $3,000", amount: 3000 },
        { label: "Security", rule: "$5 × 40 guests", amount: 200 },
      ],
    });
  });
});
