import { and, asc, count, desc, eq, inArray, isNotNull, isNull, min, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { reviewReports, reviews, users, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import { deletionMessages, reviewAuthorName } from "~/lib/account-deletion";
import { Refusal } from "~/lib/refusal";
import {
  HIDDEN_LIST_MAX,
  REVIEW_QUEUE_PAGE_SIZE,
  reportMessages,
  type HiddenReview,
  type QueueReport,
  type ReportTarget,
  type ReviewQueue,
} from "~/lib/review-moderation";
import type { ReportReason, ReportResolution } from "~/lib/trust";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { venuePath } from "~/lib/venue-url";
import { auditAction } from "./audit.server";
import { assertAdmin } from "./permissions.server";
import { LIMITS, limitWrite } from "./rate-limit.server";
import { verifiedBooking } from "./reviews.server";
import { proofRequestEmail } from "./trust-emails.server";

// Reports of reviews and their moderation (issue 45, ADR 045). A report never hides anything by
// itself (the US Consumer Review Rule bans suppressing honest reviews): an admin decides, keep,
// hide with a published reason, or ask the reviewer for proof of the booking; each decision is
// one transaction that resolves the open reports and writes its activity entry.

/** A manager of the review's venue made the report (the queue says so). */
const fromManager = sql<boolean>`exists (select 1 from venue_managers vm where vm.venue_id = ${reviews.venueId} and vm.user_id = ${reviewReports.userId})`;

/** A review people may report: on an approved venue, not hidden. Anything else is a 404. */
async function reportable(db: Db, reviewId: string) {
  if (!isUuid(reviewId)) throw new Refusal(404, reportMessages.notFound);
  const [row] = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      venueId: reviews.venueId,
      authorName: users.name,
      rating: reviews.rating,
      comment: reviews.comment,
      venueName: venues.name,
    })
    .from(reviews)
    .innerJoin(venues, eq(venues.id, reviews.venueId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(and(eq(reviews.id, reviewId), eq(venues.isApproved, true), isNull(reviews.hiddenAt)));
  if (!row) throw new Refusal(404, reportMessages.notFound);
  return row;
}

function signedIn(user: AppUser | null | undefined): asserts user is AppUser {
  if (!user) throw new Refusal(401, "You must be logged in");
}

/** The report page's review, and the person's earlier report of it. */
export async function reportTarget(db: Db, user: AppUser | null, reviewId: string): Promise<ReportTarget> {
  signedIn(user);
  const review = await reportable(db, reviewId);
  if (review.userId === user.id) throw new Refusal(403, reportMessages.own);
  const [earlier] = await db
    .select({ reason: reviewReports.reason, note: reviewReports.note, resolvedAt: reviewReports.resolvedAt })
    .from(reviewReports)
    .where(and(eq(reviewReports.reviewId, reviewId), eq(reviewReports.userId, user.id)));
  return {
    id: review.id,
    authorName: reviewAuthorName(review.userId, review.authorName),
    rating: review.rating,
    comment: review.comment,
    venue: { name: review.venueName, path: venuePath({ id: review.venueId, name: review.venueName }) },
    earlier: earlier ? { reason: earlier.reason, note: earlier.note, open: !earlier.resolvedAt } : null,
  };
}

export type ReportOutcome = { status: "sent" | "updated" | "decided"; venuePath: string };

/**
 * One report per person and review: a second one while it is open updates it; once decided, it
 * stays as it was. It hides nothing: a manager's report of their own venue's review included.
 */
export async function reportReview(
  db: Db,
  user: AppUser | null,
  reviewId: string,
  input: { reason: ReportReason; note: string },
): Promise<ReportOutcome> {
  signedIn(user);
  const review = await reportable(db, reviewId);
  if (review.userId === user.id) throw new Refusal(403, reportMessages.own);
  const limited = await limitWrite(db, `review-report:${user.id}`, LIMITS.reviewReportUser);
  if (limited) throw new Refusal(limited.status, limited.error);
  const path = venuePath({ id: review.venueId, name: review.venueName });
  return db.transaction(async (tx) => {
    const rows = await tx
      .insert(reviewReports)
      .values({ reviewId, userId: user.id, reason: input.reason, note: input.note })
      .onConflictDoUpdate({
        target: [reviewReports.reviewId, reviewReports.userId],
        set: { reason: input.reason, note: input.note },
        setWhere: isNull(reviewReports.resolvedAt),
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    if (rows.length === 0) return { status: "decided" as const, venuePath: path };
    const inserted = rows[0]!.inserted;
    await auditAction(tx, user, "review.report", reviewId, {
      venueId: review.venueId,
      reason: input.reason,
      ...(inserted ? {} : { again: true }),
    });
    return { status: inserted ? ("sent" as const) : ("updated" as const), venuePath: path };
  });
}

// ---------------------------------------------------------------------------------------------
// The admin's queue
// ---------------------------------------------------------------------------------------------

const reporters = alias(users, "reporter");

/**
 * The reviews with open reports, the longest waiting first, a page at a time: each with its open
 * reports and its author's history; and the hidden reviews (newest first, bounded) to restore.
 */
export async function reviewQueue(db: Db, actor: AppUser | null, page = 1): Promise<ReviewQueue> {
  assertAdmin(actor);
  const open = db
    .select({ reviewId: reviewReports.reviewId, first: min(reviewReports.createdAt).as("first") })
    .from(reviewReports)
    .where(isNull(reviewReports.resolvedAt))
    .groupBy(reviewReports.reviewId)
    .as("open");
  const [totalRow] = await db.select({ n: count() }).from(open);
  const total = Number(totalRow?.n ?? 0);
  const pageCount = pageCountOf(total, REVIEW_QUEUE_PAGE_SIZE);
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pageCount);
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      hiddenReason: reviews.hiddenReason,
      hiddenAt: reviews.hiddenAt,
      proofRequestedAt: reviews.proofRequestedAt,
      venueId: venues.id,
      venueName: venues.name,
      authorName: users.name,
      authorEmail: users.email,
      verified: verifiedBooking,
      otherReviews: sql<number>`(select count(*) from reviews o where o.user_id = ${reviews.userId} and o.id <> ${reviews.id})::int`,
      hiddenBefore: sql<number>`(select count(*) from reviews h where h.user_id = ${reviews.userId} and h.id <> ${reviews.id} and h.hidden_at is not null)::int`,
    })
    .from(open)
    .innerJoin(reviews, eq(reviews.id, open.reviewId))
    .innerJoin(venues, eq(venues.id, reviews.venueId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .orderBy(asc(open.first), asc(reviews.id))
    .limit(REVIEW_QUEUE_PAGE_SIZE)
    .offset(pageOffset(current, REVIEW_QUEUE_PAGE_SIZE));
  const ids = rows.map((r) => r.id);
  const reports = ids.length
    ? await db
        .select({
          reviewId: reviewReports.reviewId,
          reason: reviewReports.reason,
          note: reviewReports.note,
          reporterName: reporters.name,
          reporterEmail: reporters.email,
          createdAt: reviewReports.createdAt,
          fromManager,
        })
        .from(reviewReports)
        .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
        .leftJoin(reporters, eq(reporters.id, reviewReports.userId))
        .where(and(inArray(reviewReports.reviewId, ids), isNull(reviewReports.resolvedAt)))
        .orderBy(asc(reviewReports.createdAt))
    : [];
  const byReview = new Map<string, QueueReport[]>();
  for (const { reviewId, createdAt, reporterName, fromManager: manager, ...r } of reports) {
    const list = byReview.get(reviewId) ?? [];
    list.push({
      ...r,
      reporterName: reporterName?.trim() || "Deleted account",
      createdAt: createdAt.toISOString(),
      fromManager: Boolean(manager),
    });
    byReview.set(reviewId, list);
  }
  return {
    reviews: rows.map((r) => ({
      id: r.id,
      rating: r.rating,
      comment: r.comment,
      createdAt: r.createdAt.toISOString(),
      hiddenReason: r.hiddenAt ? (r.hiddenReason ?? "") : null,
      proofRequestedAt: r.proofRequestedAt?.toISOString() ?? null,
      venue: { name: r.venueName, path: venuePath({ id: r.venueId, name: r.venueName }) },
      author: {
        name: reviewAuthorName(r.userId, r.authorName),
        email: r.authorEmail,
        otherReviews: Number(r.otherReviews),
        hiddenBefore: Number(r.hiddenBefore),
        verified: Boolean(r.verified),
      },
      reports: byReview.get(r.id) ?? [],
    })),
    total,
    page: current,
    pageCount,
    hidden: await hiddenReviews(db),
  };
}

async function hiddenReviews(db: Db): Promise<HiddenReview[]> {
  const rows = await db
    .select({
      id: reviews.id,
      rating: reviews.rating,
      comment: reviews.comment,
      userId: reviews.userId,
      authorName: users.name,
      hiddenReason: reviews.hiddenReason,
      hiddenAt: reviews.hiddenAt,
      venueId: venues.id,
      venueName: venues.name,
    })
    .from(reviews)
    .innerJoin(venues, eq(venues.id, reviews.venueId))
    .leftJoin(users, eq(users.id, reviews.userId))
    .where(isNotNull(reviews.hiddenAt))
    .orderBy(desc(reviews.hiddenAt))
    .limit(HIDDEN_LIST_MAX);
  return rows.map((r) => ({
    id: r.id,
    rating: r.rating,
    comment: r.comment,
    authorName: reviewAuthorName(r.userId, r.authorName),
    hiddenReason: r.hiddenReason ?? "",
    hiddenAt: r.hiddenAt!.toISOString(),
    venue: { name: r.venueName, path: venuePath({ id: r.venueId, name: r.venueName }) },
  }));
}

// ---------------------------------------------------------------------------------------------
// The decisions
// ---------------------------------------------------------------------------------------------

export type Decision =
  | { intent: "keep" | "proof" | "unhide"; reviewId: string }
  | { intent: "hide"; reviewId: string; reason: string };

export const moderationMessages = {
  keep: "Review kept",
  hide: "Review hidden",
  proof: "Proof asked of the reviewer",
  unhide: "Review restored",
  noReports: "This review has no open reports",
  hidden: "This review is already hidden",
  notHidden: "This review is not hidden",
} as const;

const RESOLUTION: Record<"keep" | "hide" | "proof", ReportResolution> = {
  keep: "kept",
  hide: "hidden",
  proof: "proof",
};

/**
 * An admin's decision on a review, in one transaction with its activity entry: keep, hide (with
 * the published reason) or ask for proof resolve the open reports; restore shows a hidden review
 * again. Asking for proof mails the reviewer in the transaction: a mail that fails undoes it.
 */
export async function moderateReview(
  app: Pick<AppContext, "db" | "mailer" | "config">,
  actor: AppUser | null,
  decision: Decision,
): Promise<string> {
  assertAdmin(actor);
  const { reviewId, intent } = decision;
  return app.db.transaction(async (tx) => {
    const [review] = await tx
      .select({
        id: reviews.id,
        venueId: reviews.venueId,
        comment: reviews.comment,
        hiddenAt: reviews.hiddenAt,
        userId: reviews.userId,
        authorEmail: users.email,
        venueName: venues.name,
      })
      .from(reviews)
      .innerJoin(venues, eq(venues.id, reviews.venueId))
      .leftJoin(users, eq(users.id, reviews.userId))
      .where(eq(reviews.id, reviewId))
      .for("update", { of: reviews });
    if (!review) throw new Refusal(404, reportMessages.notFound);
    // A kept review of a deleted account (issue 46) has nobody to ask.
    if (intent === "proof" && review.userId === null) throw new Refusal(409, deletionMessages.noAuthor);
    const now = new Date();
    let resolved = 0;
    if (intent !== "unhide") {
      if (intent === "hide" && review.hiddenAt) throw new Refusal(409, moderationMessages.hidden);
      const closed = await tx
        .update(reviewReports)
        .set({ resolvedAt: now, resolution: RESOLUTION[intent] })
        .where(and(eq(reviewReports.reviewId, reviewId), isNull(reviewReports.resolvedAt)))
        .returning({ id: reviewReports.id });
      resolved = closed.length;
      if (resolved === 0 && intent !== "hide") throw new Refusal(409, moderationMessages.noReports);
    } else if (!review.hiddenAt) throw new Refusal(409, moderationMessages.notHidden);
    const details: Record<string, unknown> = { venueId: review.venueId, reports: resolved };
    if (intent === "hide") {
      await tx
        .update(reviews)
        .set({ hiddenAt: now, hiddenReason: decision.reason })
        .where(eq(reviews.id, reviewId));
      details.reason = decision.reason;
    } else if (intent === "unhide") {
      await tx.update(reviews).set({ hiddenAt: null, hiddenReason: null }).where(eq(reviews.id, reviewId));
    } else if (intent === "proof") {
      await tx.update(reviews).set({ proofRequestedAt: now }).where(eq(reviews.id, reviewId));
    }
    await auditAction(tx, actor, `review.${intent}`, reviewId, details);
    if (intent === "proof" && review.authorEmail) {
      const { siteName, siteUrl, contactEmail } = app.config;
      const venue = { id: review.venueId, name: review.venueName };
      await app.mailer.send(
        proofRequestEmail(
          siteName,
          review.authorEmail,
          venue,
          review,
          contactEmail,
          `${siteUrl}${venuePath(venue)}`,
        ),
      );
    }
    return moderationMessages[intent];
  });
}
