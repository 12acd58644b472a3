import type { FieldSpec } from "~/components/forms/spec-fields";
import { VENUE_MAX } from "~/lib/validation/venue-submission";

// The venue form's text fields by group, in the form's order (docs/architecture.md: 'a new field
// on venues'). `shownTo: "admin"`: only the admin's form (and the manager's, the admin's without
// images) shows it; the submitter's and the owner's show the rest.

type VenueFieldSpec = FieldSpec & { shownTo?: "admin" };

const spec = <K extends string>(specs: Record<K, VenueFieldSpec>) => specs;

export const VENUE_FIELDS = spec({
  // Basic details
  name: {
    name: "name",
    label: "Venue Name",
    required: true,
    maxLength: VENUE_MAX.name,
    autoComplete: "organization",
  },
  description: {
    name: "description",
    label: "Description",
    multiline: true,
    rows: 4,
    maxLength: VENUE_MAX.description,
    hint: "What makes it special: the setting, the spaces, the season.",
  },
  // Location
  addressLine1: {
    name: "addressLine1",
    label: "Address Line 1",
    required: true,
    autoComplete: "address-line1",
  },
  addressLine2: { name: "addressLine2", label: "Address Line 2 (optional)", autoComplete: "address-line2" },
  city: { name: "city", label: "City", required: true, autoComplete: "address-level2" },
  postalCode: {
    name: "postalCode",
    label: "Postal Code",
    required: true,
    inputMode: "numeric",
    autoComplete: "postal-code",
  },
  // Pricing
  price: { name: "price", label: "Average price per event (USD)", inputMode: "numeric", placeholder: "4500" },
  priceRange: { name: "priceRange", label: "Your price range", placeholder: "$2,000-5,000", maxLength: 100 },
  pricingBaseFee: {
    name: "pricingBaseFee",
    label: "Base rental fee (USD)",
    inputMode: "numeric",
    placeholder: "4000",
    shownTo: "admin",
  },
  pricingPerGuest: {
    name: "pricingPerGuest",
    label: "Price per guest (USD)",
    inputMode: "numeric",
    placeholder: "85",
    shownTo: "admin",
  },
  pricingMinSpend: {
    name: "pricingMinSpend",
    label: "Minimum spend (USD)",
    inputMode: "numeric",
    placeholder: "10000",
    shownTo: "admin",
  },
  pricingPeakPercent: {
    name: "pricingPeakPercent",
    label: "Peak-month surcharge (%)",
    inputMode: "numeric",
    placeholder: "20",
    shownTo: "admin",
  },
  pricingWeekdayPercent: {
    name: "pricingWeekdayPercent",
    label: "Weekday discount, Monday to Thursday (%)",
    inputMode: "numeric",
    placeholder: "15",
    shownTo: "admin",
  },
  // The all-in parts (issue 43): blank is "not stated".
  pricingSiteWeekday: {
    name: "pricingSiteWeekday",
    label: "Site fee, Monday to Thursday (USD)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  pricingSiteFriday: {
    name: "pricingSiteFriday",
    label: "Site fee, Friday (USD)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  pricingSiteSaturday: {
    name: "pricingSiteSaturday",
    label: "Site fee, Saturday (USD)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  pricingSiteSunday: {
    name: "pricingSiteSunday",
    label: "Site fee, Sunday (USD)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  pricingServicePercent: {
    name: "pricingServicePercent",
    label: "Service charge (%)",
    inputMode: "decimal",
    placeholder: "22",
    hint: "Blank: not stated. 0: no service charge.",
    shownTo: "admin",
  },
  pricingTaxPercent: {
    name: "pricingTaxPercent",
    label: "Sales tax (%)",
    inputMode: "decimal",
    placeholder: "8.81",
    hint: "Blank: not stated. 0: no tax.",
    shownTo: "admin",
  },
  // Facts by layout and the house rules (issue 43): blank is "not stated".
  factsSeated: {
    name: "factsSeated",
    label: "Seated dinner (guests)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  factsStanding: {
    name: "factsStanding",
    label: "Standing reception (guests)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  factsCeremony: {
    name: "factsCeremony",
    label: "Ceremony (guests)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  factsRainPlan: {
    name: "factsRainPlan",
    label: "Indoor rain plan (guests)",
    inputMode: "numeric",
    shownTo: "admin",
  },
  factsCurfew: { name: "factsCurfew", label: "Music ends at", type: "time", shownTo: "admin" },
  factsNoiseLimit: {
    name: "factsNoiseLimit",
    label: "Noise limit",
    placeholder: "No amplified music outdoors after 9 pm",
    maxLength: 160,
    shownTo: "admin",
  },
  factsElevation: {
    name: "factsElevation",
    label: "Elevation (feet)",
    inputMode: "numeric",
    placeholder: "9600",
    shownTo: "admin",
  },
  factsAccess: {
    name: "factsAccess",
    label: "Seasonal road access",
    placeholder: "The pass road closes from November to May",
    maxLength: 160,
    shownTo: "admin",
  },
  // Capacity
  capacity: { name: "capacity", label: "Capacity (guests)", type: "number", min: 0, inputMode: "numeric" },
  // Contact and links
  website: {
    name: "website",
    label: "Website",
    inputMode: "url",
    autoComplete: "url",
    placeholder: "www.yourvenue.com",
  },
  phone: { name: "phone", label: "Phone (optional)", type: "tel", autoComplete: "tel", maxLength: 40 },
  email: { name: "email", label: "Email (optional)", type: "email", autoComplete: "email" },
  // Map position
  latitude: {
    name: "latitude",
    label: "Latitude",
    inputMode: "decimal",
    placeholder: "39.739236",
    shownTo: "admin",
  },
  longitude: {
    name: "longitude",
    label: "Longitude",
    inputMode: "decimal",
    placeholder: "-104.990251",
    shownTo: "admin",
  },
});

export type VenueFieldName = keyof typeof VENUE_FIELDS;

/** The select fields' labels, for the message a required one shows when left empty. */
export const VENUE_SELECT_LABELS = { region: "Region", category: "Venue Type" } as const;
