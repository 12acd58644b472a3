// Source of truth for every table. SQL migrations in ./migrations are generated from this file
// (`npm run db:generate`); hand-written SQL (triggers) lives in custom migrations next to them.
import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  check,
  date,
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
import type { AmenityItem } from "../app/lib/venue";

const timestamps = {
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
};

// ---------------------------------------------------------------------------------------------
// Accounts (better-auth). The `users` table is also the spec's "profiles": name, email,
// avatar_url (better-auth calls it `image`) and role.
// ---------------------------------------------------------------------------------------------
export const users = pgTable(
  "users",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    emailVerified: boolean("email_verified").notNull().default(false),
    image: text("avatar_url"),
    role: text("role").notNull().default("user"),
    ...timestamps,
  },
  (t) => [uniqueIndex("users_email_key").on(t.email), index("users_created_at_idx").on(t.createdAt)],
);

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    token: text("token").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    ...timestamps,
  },
  (t) => [uniqueIndex("sessions_token_key").on(t.token), index("sessions_user_id_idx").on(t.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    ...timestamps,
  },
  (t) => [index("accounts_user_id_idx").on(t.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    ...timestamps,
  },
  (t) => [index("verifications_identifier_idx").on(t.identifier)],
);

// Settings the servers share, such as the generated session-signing secret.
export const appSettings = pgTable("app_settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// Fixed-window counters for sign-in, registration and reset requests (shared by all instances).
export const rateLimits = pgTable("rate_limits", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});

// Stored files that may be nobody's: written for a row not yet committed, or no longer referenced
// by a committed row and not yet deleted. A crash between the two steps leaves the key here, and
// the sweep deletes the file unless a row references it (ADR 021).
export const pendingFiles = pgTable("pending_files", {
  key: text("key").primaryKey(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

// ---------------------------------------------------------------------------------------------
// Directory
// ---------------------------------------------------------------------------------------------
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
    capacity: integer("capacity"),
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
    ...timestamps,
  },
  (t) => [
    index("venues_approved_name_idx")
      .on(t.name)
      .where(sql`is_approved`),
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
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    rating: smallint("rating").notNull(),
    comment: text("comment").notNull(),
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

// ---------------------------------------------------------------------------------------------
// Road ahead: inquiries from couples, analytics for managers, CSV imports, admin audit trail.
// ---------------------------------------------------------------------------------------------
export const INQUIRY_STATUSES = ["new", "read", "replied", "archived"] as const;

export const inquiries = pgTable(
  "inquiries",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone"),
    weddingDate: date("wedding_date"),
    guestCount: integer("guest_count"),
    message: text("message").notNull(),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("new"),
    ...timestamps,
  },
  (t) => [index("inquiries_venue_created_idx").on(t.venueId, t.createdAt)],
);

// One row per venue and day; counters are incremented with an upsert.
export const venueDailyStats = pgTable(
  "venue_daily_stats",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    views: integer("views").notNull().default(0),
    favorites: integer("favorites").notNull().default(0),
    inquiries: integer("inquiries").notNull().default(0),
    websiteClicks: integer("website_clicks").notNull().default(0),
  },
  // The admin dashboard sums every venue's days of a period.
  (t) => [primaryKey({ columns: [t.venueId, t.day] }), index("venue_daily_stats_day_idx").on(t.day)],
);

// Who has already been counted today (ADR 029): one row per visitor, venue and day, keyed by a
// hash of the day's random salt, the venue, the address and the browser; nothing else is kept,
// and the rows before today (and their salt) are deleted daily.
export const venueViewVisitors = pgTable(
  "venue_view_visitors",
  {
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

// The words searched for on /venues before a counted view of the venue, per venue and day (the
// manager dashboard's top search terms). Kept for 60 days.
export const venueSearchTerms = pgTable(
  "venue_search_terms",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    term: text("term").notNull(),
    views: integer("views").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day, t.term] })],
);

export const csvImports = pgTable("csv_imports", {
  id: uuid("id").primaryKey().defaultRandom(),
  userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
  fileName: text("file_name").notNull(),
  totalRows: integer("total_rows").notNull().default(0),
  importedRows: integer("imported_rows").notNull().default(0),
  warnings: jsonb("warnings").$type<{ row: number; message: string }[]>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const auditLog = pgTable(
  "audit_log",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    actorId: text("actor_id").references(() => users.id, { onDelete: "set null" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    details: jsonb("details").$type<Record<string, unknown>>(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("audit_log_created_idx").on(t.createdAt)],
);
