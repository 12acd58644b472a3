import { and, asc, desc, eq } from "drizzle-orm";
import { favorites, venueManagers, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { pageOffset } from "~/lib/pagination";
import { PAGE_SIZE } from "~/lib/search";
import { readPricingModel } from "~/lib/estimate";
import { confirmation, readFacts, statedFacts } from "~/lib/venue-facts";
import type { AppUser } from "~/lib/user";
import { normalizeAmenities, venueTags, type VenueCardData, type VenueView } from "~/lib/venue";
import { cardColumns, cardQuery, toCard } from "./venue-cards.server";

// The only code that reads venues for the public pages. Only approved venues are public; a
// pending venue is visible to its submitter, its managers and admins.

/** Home page: featured venues first, then the best rated. */
export async function getFeaturedVenues(db: Db, limit = 3): Promise<VenueCardData[]> {
  const rows = await cardQuery(db)
    .where(eq(venues.isApproved, true))
    .orderBy(desc(venues.isFeatured), desc(venues.rating), desc(venues.reviewCount), venues.name)
    .limit(limit);
  return rows.map(toCard);
}

/**
 * One page of a venue type's approved venues: featured first, then the best rated, then by name
 * (the id breaks ties, so pages never overlap). The page's ids come first from the partial index
 * venues_approved_category_order_idx alone (an index-only scan, so a deep OFFSET skips index
 * entries, not table rows), then the 24 cards; the type's total comes from its maintained count
 * (ADR 014).
 */
export async function listVenuesInCategory(
  db: Db,
  categoryId: string,
  { page = 1, pageSize = PAGE_SIZE }: { page?: number; pageSize?: number } = {},
): Promise<VenueCardData[]> {
  const order = [desc(venues.isFeatured), desc(venues.rating), asc(venues.name), asc(venues.id)];
  const onPage = db
    .select({ id: venues.id })
    .from(venues)
    .where(and(eq(venues.isApproved, true), eq(venues.categoryId, categoryId)))
    .orderBy(...order)
    .limit(pageSize)
    .offset(pageOffset(page, pageSize))
    .as("on_page");
  const rows = await cardQuery(db)
    .innerJoin(onPage, eq(onPage.id, venues.id))
    .orderBy(...order);
  return rows.map(toCard);
}

export async function listFavoriteVenues(db: Db, userId: string): Promise<VenueCardData[]> {
  const rows = await db
    .select(cardColumns)
    .from(favorites)
    .innerJoin(venues, eq(favorites.venueId, venues.id))
    .where(and(eq(favorites.userId, userId), eq(venues.isApproved, true)))
    .orderBy(desc(favorites.createdAt));
  return rows.map(toCard);
}

export async function canViewUnapproved(
  db: Db,
  viewer: AppUser | null,
  venue: { id: string; userId: string | null },
) {
  if (!viewer) return false;
  if (viewer.role === "admin" || viewer.id === venue.userId) return true;
  const rows = await db
    .select({ id: venueManagers.id })
    .from(venueManagers)
    .where(and(eq(venueManagers.venueId, venue.id), eq(venueManagers.userId, viewer.id)))
    .limit(1);
  return rows.length > 0;
}

/** The venue page's venue, or null when it does not exist or the viewer may not see it. */
export async function getVenueForViewer(
  db: Db,
  id: string,
  viewer: AppUser | null,
): Promise<VenueView | null> {
  const [v] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  if (!v) return null;
  if (!v.isApproved && !(await canViewUnapproved(db, viewer, v))) return null;
  const amenities = normalizeAmenities(v.amenities);
  return {
    id: v.id,
    name: v.name,
    description: v.description,
    location: v.location,
    city: v.city,
    street: [v.addressLine1, v.addressLine2].filter(Boolean).join(", ") || null,
    postalCode: v.postalCode,
    region: v.region,
    price: v.pricePerEvent,
    priceLow: v.priceLow,
    priceHigh: v.priceHigh,
    priceRange: v.priceRange,
    pricingModel: readPricingModel(v.pricingModel),
    capacity: v.capacity ?? 0,
    amenities,
    tags: venueTags(amenities),
    images: v.images,
    phone: v.phone,
    email: v.email,
    hasWebsite: !!v.website,
    rating: v.rating,
    reviewCount: v.reviewCount,
    status: v.isApproved ? "approved" : "pending",
    logoUrl: v.logoUrl,
    latitude: v.latitude ?? 0,
    longitude: v.longitude ?? 0,
    facts: statedFacts(readFacts(v.facts)),
    confirmed: confirmation(v),
  };
}

export type OwnVenue = { id: string; name: string; location: string; isApproved: boolean; createdAt: Date };

/** The user's own submissions, newest first (account page, "My Venues"). */
export async function listVenuesBySubmitter(db: Db, userId: string): Promise<OwnVenue[]> {
  return db
    .select({
      id: venues.id,
      name: venues.name,
      location: venues.location,
      isApproved: venues.isApproved,
      createdAt: venues.createdAt,
    })
    .from(venues)
    .where(eq(venues.userId, userId))
    .orderBy(desc(venues.createdAt));
}
