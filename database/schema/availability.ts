import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { venues } from "./directory";
import { inquiries } from "./inquiries";

// Availability (issue 24, ADR 030). A venue's held and booked days as ranges of whole days
// (inclusive), never overlapping within one venue: marking a range replaces what it covers, and
// 'available' is the absence of a row. A day without any row is free. Recurring closures name
// months closed every year. The feed token names the venue's secret .ics URL.
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
    /** The inquiry whose booking blocked these days ('Mark as booked', issue 41). */
    inquiryId: uuid("inquiry_id").references(() => inquiries.id, { onDelete: "set null" }),
    /** The imported event's name ('Smith wedding'): for the venue's managers and admins only. */
    note: text("note"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("venue_availability_venue_idx").on(t.venueId, t.startsOn),
    // An inquiry's booked days (its undo; 'set null' when it is deleted).
    index("venue_availability_inquiry_idx")
      .on(t.inquiryId)
      .where(sql`${t.inquiryId} is not null`),
    // The date filter: which venues a day or a month falls in a range of (GiST over the range).
    index("venue_availability_days_idx").using("gist", sql`daterange(${t.startsOn}, ${t.endsOn}, '[]')`),
    check("venue_availability_status_check", sql`${t.status} in ('held', 'booked')`),
    check("venue_availability_order_check", sql`${t.endsOn} >= ${t.startsOn}`),
    check("venue_availability_note_check", sql`char_length(${t.note}) <= 200`),
    // The storage window of app/lib/dates.ts (issue 39): no stored day outside it.
    check(
      "venue_availability_window_check",
      sql`${t.startsOn} >= '1900-01-01' and ${t.endsOn} <= '2200-12-31'`,
    ),
  ],
);

// Days a calendar's write may have freed (it changed days that were held or booked), for the
// saved searches' alerts (issue 44): a search for one of them may have news. Kept a day.
export const venueFreedDays = pgTable(
  "venue_freed_days",
  {
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    startsOn: date("starts_on").notNull(),
    endsOn: date("ends_on").notNull(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("venue_freed_days_changed_idx").on(t.changedAt)],
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
