import { and, count, desc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, csvImports, csvImportVenues, users, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { ActivityBy, ActivityEntry, ActivityPage } from "~/lib/activity";
import type { AppUser } from "~/lib/user";
import { assertAdmin } from "./permissions.server";

// The admin audit trail (issue 12, item 10). Every admin action is written through recordAudit()
// with the transaction of the change itself, so a change and its entry exist together or not at
// all. Pass the transaction (`tx`), never the pool, when the change runs in one. Work done in
// batches (an import, a bulk action, an undo) keeps one entry, which each batch's transaction
// adds its counts to (recordOperationAudit), so Recent Activity shows it once (issue 22).

/** What an admin did. Labels are what the dashboard shows. */
export const AUDIT_ACTIONS = {
  "venue.approve": "Approved venue",
  "venue.reject": "Rejected venue",
  "venue.create": "Added venue",
  "venue.update": "Edited venue",
  "venue.delete": "Deleted venue",
  "venue.geocode": "Geocoded venue",
  "venue.import": "Imported venues",
  "venue.import_undo": "Undid import",
  "venue.bulk_delete": "Deleted venues",
  "venue.bulk_approve": "Approved venues",
  "venue.bulk_reject": "Rejected venues",
  "venue.restore": "Restored from the trash",
  "venue.purge": "Deleted forever",
  "user.role": "Changed role",
  "user.assign": "Assigned venues",
  "user.password_reset": "Sent password reset",
  "category.create": "Added venue type",
  "category.update": "Edited venue type",
  "category.delete": "Deleted venue type",
  "amenity.create": "Added amenity",
  "amenity.update": "Renamed amenity",
  "amenity.delete": "Deleted amenity",
  "faq.create": "Added FAQ",
  "faq.update": "Edited FAQ",
  "faq.reorder": "Reordered FAQs",
  "faq.delete": "Deleted FAQ",
  // The venue-manager area (issue 13): also recorded when an admin does them there.
  "venue.images": "Changed venue photos",
  // Issue 43: the prices and facts confirmed as they are ("Still correct").
  "venue.confirm": "Confirmed prices and facts",
  "review.reply": "Replied to review",
  "review.reply_delete": "Removed review reply",
  // Reports of reviews and their moderation (issue 45): a report is the reporter's entry.
  "review.report": "Reported review",
  "review.keep": "Kept reported review",
  "review.hide": "Hid review",
  "review.proof": "Asked reviewer for proof",
  "review.unhide": "Restored hidden review",
  // A submitter's own pending venue (issue 22): its edits are "venue.update" with `by: "owner"`.
  "venue.withdraw": "Withdrew submission",
  // The inquiry inbox (issue 23).
  "inquiry.status": "Changed inquiry status",
  "inquiry.reply": "Answered inquiry",
  "inquiry.decline": "Declined inquiry",
  // The availability calendar (issue 41): a manager's or an admin's marks, closures and imports.
  "availability.mark": "Changed availability",
  "availability.closures": "Changed closed months",
  "availability.import": "Imported a calendar",
  // Site visits (issue 45): a venue's weekly hours and closed days for visits.
  "tours.hours": "Changed site-visit hours",
  "tours.closed": "Changed site-visit closed days",
  // A claimed listing (issue 45, ADR 047): by the claimant's domain link or an admin's decision.
  "venue.claim": "Approved a claim",
  "venue.claim.reject": "Rejected a claim",
  // A person deleted their own account (issue 46, ADR 050): no actor left, the details say what went.
  "account.delete": "Deleted own account",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTargetType =
  "venue" | "user" | "category" | "amenity" | "faq" | "import" | "review" | "bulk" | "inquiry";

export type AuditEntry = {
  /** Null for what the server does by itself (the trash's 30-day purge). */
  actorId: string | null;
  action: AuditAction;
  targetType: AuditTargetType;
  targetId?: string | null;
  /** What a reader needs to understand the entry later (names, before/after), never secrets. */
  details?: Record<string, unknown>;
};

/** Records one admin action. Call it inside the transaction that makes the change. */
export async function recordAudit(tx: Db, entry: AuditEntry): Promise<void> {
  await tx.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    targetType: entry.targetType,
    targetId: entry.targetId ?? null,
    details: entry.details ?? null,
  });
}

/** Actions on one thing of the type their first word names ("faq.update" acts on a faq). */
export type TargetAction = Extract<AuditAction, `${AuditTargetType}.${string}`>;

/** recordAudit's usual entry: `actor` did `action` to the thing `targetId`. */
export async function auditAction(
  tx: Db,
  actor: { id: string },
  action: TargetAction,
  targetId: string,
  details?: Record<string, unknown>,
): Promise<void> {
  const targetType = action.slice(0, action.indexOf(".")) as AuditTargetType;
  await recordAudit(tx, { actorId: actor.id, action, targetType, targetId, details });
}

/** A batch's details for Recent Activity: its first venue's name and the first five names. */
export function batchNames(rows: { name: string }[]): { name: string | undefined; names: string[] } {
  return { name: rows[0]?.name, names: rows.slice(0, 5).map((r) => r.name) };
}

