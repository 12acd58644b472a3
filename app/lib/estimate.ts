// 'About $X for N guests' (issue 24, point 3): what a wedding of a given size costs at a venue,
// from the pricing model its manager describes, or else from the spec's listed prices. Pure and
// isomorphic; the server computes every estimate shown (cards, venue page, compare, the sort).
import { daysBetween, firstDay, isDay, isMonth, lastDay } from "./dates";
import { parsePrice, parsePriceRange } from "./price-range";
import { formatCurrency, formatNumber } from "./format";

/**
 * A venue's pricing model, beside the spec's price fields. The base rental fee and the per-guest
 * price are the standard (off-peak weekend) prices; peak months add a surcharge, weekdays
 * (Monday to Thursday) take a discount; the minimum spend is the floor of the total.
 */
export type PricingModel = {
  baseFee: number | null;
  perGuest: number | null;
  minSpend: number | null;
  /** Months 1-12 in which the peak surcharge applies. */
  peakMonths: number[];
  /** Percent added to the total in a peak month (0-300). */
  peakPercent: number;
  /** Percent taken off the total on a weekday, Monday to Thursday (0-90). */
  weekdayPercent: number;
};

/** The spec's price fields. */
export type ListedPrices = {
  pricePerEvent: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  priceRange: string | null;
};

export type EstimateSource = "model" | "listed";

export type Estimate = {
  amount: number;
  guests: number;
  source: EstimateSource;
  /** The date whose season and weekday were applied, when one was given and a model applies. */
  date: string | null;
  /** For a flexible month: the dearest day's total, when the month's days differ (issue 41). */
  high?: number;
};

const wholeOrNull = (v: unknown): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.round(v) : null;

/** A stored model (jsonb) read defensively; null when it prices nothing (no fee, no per-guest price). */
export function readPricingModel(raw: unknown): PricingModel | null {
  if (!raw || typeof raw !== "object") return null;
  const r = raw as Record<string, unknown>;
  const model: PricingModel = {
    baseFee: wholeOrNull(r.baseFee),
    perGuest: wholeOrNull(r.perGuest),
    minSpend: wholeOrNull(r.minSpend),
    peakMonths: Array.isArray(r.peakMonths)
      ? [...new Set(r.peakMonths.filter((m): m is number => Number.isInteger(m) && m >= 1 && m <= 12))].sort(
          (a, b) => a - b,
        )
      : [],
    peakPercent: Math.min(300, wholeOrNull(r.peakPercent) ?? 0),
    weekdayPercent: Math.min(90, wholeOrNull(r.weekdayPercent) ?? 0),
  };
  return model.baseFee === null && model.perGuest === null ? null : model;
}

/** A day 'YYYY-MM-DD' as lib/dates takes one (real, inside the storage window), else null. */
export function parseIsoDate(v: string | null | undefined): string | null {
  const day = (v ?? "").trim();
  return isDay(day) ? day : null;
}

/** The month (1-12) and whether the day is a weekday (Monday to Thursday) of an ISO date. */
export function dayOf(date: string): { month: number; weekday: boolean } {
  const d = new Date(`${date}T00:00:00Z`);
  const dow = d.getUTCDay();
  return { month: d.getUTCMonth() + 1, weekday: dow >= 1 && dow <= 4 };
}

const PER_GUEST = /(\$?\s?\d[\d,]*(?:\.\d{1,2})?k?)\s*(?:per|\/|a|each)\s*(?:guest|person|head|plate)/i;
const FIRST_AMOUNT = /\$\s?\d[\d,]*(?:\.\d{1,2})?k?|\b\d{1,3}(?:,\d{3})+\b|\b\d{3,}\b/;

/** What the listed prices say, read once: a price per event, per guest, or none. */
export type ListedQuote =
  { kind: "event"; amount: number; low: number } | { kind: "guest"; amount: number; low: number };

/**
 * The listed prices as a quote: a range's midpoint (low and high, or a range typed as text), the
 * price per event, a price per guest written in the text ('$95 per guest'), or the first amount
 * of the text ('Starting at $2,500'). `low` is the lowest figure, what 'Price' sorts by.
 */
