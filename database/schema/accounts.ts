import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { timestamps } from "./timestamps";

// Accounts (better-auth): the `users` table is also the spec's "profiles": name, email,
// avatar_url (better-auth calls it `image`) and role. Then the small tables every server shares.

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
  (t) => [
    uniqueIndex("sessions_token_key").on(t.token),
    index("sessions_user_id_idx").on(t.userId),
    // The retention task deletes expired sessions (issue 46).
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
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

// Kinds of email a user turned off in their account (a row per kind: none means every kind is on).
// Account mails (password reset, email change) are not among them: they cannot be turned off.
// inquiry, review, reminder: to a venue's managers (a new inquiry, a new review, an inquiry not
// answered); reply: to a couple (a venue answered their inquiry); decision: to an owner (their
// submission approved or not); alert: a saved search's news (issue 44); invite: to a booked couple
// after their wedding, inviting a review (issue 45).
export const EMAIL_KINDS = ["inquiry", "review", "reminder", "reply", "decision", "alert", "invite"] as const;
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
    check(
      "email_opt_outs_kind_check",
      sql`${t.kind} in ('inquiry', 'review', 'reminder', 'reply', 'decision', 'alert', 'invite')`,
    ),
  ],
);
