import * as z from "zod/mini";
import { isDay, utcDay } from "../dates";
import { MAX_FEES, readPricingModel, type PricingModel } from "../estimate";
import {
  FEE_ROWS,
  pricingFormValues,
  pricingModelFields,
  pricingModelFrom,
  pricingProblems,
  type PricingFormValues,
} from "../validation/pricing-model";
import {
  FACT_MESSAGES,
  factsFormValues,
  factsFrom,
  venueFactsFields,
  type FactsFormValues,
} from "../validation/venue-facts";
import { ALCOHOL, CATERING, hasFacts, NO_FACTS, readFacts, type VenueFacts } from "../venue-facts";
import {
  ADDED_COLUMNS,
  CLEAR_CELL,
  clip,
  FACT_COLUMNS,
  LIST_SEPARATOR,
  PRICING_COLUMNS,
  readCell,
  type AddedColumn,
  type CsvValues,
  type FactColumn,
  type PricingColumn,
} from "./read";

// Issue 43's columns of the CSV import and export: the pricing model, the facts and the day the
// venue confirmed them. A cell is read into the venue form's field and checked by the form's own
// rules and messages (lib/validation/pricing-model.ts, venue-facts.ts); what the file leaves out
// is the stored value's, so a file without these columns changes none of them.

/** What a venue stores of them (read as lib/estimate.ts and lib/venue-facts.ts read them). */
export type PricedFields = {
  pricingModel: PricingModel | null;
  facts: VenueFacts | null;
  confirmedAt: Date | null;
};

/** What a row says: the form's fields its file has (none: no such column), a confirmation day. */
export type PricedRow = {
  pricing?: Partial<PricingFormValues>;
  facts?: Partial<FactsFormValues>;
  confirmedOn?: string;
};

/** The stored values as the import compares them: jsonb read defensively, no facts as null. */
export function readPriced(r: {
  pricingModel: unknown;
  facts: unknown;
  confirmedAt: Date | null;
}): PricedFields {
  const facts = readFacts(r.facts);
  return {
    pricingModel: readPricingModel(r.pricingModel),
    facts: hasFacts(facts) ? facts : null,
    confirmedAt: r.confirmedAt,
  };
}

/** The columns that are one form field each, and that field. */
const PRICING_FIELD = {
  pricingBaseFee: "pricingBaseFee",
  pricingPerGuest: "pricingPerGuest",
  pricingMinSpend: "pricingMinSpend",
  pricingPeakPercent: "pricingPeakPercent",
  pricingWeekdayPercent: "pricingWeekdayPercent",
  siteFeeWeekday: "pricingSiteWeekday",
  siteFeeFriday: "pricingSiteFriday",
  siteFeeSaturday: "pricingSiteSaturday",
  siteFeeSunday: "pricingSiteSunday",
  servicePercent: "pricingServicePercent",
  taxPercent: "pricingTaxPercent",
} as const satisfies Partial<Record<PricingColumn, keyof typeof pricingModelFields>>;

const FACT_FIELD = {
  seatedCapacity: "factsSeated",
  standingCapacity: "factsStanding",
  ceremonyCapacity: "factsCeremony",
  rainPlanCapacity: "factsRainPlan",
  curfew: "factsCurfew",
  noiseLimit: "factsNoiseLimit",
  outsideCatering: "factsCatering",
  alcohol: "factsAlcohol",
  elevationFeet: "factsElevation",
  roadAccess: "factsAccess",
} as const satisfies Record<FactColumn, keyof typeof venueFactsFields>;

/** The keywords of the columns that name a choice, as the file writes them. */
const MINIMUM_ON = { all: "all", perguest: "perGuest" } as const;
const YES_NO = { yes: "1", no: "" } as const;
const CHOICES: Partial<Record<AddedColumn, string[]>> = {
  pricingMinimumOn: ["all", "perGuest"],
  serviceOnMinimum: ["yes", "no"],
  outsideCatering: Object.keys(CATERING),
  alcohol: Object.keys(ALCOHOL),
};

