import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  customType,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { PricingModel } from "../../app/lib/estimate";
import type { AmenityItem } from "../../app/lib/venue";
import type { VenueFacts } from "../../app/lib/venue-facts";
import { users } from "./accounts";
import { timestamps } from "./timestamps";

// The directory: venue types, amenities, venues, their FAQs, reviews, favourites and managers,
// and the change log the in-process caches follow.

export const venueCategories = pgTable(
  "venue_categories",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    imageUrl: text("image_url"),
    isFeatured: boolean("is_featured").notNull().default(false),
    ...timestamps,
  },
  (t) => [uniqueIndex("venue_categories_name_key").on(sql`lower(${t.name})`)],
);

export const venueAmenities = pgTable(
  "venue_amenities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    ...timestamps,
  },
  (t) => [uniqueIndex("venue_amenities_name_key").on(sql`lower(${t.name})`)],
);

export const venues = pgTable(
  "venues",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
    // The spec's single-string address: line 1, line 2, city, 'Colorado {postal code}'.
    location: text("location").notNull().default(""),
    addressLine1: text("address_line1"),
    addressLine2: text("address_line2"),
    city: text("city"),
    postalCode: text("postal_code"),
    region: text("region"),
    pricePerEvent: integer("price_per_event"),
    priceRange: text("price_range"),
    priceLow: integer("price_low"),
    priceHigh: integer("price_high"),
    // The search's "lowest price": price_low, else price_per_event, else 0.
    minPrice: integer("min_price")
      .notNull()
      .generatedAlwaysAs(sql`coalesce(price_low, price_per_event, 0)`),
    // The manager's pricing model beside the spec's prices (issue 24, ADR 031); null: none.
    pricingModel: jsonb("pricing_model").$type<PricingModel>(),
    capacity: integer("capacity"),
    // Capacity by layout and the house rules (issue 43, lib/venue-facts.ts); null: none stated.
    facts: jsonb("facts").$type<VenueFacts>(),
    // When the venue last confirmed its prices and facts (a save or 'Still correct'; issue 43).
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    categoryId: uuid("category_id").references(() => venueCategories.id, { onDelete: "set null" }),
    amenities: jsonb("amenities").$type<AmenityItem[]>().notNull().default([]),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    logoUrl: text("logo_url"),
    phone: text("phone"),
    email: text("email"),
    website: text("website"),
    // Derived from `reviews` by database triggers (migration 0001): never written by the app.
    rating: real("rating").notNull().default(0),
    reviewCount: integer("review_count").notNull().default(0),
    isApproved: boolean("is_approved").notNull().default(false),
    isFeatured: boolean("is_featured").notNull().default(false),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    latitude: doublePrecision("latitude"),
    longitude: doublePrecision("longitude"),
    approvedAt: timestamp("approved_at", { withTimezone: true }),
    // When a manager or admin last changed the calendar (issue 41): null or older than 90 days,
    // its free days read 'Not confirmed' to couples (lib/availability.ts).
    calendarUpdatedAt: timestamp("calendar_updated_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("venues_approved_name_idx")
      .on(t.name)
      .where(sql`is_approved`),
    // The saved searches' check: the venues changed since its last run (issue 44).
    index("venues_changed_idx").on(sql`greatest(${t.updatedAt}, ${t.approvedAt}, ${t.calendarUpdatedAt})`),
    index("venues_approved_featured_idx")
      .on(t.isFeatured, t.rating)
      .where(sql`is_approved`),
    index("venues_approved_region_idx")
      .on(t.region)
      .where(sql`is_approved`),
    index("venues_approved_capacity_idx")
      .on(t.capacity)
      .where(sql`is_approved`),
    index("venues_approved_min_price_idx")
      .on(t.minPrice)
      .where(sql`is_approved`),
    index("venues_approved_category_idx")
      .on(t.categoryId)
      .where(sql`is_approved`),
    // A venue type's page: its approved venues in the list order, a page at a time (ADR 014).
    index("venues_approved_category_order_idx")
      .on(t.categoryId, t.isFeatured.desc().nullsFirst(), t.rating.desc().nullsFirst(), t.name, t.id)
      .where(sql`is_approved`),
    index("venues_pending_created_idx")
      .on(t.createdAt)
      .where(sql`not is_approved`),
    index("venues_user_id_idx").on(t.userId, t.createdAt),
    index("venues_amenities_idx").using("gin", sql`${t.amenities} jsonb_path_ops`),
    index("venues_name_trgm_idx").using("gin", sql`lower(${t.name}) gin_trgm_ops`),
    index("venues_location_trgm_idx").using("gin", sql`lower(${t.location}) gin_trgm_ops`),
    check("venues_capacity_check", sql`${t.capacity} is null or ${t.capacity} >= 0`),
  ],
);

