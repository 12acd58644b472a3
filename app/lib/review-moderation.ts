import type { ReportReason } from "./trust";

// Reports of reviews and their moderation (issue 45, ADR 045): what the report page and the
// admin queue show, shared by their routes and components.

export const ADMIN_REVIEWS_PATH = "/admin/reviews";
export const REVIEW_QUEUE_PAGE_SIZE = 20;
export const HIDDEN_LIST_MAX = 50;

/** The page where a signed-in person reports a review. */
export const reportReviewPath = (reviewId: string) => `/reviews/${reviewId}/report`;

export const reportMessages = {
  notFound: "Review not found",
  own: "You cannot report your own review",
  sent: "Thank you. Our moderators will look at this review.",
  updated: "You already reported this review: we updated your report.",
  decided: "You already reported this review, and our moderators have decided on it.",
} as const;

/** The review a person is about to report, and their earlier report of it. */
export type ReportTarget = {
  id: string;
  authorName: string;
  rating: number;
  comment: string;
  venue: { name: string; path: string };
  earlier: { reason: ReportReason; note: string; open: boolean } | null;
};

export type QueueReport = {
  reason: ReportReason;
  note: string;
  reporterName: string;
  reporterEmail: string | null;
  createdAt: string;
  /** Made by a manager of the reviewed venue: never enough to hide a review on its own. */
  fromManager: boolean;
};

export type QueueReview = {
  id: string;
  rating: number;
  comment: string;
  createdAt: string;
  hiddenReason: string | null;
  proofRequestedAt: string | null;
  venue: { name: string; path: string };
  author: {
    name: string;
    email: string | null;
    /** Their reviews of other venues. */
    otherReviews: number;
    /** Of those, how many the moderators hid. */
    hiddenBefore: number;
    /** A booked inquiry at this venue. */
    verified: boolean;
  };
  reports: QueueReport[];
};

export type HiddenReview = {
  id: string;
  rating: number;
  comment: string;
  authorName: string;
  hiddenReason: string;
  hiddenAt: string;
  venue: { name: string; path: string };
};

export type ReviewQueue = {
  reviews: QueueReview[];
  total: number;
  page: number;
  pageCount: number;
  hidden: HiddenReview[];
};