/** Longer than any value these columns take (4 fees of 60 characters): refused before it is read. */
const CELL_MAX = 400;

/** 'Cleaning 400', 'Security 5 per guest': a name, then the amount (the form's rules check both). */
const FEE = /^(?:(.*\S)\s+)?(\$?\d[\d,]*(?:\.\d+)?k?)(\s+per\s+guest)?$/i;
/** '3/31/2026' is how Excel writes back a day it was given as 2026-03-31 (US settings). */
const US_DAY = /^(\d{1,2})\/(\d{1,2})\/(\d{4})$/;

const PRICING_SCHEMA = z.object(pricingModelFields);
const FACTS_SCHEMA = z.object(venueFactsFields);

/** The form's message for a value of one field, or null when the field takes it. */
function fieldProblem(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: { message: string }[] } } },
  value: string,
) {
  const r = schema.safeParse(value);
  return r.success ? null : (r.error?.issues[0]?.message ?? "Please check this value");
}

/** The column of a form field, to name it in a problem. */
const FIELD_COLUMN = new Map<string, AddedColumn>([
  ...Object.entries(PRICING_FIELD).map(([column, field]) => [field, column as AddedColumn] as const),
  ...Object.entries(FACT_FIELD).map(([column, field]) => [field, column as AddedColumn] as const),
  ...FEE_ROWS.flatMap((r) => [r.name, r.amount, r.per].map((f) => [f, "fees"] as const)),
  ["pricingPeakMonths", "pricingPeakMonths"],
  ["pricingMinimumOn", "pricingMinimumOn"],
  ["pricingServiceOnMinimum", "serviceOnMinimum"],
]);
const columnOf = (field: PropertyKey | undefined) => FIELD_COLUMN.get(String(field)) ?? String(field);

/**
 * The row's cells of issue 43's columns, checked one by one with the form's rules (problems go to
 * `problems`, with the column and the value). A blank cell, or `-`, is "not stated".
 */
