import { UUID_PATTERN } from "../uuid";
import * as z from "zod/mini";
import { REGIONS } from "~/lib/catalog";
import { parsePrice } from "~/lib/price-range";
import { MAX, required, text } from "./fields";

// The venue submission form (spec, public side: 'Venue submission dialog', sections 3 and 5).
// The browser runs it before sending; the submission action runs it again (authoritative).

/** Spec: name, address line 1, city, postal code, category and region are required. */
export const REQUIRED_MESSAGE = "Please fill in all required fields";
export const REQUIRED_FIELDS = ["name", "addressLine1", "city", "postalCode", "category", "region"] as const;

export const VENUE_MAX = { name: 120, description: 5000, address: 200, city: 100, amenities: 100 } as const;

// Colorado's ZIP codes run from 80001 to 81658.
export const COLORADO_ZIP = /^8[01]\d{3}(-\d{4})?$/;
// A host name with a dot, optionally after http(s)://: "www.venue.example", "https://venue.example/x".
const WEBSITE = /^(https?:\/\/)?([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(:\d{1,5})?([/?#]\S*)?$/i;

const blankToNull = (v: string) => (v === "" ? null : v);

export const PHONE_MESSAGE = "Please enter a phone number, such as (303) 555-0100";
export const EMAIL_MESSAGE = "Please enter a valid email address, such as events@yourvenue.com";

// An extension ("x12", "ext. 12") after the number, kept out of the digit count.
const EXTENSION = /\s*(?:x|ext\.?)\s*\d{1,6}$/i;

/** A phone number as people write one: 7 to 15 digits (E.164's most), spaces, -, ., brackets, a leading +. */
export function isPhoneNumber(v: string): boolean {
  const number = v.replace(EXTENSION, "");
  const digits = number.replace(/\D/g, "").length;
  return /^\+?[\d\s().-]+$/.test(number) && digits >= 7 && digits <= 15;
}

const validEmail = z.email();

/** The venue's contact details, optional; the submission, the admin's and the manager's forms share them. */
export const contactFields = {
  phone: z.pipe(
    text(40).check(
      z.trim(),
      z.refine((v) => v === "" || isPhoneNumber(v), PHONE_MESSAGE),
    ),
    z.transform(blankToNull),
  ),
  email: z.pipe(
    text(MAX.email).check(
      z.trim(),
      z.refine((v) => v === "" || validEmail.safeParse(v).success, EMAIL_MESSAGE),
    ),
    z.transform(blankToNull),
  ),
};

export const venueSubmissionSchema = z.object({
  name: required(REQUIRED_MESSAGE, VENUE_MAX.name),
  description: text(VENUE_MAX.description).check(z.trim()),
  addressLine1: required(REQUIRED_MESSAGE, VENUE_MAX.address),
  addressLine2: text(VENUE_MAX.address).check(z.trim()),
  city: required(REQUIRED_MESSAGE, VENUE_MAX.city),
  postalCode: required(REQUIRED_MESSAGE, 10).check(
    z.regex(COLORADO_ZIP, "Please enter a Colorado ZIP code (such as 80302)"),
  ),
  region: required(REQUIRED_MESSAGE).check(
    z.refine((v) => (REGIONS as readonly string[]).includes(v), "Please choose a region from the list"),
  ),
  category: required(REQUIRED_MESSAGE).check(
    z.regex(UUID_PATTERN, "Please choose a venue type from the list"),
  ),
  // Single average price per event (the default) or a free-text range; only the chosen one is kept.
  priceType: z.pipe(
    text(10),
    z.transform((v) => (v === "range" ? ("range" as const) : ("single" as const))),
  ),
  price: z.pipe(
    text(20).check(
      z.trim(),
      z.refine((v) => v === "" || parsePrice(v) !== null, "Please enter a price in whole dollars"),
    ),
    z.transform((v) => (v === "" ? null : parsePrice(v))),
  ),
  priceRange: z.pipe(text(100).check(z.trim()), z.transform(blankToNull)),
  capacity: z.pipe(
    text(10).check(
      z.trim(),
      z.refine(
        (v) => v === "" || (/^\d{1,6}$/.test(v) && Number(v) <= 100_000),
        "Please enter a number of guests",
      ),
    ),
    z.transform((v) => (v === "" ? null : Number(v))),
  ),
  amenities: z
    ._default(z.array(text(MAX.short)), [])
    .check(z.maxLength(VENUE_MAX.amenities, "Too many amenities")),
  website: z.pipe(
    text(MAX.url).check(
      z.trim(),
      z.refine((v) => v === "" || WEBSITE.test(v), "Please enter a website address (such as www.venue.com)"),
    ),
    z.transform(blankToNull),
  ),
  ...contactFields,
});

export type VenueSubmissionInput = z.infer<typeof venueSubmissionSchema>;

/** The form's values as the schema reads them: text fields, and every checked amenity. */
export function submissionValues(form: FormData): Record<string, string | string[]> {
  const values: Record<string, string | string[]> = {};
  for (const [key, value] of form.entries()) {
    if (typeof value !== "string") continue;
    if (key === "amenities")
      values.amenities = [...((values.amenities as string[] | undefined) ?? []), value];
    else if (!(key in values)) values[key] = value.normalize("NFC");
  }
  return values;
}

/** The owner's page of a pending submission (issue 22): its one url-encoded form. */
export const ownSubmissionActionSchema = z.object({ intent: z.literal("withdraw") });

/** The submission dialog's choices (resources/venue-submissions.ts): null for a list that failed to load. */
export type SubmissionChoices = {
  venueTypes: { id: string; name: string }[] | null;
  amenities: { id: string; name: string }[] | null;
};
