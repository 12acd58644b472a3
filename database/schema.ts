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
import { INQUIRY_STATUSES } from "../app/lib/inquiries";
import type { PricingModel } from "../app/lib/estimate";
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

// Form stamps already used (issue 39): a stamp is accepted once. Keyed by the stamp's signature,
// with its issue time, so that rows past the stamp's 24 hours can be purged.
export const usedFormStamps = pgTable("used_form_stamps", {
  id: text("id").primaryKey(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull(),
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
    // The manager's pricing model beside the spec's prices (issue 24, ADR 031); null: none.
    pricingModel: jsonb("pricing_model").$type<PricingModel>(),
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
// A couple's question to a venue (issue 23): new until the venue answers, then replied, and
// finally booked or closed. Replies sent from the manager's inbox are kept under it.
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
    // 'Flexible': the couple can move their date (with or without one given).
    dateFlexible: boolean("date_flexible").notNull().default(false),
    guestCount: integer("guest_count"),
    message: text("message").notNull(),
    status: text("status", { enum: INQUIRY_STATUSES }).notNull().default("new"),
    ...timestamps,
  },
  (t) => [
    index("inquiries_venue_created_idx").on(t.venueId, t.createdAt),
    // The inbox's 'new' counts and the dashboard's "waiting more than 48 hours".
    index("inquiries_new_idx")
      .on(t.venueId, t.createdAt)
      .where(sql`status = 'new'`),
    index("inquiries_user_created_idx").on(t.userId, t.createdAt),
    check("inquiries_status_check", sql`${t.status} in ('new', 'replied', 'booked', 'closed')`),
    // The storage window of app/lib/dates.ts (issue 39).
    check(
      "inquiries_wedding_date_check",
      sql`${t.weddingDate} is null or ${t.weddingDate} between '1900-01-01' and '2200-12-31'`,
    ),
  ],
);

// The answers a venue sent to an inquiry by email from its inbox, oldest first.
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("inquiry_replies_inquiry_idx").on(t.inquiryId, t.createdAt)],
);

// Kinds of email a user turned off in their account (a row per kind: none means every kind is on).
export const EMAIL_KINDS = ["inquiry", "review"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export const emailOptOuts = pgTable(
  "email_opt_outs",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: EMAIL_KINDS }).notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.kind] }),
    check("email_opt_outs_kind_check", sql`${t.kind} in ('inquiry', 'review')`),
  ],
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

// Who has already been counted today (ADR 029): one row per visitor, venue, event (a view, a
// 'Visit Website' click) and day, keyed by a hash of the day's random salt, the event, the venue
// and the visitor (the account, else the client's network); nothing else is kept, and the rows
// before today (and their salt) are deleted daily.
export const venueViewVisitors = pgTable(
  "venue_view_visitors",
  {
    day: date("day").notNull(),
    visitor: text("visitor").notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.visitor] })],
);

// The accounts whose save of a venue has been counted (ADR 029): a save counts once per account
// and venue, ever, however often the favourite is removed and added again. No date; the row
// leaves with the account or the venue.
export const venueSavers = pgTable(
  "venue_savers",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
  },
  // Deleting an account finds its rows by the user id.
  (t) => [primaryKey({ columns: [t.venueId, t.userId] }), index("venue_savers_user_id_idx").on(t.userId)],
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
  // Set when an undo of the import starts (issue 22, ADR 023): from then on no batch of the
  // import writes, and a second undo only finishes what the first left.
  undoneAt: timestamp("undone_at", { withTimezone: true }),
  undoneBy: text("undone_by").references(() => users.id, { onDelete: "set null" }),
});

