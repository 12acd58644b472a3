import { and, asc, eq, sql } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";

export type CategoryWithCount = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  count: number;
  updatedAt: Date;
};

/** Venue types with the number of approved venues of each. */
function withCounts(db: Db) {
  return db
    .select({
      id: venueCategories.id,
      name: venueCategories.name,
      description: venueCategories.description,
      imageUrl: venueCategories.imageUrl,
      updatedAt: venueCategories.updatedAt,
      count: sql<number>`count(${venues.id})::int`,
    })
    .from(venueCategories)
    .leftJoin(venues, and(eq(venues.categoryId, venueCategories.id), eq(venues.isApproved, true)))
    .groupBy(venueCategories.id);
}

export async function listCategoriesWithCounts(db: Db): Promise<CategoryWithCount[]> {
  const rows = await withCounts(db).orderBy(asc(venueCategories.name));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function getCategoryWithCount(db: Db, id: string): Promise<CategoryWithCount | null> {
  const [r] = await withCounts(db).where(eq(venueCategories.id, id));
  return r ? { ...r, count: Number(r.count) } : null;
}