// Which venues changed, for in-process caches of venue data shared by several server instances
// (the search index of app/services/search-index.server.ts, ADR 005). Triggers on `venues` and
// `venue_categories` (migration 0005) bump `cache_versions` and record the changed venue ids under
// that version in the same transaction, so a reader that sees a version also sees its data, and
// the version row's lock orders the writers.
export const cacheVersions = pgTable("cache_versions", {
  name: text("name").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull().default(0),
});

export const venueChanges = pgTable(
  "venue_changes",
  {
    version: bigint("version", { mode: "number" }).notNull(),
    venueId: uuid("venue_id").notNull(),
  },
  (t) => [primaryKey({ columns: [t.version, t.venueId] })],
);

const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({ dataType: () => "bytea" });

// The search index as of `version`, in parts of a few megabytes (app/lib/search-snapshot.ts): a
// new server loads it and applies `venue_changes` since, instead of reading every venue and
// calendar (seconds at 100,000 venues; issue 42). Written whole by the server that built it.
export const searchSnapshot = pgTable("search_snapshot", {
  part: integer("part").primaryKey(),
  version: bigint("version", { mode: "number" }).notNull(),
  data: bytea("data").notNull(),
});

// Approved venues per venue type, for the home page's tiles, /categories and a type's page (ADR
// 014). Maintained by statement-level triggers on `venues` and `venue_categories` (migration
// 0008), so reading the counts costs one small table instead of a count over every venue; a
// separate table (not a column of venue_categories) so that counting never fires the type's own
// change triggers. Never written by the app.
export const venueCategoryCounts = pgTable("venue_category_counts", {
  categoryId: uuid("category_id")
    .primaryKey()
    .references(() => venueCategories.id, { onDelete: "cascade" }),
  approvedVenues: integer("approved_venues").notNull().default(0),
});

export const venueFaqs = pgTable(
  "venue_faqs",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    question: text("question").notNull(),
    answer: text("answer").notNull(),
    displayOrder: integer("display_order").notNull().default(0),
    ...timestamps,
  },
  (t) => [index("venue_faqs_venue_order_idx").on(t.venueId, t.displayOrder)],
);

export const reviews = pgTable(
  "reviews",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    // Null: the author deleted their account and chose to keep it, shown as "a former guest" (issue 46).
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
    // Moderation (issue 45): a hidden review stays, shown to its author with the published
    // reason, left out of the page and the rating; proof asked of its author after a report.
    hiddenAt: timestamp("hidden_at", { withTimezone: true }),
    hiddenReason: text("hidden_reason"),
    proofRequestedAt: timestamp("proof_requested_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("reviews_venue_user_key").on(t.venueId, t.userId),
    index("reviews_venue_created_idx").on(t.venueId, t.createdAt),
    check("reviews_rating_check", sql`${t.rating} between 1 and 5`),
  ],
);

// A venue's public answer to a review (issue 13, beyond the spec: docs/decisions/016): one per
// review, written by a manager of the venue or an admin, shown under the review on the venue page.
// A table of its own so that answering never touches `reviews` (whose triggers recompute ratings).
export const reviewReplies = pgTable("review_replies", {
  reviewId: uuid("review_id")
    .primaryKey()
    .references(() => reviews.id, { onDelete: "cascade" }),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  body: text("body").notNull(),
  ...timestamps,
});

export const favorites = pgTable(
  "favorites",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.venueId] }), index("favorites_venue_id_idx").on(t.venueId)],
);

export const venueManagers = pgTable(
  "venue_managers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("venue_managers_user_venue_key").on(t.userId, t.venueId),
    index("venue_managers_venue_id_idx").on(t.venueId),
  ],
);
