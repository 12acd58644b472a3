import * as z from "zod/mini";
import {
  DAY_KINDS,
  MAX_FEES,
  MAX_SERVICE_PERCENT,
  MAX_TAX_PERCENT,
  type DayKind,
  type Fee,
  type PricingModel,
} from "~/lib/estimate";
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
  exactPercent: (max: number) => `Please enter a percentage from 0 to ${max}, with at most two decimals`,
  feeName: "Please name this fee",
  feeAmount: "Please enter this fee's amount in whole dollars",
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

/** A service charge or a tax: blank is "not stated" (null), 0 is "none". */
const exactPercent = (max: number) =>
  z.pipe(
    text(6).check(
      z.trim(),
      z.refine(
        (v) => v === "" || (/^\d{1,2}(\.\d{1,2})?$/.test(v) && Number(v) <= max),
        PRICING_MESSAGES.exactPercent(max),
      ),
    ),
    z.transform((v) => (v === "" ? null : Number(v))),
  );

/** The site fee on each kind of day: pricingSiteWeekday, pricingSiteFriday... */
type SiteField = `pricingSite${Capitalize<DayKind>}`;
const siteField = (kind: DayKind) => `pricingSite${kind[0]!.toUpperCase()}${kind.slice(1)}` as SiteField;
export const SITE_FIELDS = DAY_KINDS.map(siteField);
/** The fees' rows, 1 to MAX_FEES: pricingFee1Name, pricingFee1Amount, pricingFee1Per ("event" or "guest"). */
type FeeRow = 1 | 2 | 3 | 4;
type FeeField<P extends string> = `pricingFee${FeeRow}${P}`;
export const FEE_ROWS = Array.from({ length: MAX_FEES }, (_, i) => ({
  name: `pricingFee${i + 1}Name` as FeeField<"Name">,
  amount: `pricingFee${i + 1}Amount` as FeeField<"Amount">,
  per: `pricingFee${i + 1}Per` as FeeField<"Per">,
}));
const feeName = text(60).check(z.trim());
const keyword = text(10);

export const pricingModelFields = {
  pricingShown: text(5),
  pricingBaseFee: amount,
  pricingPerGuest: amount,
  pricingMinSpend: amount,
  pricingPeakMonths: z._default(z.array(text(2)), []),
  pricingPeakPercent: percent(300),
  pricingWeekdayPercent: percent(90),
  ...(Object.fromEntries(SITE_FIELDS.map((f) => [f, amount])) as Record<SiteField, typeof amount>),
  pricingMinimumOn: keyword,
  pricingServicePercent: exactPercent(MAX_SERVICE_PERCENT),
  pricingServiceOnMinimum: text(5),
  pricingTaxPercent: exactPercent(MAX_TAX_PERCENT),
  ...(Object.fromEntries(
    FEE_ROWS.flatMap((row) => [
      [row.name, feeName],
      [row.amount, amount],
      [row.per, keyword],
    ]),
  ) as Record<FeeField<"Name">, typeof feeName> &
    Record<FeeField<"Amount">, typeof amount> &
    Record<FeeField<"Per">, typeof keyword>),
};

/** The pricing fields as the form starts from them. */
export type PricingFormValues = { pricingPeakMonths: string[] } & Record<
  | "pricingBaseFee"
  | "pricingPerGuest"
  | "pricingMinSpend"
  | "pricingPeakPercent"
  | "pricingWeekdayPercent"
  | "pricingMinimumOn"
  | "pricingServicePercent"
  | "pricingServiceOnMinimum"
  | "pricingTaxPercent"
  | SiteField
  | FeeField<"Name" | "Amount" | "Per">,
  string
>;

type PricingInput = {
  pricingBaseFee: number | null;
  pricingPerGuest: number | null;
  pricingMinSpend: number | null;
  pricingPeakMonths: string[];
  pricingPeakPercent: number;
  pricingWeekdayPercent: number;
  pricingMinimumOn?: string;
  pricingServicePercent?: number | null;
  pricingServiceOnMinimum?: string;
  pricingTaxPercent?: number | null;
  /** The day rates and the fees' rows, by their field names. */
  [field: string]: unknown;
};

