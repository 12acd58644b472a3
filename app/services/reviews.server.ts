import { and, desc, eq, sql } from "drizzle-orm";
import { reviews, users, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { isStoredImage } from "~/lib/images";
import type { ReviewView } from "~/lib/venue";

export async function listReviews(db: Db, venueId: string): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      authorName: users.name,
      authorAvatar: users.image,
      rating: reviews.rating,
      comment: reviews.comment,
      createdAt: reviews.createdAt,
    })
    .from(reviews)
    .leftJoin(users, eq(reviews.userId, users.id))
    .where(eq(reviews.venueId, venueId))
    .orderBy(desc(reviews.createdAt));
  return rows.map((r) => ({
    ...r,
    authorName: r.authorName?.trim() || "Anonymous",
    // A public page loads only avatars we store: a URL avatar would tell its host who visits.
    authorAvatar: isStoredImage(r.authorAvatar) ? r.authorAvatar : null,
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * One review per user and venue: writing again replaces the first. Only approved venues take
 * reviews. The venue's rating and review count follow through the database triggers on `reviews`.
 */
export async function saveReview(
  db: Db,
  input: { venueId: string; userId: string; rating: number; comment: string },
): Promise<{ ok: true; updated: boolean } | { ok: false; error: string; status: 404 }> {
  const [venue] = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, input.venueId), eq(venues.isApproved, true)))
    .limit(1);
  if (!venue) return { ok: false, error: "Venue not found", status: 404 };
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
