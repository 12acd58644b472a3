// A submitter's own pending venue (issue 22, item 11): what they read while it waits, and the
// answers of its edit and withdrawal (docs/decisions/025-owners-pending-submissions-and-mails.md).

/** How long review usually takes, as the owner's pages say it (ADR 025). */
export const REVIEW_TIME = "usually within 2 business days";

/** What happens after a submission, in the order it happens. */
export const WHAT_HAPPENS_NEXT = [
  `An administrator reviews every submission, ${REVIEW_TIME}.`,
  "We email you either way. Once it is approved, the venue is listed for couples and you become its venue manager, with a dashboard to keep its page up to date.",
  "Until then only you can see it, and you can still edit or withdraw it here.",
] as const;

/** The owner's page of a submission. */
export const submissionPath = (venueId: string) => `/account/venues/${venueId}`;

export const ownSubmissionMessages = {
  notFound: "This submission no longer exists: it was withdrawn, or it was not approved after review.",
  approved:
    "This venue has been approved, so it can no longer be edited or withdrawn here. As its venue manager, you keep it up to date from the venue manager dashboard.",
  saved: "Your changes are saved",
  savedDescription: `Your venue is still waiting for review, ${REVIEW_TIME}.`,
  saveFailed: "Failed to save your changes",
  withdrawn: "Submission withdrawn",
  withdrawnDescription: (name: string) => `${name} and its photos have been removed.`,
  withdrawFailed: "Failed to withdraw the submission",
  withdrawQuestion:
    "Are you sure you want to withdraw this venue? It will be permanently deleted with its photos, and will not be reviewed.",
} as const;