// Which venues each import added or updated, with what an update changed (ADR 023), so that the
// import can be undone and the admin list filtered by it. `before` and `after` hold only the
// columns the update changed (keys as in `venues`' TypeScript columns); an added venue has
// neither. No foreign key to `venues`: a venue in the trash (or deleted) keeps its record.
export const csvImportVenues = pgTable(
  "csv_import_venues",
  {
    importId: uuid("import_id")
      .notNull()
      .references(() => csvImports.id, { onDelete: "cascade" }),
    venueId: uuid("venue_id").notNull(),
    action: text("action", { enum: ["added", "updated"] }).notNull(),
    before: jsonb("before").$type<Record<string, unknown>>(),
    after: jsonb("after").$type<Record<string, unknown>>(),
    undoneAt: timestamp("undone_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.importId, t.venueId] }),
    index("csv_import_venues_venue_idx").on(t.venueId),
  ],
);

// Deleted venues, kept for 30 days (ADR 023). A venue moves here whole: its row and every row
// that hangs off it (FAQs, reviews and their replies, manager links, favourites, inquiries,
// daily stats) as one JSON snapshot, and leaves `venues`, so that no public query, count, cache
// or sitemap can see it. Restore puts the rows back as they were. Its photos stay in storage
// and are named here (`images`, `logo_url`), so the pending-files sweep keeps them (ADR 021)
// until the venue is purged.
export const venueTrash = pgTable(
  "venue_trash",
  {
    venueId: uuid("venue_id").primaryKey(),
    name: text("name").notNull(),
    location: text("location").notNull().default(""),
    images: jsonb("images").$type<string[]>().notNull().default([]),
    logoUrl: text("logo_url"),
    deletedAt: timestamp("deleted_at", { withTimezone: true }).notNull().defaultNow(),
    deletedBy: text("deleted_by").references(() => users.id, { onDelete: "set null" }),
    /** The import whose undo moved it here, if any. */
    importId: uuid("import_id"),
    snapshot: jsonb("snapshot").$type<Record<string, unknown>>().notNull(),
  },
  (t) => [index("venue_trash_deleted_idx").on(t.deletedAt)],
);

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
  (t) => [
    index("audit_log_created_idx").on(t.createdAt),
    // One entry per import or bulk action, found again by each of its batches (ADR 023).
    index("audit_log_target_idx").on(t.targetType, t.targetId),
  ],
);

// ---------------------------------------------------------------------------------------------
// Availability (issue 24, ADR 030). A venue's held and booked days as ranges of whole days
// (inclusive), never overlapping within one venue: marking a range replaces what it covers, and
// 'available' is the absence of a row. A day without any row is free. Recurring closures name
// months closed every year. The feed token names the venue's secret .ics URL.
// ---------------------------------------------------------------------------------------------
export const AVAILABILITY_STATUSES = ["held", "booked"] as const;

export const venueAvailability = pgTable(
  "venue_availability",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    status: text("status").notNull(),
    /** 'manual' (the calendar) or 'ics' (an imported file). */
    source: text("source").notNull().default("manual"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("venue_availability_venue_idx").on(t.venueId, t.startsOn),
    // The date filter: which venues a day or a month falls in a range of (GiST over the range).
    index("venue_availability_days_idx").using("gist", sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`),
    check("venue_availability_status_check", sql`${t.status} in ('held', 'booked')`),
    check("venue_availability_order_check", sql`${t.endsOn} >= ${t.startsOn}`),
    // The storage window of app/lib/dates.ts (issue 39): no stored day outside it.
    check(
      "venue_availability_window_check",
      sql`${t.startsOn} >= '1900-01-01' and ${t.endsOn} <= '2200-12-31'`,
    ),
  ],
);

export const venueClosures = pgTable(
  "venue_closures",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    /** 1 (January) to 12: the venue is closed that whole month every year. */
    month: smallint("month").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.month] }),
    index("venue_closures_month_idx").on(t.month),
    check("venue_closures_month_check", sql`${t.month} between 1 and 12`),
  ],
);

export const venueCalendarFeeds = pgTable(
  "venue_calendar_feeds",
  {
    venueId: uuid("venue_id")
      .primaryKey()
      .references(() => venues.id, { onDelete: "cascade" }),
    token: text("token").notNull(),
    rotatedAt: timestamp("rotated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("venue_calendar_feeds_token_key").on(t.token)],
);
