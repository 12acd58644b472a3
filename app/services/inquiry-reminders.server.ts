import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { inquiries, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { sendEach } from "~/infra/mail.server";
import { askedAtLabel, inquiryPath } from "~/lib/inquiries";
import { isUuid } from "~/lib/uuid";
import { inquiryReminderEmail } from "./emails.server";
import { managerRecipients, optOutOf } from "./notifications.server";

// Reminders to venues (issue 44, point 4): an inquiry still unanswered 24 hours after it was sent
// reminds the venue's managers by mail, and again after 48 hours. Each is a job on the queue
// (ADR 042), due at its hour; a venue reply or a status other than 'new' by then stops it.

export const REMINDER_TASK = "inquiry-reminder";
const HOUR_MS = 60 * 60 * 1000;

export type ReminderJob = { inquiryId: string; n: number };

/**
 * Sends reminder `n` (1 or 2), due n × 24 hours after the inquiry. Sent twice, it is one job:
 * pg-boss's standard queues do not hold a singletonKey unique, so the job's id is made from it.
 */
export async function scheduleReminder(
  app: Pick<AppContext, "jobs">,
  inquiry: { id: string; createdAt: Date },
  n: number,
): Promise<void> {
  const singletonKey = `${REMINDER_TASK}:${inquiry.id}:${n}`;
  const h = crypto.createHash("sha256").update(singletonKey).digest("hex");
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  const data: ReminderJob = { inquiryId: inquiry.id, n };
  const startAfter = new Date(inquiry.createdAt.getTime() + n * 24 * HOUR_MS);
  await app.jobs.send(REMINDER_TASK, data, { id, singletonKey, startAfter });
}

/**
 * The task: when the inquiry is still 'new' with no venue reply, mails each manager who keeps
 * reminder emails on, after sending the next reminder's job. It fails, to be tried again, only
 * when no mail went out, so that a retry does not repeat one already sent.
 */
export async function remindVenue(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps" | "jobs">,
  data: unknown,
): Promise<void> {
  const { inquiryId, n } = data as Partial<ReminderJob>;
  if (typeof inquiryId !== "string" || !isUuid(inquiryId) || (n !== 1 && n !== 2)) return;
  const [inquiry] = await app.db
    .select({
      id: inquiries.id,
      venueId: inquiries.venueId,
      venueName: venues.name,
      name: inquiries.name,
      createdAt: inquiries.createdAt,
    })
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(
      and(
        eq(inquiries.id, inquiryId),
        eq(inquiries.status, "new"),
        // An erased contact (issue 46) cannot be answered: nothing to remind of.
        isNull(inquiries.contactErasedAt),
        sql`not exists (select 1 from inquiry_replies r where r.inquiry_id = ${inquiries.id} and r.author = 'venue')`,
      ),
    )
    .limit(1);
  if (!inquiry) return;
  // A venue with no manager gets none (its own address had the inquiry itself).
  const { managed, recipients } = await managerRecipients(app.db, inquiry.venueId, "reminder");
  if (!managed) return;
  if (n === 1) await scheduleReminder(app, inquiry, 2);
  const { siteName, siteUrl } = app.config;
  const facts = { name: inquiry.name, askedAt: askedAtLabel(inquiry.createdAt), hours: n * 24 };
  const venue = { name: inquiry.venueName };
  const url = `${siteUrl}${inquiryPath(inquiry.id)}`;
  const failed = await sendEach(
    app,
    recipients.map((m) =>
      inquiryReminderEmail(siteName, m.email, venue, facts, url, optOutOf(app, m.id, "reminder")),
    ),
    "inquiry reminder mail failed",
    { inquiry: inquiry.id },
  );
  if (failed.length > 0 && failed.length === recipients.length) throw new Error("no reminder mail was sent");
}
