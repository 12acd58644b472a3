import { isUuid } from "~/lib/uuid";
import { and, eq } from "drizzle-orm";
import { favorites, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { recordFavoriteStat } from "./venue-stats.server";

/** The user's saved venues that are public (a venue taken back to pending drops out). */
export async function listFavoriteIds(db: Db, userId: string): Promise<string[]> {
  const rows = await db
    .select({ venueId: favorites.venueId })
    .from(favorites)
    .innerJoin(venues, eq(favorites.venueId, venues.id))
    .where(and(eq(favorites.userId, userId), eq(venues.isApproved, true)));
  return rows.map((r) => r.venueId);
}

/** Adds or removes a favourite; only approved venues can be saved. Returns the new state. */
export async function setFavorite(db: Db, userId: string, venueId: string, saved: boolean): Promise<boolean> {
  if (!isUuid(venueId)) throw new FavoriteError("Venue not found");
  if (!saved) {
    await db.delete(favorites).where(and(eq(favorites.userId, userId), eq(favorites.venueId, venueId)));
    return false;
  }
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)))
    .limit(1);
  if (rows.length === 0) throw new FavoriteError("Venue not found");
  // A save is counted for the venue's insights the first time this account saves it (ADR 029).
  await db.transaction(async (tx) => {
    const added = await tx
      .insert(favorites)
      .values({ userId, venueId })
      .onConflictDoNothing()
      .returning({ id: favorites.venueId });
    if (added.length > 0) await recordFavoriteStat(tx, userId, venueId);
  });
  return true;
}

export class FavoriteError extends Error {}
