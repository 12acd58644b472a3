import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import {
  CLAIM_METHODS,
  CLAIM_STATUSES,
  REPORT_REASONS,
  REPORT_RESOLUTIONS,
  TOUR_STATUSES,
} from "../../app/lib/trust";
import { users } from "./accounts";
import { reviews, venues } from "./directory";
import { timestamps } from "./timestamps";

// The trust loop (issue 45): reports on reviews, site visits, claims of a listing.

// A signed-in person's report of a review, one per person and review; open until an admin decides.
export const reviewReports = pgTable(
  "review_reports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    reviewId: uuid("review_id")
      .notNull()
      .references(() => reviews.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    reason: text("reason", { enum: REPORT_REASONS }).notNull(),
    note: text("note").notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    resolution: text("resolution", { enum: REPORT_RESOLUTIONS }),
  },
  (t) => [
    uniqueIndex("review_reports_review_user_key").on(t.reviewId, t.userId),
    // The moderation queue: the open reports, oldest first.
    index("review_reports_open_idx")
      .on(t.createdAt)
      .where(sql`resolved_at is null`),
    check("review_reports_reason_check", sql`${t.reason} in ('fake', 'offensive', 'conflict', 'off-topic')`),
    check(
      "review_reports_resolution_check",
      sql`${t.resolution} is null or ${t.resolution} in ('kept', 'hidden', 'proof')`,
    ),
    check("review_reports_note_length_check", sql`length(${t.note}) <= 1000`),
  ],
);

// A venue's weekly hours for site visits: on this weekday (0 = Sunday), visits start every hour
// from `opens` until the last one that ends by `closes` (minutes after midnight, Colorado time).
export const venueTourHours = pgTable(
  "venue_tour_hours",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    weekday: smallint("weekday").notNull(),
    opens: smallint("opens").notNull(),
    closes: smallint("closes").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.venueId, t.weekday] }),
    check("venue_tour_hours_weekday_check", sql`${t.weekday} between 0 and 6`),
    check(
      "venue_tour_hours_range_check",
      sql`0 <= ${t.opens} and ${t.opens} < ${t.closes} and ${t.closes} <= 1440`,
    ),
  ],
);

// The exceptions: days without visits (a holiday, a private event), on top of the calendar's booked days.
export const venueTourClosedDays = pgTable(
  "venue_tour_closed_days",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
  },
  (t) => [primaryKey({ columns: [t.venueId, t.day] })],
);

// A couple's site visit. One booked visit per venue and start (the partial unique index makes a
// double booking impossible under concurrency); `sequence` goes up with each reschedule so that
// calendars update the same event (its UID is the id).
export const tours = pgTable(
  "tours",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    email: text("email").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    status: text("status", { enum: TOUR_STATUSES }).notNull().default("booked"),
    sequence: integer("sequence").notNull().default(0),
    // Issue 46: as an inquiry's, the couple's name and email erased (account deleted, or retention).
    contactErasedAt: timestamp("contact_erased_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("tours_slot_key")
      .on(t.venueId, t.startsAt)
      .where(sql`status = 'booked'`),
    index("tours_user_idx").on(t.userId, t.startsAt),
    index("tours_venue_idx").on(t.venueId, t.startsAt),
    check("tours_status_check", sql`${t.status} in ('booked', 'cancelled')`),
  ],
);

// A claim of a listing nobody manages: proved by a link mailed to an address at the venue's
// website domain (method 'domain'), or approved by an admin with the claimant's note.
export const venueClaims = pgTable(
  "venue_claims",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    method: text("method", { enum: CLAIM_METHODS }).notNull(),
    email: text("email"),
    note: text("note").notNull().default(""),
    status: text("status", { enum: CLAIM_STATUSES }).notNull().default("pending"),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    decidedBy: text("decided_by").references(() => users.id, { onDelete: "set null" }),
    ...timestamps,
  },
  (t) => [
    index("venue_claims_pending_idx")
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
    index("venue_claims_venue_idx").on(t.venueId),
    check("venue_claims_method_check", sql`${t.method} in ('domain', 'admin')`),
    check("venue_claims_status_check", sql`${t.status} in ('pending', 'approved', 'rejected')`),
    check("venue_claims_note_length_check", sql`length(${t.note}) <= 2000`),
  ],
);
