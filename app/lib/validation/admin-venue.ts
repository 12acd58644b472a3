import * as z from "zod/mini";
import { isValidCoordinate } from "~/lib/coordinates";
import { MAX, text } from "./fields";
import { pricingModelFields, pricingProblems, type PricingFormValues } from "./pricing-model";
import { venueFactsFields, type FactsFormValues } from "./venue-facts";
import { venueSubmissionSchema } from "./venue-submission";

// The admin's venue form (spec, admin area: 'Add Venue' and 'Admin edit venue'): the submission
// form's fields and rules (contact details included), plus a manual latitude/longitude for when
// the geocoder's answer is rough. Both coordinates blank means "place it from the address"; the
// pair the edit form pre-filled comes back as shownLatitude/shownLongitude, so the save can tell a
// typed correction from the old position left in place (ADR 012).

export const INVALID_COORDINATES = "Invalid coordinates provided";

const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)$/;

/** Both blank (no override), or two real numbers that are a place on Earth (not 0, 0). */
export function coordinatesProblem(latitude: string, longitude: string): string | null {
  if (latitude === "" && longitude === "") return null;
  if (!NUMBER.test(latitude) || !NUMBER.test(longitude)) return INVALID_COORDINATES;
  return isValidCoordinate(Number(latitude), Number(longitude)) ? null : INVALID_COORDINATES;
}

export const adminVenueSchema = z
  .extend(venueSubmissionSchema, {
    latitude: text(40).check(z.trim()),
    longitude: text(40).check(z.trim()),
    shownLatitude: text(40).check(z.trim()),
    shownLongitude: text(40).check(z.trim()),
    /** Images already stored that the admin keeps (edit only), in their order. */
    keepImages: z._default(z.array(text(MAX.url)), []),
    /** The stored logo, when the admin keeps it (edit only). */
    keepLogo: text(MAX.url),
    ...pricingModelFields,
    ...venueFactsFields,
  })
  .check(
    z.refine((v) => coordinatesProblem(v.latitude, v.longitude) === null, {
      message: INVALID_COORDINATES,
      path: ["latitude"],
    }),
    z.superRefine((v, ctx) => {
      for (const problem of pricingProblems(v))
        ctx.issues.push({ code: "custom", message: problem.message, path: [problem.field], input: v });
    }),
  );

/** What the edit form starts from: every stored field, the address parts read from `location` when absent. */
export type VenueFormValues = {
  name: string;
  description: string;
  addressLine1: string;
  addressLine2: string;
  city: string;
  postalCode: string;
  region: string;
  priceType: "single" | "range";
  price: string;
  priceRange: string;
  capacity: string;
  category: string;
  amenities: string[];
  website: string;
  phone: string;
  email: string;
  latitude: string;
  longitude: string;
} & PricingFormValues &
  FactsFormValues;

export type AdminVenueInput = z.infer<typeof adminVenueSchema>;

const LISTS = new Set(["amenities", "keepImages", "pricingPeakMonths"]);

/** The form's values as the schema reads them: text fields, and the repeated amenities and images. */
export function adminVenueValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (LISTS.has(key)) values[key] = [...((values[key] as string[] | undefined) ?? []), value];
    else if (!(key in values)) values[key] = value.normalize("NFC");
  }
  return values;
}