export function checkPriced(raw: CsvValues, problems: string[]): PricedRow {
  const cell = (c: AddedColumn) => {
    const r = raw[c];
    return r === undefined ? undefined : r === CLEAR_CELL ? "" : readCell(r);
  };
  const bad = (column: AddedColumn, value: string, message: string) =>
    problems.push(`${column} "${clip(value, 40)}": ${message}`);
  const long = ADDED_COLUMNS.filter((c) => (raw[c]?.length ?? 0) > CELL_MAX);
  for (const c of long) problems.push(`${c} is longer than ${CELL_MAX} characters`);
  if (long.length > 0) return {};
  /** A keyword cell's form value ('perGuest' -> 'perGuest', 'yes' -> '1'); undefined: none or bad. */
  const choice = (column: "pricingMinimumOn" | "serviceOnMinimum", options: Record<string, string>) => {
    const value = cell(column);
    if (value === undefined || value === "") return value;
    const key = value.toLowerCase().replace(/[\s_-]+/g, "");
    if (Object.hasOwn(options, key)) return options[key]!;
    bad(column, value, `${FACT_MESSAGES.choice}: ${CHOICES[column]!.join(", ")}`);
    return undefined;
  };
  const row: PricedRow = {};

  if (PRICING_COLUMNS.some((c) => raw[c] !== undefined)) {
    const form: Partial<PricingFormValues> = {};
    for (const column of Object.keys(PRICING_FIELD) as (keyof typeof PRICING_FIELD)[]) {
      const value = cell(column);
      if (value === undefined) continue;
      const problem = fieldProblem(pricingModelFields[PRICING_FIELD[column]], value);
      if (problem) bad(column, value, problem);
      else form[PRICING_FIELD[column]] = value;
    }
    const minimumOn = choice("pricingMinimumOn", MINIMUM_ON);
    if (minimumOn !== undefined) form.pricingMinimumOn = minimumOn;
    const onMinimum = choice("serviceOnMinimum", YES_NO);
    if (onMinimum !== undefined) form.pricingServiceOnMinimum = onMinimum;
    const months = cell("pricingPeakMonths");
    if (months !== undefined) {
      const list = months
        .split(/[;,]/)
        .map((m) => m.trim())
        .filter(Boolean);
      const wrong = list.find((m) => !/^\d{1,2}$/.test(m) || Number(m) < 1 || Number(m) > 12);
      if (wrong) bad("pricingPeakMonths", months, "Please give the peak months as numbers from 1 to 12");
      else form.pricingPeakMonths = list.map((m) => String(Number(m)));
    }
    const fees = cell("fees");
    if (fees !== undefined)
      Object.assign(
        form,
        feeFields(fees, (message) => bad("fees", fees, message)),
      );
    row.pricing = form;
  }

  if (FACT_COLUMNS.some((c) => raw[c] !== undefined)) {
    const form: Partial<FactsFormValues> = {};
    for (const column of FACT_COLUMNS) {
      const options = CHOICES[column];
      const typed = cell(column);
      if (typed === undefined) continue;
      // The keys are lower case ('approved-list'); 'Approved-List' means the same.
      const value = options ? typed.toLowerCase() : typed;
      const problem = fieldProblem(venueFactsFields[FACT_FIELD[column]], value);
      if (problem) bad(column, typed, options ? `${problem}: ${options.join(", ")}` : problem);
      else form[FACT_FIELD[column]] = value;
    }
    row.facts = form;
  }

  const on = cell("confirmedAt");
  if (on) {
    const us = US_DAY.exec(on);
    const day = us ? `${us[3]}-${us[1]!.padStart(2, "0")}-${us[2]!.padStart(2, "0")}` : on;
    if (isDay(day)) row.confirmedOn = day;
    else bad("confirmedAt", on, "Please enter a date as YYYY-MM-DD, for example 2026-03-31");
  }
  return row;
}

/** The fees' form rows from a cell: every row set, so that fees the cell leaves out go. */
function feeFields(cell: string, bad: (message: string) => void): Partial<PricingFormValues> {
  const items = cell
    .split(LIST_SEPARATOR)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.length > MAX_FEES) {
    bad(`Please list at most ${MAX_FEES} fees`);
    return {};
  }
  const form: Partial<PricingFormValues> = {};
  for (const [i, row] of FEE_ROWS.entries()) {
    const item = items[i] ?? "";
    const m = FEE.exec(item);
    const name = (m ? (m[1] ?? "") : item).trim();
    const amount = m?.[2] ?? "";
    const problem =
      fieldProblem(pricingModelFields[row.name], name) ??
      fieldProblem(pricingModelFields[row.amount], amount);
    if (problem) bad(problem);
    form[row.name] = name;
    form[row.amount] = amount;
    form[row.per] = m?.[3] ? "guest" : "event";
  }
  return form;
}

const num = (n: number | null) => (n === null ? "" : String(n));

