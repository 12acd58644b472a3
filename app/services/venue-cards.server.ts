import { eq } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { VenueCardData } from "~/lib/venue";

// The venue card's columns and their mapping, shared by every list of venues (home, venue types,
// favourites, search). The category is joined for its name and its featured flag.

/** The card's own columns of `venues`; search looks the category up in its store rather than joining it. */
export const venueCardColumns = {
  id: venues.id,
  name: venues.name,
  location: venues.location,
  city: venues.city,
  capacity: venues.capacity,
  rating: venues.rating,
  reviewCount: venues.reviewCount,
  images: venues.images,
  isFeatured: venues.isFeatured,
};

export const cardColumns = {
  ...venueCardColumns,
  categoryName: venueCategories.name,
  categoryFeatured: venueCategories.isFeatured,
};

export type CardRow = {
  id: string;
  name: string;
  location: string;
  city: string | null;
  capacity: number | null;
  rating: number;
  reviewCount: number;
  images: string[];
  isFeatured: boolean;
  categoryName: string | null;
  categoryFeatured: boolean | null;
};

export function toCard(r: CardRow): VenueCardData {
  return {
    id: r.id,
    name: r.name,
    // The card shows the city when there is one: the street address is then left out of the
    // page's hydration data (a page of 24 cards carried 24 addresses it never showed; issue 9).
    location: r.city ? "" : r.location,
    city: r.city,
    capacity: r.capacity ?? 0,
    rating: r.rating,
    reviewCount: r.reviewCount,
    images: r.images,
    category: r.categoryName ?? "Uncategorized",
    // Only the venues an admin featured carry the badge: the spec's "when the category is
    // featured" put it on every card of six venue-type pages (issue 8; docs/decisions/003).
    featured: r.isFeatured,
  };
}

/** Card columns of venues with their category; add the conditions and the order. */
export const cardQuery = (db: Db) =>
  db.select(cardColumns).from(venues).leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id));
