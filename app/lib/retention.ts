// What the site keeps, and for how long (issue 46): one rule per kind, read by the retention task
// (app/services/retention.server.ts), the privacy page and the account's deletion page. A kind
// whose period is kept elsewhere names it here, so that the list is whole.

export const DAY_MS = 24 * 60 * 60 * 1000;

export type RetentionRule = {
  /** What is kept. */
  what: string;
  /** How long, in words, for the privacy page. */
  period: string;
  /** What happens then. */
  then: string;
};

/** The periods the retention task enforces, in days. */
export const RETENTION_DAYS = {
  /** A couple's name, email and phone on an inquiry or a site visit: 24 months after it. */
  inquiryContact: 730,
  /** Expired sessions: a day after they expire (better-auth refuses them already). */
  expiredSessions: 1,
  /** Sign-in and write counters: a day after their window ended. */
  rateLimits: 1,
  /** A data download's file: 7 days after it was built. */
  dataExports: 7,
  /** A venue in the trash (ADR 023). */
  trash: 30,
  /** Who was counted for a venue's views (ADR 029): the day's rows, deleted the next day. */
  viewVisitors: 1,
  /** Search terms counted for a venue's dashboard. */
  searchTerms: 60,
} as const;

export const RETENTION_RULES: RetentionRule[] = [
  {
    what: "Your name, email and phone on an inquiry or a site visit you sent a venue",
    period: "24 months after you sent it",
    then: "erased; the venue keeps the date, guest count and messages for its records",
  },
  {
    what: "Sessions (signed-in devices)",
    period: "until they expire (30 days without use) or you sign out",
    then: "deleted",
  },
  {
    what: "Counters that slow down repeated sign-in attempts and posts",
    period: "a day after their window ends",
    then: "deleted",
  },
  {
    what: "A download of your data",
    period: "7 days",
    then: "the file and its link are deleted",
  },
  {
    what: "Who was counted as a venue's visitor that day (a hash, not your name)",
    period: "until the day ends",
    then: "deleted the next day (well within the 90 days we promise at most)",
  },
  {
    what: "Words searched before viewing a venue (no account or address attached)",
    period: "60 days",
    then: "deleted",
  },
  {
    what: "A venue moved to the trash",
    period: "30 days",
    then: "deleted with its photos, reviews and inquiries",
  },
  {
    what: "Your account, favourites, saved searches and reviews",
    period: "until you delete your account",
    then: "deleted (reviews: deleted or kept as \u201ca former guest\u201d, as you choose)",
  },
];
