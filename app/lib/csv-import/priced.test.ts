import { describe, expect, it } from "vitest";
import { pricingModel } from "../estimate";
import { PRICING_MESSAGES } from "../validation/pricing-model";
import { FACT_MESSAGES } from "../validation/venue-facts";
import { NO_FACTS } from "../venue-facts";
import { checkRecord } from "./check";
import { applyRow, diffVenue, planImport } from "./plan";
import { pricedCells } from "./priced";
import { ADDED_COLUMNS, SPEC_COLUMNS, type CsvRecord } from "./read";
import { EXPORT_HEADER, venueCsvLine, warningsCsv } from "./write";
import { catalog, ok, record, required, stored } from "./test-fixtures";

// Issue 43: the pricing model, the facts and confirmedAt in the CSV import and export.

const NOW = new Date("2026-11-30T10:00:00Z");

const MODEL = pricingModel({
  baseFee: 3500,
  perGuest: 85,
  minSpend: 12000,
  peakMonths: [6, 7, 8],
  peakPercent: 15,
  weekdayPercent: 20,
  dayFees: { weekday: null, friday: 4000, saturday: 5000, sunday: null },
  minimumOn: "perGuest",
  servicePercent: 20,
  serviceOnMinimum: true,
  taxPercent: 8.9,
  fees: [
    { name: "Cleaning", amount: 400, perGuest: false },
    { name: "Security", amount: 5, perGuest: true },
  ],
});
const FACTS = {
  ...NO_FACTS,
  seated: 180,
  standing: 220,
  curfew: "22:00",
  catering: "approved-list" as const,
  alcohol: "licensed-bartender" as const,
  elevationFeet: 8200,
  access: "The pass road closes November to May",
};
const CONFIRMED = new Date("2025-04-03T15:20:00Z");
const priced = () => stored({ pricingModel: MODEL, facts: FACTS, confirmedAt: CONFIRMED });

/** A record of a file whose header has the spec's columns and these only. */
const specOnly = (values: Partial<CsvRecord["values"]>): CsvRecord => ({
  row: 2,
  values: { ...Object.fromEntries(SPEC_COLUMNS.map((c) => [c, ""])), ...values } as CsvRecord["values"],
});

function apply(rec: CsvRecord, current: ReturnType<typeof stored> | null, now = NOW) {
  const r = checkRecord(rec, catalog, current ?? undefined);
  if (!r.ok) throw new Error(r.problems.join("; "));
  return applyRow(current, r.venue, now);
}

const problemsOf = (values: Partial<CsvRecord["values"]>) => {
  const r = checkRecord(record({ ...required, ...values }), catalog);
  return r.ok ? [] : r.problems;
};

