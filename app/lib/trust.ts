// The trust loop (issue 45): reports on reviews, site visits, claims of a listing. The words and
// the closed sets the schema, the services and the pages share.

/** Why a signed-in person reports a review. */
export const REPORT_REASONS = ["fake", "offensive", "conflict", "off-topic"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fake: "It looks fake",
  offensive: "It is offensive",
  conflict: "Conflict of interest",
  "off-topic": "It is not about this venue",
};

/** What an admin decided on a review's reports: keep it, hide it with a published reason, ask for proof. */
export const REPORT_RESOLUTIONS = ["kept", "hidden", "proof"] as const;
export type ReportResolution = (typeof REPORT_RESOLUTIONS)[number];

/** A booked site visit, or one the couple or the venue cancelled. */
export const TOUR_STATUSES = ["booked", "cancelled"] as const;
export type TourStatus = (typeof TOUR_STATUSES)[number];

/** How a claimant proves a listing is theirs: a link mailed to the venue's domain, or an admin's approval. */
export const CLAIM_METHODS = ["domain", "admin"] as const;
export type ClaimMethod = (typeof CLAIM_METHODS)[number];
export const CLAIM_STATUSES = ["pending", "approved", "rejected"] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];
