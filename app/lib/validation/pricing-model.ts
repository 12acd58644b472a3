import * as z from "zod/mini";
import type { PricingModel } from "~/lib/estimate";
import { parsePrice } from "~/lib/price-range";
import { text } from "./fields";

// The pricing model's fields in the admin's and the manager's venue form (issue 24, ADR 031),
// beside the spec's price fields. All blank: no model. The form sends `pricingShown` with them,
// so a form without these fields (the owner's pending submission) never clears a stored model.

export const PRICING_MESSAGES = {
  amount: "Please enter an amount in whole dollars",
  percent: (max: number) => `Please enter a percentage from 0 to ${max}`,
  needsPrice: "Please enter a base rental fee or a per-guest price for the pricing model",
  needsMonths: "Please choose the peak months the surcharge applies to",
} as const;

const amount = z.pipe(
  text(20).check(
    z.trim(),
    z.refine((v) => v === "" || parsePrice(v) !== null, PRICING_MESSAGES.amount),
  ),
  z.transform((v) => (v === "" ? null : parsePrice(v))),
);

const percent = (max: number) =>
  z.pipe(
    text(5).check(
      z.trim(),
      z.refine((v) => v === "" || (/^\d{1,3}$/.test(v) && Number(v) <= max), PRICING_MESSAGES.percent(max)),
    ),
    z.transform((v) => (v === "" ? 0 : Number(v))),
  );

export const pricingModelFields = {
  pricingShown: text(5),
  pricingBaseFee: amount,
  pricingPerGuest: amount,
  pricingMinSpend: amount,
  pricingPeakMonths: z._default(z.array(text(2)), []),
  pricingPeakPercent: percent(300),
  pricingWeekdayPercent: percent(90),
};

type PricingInput = {
  pricingBaseFee: number | null;
  pricingPerGuest: number | null;
  pricingMinSpend: number | null;
  pricingPeakMonths: string[];
  pricingPeakPercent: number;
  pricingWeekdayPercent: number;
};

const months = (v: string[]) =>
  [...new Set(v.map(Number).filter((m) => Number.isInteger(m) && m >= 1 && m <= 12))].sort((a, b) => a - b);

/** The field that is wrong and why, or null. Anything set with neither a fee nor a per-guest price is. */
export function pricingProblem(v: PricingInput): { field: keyof PricingInput; message: string } | null {
  const priced = v.pricingBaseFee !== null || v.pricingPerGuest !== null;
  const anySet =
    priced ||
    v.pricingMinSpend !== null ||
    months(v.pricingPeakMonths).length > 0 ||
    v.pricingPeakPercent > 0 ||
    v.pricingWeekdayPercent > 0;
  if (anySet && !priced) return { field: "pricingBaseFee", message: PRICING_MESSAGES.needsPrice };
  if (v.pricingPeakPercent > 0 && months(v.pricingPeakMonths).length === 0)
    return { field: "pricingPeakMonths", message: PRICING_MESSAGES.needsMonths };
  return null;
}

/** The model to store, or null when every field is blank. */
export function pricingModelFrom(v: PricingInput): PricingModel | null {
  if (v.pricingBaseFee === null && v.pricingPerGuest === null) return null;
  return {
    baseFee: v.pricingBaseFee,
    perGuest: v.pricingPerGuest,
    minSpend: v.pricingMinSpend,
    peakMonths: months(v.pricingPeakMonths),
    peakPercent: v.pricingPeakPercent,
    weekdayPercent: v.pricingWeekdayPercent,
  };
}

/** The form's starting values for a stored model. */
export function pricingFormValues(model: PricingModel | null) {
  const s = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  return {
    pricingBaseFee: s(model?.baseFee),
    pricingPerGuest: s(model?.perGuest),
    pricingMinSpend: s(model?.minSpend),
    pricingPeakMonths: (model?.peakMonths ?? []).map(String),
    pricingPeakPercent: model?.peakPercent ? String(model.peakPercent) : "",
    pricingWeekdayPercent: model?.weekdayPercent ? String(model.weekdayPercent) : "",
  };
}
