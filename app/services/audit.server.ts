import { and, desc, eq } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import { auditLog, users } from "../../database/schema";
import type { Db } from "~/infra/db.server";

// The admin audit trail (issue 12, item 10). Every admin action is written through recordAudit()
// with the transaction of the change itself, so a change and its entry exist together or not at
// all. Pass the transaction (`tx`), never the pool, when the change runs in one.

/** What an admin did. Labels are what the dashboard shows. */
export const AUDIT_ACTIONS = {
  "venue.approve": "Approved venue",
  "venue.reject": "Rejected venue",
  "venue.create": "Added venue",
  "venue.update": "Edited venue",
  "venue.delete": "Deleted venue",
  "venue.geocode": "Geocoded venue",
  "venue.import": "Imported venues",
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
  "review.reply": "Replied to review",
  "review.reply_delete": "Removed review reply",
  // The inquiry inbox (issue 23).
  "inquiry.status": "Changed inquiry status",
  "inquiry.reply": "Answered inquiry",
} as const;

export type AuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditTargetType =
  "venue" | "user" | "category" | "amenity" | "faq" | "import" | "review" | "inquiry";

export type AuditEntry = {
  actorId: string;
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

export type AuditRow = {
  id: number;
  action: string;
  label: string;
  targetType: string;
  targetId: string | null;
  details: Record<string, unknown> | null;
  actorName: string | null;
  actorEmail: string | null;
  /** The user an entry is about (role changes, assignments, resets), when it still exists. */
  targetName: string | null;
  targetEmail: string | null;
  createdAt: string;
};

const targets = alias(users, "target_user");

const labelOf = (action: string) => (AUDIT_ACTIONS as Record<string, string>)[action] ?? action;

/** The latest entries, newest first, with who did them (an actor whose account is gone reads as null). */
export async function latestAudit(db: Db, limit = 20): Promise<AuditRow[]> {
  const rows = await db
    .select({
      id: auditLog.id,
      action: auditLog.action,
      targetType: auditLog.targetType,
      targetId: auditLog.targetId,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      actorName: users.name,
      actorEmail: users.email,
      targetName: targets.name,
      targetEmail: targets.email,
    })
    .from(auditLog)
    .leftJoin(users, eq(users.id, auditLog.actorId))
    .leftJoin(targets, and(eq(auditLog.targetType, "user"), eq(targets.id, auditLog.targetId)))
    .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
    .limit(limit);
  return rows.map((r) => ({ ...r, label: labelOf(r.action), createdAt: r.createdAt.toISOString() }));
}
