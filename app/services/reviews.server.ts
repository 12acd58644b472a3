import { and, desc, eq, sql } from "drizzle-orm";
import { reviews, users } from "../../database/schema";
import type { Db } from "~/infra/db.server";

export type ReviewView = {
  id: string;
  userId: string;
  authorName: string;
  authorAvatar: string | null;
  rating: number;
  comment: string;
  createdAt: string;
};

export async function listReviews(db: Db, venueId: string): Promise<ReviewView[]> {
  const rows = await db
    .select({
      id: reviews.id,
      userId: reviews.userId,
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
    createdAt: r.createdAt.toISOString(),
  }));
}

/**
 * One review per user and venue: writing again replaces the first. The venue's rating and
 * review count follow through the database triggers on `reviews`.
 */
export async function saveReview(
  db: Db,
  input: { venueId: string; userId: string; rating: number; comment: string },
): Promise<{ updated: boolean }> {
  const rows = await db
    .insert(reviews)
    .values(input)
    .onConflictDoUpdate({
      target: [reviews.venueId, reviews.userId],
      set: { rating: input.rating, comment: input.comment, updatedAt: new Date() },
    })
    .returning({ inserted: sql<boolean>`(xmax = 0)` });
  return { updated: rows[0]?.inserted === false };
}

export async function getOwnReview(db: Db, venueId: string, userId: string) {
  const rows = await db
    .select({ rating: reviews.rating, comment: reviews.comment })
    .from(reviews)
    .where(and(eq(reviews.venueId, venueId), eq(reviews.userId, userId)))
    .limit(1);
  return rows[0] ?? null;
}
