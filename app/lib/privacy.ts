// A person's rights over their data (issue 46): shared by the account's privacy page and its services.

export const EXPORT_STATUSES = ["building", "ready", "failed"] as const;
export type ExportStatus = (typeof EXPORT_STATUSES)[number];

/** What a deleted account's reviews become: gone, or kept under "a former guest". */
export const REVIEW_CHOICES = ["delete", "keep"] as const;
export type ReviewChoice = (typeof REVIEW_CHOICES)[number];

/** The name a kept review of a deleted account is shown under, and an erased inquiry's. */
export const FORMER_GUEST = "A former guest";

/** Where data downloads are stored: never served as public files (http.server.ts), only by their route. */
export const PRIVATE_PREFIX = "exports/";
