// 'About $X for N guests' (issue 24, point 3): what a wedding of a given size costs at a venue,
// from the pricing model its manager describes (all-in when it states service and tax, issue 43),
// or else from the spec's listed prices. Pure and isomorphic; the server computes every estimate
// shown (cards, venue page, compare, the sort), through one formula (./all-in.ts).
import { allIn, plainTerms, rate, type Terms } from "./all-in";
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
  /** The site fee on these days instead of the base fee (null: the base fee). */
  dayFees: Record<DayKind, number | null>;
  /** What counts toward the minimum spend: everything, or the per-guest spend only. */
  minimumOn: "all" | "perGuest";
  /** Percent (0-35; null: not stated), on what counts toward the minimum. */
  servicePercent: number | null;
  serviceOnMinimum: boolean;
  /** Percent (0-15; null: not stated), on everything else. */
  taxPercent: number | null;
  fees: Fee[];
};

/** A mandatory fee: cleaning, security, insurance, a ceremony fee. */
export type Fee = { name: string; amount: number; perGuest: boolean };

export const DAY_KINDS = ["weekday", "friday", "saturday", "sunday"] as const;
export type DayKind = (typeof DAY_KINDS)[number];
export const DAY_KIND_NAMES: Record<DayKind, string> = {
  weekday: "Weekday",
  friday: "Friday",
  saturday: "Saturday",
  sunday: "Sunday",
};
export const MAX_FEES = 4;
export const MAX_SERVICE_PERCENT = 35;
export const MAX_TAX_PERCENT = 15;

/** The spec's price fields. */
export type ListedPrices = {
  pricePerEvent: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  priceRange: string | null;
};

/** The model with service and tax stated, the model without them, or the listed prices. */
export type EstimateSource = "all-in" | "model" | "listed";

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
/** A percentage to the hundredth, at most `max`; null when not a number. */
const percentOrNull = (v: unknown, max: number): number | null =>
  typeof v === "number" && Number.isFinite(v) && v >= 0 ? Math.min(max, Math.round(v * 100) / 100) : null;

function readFees(raw: unknown): Fee[] {
  if (!Array.isArray(raw)) return [];
  const fees: Fee[] = [];
  for (const f of raw.slice(0, MAX_FEES)) {
    const r = (f ?? {}) as Record<string, unknown>;
    const amount = wholeOrNull(r.amount);
    if (typeof r.name === "string" && r.name.trim() && amount !== null)
      fees.push({ name: r.name.trim().slice(0, 60), amount, perGuest: r.perGuest === true });
  }
  return fees;
}

/** A stored model's fields read defensively: what is missing or out of range reads as not stated. */
const readModel = (r: Record<string, unknown>): PricingModel => ({
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
  dayFees: Object.fromEntries(
    DAY_KINDS.map((k) => [k, wholeOrNull((r.dayFees as Record<string, unknown> | undefined)?.[k])]),
  ) as PricingModel["dayFees"],
  minimumOn: r.minimumOn === "perGuest" ? "perGuest" : "all",
  servicePercent: percentOrNull(r.servicePercent, MAX_SERVICE_PERCENT),
  serviceOnMinimum: r.serviceOnMinimum === true,
  taxPercent: percentOrNull(r.taxPercent, MAX_TAX_PERCENT),
  fees: readFees(r.fees),
});

/** A stored model (jsonb) read defensively; null when it prices nothing (no fee, no per-guest price). */
export function readPricingModel(raw: unknown): PricingModel | null {
  if (!raw || typeof raw !== "object") return null;
  const model = readModel(raw as Record<string, unknown>);
  return model.baseFee === null && model.perGuest === null ? null : model;
}

/** A day 'YYYY-MM-DD' as lib/dates takes one (real, inside the storage window), else null. */
export function parseIsoDate(v: string | null | undefined): string | null {
  const day = (v ?? "").trim();
  return isDay(day) ? day : null;
}

/** An ISO date's month (1-12) and kind of day: Monday to Thursday are weekdays. */
export function dayOf(date: string): { month: number; weekday: boolean; kind: DayKind } {
  const d = new Date(`${date}T00:00:00Z`);
  const dow = d.getUTCDay();
  const kind = dow === 0 ? "sunday" : dow === 5 ? "friday" : dow === 6 ? "saturday" : "weekday";
  return { month: d.getUTCMonth() + 1, weekday: kind === "weekday", kind };
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

/** The model's terms on a date (its day's site fee, season and weekday), or its standard ones. */
export function modelTerms(model: PricingModel, date: string | null): Terms {
  const day = date ? dayOf(date) : null;
  const fees = model.fees;
  return {
    site: (day && model.dayFees[day.kind]) ?? model.baseFee ?? 0,
    perGuest: model.perGuest ?? 0,
    minSpend: model.minSpend ?? 0,
    minOnPerGuest: model.minimumOn === "perGuest",
    peakFactor: day && model.peakMonths.includes(day.month) ? 1 + rate(model.peakPercent) : 1,
    weekdayFactor: day?.weekday ? 1 - rate(model.weekdayPercent) : 1,
    serviceRate: rate(model.servicePercent ?? 0),
    serviceOnMinimum: model.serviceOnMinimum,
    feeFlat: fees.reduce((sum, f) => sum + (f.perGuest ? 0 : f.amount), 0),
    feePerGuest: fees.reduce((sum, f) => sum + (f.perGuest ? f.amount : 0), 0),
    taxRate: rate(model.taxPercent ?? 0),
  };
}

/** The model's total for a guest count, on a date when one is given. */
export const modelTotal = (model: PricingModel, guests: number, date: string | null): number =>
  allIn(modelTerms(model, date), guests).total;

/** The model states what a total needs beyond the prices: its service charge and its tax (0 is stated). */
export const statesAllIn = (model: PricingModel) =>
  model.servicePercent !== null && model.taxPercent !== null;

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
  const source = statesAllIn(model) ? "all-in" : "model";
  if (day || !month || !isMonth(month)) return { amount, guests, source, date: day };
  // A flexible month: from its cheapest day to its dearest (a peak month, weekdays and weekends).
  const totals = daysBetween(firstDay(month), lastDay(month)).map((d) => modelTotal(model, guests, d));
  const [low, high] = [Math.min(...totals), Math.max(...totals)];
  return { amount: low, guests, source, date: null, ...(high > low ? { high } : {}) };
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
  const terms = quote.kind === "guest" ? plainTerms(0, quote.amount) : plainTerms(quote.amount, 0);
  return allIn(terms, guests).total;
}

