// Facts a couple plans on (issue 43): capacity by layout, the house rules (curfew, noise, outside
// catering, alcohol) and, for mountain venues, elevation and seasonal road access. Each optional,
// stored as one jsonb value beside the venue's columns, and dated by the venue with its prices
// (`confirmedAt`, isStale below). Pure and isomorphic.
import { readPricingModel } from "./estimate";

export const CATERING = {
  allowed: "Any licensed caterer",
  "approved-list": "From the venue's approved list",
  "not-allowed": "The venue's own catering only",
} as const;
export type Catering = keyof typeof CATERING;

export const ALCOHOL = {
  "venue-bar": "The venue's bar service only",
  "licensed-bartender": "Your own drinks, served by a licensed bartender",
  "bring-your-own": "Your own drinks",
  none: "No alcohol",
} as const;
export type Alcohol = keyof typeof ALCOHOL;

export type VenueFacts = {
  seated: number | null;
  standing: number | null;
  ceremony: number | null;
  /** Guests the indoor rain plan holds. */
  rainPlan: number | null;
  /** When the music stops, 'HH:MM' (24 h). */
  curfew: string | null;
  noiseLimit: string | null;
  catering: Catering | null;
  alcohol: Alcohol | null;
  elevationFeet: number | null;
  /** Seasonal road access, e.g. 'The pass road closes November to May'. */
  access: string | null;
};

export const NO_FACTS: VenueFacts = {
  seated: null,
  standing: null,
  ceremony: null,
  rainPlan: null,
  curfew: null,
  noiseLimit: null,
  catering: null,
  alcohol: null,
  elevationFeet: null,
  access: null,
};

export const FACT_LIMITS = { guests: 10_000, elevationFeet: 14_500, text: 160 } as const;

const count = (v: unknown, max: number) =>
  typeof v === "number" && Number.isInteger(v) && v >= 0 && v <= max ? v : null;
const words = (v: unknown) =>
  typeof v === "string" && v.trim() ? v.trim().slice(0, FACT_LIMITS.text) : null;
const oneOf = <K extends string>(v: unknown, options: Record<K, string>): K | null =>
  typeof v === "string" && Object.hasOwn(options, v) ? (v as K) : null;
export const isClock = (v: string) => /^([01]\d|2[0-3]):[0-5]\d$/.test(v);

/** Stored facts read defensively (jsonb from any version, or null). */
export function readFacts(raw: unknown): VenueFacts {
  if (!raw || typeof raw !== "object") return NO_FACTS;
  const r = raw as Record<string, unknown>;
  return {
    seated: count(r.seated, FACT_LIMITS.guests),
    standing: count(r.standing, FACT_LIMITS.guests),
    ceremony: count(r.ceremony, FACT_LIMITS.guests),
    rainPlan: count(r.rainPlan, FACT_LIMITS.guests),
    curfew: typeof r.curfew === "string" && isClock(r.curfew) ? r.curfew : null,
    noiseLimit: words(r.noiseLimit),
    catering: oneOf(r.catering, CATERING),
    alcohol: oneOf(r.alcohol, ALCOHOL),
    elevationFeet: count(r.elevationFeet, FACT_LIMITS.elevationFeet),
    access: words(r.access),
  };
}

export const hasFacts = (f: VenueFacts) => Object.values(f).some((v) => v !== null);

/** The stated facts only (a page's data carries no nulls); readFacts reads them back. */
export const statedFacts = (f: VenueFacts): Partial<VenueFacts> =>
  Object.fromEntries(Object.entries(f).filter(([, v]) => v !== null));

/** '10:30 pm' from '22:30'. */
export function clockLabel(hhmm: string): string {
  const [h, m] = hhmm.split(":").map(Number) as [number, number];
  const suffix = h < 12 ? "am" : "pm";
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${String(m).padStart(2, "0")} ${suffix}`;
}

const guests = (n: number) => `${n.toLocaleString("en-US")} guests`;

/** The facts' labels, in the venue page's and /compare's order. */
export const FACT_LABELS = [
  "Seated dinner",
  "Standing reception",
  "Ceremony",
  "Indoor rain plan",
  "Music ends",
  "Noise limit",
  "Catering",
  "Alcohol",
  "Elevation",
  "Road access",
] as const;

/** The facts as rows of label and value, in FACT_LABELS order; unset ones left out. */
export function factRows(f: VenueFacts): { label: string; value: string }[] {
  const rows: [(typeof FACT_LABELS)[number], string | null][] = [
    ["Seated dinner", f.seated === null ? null : guests(f.seated)],
    ["Standing reception", f.standing === null ? null : guests(f.standing)],
    ["Ceremony", f.ceremony === null ? null : guests(f.ceremony)],
    ["Indoor rain plan", f.rainPlan === null ? null : guests(f.rainPlan)],
    ["Music ends", f.curfew && clockLabel(f.curfew)],
    ["Noise limit", f.noiseLimit],
    ["Catering", f.catering && CATERING[f.catering]],
    ["Alcohol", f.alcohol && ALCOHOL[f.alcohol]],
    ["Elevation", f.elevationFeet === null ? null : `${f.elevationFeet.toLocaleString("en-US")} ft`],
    ["Road access", f.access],
  ];
  return rows.flatMap(([label, value]) => (value === null ? [] : [{ label, value }]));
}

/** Prices and facts the venue has not confirmed for this long read 'may be out of date'. */
export const CONFIRMED_FOR_MONTHS = 12;

/** Whether a confirmation (or none) is older than CONFIRMED_FOR_MONTHS at `now`. */
export function isStale(confirmedAt: Date | string | null, now: Date = new Date()): boolean {
  if (!confirmedAt) return true;
  const limit = new Date(now);
  limit.setUTCMonth(limit.getUTCMonth() - CONFIRMED_FOR_MONTHS);
  return new Date(confirmedAt) < limit;
}

/**
 * When a venue last confirmed its prices and facts (a day), and whether that is over 12 months
 * ago; null when it states no pricing model or facts of its own (nothing to confirm).
 */
export function confirmation(v: {
  pricingModel: unknown;
  facts: unknown;
  confirmedAt: Date | null;
}): { on: string | null; stale: boolean } | null {
  if (readPricingModel(v.pricingModel) === null && !hasFacts(readFacts(v.facts))) return null;
  return {
    on: v.confirmedAt ? v.confirmedAt.toISOString().slice(0, 10) : null,
    stale: isStale(v.confirmedAt),
  };
}
