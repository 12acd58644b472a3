import { asc, eq, sql } from "drizzle-orm";
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

const countApproved = sql<number>`(select count(*)::int from ${venues} where ${venues.categoryId} = ${venueCategories.id} and ${venues.isApproved})`;

export async function listCategoriesWithCounts(db: Db): Promise<CategoryWithCount[]> {
  const rows = await db
    .select({
      id: venueCategories.id,
      name: venueCategories.name,
      description: venueCategories.description,
      imageUrl: venueCategories.imageUrl,
      updatedAt: venueCategories.updatedAt,
      count: countApproved,
    })
    .from(venueCategories)
    .orderBy(asc(venueCategories.name));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function getCategoryWithCount(db: Db, id: string): Promise<CategoryWithCount | null> {
  const rows = await db
    .select({
      id: venueCategories.id,
      name: venueCategories.name,
      description: venueCategories.description,
      imageUrl: venueCategories.imageUrl,
      updatedAt: venueCategories.updatedAt,
      count: countApproved,
    })
    .from(venueCategories)
    .where(eq(venueCategories.id, id))
    .limit(1);
  const r = rows[0];
  return r ? { ...r, count: Number(r.count) } : null;
}
