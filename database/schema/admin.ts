import {
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { users } from "./accounts";

// The admin's CSV imports and their undo, the trash and the audit trail (ADR 012, 023).

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
