import { sql } from "drizzle-orm";
import { check, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { ALERT_FREQUENCIES } from "../../app/lib/saved-searches";
import { users } from "./accounts";
import { venues } from "./directory";
import { timestamps } from "./timestamps";

// Saved searches and their alerts (issue 44).

// A search a couple keeps: signed in (user_id; mails go to the account's address) or as a guest by
// email (email; sent nothing until the link mailed to it is followed: confirmed_at).
export const savedSearches = pgTable(
  "saved_searches",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id").references(() => users.id, { onDelete: "cascade" }),
    email: text("email"),
    name: text("name").notNull(),
    // The search as /venues reads it from its address: "region=…&date=…&guests=…".
    query: text("query").notNull(),
    frequency: text("frequency", { enum: ALERT_FREQUENCIES }).notNull().default("daily"),
    confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
    // The last alert mailed: the next waits an hour (instant), a day or a week after it.
    sentAt: timestamp("sent_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("saved_searches_user_idx").on(t.userId),
    index("saved_searches_email_idx").on(t.email),
    check("saved_searches_frequency_check", sql`${t.frequency} in ('instant', 'daily', 'weekly', 'off')`),
    check("saved_searches_owner_check", sql`${t.userId} is not null or ${t.email} is not null`),
    check("saved_searches_query_length_check", sql`length(${t.query}) <= 2000`),
  ],
);

// The venues a search has news of: found by a check (sent_at null: waiting for the search's next
// mail), then named in a mail, or among its results when it was saved. Never news again for it.
export const savedSearchVenues = pgTable(
  "saved_search_venues",
  {
    searchId: uuid("search_id")
      .notNull()
      .references(() => savedSearches.id, { onDelete: "cascade" }),
    venueId: uuid("venue_id")
      .notNull()
      .references(() => venues.id, { onDelete: "cascade" }),
    foundAt: timestamp("found_at", { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.searchId, t.venueId] }),
    index("saved_search_venues_waiting_idx")
      .on(t.searchId)
      .where(sql`sent_at is null`),
  ],
);
