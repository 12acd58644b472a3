import { reviewAuthorName } from "~/lib/account-deletion";
import { and, desc, eq, isNull, or, sql } from "drizzle-orm";
import { reviewReplies, reviews, users, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { isStoredImage } from "~/lib/images";
import { OWN_VENUE_REVIEW } from "~/lib/validation/review";
import type { AppUser } from "~/lib/user";
import type { ReviewView } from "~/lib/venue";
import { auditAction } from "./audit.server";
import { assertCanManageVenue, isLinkedManager } from "./permissions.server";
import { LIMITS, limitWrite } from "./rate-limit.server";

/** The review's author has an inquiry to its venue marked booked (issue 45): derived, never stored. */
export const verifiedBooking = sql<boolean>`exists (select 1 from inquiries i where i.venue_id = ${reviews.venueId} and i.user_id = ${reviews.userId} and i.status = 'booked')`;

/**
 * A venue's reviews, newest first, with the 'Verified booking' label. A hidden review is left out
 * except for its author (`viewerId`), who is shown it with the moderators' reason (issue 45);
 * `verifiedOnly` keeps the verified ones (the page's filter).
 */
export async function listReviews(
  db: Db,
  venueId: string,
  opts: { viewerId?: string | null; verifiedOnly?: boolean } = {},
): Promise<ReviewView[]> {
  const viewerId = opts.viewerId ?? null;
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
      authorName: users.name,
      authorAvatar: users.image,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
      hiddenAt: reviews.hiddenAt,
      hiddenReason: reviews.hiddenReason,
      verified: verifiedBooking,
      replyBody: reviewReplies.body,
      repliedAt: reviewReplies.updatedAt,
    })
    .from(reviews)
    .leftJoin(users, eq(reviews.userId, users.id))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(
      and(
        eq(reviews.venueId, venueId),
        viewerId ? or(isNull(reviews.hiddenAt), eq(reviews.userId, viewerId)) : isNull(reviews.hiddenAt),
        opts.verifiedOnly ? verifiedBooking : undefined,
      ),
    )
    .orderBy(desc(reviews.createdAt));
  return rows.map(({ replyBody, repliedAt, userId, hiddenAt, hiddenReason, ...r }) => ({
    ...r,
    verified: Boolean(r.verified),
    own: viewerId !== null && userId === viewerId,
    hiddenReason: hiddenAt ? (hiddenReason ?? "") : null,
    reply: replyBody !== null && repliedAt ? { body: replyBody, repliedAt: repliedAt.toISOString() } : null,
    authorName: reviewAuthorName(userId, r.authorName),
    // A public page loads only avatars we store: a URL avatar would tell its host who visits.
    authorAvatar: isStoredImage(r.authorAvatar) ? r.authorAvatar : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * One review per user and venue: writing again replaces the first. Only approved venues take
 * reviews, and not from their own managers. The venue's rating and review count follow through
 * the database triggers on `reviews`. Rewriting a hidden review leaves it hidden (issue 45): the
 * update never touches the moderation columns.
 */
export async function saveReview(
  db: Db,
  input: { venueId: string; userId: string; rating: number; comment: string },
): Promise<{ ok: true; updated: boolean } | { ok: false; error: string; status: number }> {
  const [venue] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.isApproved, true)))
    .limit(1);
  if (!venue) return { ok: false, error: "Venue not found", status: 404 };
  if (await isLinkedManager(db, input.userId, input.venueId))
    return { ok: false, error: OWN_VENUE_REVIEW, status: 403 };
  const limited = await limitWrite(db, `review:${input.userId}`, LIMITS.reviewWriteUser);
  if (limited) return limited;
  const rows = await db
    .insert(reviews)
    .values(input)
    .onConflictDoUpdate({
      target: [reviews.venueId, reviews.userId],
      set: { rating: input.rating, comment: input.comment, updatedAt: new Date() },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { ok: true, updated: rows[0]?.inserted === false };
}

export async function getOwnReview(db: Db, venueId: string, userId: string) {
  const rows = await db
    .select({ rating: reviews.rating, comment: reviews.comment })
    .from(reviews)
    .where(and(eq(reviews.venueId, venueId), eq(reviews.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}

// ---------------------------------------------------------------------------------------------
// The venue's public answer to a review (issue 13, beyond the spec: ADR 016). One per review;
// writing again replaces it. A manager of the venue (or an admin) only.
// ---------------------------------------------------------------------------------------------

export const REVIEW_NOT_FOUND = "Review not found";
type ReplyOutcome = { ok: true } | { ok: false; error: string; status: number };

/** The review when it belongs to the venue, else null (a review id of another venue is refused). */
async function reviewOfVenue(db: Db, venueId: string, reviewId: string) {
  const [row] = await db
    .select({ id: reviews.id, comment: reviews.comment })
    .from(reviews)
    .where(and(eq(reviews.id, reviewId), eq(reviews.venueId, venueId)))
    .limit(1);
  return row ?? null;
}

export async function saveReviewReply(
  db: Db,
  actor: AppUser,
  venueId: string,
  reviewId: string,
  body: string,
): Promise<ReplyOutcome & { updated?: boolean }> {
  await assertCanManageVenue(db, actor, venueId);
  const limited = await limitWrite(db, `review-reply:${actor.id}`, LIMITS.reviewReplyUser);
  if (limited) return limited;
  return db.transaction(async (tx) => {
    if (!(await reviewOfVenue(tx, venueId, reviewId)))
      return { ok: false as const, error: REVIEW_NOT_FOUND, status: 404 };
    const [row] = await tx
      .insert(reviewReplies)
      .values({ reviewId, userId: actor.id, body })
      .onConflictDoUpdate({
        target: reviewReplies.reviewId,
        set: { body, userId: actor.id, updatedAt: new Date() },
      })
      .returning({ inserted: sql<boolean>`(xmax = 0)` });
    await auditAction(tx, actor, "review.reply", reviewId, { venueId, reply: body.slice(0, 200) });
    return { ok: true as const, updated: row?.inserted === false };
  });
}

export async function deleteReviewReply(
  db: Db,
  actor: AppUser,
  venueId: string,
  reviewId: string,
): Promise<ReplyOutcome> {
  await assertCanManageVenue(db, actor, venueId);
  return db.transaction(async (tx) => {
    if (!(await reviewOfVenue(tx, venueId, reviewId)))
      return { ok: false as const, error: REVIEW_NOT_FOUND, status: 404 };
    const deleted = await tx
      .delete(reviewReplies)
      .where(eq(reviewReplies.reviewId, reviewId))
      .returning({ body: reviewReplies.body });
    if (deleted.length === 0) return { ok: false as const, error: "This review has no reply", status: 404 };
    await auditAction(tx, actor, "review.reply_delete", reviewId, { venueId });
    return { ok: true as const };
  });
}
