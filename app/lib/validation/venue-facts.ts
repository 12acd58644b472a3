import * as z from "zod/mini";
import {
  ALCOHOL,
  CATERING,
  FACT_LIMITS,
  isClock,
  NO_FACTS,
  type Alcohol,
  type Catering,
  type VenueFacts,
} from "~/lib/venue-facts";
import { text } from "./fields";

// Capacity by layout and the house rules in the admin's and the manager's venue form (issue 43),
// sent with the pricing model (`pricingShown`). Each optional: blank is "not stated".

export const FACT_MESSAGES = {
  guests: `Please enter a number of guests from 0 to ${FACT_LIMITS.guests.toLocaleString("en-US")}`,
  elevation: `Please enter an elevation in feet from 0 to ${FACT_LIMITS.elevationFeet.toLocaleString("en-US")}`,
  clock: "Please enter a time as HH:MM, for example 22:30",
  choice: "Please choose one of the options",
} as const;

const whole = (max: number, message: string) =>
  z.pipe(
    text(12).check(
      z.trim(),
      z.refine(
        (v) => v === "" || (/^\d{1,6}$/.test(v.replace(/,/g, "")) && Number(v.replace(/,/g, "")) <= max),
        message,
      ),
    ),
    z.transform((v) => (v === "" ? null : Number(v.replace(/,/g, "")))),
  );
const guests = whole(FACT_LIMITS.guests, FACT_MESSAGES.guests);
const words = z.pipe(
  text(FACT_LIMITS.text).check(z.trim()),
  z.transform((v) => v || null),
);
const choice = <K extends string>(options: Record<K, string>) =>
  z.pipe(
    text(30).check(z.refine((v) => v === "" || Object.hasOwn(options, v), FACT_MESSAGES.choice)),
    z.transform((v) => (v === "" ? null : (v as K))),
  );

export const venueFactsFields = {
  factsSeated: guests,
  factsStanding: guests,
  factsCeremony: guests,
  factsRainPlan: guests,
  factsCurfew: z.pipe(
    text(8).check(
      z.trim(),
      z.refine((v) => v === "" || isClock(v), FACT_MESSAGES.clock),
    ),
    z.transform((v) => v || null),
  ),
  factsNoiseLimit: words,
  factsCatering: choice<Catering>(CATERING),
  factsAlcohol: choice<Alcohol>(ALCOHOL),
  factsElevation: whole(FACT_LIMITS.elevationFeet, FACT_MESSAGES.elevation),
  factsAccess: words,
};

export const FACT_FIELDS = Object.keys(venueFactsFields);

type FactsInput = { [K in keyof typeof venueFactsFields]: z.output<(typeof venueFactsFields)[K]> };

/** The facts to store, or null when none is stated. */
export function factsFrom(v: FactsInput): VenueFacts | null {
  const facts: VenueFacts = {
    seated: v.factsSeated,
    standing: v.factsStanding,
    ceremony: v.factsCeremony,
    rainPlan: v.factsRainPlan,
    curfew: v.factsCurfew,
    noiseLimit: v.factsNoiseLimit,
    catering: v.factsCatering,
    alcohol: v.factsAlcohol,
    elevationFeet: v.factsElevation,
    access: v.factsAccess,
  };
  return Object.values(facts).some((x) => x !== null) ? facts : null;
}

export type FactsFormValues = Record<keyof typeof venueFactsFields, string>;

/** The form's starting values for stored facts. */
export function factsFormValues(f: VenueFacts = NO_FACTS): FactsFormValues {
  const s = (v: number | string | null) => (v === null ? "" : String(v));
  return {
    factsSeated: s(f.seated),
    factsStanding: s(f.standing),
    factsCeremony: s(f.ceremony),
    factsRainPlan: s(f.rainPlan),
    factsCurfew: s(f.curfew),
    factsNoiseLimit: s(f.noiseLimit),
    factsCatering: s(f.catering),
    factsAlcohol: s(f.alcohol),
    factsElevation: s(f.elevationFeet),
    factsAccess: s(f.access),
  };
}
