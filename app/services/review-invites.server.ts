import crypto from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import { inquiries, users, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { isUuid } from "~/lib/uuid";
import { venueTabPath } from "~/lib/venue-url";
import { optOutIfOn } from "./notifications.server";
import { reviewInviteEmail } from "./trust-emails.server";

// Review invitations (issue 45): an inquiry marked booked queues one job, due the day after the
// wedding (Colorado time), that invites the couple to review the venue. It mails only while the
// inquiry is still booked, the couple has not reviewed the venue and none was sent before.

export const INVITE_TASK = "review-invite";
export type InviteJob = { inquiryId: string };

const DAY_MS = 24 * 60 * 60 * 1000;

/** Midnight starting `day` (YYYY-MM-DD) in Colorado, whichever of MST or MDT is in force. */
export function coloradoMidnight(day: string): Date {
  const mst = new Date(`${day}T07:00:00Z`);
  const hour = Number(
    new Intl.DateTimeFormat("en-US", {
      timeZone: "America/Denver",
      hour: "numeric",
      hourCycle: "h23",
    }).format(mst),
  );
  return new Date(mst.getTime() - hour * 60 * 60 * 1000);
}

/** When to invite: the day after the wedding; now when there is no date or it has passed. */
export function inviteTime(weddingDate: string | null, now = new Date()): Date {
  if (!weddingDate) return now;
  const next = new Date(Date.parse(`${weddingDate}T00:00:00Z`) + DAY_MS).toISOString().slice(0, 10);
  const at = coloradoMidnight(next);
  return at > now ? at : now;
}

/**
 * The invitation's one job for this inquiry (sent again, still one: its id is made from the
 * inquiry's, as the reminders' are). Nothing when the inquiry was invited already.
 */
export async function queueReviewInvite(
  app: Pick<AppContext, "db" | "jobs">,
  inquiryId: string,
  now = new Date(),
): Promise<void> {
  const [row] = await app.db
    .select({ weddingDate: inquiries.weddingDate, invitedAt: inquiries.reviewInvitedAt })
    .from(inquiries)
    .where(eq(inquiries.id, inquiryId));
  if (!row || row.invitedAt) return;
  const singletonKey = `${INVITE_TASK}:${inquiryId}`;
  const h = crypto.createHash("sha256").update(singletonKey).digest("hex");
  const id = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20, 32)}`;
  const data: InviteJob = { inquiryId };
  await app.jobs.send(INVITE_TASK, data, { id, singletonKey, startAfter: inviteTime(row.weddingDate, now) });
}

/**
 * The task. The claim (review_invited_at set, in the transaction that sends the mail) makes two
 * runs send one mail; a mail that fails rolls the claim back, and the job is tried again.
 */
export async function sendReviewInvite(
  app: Pick<AppContext, "db" | "mailer" | "config" | "stamps">,
  data: unknown,
): Promise<"sent" | "skipped"> {
  const { inquiryId } = (data ?? {}) as Partial<InviteJob>;
  if (!isUuid(inquiryId)) return "skipped";
  const [inquiry] = await app.db
    .select({
      email: inquiries.email,
      userId: inquiries.userId,
      accountEmail: users.email,
      venueId: venues.id,
      venueName: venues.name,
    })
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .leftJoin(users, eq(users.id, inquiries.userId))
    .where(eq(inquiries.id, inquiryId));
  if (!inquiry) return "skipped";
  // An account that turned invitations off gets none (checked before the transaction: PGlite
  // has one connection, which the transaction holds).
  const optOut = inquiry.userId ? await optOutIfOn(app, inquiry.userId, "invite") : null;
  if (inquiry.userId && !optOut) return "skipped";
  const { siteName, siteUrl } = app.config;
  const venue = { id: inquiry.venueId, name: inquiry.venueName };
  const reviewUrl = `${siteUrl}${venueTabPath(venue, "reviews", { writeReview: true })}#write-review`;
  return app.db.transaction(async (tx) => {
    const claimed = await tx
      .update(inquiries)
      .set({ reviewInvitedAt: new Date() })
      .where(
        and(
          eq(inquiries.id, inquiryId),
          eq(inquiries.status, "booked"),
          isNull(inquiries.reviewInvitedAt),
          isNull(inquiries.contactErasedAt),
          sql`not exists (select 1 from reviews r where r.venue_id = ${inquiries.venueId} and r.user_id = ${inquiries.userId})`,
        ),
      )
      .returning({ id: inquiries.id });
    if (claimed.length === 0) return "skipped" as const;
    const to = inquiry.accountEmail ?? inquiry.email;
    await app.mailer.send(reviewInviteEmail(siteName, to, venue, reviewUrl, optOut));
    return "sent" as const;
  });
}
