import { and, eq, isNull, sql } from "drizzle-orm";
import { inquiries, inquiryReplies, users, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { sendEach } from "~/infra/mail.server";
import { queryRows, type Db } from "~/infra/db.server";
import { canAnswer, inquiryPath, inquiryRefusals, type OwnThread } from "~/lib/inquiries";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { inquiryAnswerEmail, type OptOut } from "./emails.server";
import { inquiryColumns, ownInquiriesQuery, ownView, threadsOf, toView } from "./inquiries.server";
import { inquiryMailsToVenue } from "./notifications.server";
import { LIMITS, limitWrite } from "./rate-limit.server";

// The conversation of an inquiry (issue 41, ADR 037): the venue's replies from its inbox and the
// couple's answers from their account, one thread, oldest first. Only the inquiry's own account
// reads it from the couple's side; a couple's answer makes a replied inquiry new again for the
// venue's managers (the inbox's unread mark) and mails them.

type Deps = Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps">;

/** The account's inquiries, newest first, each with its whole thread. */
export async function listOwnThreads(db: Db, userId: string): Promise<OwnThread[]> {
  // The account's page shows them all; the send limits (30 a day) keep this short in practice.
  const rows = await ownInquiriesQuery(db, userId).limit(200);
  const [threads, visits] = await Promise.all([
    threadsOf(
      db,
      rows.map((r) => r.id),
    ),
    visitsOf(db, userId),
  ]);
  return rows.map((r) => ({
    ...ownView(r),
    replies: threads.get(r.id) ?? [],
    tourAt: visits.get(r.venueId) ?? null,
  }));
}

/** A couple's booked site visits (issue 45) by venue: the next one, else the last one. */
async function visitsOf(db: Db, userId: string): Promise<Map<string, string>> {
  const rows = await queryRows<{ venue_id: string; starts_at: string | Date }>(
    db,
    sql`select distinct on (venue_id) venue_id, starts_at from tours
      where user_id = ${userId} and status = 'booked'
      order by venue_id, starts_at < now(), abs(extract(epoch from starts_at - now()))
      limit 200`,
  );
  return new Map(rows.map((r) => [r.venue_id, new Date(r.starts_at).toISOString()]));
}

export type AnswerResult = { ok: true; venueName: string } | { ok: false; status: number; error: string };

/**
 * The couple answers in their account: only the inquiry's own account may (another's or an
 * unknown id is 404, so ids cannot be probed), not on a closed inquiry (409, ADR 037). The answer
 * is kept first, then mailed to the venue's managers: a mail that fails is logged, the answer
 * stays in the inbox.
 */
export async function answerOwnInquiry(
  app: Deps,
  actor: AppUser,
  id: string,
  body: string,
): Promise<AnswerResult> {
  const notFound = { ok: false as const, status: 404, error: inquiryRefusals.notFound };
  if (!isUuid(id)) return notFound;
  const [row] = await app.db
    .select({ ...inquiryColumns, userId: inquiries.userId, venueEmail: venues.email })
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(eq(inquiries.id, id))
    .limit(1);
  if (!row || row.userId !== actor.id) return notFound;
  if (!canAnswer(row.status)) return { ok: false, status: 409, error: inquiryRefusals.closed };
  const limited = await limitWrite(app.db, `inquiry-answer:${actor.id}`, LIMITS.inquiryReplyUser);
  if (limited) return limited;
  await app.db.transaction(async (tx) => {
    await tx.insert(inquiryReplies).values({ inquiryId: id, userId: actor.id, body, author: "couple" });
    // Unread again for the venue: the inbox's "new". Booked stays booked (ADR 037).
    await tx
      .update(inquiries)
      .set({ status: "new", updatedAt: new Date() })
      .where(and(eq(inquiries.id, id), eq(inquiries.status, "replied")));
  });
  const inquiry = toView(row);
  await mailAnswer(app, { ...inquiry, venueEmail: row.venueEmail }, body).catch((err: unknown) =>
    app.logger.error("inquiry answer mails failed", { error: String(err) }),
  );
  return { ok: true, venueName: inquiry.venueName };
}

/** To each manager who keeps inquiry emails on (with a one-click opt-out), or the venue's own address. */
async function mailAnswer(
  app: Deps,
  inquiry: { id: string; venueId: string; venueName: string; name: string; email: string } & {
    venueEmail: string | null;
  },
  body: string,
) {
  const { siteName, siteUrl } = app.config;
  const venue = { name: inquiry.venueName };
  const couple = { name: inquiry.name, email: inquiry.email };
  const url = (optOut: OptOut | null) => (optOut ? `${siteUrl}${inquiryPath(inquiry.id)}` : siteUrl);
  const mails = await inquiryMailsToVenue(
    app,
    { id: inquiry.venueId, email: inquiry.venueEmail },
    (to, optOut) => inquiryAnswerEmail(siteName, to, venue, couple, body, url(optOut), optOut),
  );
  await sendEach(app, mails, "inquiry answer mail failed");
}

/** Whether inquiries sent as a guest from `email` wait for an account (case-insensitive). */
export async function hasGuestInquiries(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: inquiries.id })
    .from(inquiries)
    .where(and(isNull(inquiries.userId), sql`lower(${inquiries.email}) = ${email.toLowerCase()}`))
    .limit(1);
  return !!row;
}

/**
 * Adds to a just-verified account every guest inquiry sent from its address (case-insensitive):
 * the verified address proves them theirs, as the claim link does. Before verification nothing
 * is linked (anyone can sign up with any address). Inquiries another account follows stay there.
 */
export async function linkVerifiedInquiries(db: Db, userId: string): Promise<number> {
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!account?.verified) return 0;
  const linked = await db
    .update(inquiries)
    .set({ userId })
    .where(and(isNull(inquiries.userId), sql`lower(${inquiries.email}) = ${account.email.toLowerCase()}`))
    .returning({ id: inquiries.id });
  return linked.length;
}
