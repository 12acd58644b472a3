import { sql } from "drizzle-orm";
import { boolean, check, date, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { INQUIRY_STATUSES, REPLY_AUTHORS } from "../../app/lib/inquiries";
import { users } from "./accounts";
import { venues } from "./directory";
import { timestamps } from "./timestamps";

// Inquiries from couples and the answers sent from the inbox (ADR 028).

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
    // Issue 45: when a manager first opened it; the sentence of a decline (it counts as an
    // answer); the one mail inviting a booked couple to review, after their wedding date.
    readAt: timestamp("read_at", { withTimezone: true }),
    declineReason: text("decline_reason"),
    reviewInvitedAt: timestamp("review_invited_at", { withTimezone: true }),
    // Issue 46: when the couple's name, email and phone were erased (their choice on deleting the
    // account, or the retention period); the rest stays for the venue's records.
    contactErasedAt: timestamp("contact_erased_at", { withTimezone: true }),
    ...timestamps,
  },
  (t) => [
    index("inquiries_venue_created_idx").on(t.venueId, t.createdAt),
    // The inbox's 'new' counts and the dashboard's "waiting more than 48 hours".
    index("inquiries_new_idx")
      .on(t.venueId, t.createdAt)
      .where(sql`status = 'new'`),
    index("inquiries_user_created_idx").on(t.userId, t.createdAt),
    // The retention task's inquiries whose contact details are still kept, oldest first.
    index("inquiries_contact_kept_idx")
      .on(t.createdAt)
      .where(sql`contact_erased_at is null`),
    check(
      "inquiries_status_check",
      sql`${t.status} in ('new', 'replied', 'booked', 'closed', 'declined', 'spam')`,
    ),
    // The storage window of app/lib/dates.ts (issue 39).
    check(
      "inquiries_wedding_date_check",
      sql`${t.weddingDate} is null or ${t.weddingDate} between '1900-01-01' and '2200-12-31'`,
    ),
  ],
);

// The thread under an inquiry, oldest first: the answers a venue sent by email from its inbox, and
// the couple's answers written in their account (issue 41).
export const inquiryReplies = pgTable(
  "inquiry_replies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    inquiryId: uuid("inquiry_id")
      .notNull()
      .references(() => inquiries.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text("body").notNull(),
    author: text("author", { enum: REPLY_AUTHORS }).notNull().default("venue"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("inquiry_replies_inquiry_idx").on(t.inquiryId, t.createdAt),
    check("inquiry_replies_author_check", sql`${t.author} in ('venue', 'couple')`),
  ],
);