/** 'About $12,400 for 120 guests'; a flexible month's 'About $15,200–$18,240 for 120 guests'. */
export const estimateLabel = (e: Estimate) =>
  `About ${formatCurrency(e.amount)}${e.high ? `–${formatCurrency(e.high)}` : ""} for ${formatNumber(e.guests)} ${
    e.guests === 1 ? "guest" : "guests"
  }`;

/** Which prices the estimate comes from, said beside it. */
export const ESTIMATE_SOURCE_LABELS: Record<EstimateSource, string> = {
  "all-in": "All in: service, fees and tax as the venue states them",
  model: "From the venue's prices; it has not stated its service charge and tax",
  listed: "Listed price; the venue has not stated its fees",
};
export const estimateSourceLabel = (e: Estimate) => ESTIMATE_SOURCE_LABELS[e.source];

/** One line of 'How this adds up': what it is, the rule that made it, its amount. */
export type PriceLine = { label: string; rule: string; amount: number };
export type Breakdown = { day: string | null; lines: PriceLine[]; total: number };

const pct = (n: number) => `${n}%`;

/**
 * The working of the model's total for a guest count on a day (the cheapest day of a flexible
 * month; null: the standard prices): each line with its rule, adding up to the total shown.
 */
export function priceBreakdown(
  model: PricingModel,
  guests: number,
  date: string | null,
  month: string | null = null,
): Breakdown {
  let day = parseIsoDate(date);
  if (!day && month && isMonth(month)) {
    const days = daysBetween(firstDay(month), lastDay(month));
    day = days.reduce((best, d) =>
      modelTotal(model, guests, d) < modelTotal(model, guests, best) ? d : best,
    );
  }
  const t = modelTerms(model, day);
  const w = allIn(t, guests);
  const kind = day ? dayOf(day).kind : null;
  const adjusted = [
    t.peakFactor !== 1 ? `peak month +${pct(model.peakPercent)}` : "",
    t.weekdayFactor !== 1 ? `weekday −${pct(model.weekdayPercent)}` : "",
  ].filter(Boolean);
  const withAdjustments = (rule: string) => [rule, ...adjusted].join(", ");
  const $ = formatCurrency;
  const lines: PriceLine[] = [];
  if (model.baseFee !== null || Object.values(model.dayFees).some((f) => f !== null)) {
    const rate = kind && model.dayFees[kind] !== null ? `${DAY_KIND_NAMES[kind]} rate` : "Standard rate";
    lines.push({ label: "Site fee", rule: withAdjustments(`${rate} ${$(t.site)}`), amount: w.site });
  }
  if (model.perGuest !== null)
    lines.push({
      label: "Per guest",
      rule: withAdjustments(`${formatNumber(guests)} × ${$(t.perGuest)}`),
      amount: w.spend,
    });
  if (w.topUp > 0)
    lines.push({
      label: "Up to the minimum",
      rule: `Minimum spend ${$(t.minSpend)} on ${t.minOnPerGuest ? "the per-guest spend" : "the site fee and per-guest spend"}`,
      amount: w.topUp,
    });
  if (model.servicePercent)
    lines.push({
      label: "Service charge",
      rule: `${pct(model.servicePercent)} of ${$(w.serviceBase)}`,
      amount: w.service,
    });
  for (const fee of model.fees)
    lines.push({
      label: fee.name,
      rule: fee.perGuest ? `${$(fee.amount)} × ${formatNumber(guests)} guests` : "Flat fee",
      amount: fee.perGuest ? fee.amount * guests : fee.amount,
    });
  if (model.taxPercent)
    lines.push({ label: "Sales tax", rule: `${pct(model.taxPercent)} of ${$(w.taxBase)}`, amount: w.tax });
  return { day, lines, total: w.total };
}

/** A model from its prices, with nothing more stated (no day rates, service, tax or fees). */
export const pricingModel = (m: Partial<PricingModel>): PricingModel => ({ ...readModel({}), ...m });
