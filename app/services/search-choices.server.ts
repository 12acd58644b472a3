// The search filter panel's choices (spec, public side: section 5), read on every search page.
import { sql } from "drizzle-orm";
import { venueAmenities, venueCategories } from "../../database/schema";
import { queryRows, type Db } from "~/infra/db.server";
import { AMENITY_NAMES } from "~/lib/catalog";
import type { SearchChoices } from "~/lib/search-page";

/**
 * The venue types and the amenity list the filter panel offers, by name. Amenities come from the
 * list the admins keep (seeded with the spec's 25); while that list is empty, the spec's own.
 */
export async function searchChoices(db: Db): Promise<SearchChoices> {
  // Both lists in one round trip: every search page asks for them (issue 42).
  const [row] = await queryRows<{
    categories: SearchChoices["categories"] | null;
    amenities: string[] | null;
  }>(
    db,
    sql`select
      (select json_agg(json_build_object('id', id, 'name', name) order by name) from ${venueCategories}) as categories,
      (select json_agg(name order by name) from ${venueAmenities}) as amenities`,
  );
  return { categories: row?.categories ?? [], amenities: row?.amenities ?? [...AMENITY_NAMES] };
}
