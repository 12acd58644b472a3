import { date, index, integer, pgTable, primaryKey, text, uuid } from "drizzle-orm/pg-core";
import { users } from "./accounts";
import { venues } from "./directory";

// What managers see of their venues (ADR 029): daily counts, who was counted, search terms.

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
