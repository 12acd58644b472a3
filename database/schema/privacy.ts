import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { EXPORT_STATUSES } from "../../app/lib/privacy";
import { users } from "./accounts";

// A person's rights over their data (issue 46).

// A download of everything the site keeps about one account, built in the background when it is
// large; its file is in the storage under `exports/` until `expiresAt`, then the retention task
// removes both. Leaves with the account (its file is claimed as ADR 021 says).
export const dataExports = pgTable(
  "data_exports",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status", { enum: EXPORT_STATUSES }).notNull().default("building"),
    fileKey: text("file_key"),
    bytes: integer("bytes"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp("ready_at", { withTimezone: true }),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("data_exports_user_idx").on(t.userId, t.createdAt),
    index("data_exports_expires_idx").on(t.expiresAt),
    check("data_exports_status_check", sql`${t.status} in ('building', 'ready', 'failed')`),
  ],
);
