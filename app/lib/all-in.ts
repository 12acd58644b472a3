// The all-in total (issue 43, ADR 041): what a wedding costs at a venue on one day, for a guest
// count, as the venue states its prices: the site fee and the per-guest spend, raised to the
// minimum, plus the service charge, the mandatory fees and the sales tax. Pure and isomorphic: the
// search index ranks by it, the cards, the venue page and /compare show it, and the venue page
// prints its working. Every line is a whole dollar and the total is their sum, so the working
// always adds up to the figure shown.

/** One day's prices of a venue, as the formula takes them (estimate.ts reads them from the model). */
export type Terms = {
  /** The site fee on that day (its day-of-week rate, else the base fee). */
  site: number;
  perGuest: number;
  minSpend: number;
  /** The minimum counts the per-guest spend only (food and drink), not the site fee. */
  minOnPerGuest: boolean;
  /** 1 + the peak surcharge on a peak day (1: not one). */
  peakFactor: number;
  /** 1 − the weekday discount, Monday to Thursday (1: not one). */
  weekdayFactor: number;
  /** The service charge's percent / 100: rates, not percents, so that a sort of 100,000 venues
   *  multiplies rather than divides (issue 43). */
  serviceRate: number;
  /** The service charge is on the minimum when the spend is under it (else on the spend). */
  serviceOnMinimum: boolean;
  /** The mandatory fees, added: flat ones and per-guest ones. */
  feeFlat: number;
  feePerGuest: number;
  taxRate: number;
};

/** The formula's steps for one guest count, each to the dollar. */
export type Working = {
  site: number;
  spend: number;
  /** What brings the counted spend up to the minimum (0: over it). */
  topUp: number;
  /** What the service charge is a percentage of. */
  serviceBase: number;
  service: number;
  fees: number;
  taxBase: number;
  tax: number;
  total: number;
};

/** A Working to fill (allIn's `out`: the search's sort reuses one for 100,000 venues). */
export const newWorking = (): Working => ({
  site: 0,
  spend: 0,
  topUp: 0,
  serviceBase: 0,
  service: 0,
  fees: 0,
  taxBase: 0,
  tax: 0,
  total: 0,
});

/**
 * Site fee and per-guest spend, each with the peak surcharge and the weekday discount; the minimum
 * tops up what counts toward it; the service charge on what counts (or on the minimum); the fees;
 * the tax on all of it. Written into `out`, which it returns.
 */
export function allIn(t: Terms, guests: number, out: Working = newWorking()): Working {
  const factor = t.peakFactor * t.weekdayFactor;
  out.site = Math.round(t.site * factor);
  out.spend = Math.round(t.perGuest * guests * factor);
  const counted = t.minOnPerGuest ? out.spend : out.site + out.spend;
  out.topUp = Math.max(0, t.minSpend - counted);
  out.serviceBase = t.serviceOnMinimum ? counted + out.topUp : counted;
  out.service = Math.round(out.serviceBase * t.serviceRate);
  out.fees = t.feeFlat + t.feePerGuest * guests;
  out.taxBase = out.site + out.spend + out.topUp + out.service + out.fees;
  out.tax = Math.round(out.taxBase * t.taxRate);
  out.total = out.taxBase + out.tax;
  return out;
}

/** Terms with nothing but a site fee or a per-guest price (the spec's listed prices). */
export const plainTerms = (site: number, perGuest: number): Terms => ({
  site,
  perGuest,
  minSpend: 0,
  minOnPerGuest: false,
  peakFactor: 1,
  weekdayFactor: 1,
  serviceRate: 0,
  serviceOnMinimum: false,
  feeFlat: 0,
  feePerGuest: 0,
  taxRate: 0,
});

/** A percent as the formula takes it. */
export const rate = (percent: number) => percent / 100;
