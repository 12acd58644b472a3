import { venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { VenueCardData } from "~/lib/venue";

// The venue card's columns and their mapping, shared by every list of venues (home, venue types,
// favourites, search).

/** The card's columns of `venues`. */
export const cardColumns = {
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
};

/** What a card shows, and nothing else: a page of 24 cards carries it in its hydration data (issue 42). */
export function toCard(r: CardRow): VenueCardData {
  const card: VenueCardData = {
    id: r.id,
    name: r.name,
    city: r.city,
    capacity: r.capacity ?? 0,
    rating: r.rating,
    reviewCount: r.reviewCount,
    images: r.images,
  };
  // The card shows the city when there is one, else the street address (issue 9).
  if (!r.city) card.location = r.location;
  // Only the venues an admin featured carry the badge: the spec's "when the category is
  // featured" put it on every card of six venue-type pages (issue 8; docs/decisions/003).
  if (r.isFeatured) card.featured = true;
  return card;
}

/** Card columns of venues; add the conditions and the order. */
export const cardQuery = (db: Db) => db.select(cardColumns).from(venues);