describe("issue 43's columns in the import", () => {
  it("a file without them changes no pricing, facts or confirmation", () => {
    const current = priced();
    const { venue, problems } = apply(specOnly({ ...required, capacity: "200" }), current);
    expect(problems).toEqual([]);
    expect(venue).toMatchObject({ pricingModel: MODEL, facts: FACTS, confirmedAt: CONFIRMED, capacity: 200 });
    expect(diffVenue(current, venue).map((c) => c.field)).toEqual(["capacity"]);
  });

  it("reads every column into the model and the facts as the form would, confirmed on the row's day", () => {
    const { venue, problems, warnings } = apply(
      record({
        ...required,
        pricingBaseFee: "$3,500",
        pricingPerGuest: "85",
        pricingMinSpend: "12,000",
        pricingMinimumOn: "per guest",
        pricingPeakMonths: "6, 7;08",
        pricingPeakPercent: "15",
        pricingWeekdayPercent: "20",
        siteFeeFriday: "4000",
        siteFeeSaturday: "5000",
        servicePercent: "20",
        serviceOnMinimum: "Yes",
        taxPercent: "8.9",
        fees: "Cleaning 400; Security 5 per guest",
        seatedCapacity: "180",
        standingCapacity: "220",
        curfew: "22:00",
        outsideCatering: "Approved-List",
        alcohol: "licensed-bartender",
        elevationFeet: "8,200",
        roadAccess: "The pass road closes November to May",
        confirmedAt: "4/3/2025",
      }),
      null,
    );
    expect(problems).toEqual([]);
    expect(warnings).toEqual([]);
    expect(venue.pricingModel).toEqual(MODEL);
    expect(venue.facts).toEqual(FACTS);
    expect(venue.confirmedAt).toEqual(new Date("2025-04-03T00:00:00Z"));
  });

  it("the export's cells import back to the same venue: nothing changes, the confirmation's time included", async () => {
    const current = priced();
    expect(pricedCells(current)).toMatchObject({
      pricingPeakMonths: "6;7;8",
      pricingMinimumOn: "perGuest",
      serviceOnMinimum: "yes",
      fees: "Cleaning 400;Security 5 per guest",
      outsideCatering: "approved-list",
      confirmedAt: "2025-04-03",
    });
    const parsed = await ok(EXPORT_HEADER + venueCsvLine(current));
    const { venue, problems } = apply(parsed.records[0]!, current);
    expect(problems).toEqual([]);
    expect(venue).toEqual(current);
    expect(diffVenue(current, venue)).toEqual([]);
    // A venue with none of them exports blank cells, which import back to none.
    const bare = stored();
    const back = await ok(EXPORT_HEADER + venueCsvLine(bare));
    expect(apply(back.records[0]!, bare).venue).toEqual(bare);
  });

  it("a blank cell in a column the file has is 'not stated'; the columns it does not have keep theirs", () => {
    const current = priced();
    const some = apply(
      specOnly({ ...required, pricingPerGuest: "95", fees: "", curfew: "-", alcohol: "" }),
      current,
    ).venue;
    expect(some.pricingModel).toEqual({ ...MODEL, perGuest: 95, fees: [] });
    expect(some.facts).toEqual({ ...FACTS, curfew: null, alcohol: null });
    // Every column blank: no model, no facts, as a form with every field blank.
    const none = apply(record(required), current).venue;
    expect(none).toMatchObject({ pricingModel: null, facts: null, confirmedAt: NOW });
  });

  it("refuses a bad value with the form's message, naming the column and the value", () => {
    expect(
      problemsOf({
        pricingBaseFee: "about 3k",
        servicePercent: "40",
        pricingPeakPercent: "12.5",
        seatedCapacity: "lots",
        elevationFeet: "20000",
        curfew: "25:00",
      }),
    ).toEqual([
      `pricingBaseFee "about 3k": ${PRICING_MESSAGES.amount}`,
      `pricingPeakPercent "12.5": ${PRICING_MESSAGES.percent(300)}`,
      `servicePercent "40": ${PRICING_MESSAGES.exactPercent(35)}`,
      `seatedCapacity "lots": ${FACT_MESSAGES.guests}`,
      `curfew "25:00": ${FACT_MESSAGES.clock}`,
      `elevationFeet "20000": ${FACT_MESSAGES.elevation}`,
    ]);
    expect(
      problemsOf({
        pricingMinimumOn: "some",
        serviceOnMinimum: "perhaps",
        pricingPeakMonths: "6;13",
        outsideCatering: "maybe",
        confirmedAt: "last spring",
      }),
    ).toEqual([
      `pricingMinimumOn "some": ${FACT_MESSAGES.choice}: all, perGuest`,
      `serviceOnMinimum "perhaps": ${FACT_MESSAGES.choice}: yes, no`,
      'pricingPeakMonths "6;13": Please give the peak months as numbers from 1 to 12',
      `outsideCatering "maybe": ${FACT_MESSAGES.choice}: allowed, approved-list, not-allowed`,
      'confirmedAt "last spring": Please enter a date as YYYY-MM-DD, for example 2026-03-31',
    ]);
    expect(problemsOf({ fees: "A 1;B 2;C 3;D 4;E 5" })).toEqual([
      'fees "A 1;B 2;C 3;D 4;E 5": Please list at most 4 fees',
    ]);
    expect(problemsOf({ fees: "Cleaning 12.345" })).toEqual([
      `fees "Cleaning 12.345": ${PRICING_MESSAGES.amount}`,
    ]);
    expect(problemsOf({ noiseLimit: "x".repeat(401) })).toEqual(["noiseLimit is longer than 400 characters"]);
  });

  it("checks the form's rules across fields on the result, and the plan skips such a row", async () => {
    const problems = (values: Partial<CsvRecord["values"]>, current = stored()) =>
      apply(record({ ...required, ...values }), current).problems;
    expect(problems({ pricingMinSpend: "9000" })).toEqual([`pricingBaseFee: ${PRICING_MESSAGES.needsPrice}`]);
    expect(problems({ pricingBaseFee: "3000", pricingPeakPercent: "10" })).toEqual([
      `pricingPeakMonths: ${PRICING_MESSAGES.needsMonths}`,
    ]);
    expect(problems({ pricingBaseFee: "3000", fees: "Cleaning; 300" })).toEqual([
      `fees: ${PRICING_MESSAGES.feeAmount}`,
      `fees: ${PRICING_MESSAGES.feeName}`,
    ]);
    // On the venue's own model: a surcharge needs the months the file leaves out.
    const current = stored({ pricingModel: pricingModel({ baseFee: 2000 }) });
    const plan = await planImport(
      {
        ok: true,
        records: [specOnly({ ...required, pricingPeakPercent: "10" })],
        notices: [],
        problems: [],
      },
      catalog,
      [{ id: "v1", isApproved: true, placed: true, venue: current }],
    );
    expect(plan.rows).toEqual([
      expect.objectContaining({
        action: "skip",
        problems: [`pricingPeakMonths: ${PRICING_MESSAGES.needsMonths}`],
      }),
    ]);
  });

  it("confirms on the row's day, or now; a row that changes nothing keeps the stored time", () => {
    const current = priced();
    const at = (values: Partial<CsvRecord["values"]>) => apply(specOnly({ ...required, ...values }), current);
    expect(at({ seatedCapacity: "190" }).venue.confirmedAt).toEqual(NOW);
    expect(at({ seatedCapacity: "190", confirmedAt: "2026-11-02" }).venue.confirmedAt).toEqual(
      new Date("2026-11-02T00:00:00Z"),
    );
    // Its own day again: the stored time stays, with or without other changes.
    expect(at({ seatedCapacity: "190", confirmedAt: "2025-04-03" }).venue.confirmedAt).toEqual(CONFIRMED);
    expect(at({ seatedCapacity: "180", pricingBaseFee: "3,500" }).venue.confirmedAt).toEqual(CONFIRMED);
    // A later confirmation of the same prices.
    expect(at({ confirmedAt: "2026-10-01" }).venue.confirmedAt).toEqual(new Date("2026-10-01T00:00:00Z"));
    const future = at({ seatedCapacity: "190", confirmedAt: "2027-01-01" });
    expect(future.venue.confirmedAt).toEqual(NOW);
    expect(future.warnings).toEqual(["confirmedAt 2027-01-01 is in the future: today was used"]);
  });

  it("the preview lists the changes of the new columns, as the file writes them", () => {
    const current = priced();
    const { venue } = apply(
      specOnly({ ...required, pricingBaseFee: "3800", fees: "Cleaning 450", curfew: "23:00" }),
      current,
    );
    expect(diffVenue(current, venue)).toEqual([
      { field: "pricingBaseFee", from: "3500", to: "3800" },
      { field: "fees", from: "Cleaning 400;Security 5 per guest", to: "Cleaning 450" },
      { field: "curfew", from: "22:00", to: "23:00" },
      { field: "confirmedAt", from: "2025-04-03", to: "2026-11-30" },
    ]);
  });

  it("the warnings download writes issue 43's columns only when the file had them", () => {
    const spec = warningsCsv([
      { row: 2, name: "A", status: "skip", message: "m", values: specOnly({ name: "A" }).values },
    ]);
    expect(spec.split("\r\n")[0]).toBe(`\uFEFFrow,status,warning,${SPEC_COLUMNS.join(",")}`);
    const all = warningsCsv([{ row: 2, name: "A", status: "skip", message: "m", values: record({}).values }]);
    expect(all.split("\r\n")[0]).toBe(
      `\uFEFFrow,status,warning,${[...SPEC_COLUMNS, ...ADDED_COLUMNS].join(",")}`,
    );
  });
});