export function listedQuote(p: ListedPrices): ListedQuote | null {
  if (p.priceLow && p.priceHigh) {
    const [low, high] = [Math.min(p.priceLow, p.priceHigh), Math.max(p.priceLow, p.priceHigh)];
    return { kind: "event", amount: Math.round((low + high) / 2), low };
  }
  const text = (p.priceRange ?? "").trim();
  const perGuest = text ? PER_GUEST.exec(text) : null;
  if (perGuest) {
    // Cents count here: they are multiplied by the guest count.
    const raw = perGuest[1]!.replace(/[\s$,]/g, "").toLowerCase();
    const amount = Number(raw.replace(/k$/, "")) * (raw.endsWith("k") ? 1000 : 1);
    if (amount > 0 && amount <= 100_000) return { kind: "guest", amount, low: amount };
  }
  if (p.pricePerEvent) return { kind: "event", amount: p.pricePerEvent, low: p.pricePerEvent };
  if (p.priceLow) return { kind: "event", amount: p.priceLow, low: p.priceLow };
  if (!text) return null;
  const range =
    parsePriceRange(text) ?? parsePriceRange(text.replace(/^[^$\d]*/, "").replace(/[^\dk]*$/i, ""));
  if (range) return { kind: "event", amount: Math.round((range.low + range.high) / 2), low: range.low };
  const first = FIRST_AMOUNT.exec(text);
  const amount = first ? parsePrice(first[0].replace(/\s/g, "")) : null;
  return amount ? { kind: "event", amount, low: amount } : null;
}

/** The lowest listed figure, what 'Price' sorts by; null when the venue lists no price at all. */
export const listedLowPrice = (p: ListedPrices): number | null => listedQuote(p)?.low ?? null;

/**
 * The one formula every estimate goes through (the search index's ranking too):
 * (base + perGuest × guests), plus the peak surcharge, less the weekday discount (each in percent,
 * 0 when it does not apply), at least the minimum spend, to the dollar.
 */
export function totalFor(
  base: number,
  perGuest: number,
  minSpend: number,
  guests: number,
  peakPercent: number,
  weekdayPercent: number,
): number {
  let total = base + perGuest * guests;
  if (peakPercent) total *= 1 + peakPercent / 100;
  if (weekdayPercent) total *= 1 - weekdayPercent / 100;
  return Math.round(Math.max(total, minSpend));
}

/** The model's total for a guest count, on a date when one is given (its season and weekday). */
export function modelTotal(model: PricingModel, guests: number, date: string | null): number {
  const day = date ? dayOf(date) : null;
  return totalFor(
    model.baseFee ?? 0,
    model.perGuest ?? 0,
    model.minSpend ?? 0,
    guests,
    day && model.peakMonths.includes(day.month) ? model.peakPercent : 0,
    day?.weekday ? model.weekdayPercent : 0,
  );
}

/**
 * The estimate for `guests` guests (and a date, for the model's season and weekday), or null when
 * there is no guest count or the venue gives no price. The model wins over the listed prices.
 */
export function estimateCost(
  venue: ListedPrices & { pricingModel?: unknown },
  guests: number | null,
  date: string | null = null,
  month: string | null = null,
): Estimate | null {
  if (!guests || guests < 1) return null;
  const model = readPricingModel(venue.pricingModel);
  const day = parseIsoDate(date);
  const amount = estimateAmount(model, model ? null : listedQuote(venue), guests, day);
  if (amount === null) return null;
  if (!model) return { amount, guests, source: "listed", date: null };
  if (day || !month || !isMonth(month)) return { amount, guests, source: "model", date: day };
  // A flexible month: from its cheapest day to its dearest (a peak month, weekdays and weekends).
  const totals = daysBetween(firstDay(month), lastDay(month)).map((d) => modelTotal(model, guests, d));
  const [low, high] = [Math.min(...totals), Math.max(...totals)];
  return { amount: low, guests, source: "model", date: null, ...(high > low ? { high } : {}) };
}

/** The amount alone, from a model and a quote already read (the search index keeps both per venue). */
export function estimateAmount(
  model: PricingModel | null,
  quote: ListedQuote | null,
  guests: number,
  date: string | null,
): number | null {
  if (model) return modelTotal(model, guests, date);
  if (!quote) return null;
  return quote.kind === "guest"
    ? totalFor(0, quote.amount, 0, guests, 0, 0)
    : totalFor(quote.amount, 0, 0, guests, 0, 0);
}

/** 'About $12,400 for 120 guests'; a flexible month's 'About $15,200–$18,240 for 120 guests'. */
export const estimateLabel = (e: Estimate) =>
  `About ${formatCurrency(e.amount)}${e.high ? `–${formatCurrency(e.high)}` : ""} for ${formatNumber(e.guests)} ${
    e.guests === 1 ? "guest" : "guests"
  }`;

/** Which prices the estimate comes from, said beside it. */
export const estimateSourceLabel = (e: Estimate) =>
  e.source === "model" ? "Estimate from the venue's pricing" : "From its listed price";