const siteFees = (v: PricingInput) =>
  Object.fromEntries(
    DAY_KINDS.map((k) => [k, (v[siteField(k)] as number | null | undefined) ?? null]),
  ) as Record<DayKind, number | null>;

/** The fees' rows as typed (a row with neither a name nor an amount is no fee). */
const feeRows = (v: PricingInput) =>
  FEE_ROWS.map((row) => ({
    row,
    name: typeof v[row.name] === "string" ? (v[row.name] as string) : "",
    amount: (v[row.amount] as number | null | undefined) ?? null,
    perGuest: v[row.per] === "guest",
  })).filter((f) => f.name !== "" || f.amount !== null);

const months = (v: string[]) =>
  [...new Set(v.map(Number).filter((m) => Number.isInteger(m) && m >= 1 && m <= 12))].sort((a, b) => a - b);

/** The fields that are wrong and why. Anything set with neither a fee nor a per-guest price is. */
export function pricingProblems(v: PricingInput): { field: string; message: string }[] {
  const priced = v.pricingBaseFee !== null || v.pricingPerGuest !== null;
  const fees = feeRows(v);
  const anySet =
    priced ||
    v.pricingMinSpend !== null ||
    months(v.pricingPeakMonths).length > 0 ||
    v.pricingPeakPercent > 0 ||
    v.pricingWeekdayPercent > 0 ||
    Object.values(siteFees(v)).some((f) => f !== null) ||
    (v.pricingServicePercent ?? null) !== null ||
    (v.pricingTaxPercent ?? null) !== null ||
    fees.length > 0;
  const problems: { field: string; message: string }[] = [];
  if (anySet && !priced) problems.push({ field: "pricingBaseFee", message: PRICING_MESSAGES.needsPrice });
  if (v.pricingPeakPercent > 0 && months(v.pricingPeakMonths).length === 0)
    problems.push({ field: "pricingPeakMonths", message: PRICING_MESSAGES.needsMonths });
  for (const fee of fees) {
    if (fee.name === "") problems.push({ field: fee.row.name, message: PRICING_MESSAGES.feeName });
    else if (fee.amount === null)
      problems.push({ field: fee.row.amount, message: PRICING_MESSAGES.feeAmount });
  }
  return problems;
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
    dayFees: siteFees(v),
    minimumOn: v.pricingMinimumOn === "perGuest" ? "perGuest" : "all",
    servicePercent: v.pricingServicePercent ?? null,
    serviceOnMinimum: v.pricingServiceOnMinimum === "1",
    taxPercent: v.pricingTaxPercent ?? null,
    fees: feeRows(v).map((f): Fee => ({ name: f.name, amount: f.amount ?? 0, perGuest: f.perGuest })),
  };
}

/** The form's starting values for a stored model. */
export function pricingFormValues(model: PricingModel | null): PricingFormValues {
  const s = (n: number | null | undefined) => (n === null || n === undefined ? "" : String(n));
  return {
    pricingBaseFee: s(model?.baseFee),
    pricingPerGuest: s(model?.perGuest),
    pricingMinSpend: s(model?.minSpend),
    pricingPeakMonths: (model?.peakMonths ?? []).map(String),
    pricingPeakPercent: model?.peakPercent ? String(model.peakPercent) : "",
    pricingWeekdayPercent: model?.weekdayPercent ? String(model.weekdayPercent) : "",
    ...Object.fromEntries(DAY_KINDS.map((k) => [siteField(k), s(model?.dayFees[k])])),
    pricingMinimumOn: model?.minimumOn ?? "all",
    pricingServicePercent: s(model?.servicePercent),
    pricingServiceOnMinimum: model?.serviceOnMinimum ? "1" : "",
    pricingTaxPercent: s(model?.taxPercent),
    ...Object.fromEntries(
      FEE_ROWS.flatMap((row, i) => {
        const fee = model?.fees[i];
        return [
          [row.name, fee?.name ?? ""],
          [row.amount, s(fee?.amount)],
          [row.per, fee?.perGuest ? "guest" : "event"],
        ];
      }),
    ),
  } as PricingFormValues;
}