/** The venue's values in issue 43's columns, as the export writes them and the preview compares them. */
export function pricedCells(v: PricedFields): Record<AddedColumn, string> {
  const m = v.pricingModel;
  const f = v.facts ?? NO_FACTS;
  return {
    pricingBaseFee: num(m?.baseFee ?? null),
    pricingPerGuest: num(m?.perGuest ?? null),
    pricingMinSpend: num(m?.minSpend ?? null),
    pricingMinimumOn: m?.minimumOn ?? "",
    pricingPeakMonths: (m?.peakMonths ?? []).join(LIST_SEPARATOR),
    // 0 is the form's blank: no surcharge, no discount.
    pricingPeakPercent: m?.peakPercent ? String(m.peakPercent) : "",
    pricingWeekdayPercent: m?.weekdayPercent ? String(m.weekdayPercent) : "",
    siteFeeWeekday: num(m?.dayFees.weekday ?? null),
    siteFeeFriday: num(m?.dayFees.friday ?? null),
    siteFeeSaturday: num(m?.dayFees.saturday ?? null),
    siteFeeSunday: num(m?.dayFees.sunday ?? null),
    servicePercent: num(m?.servicePercent ?? null),
    serviceOnMinimum: m ? (m.serviceOnMinimum ? "yes" : "no") : "",
    taxPercent: num(m?.taxPercent ?? null),
    fees: (m?.fees ?? [])
      .map((fee) => `${fee.name} ${fee.amount}${fee.perGuest ? " per guest" : ""}`)
      .join(LIST_SEPARATOR),
    seatedCapacity: num(f.seated),
    standingCapacity: num(f.standing),
    ceremonyCapacity: num(f.ceremony),
    rainPlanCapacity: num(f.rainPlan),
    curfew: f.curfew ?? "",
    noiseLimit: f.noiseLimit ?? "",
    outsideCatering: f.catering ?? "",
    alcohol: f.alcohol ?? "",
    elevationFeet: num(f.elevationFeet),
    roadAccess: f.access ?? "",
    confirmedAt: v.confirmedAt ? utcDay(v.confirmedAt) : "",
  };
}

const sameCells = (a: PricedFields, b: PricedFields) =>
  JSON.stringify(pricedCells(a)) === JSON.stringify(pricedCells(b));

/**
 * The venue's pricing, facts and confirmation once the row is applied to `current` (null: a new
 * venue). The form's cross-field rules (a price for any model, peak months for a surcharge, a
 * fee's name and amount) are checked on the result whenever the row changes the model. A row that
 * changes the pricing or the facts, or gives another confirmation day, confirms them: on its
 * `confirmedAt` day when that is not in the future, else `now`.
 */
export function applyPriced(
  current: PricedFields | null,
  row: PricedRow,
  now: Date,
): { fields: PricedFields; problems: string[]; warnings: string[] } {
  const problems: string[] = [];
  const warnings: string[] = [];
  const old: PricedFields = current ?? { pricingModel: null, facts: null, confirmedAt: null };
  let { pricingModel, facts } = old;

  if (row.pricing) {
    const before = pricingFormValues(pricingModel);
    const merged = { ...before, ...row.pricing };
    if (JSON.stringify(merged) !== JSON.stringify(before)) {
      const parsed = PRICING_SCHEMA.safeParse(merged);
      if (!parsed.success)
        problems.push(...parsed.error.issues.map((i) => `${columnOf(i.path[0])}: ${i.message}`));
      else {
        problems.push(...pricingProblems(parsed.data).map((p) => `${columnOf(p.field)}: ${p.message}`));
        pricingModel = pricingModelFrom(parsed.data);
      }
    }
  }
  if (row.facts) {
    const before = factsFormValues(facts ?? NO_FACTS);
    const merged = { ...before, ...row.facts };
    if (JSON.stringify(merged) !== JSON.stringify(before)) {
      const parsed = FACTS_SCHEMA.safeParse(merged);
      if (!parsed.success)
        problems.push(...parsed.error.issues.map((i) => `${columnOf(i.path[0])}: ${i.message}`));
      else facts = factsFrom(parsed.data);
    }
  }

  let { confirmedAt } = old;
  const oldDay = confirmedAt ? utcDay(confirmedAt) : null;
  const changed = !sameCells(old, { pricingModel, facts, confirmedAt });
  if (changed || (row.confirmedOn !== undefined && row.confirmedOn !== oldDay)) {
    let day = row.confirmedOn;
    if (day && day > utcDay(now)) {
      warnings.push(`confirmedAt ${day} is in the future: today was used`);
      day = undefined;
    }
    confirmedAt = day === undefined ? now : day === oldDay ? confirmedAt : new Date(`${day}T00:00:00Z`);
  }
  return { fields: { pricingModel, facts, confirmedAt }, problems, warnings };
}
