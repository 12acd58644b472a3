// What the forms' fields take, without zod: the components that draw a form import these, and
// the schemas (zod and all) load only when the form is first used (issue 42). The schemas
// re-export them under their old names.

/** The longest value each kind of field takes, the same in every form that has the field. */
export const MAX = {
  name: 100,
  email: 254,
  password: 128,
  url: 2048,
  review: 2000,
  /** Anything else a form sends (ids, choices, hidden values). */
  short: 200,
} as const;

export const REVIEW_MAX_LENGTH = MAX.review;

/** A venue's managers answer reviews; rating their own venue would skew what couples read. */
export const OWN_VENUE_REVIEW = "You manage this venue, so you cannot review it.";

export const INQUIRY_MESSAGE_MAX = 2000;
export const INQUIRY_REPLY_MAX = 5000;