/**
 * One entry for work done in batches, identified by `operation` (an import's id, or a bulk
 * action's): the first batch writes it, each later one adds its `counts` to it. Call it inside
 * the batch's transaction; the batches of one operation run one after another.
 */
export async function recordOperationAudit(
  tx: Db,
  entry: Omit<AuditEntry, "targetType" | "targetId"> & {
    operation: string;
    targetType?: "import" | "bulk";
    counts: Record<string, number>;
  },
): Promise<void> {
  const targetType = entry.targetType ?? "bulk";
  const [found] = await tx
    .select({ id: auditLog.id, details: auditLog.details })
    .from(auditLog)
    .where(
      and(
        eq(auditLog.action, entry.action),
        eq(auditLog.targetType, targetType),
        eq(auditLog.targetId, entry.operation),
      ),
    )
    .limit(1)
    .for("update");
  if (!found) {
    await recordAudit(tx, {
      actorId: entry.actorId,
      action: entry.action,
      targetType,
      targetId: entry.operation,
      details: { ...entry.details, ...entry.counts },
    });
    return;
  }
  const details: Record<string, unknown> = { ...found.details };
  for (const [k, n] of Object.entries(entry.counts)) details[k] = (Number(details[k]) || 0) + n;
  await tx.update(auditLog).set({ details }).where(eq(auditLog.id, found.id));
}

/** An import's one entry (its id is the operation): the upload, each batch, an undo. */
export async function recordImportAudit(
  tx: Db,
  actor: { id: string },
  action: "venue.import" | "venue.import_undo",
  importId: string,
  counts: Record<string, number>,
  details?: Record<string, unknown>,
): Promise<void> {
  await recordOperationAudit(tx, {
    actorId: actor.id,
    action,
    targetType: "import",
    operation: importId,
    details,
    counts,
  });
}

/** A calendar change in the activity log (issue 41), in the change's transaction. */
export const recordCalendarAudit = (
  tx: Db,
  actor: AppUser,
  venueId: string,
  action:
    "availability.mark" | "availability.closures" | "availability.import" | "tours.hours" | "tours.closed",
  details: Record<string, unknown>,
) =>
  recordAudit(tx, {
    actorId: actor.id,
    action,
    targetType: "venue",
    targetId: venueId,
    details: { ...details, ...(actor.role === "admin" ? {} : { by: "venue_manager" }) },
  });

const targets = alias(users, "target_user");
const undoers = alias(users, "undone_by_user");

const labelOf = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** The venue an entry is about: its target, or the venue its details name (an inquiry's). */
const entryVenueId = sql`coalesce(case when ${auditLog.targetType} = 'venue' then ${auditLog.targetId} end, ${auditLog.details}->>'venueId')`;

/**
 * Recent Activity (issue 22, item 9), newest first, a page at a time: who did it (their name and
 * role; an account that is gone reads as null), the venue it was about by name (issue 41), and
 * for an import its file, whether it was undone and whether it can be. `by` keeps the admins' or
 * the venue managers' entries only.
 */
export async function activityPage(
  db: Db,
  actor: AppUser | null,
  opts: { page?: number; pageSize: number; by?: ActivityBy },
): Promise<ActivityPage> {
  assertAdmin(actor);
  const by = opts.by ? eq(users.role, opts.by === "admins" ? "admin" : "venue_manager") : undefined;
  const [{ total } = { total: 0 }] = await db
    .select({ total: count() })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .where(by);
  const pageCount = Math.max(1, Math.ceil(Number(total) / opts.pageSize));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1) || 1), pageCount);
  const imports = and(
    eq(auditLog.action, "venue.import"),
    eq(sql`${csvImports.id}::text`, auditLog.targetId),
  );
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorId: auditLog.actorId,
      actorName: users.name,
      actorEmail: users.email,
      actorRole: users.role,
      venueName: venues.name,
      targetName: targets.name,
      targetEmail: targets.email,
      importId: csvImports.id,
      fileName: csvImports.fileName,
      undoneAt: csvImports.undoneAt,
      undoneBy: undoers.name,
      undoable: sql<boolean>`exists (select 1 from ${csvImportVenues} iv
        where iv.import_id = ${csvImports.id} and iv.undone_at is null)`,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(targets, and(eq(auditLog.targetType, "user"), eq(targets.id, auditLog.targetId)))
    .leftJoin(csvImports, imports)
    .leftJoin(undoers, eq(undoers.id, csvImports.undoneBy))
    .leftJoin(venues, eq(sql`${venues.id}::text`, entryVenueId))
    .where(by)
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(opts.pageSize)
    .offset((page - 1) * opts.pageSize);
  const entries = rows.map(
    ({ importId, fileName, undoneAt, undoneBy, undoable, createdAt, ...r }): ActivityEntry => ({
      ...r,
      label: labelOf(r.action),
      createdAt: createdAt.toISOString(),
      system: r.actorId === null && r.action === "venue.purge",
      import: importId
        ? {
            id: importId,
            fileName: fileName ?? "",
            undoneAt: undoneAt?.toISOString() ?? null,
            undoneBy,
            undoable: Boolean(undoable),
          }
        : null,
    }),
  );
  return { entries, total: Number(total), page, pageCount, by: opts.by ?? null };
}
