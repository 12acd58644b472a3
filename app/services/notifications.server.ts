import { and, eq, inArray, sql } from "drizzle-orm";
import {
  EMAIL_KINDS,
  emailOptOuts,
  users,
  venueManagers,
  venues,
  type EmailKind,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { sendEach, type MailMessage } from "~/infra/mail.server";
import { EMAIL_SETTINGS_PATH, UNSUBSCRIBE_PATH } from "~/lib/unsubscribe";
import { managerVenuePath } from "~/lib/venue-attention";
import { newReviewEmail, type OptOut } from "./emails.server";

// Emails other than account mails (issue 23, issue 44; ADR 043): each is of a kind its recipient
// can turn off at /account/emails or with the mail's one-click link; a row of email_opt_outs is a
// kind turned off. Each is checked when it is sent.

export type EmailPreferences = Record<EmailKind, boolean>;

export async function getEmailPreferences(db: Db, userId: string): Promise<EmailPreferences> {
  const off = await db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(eq(emailOptOuts.userId, userId));
  return Object.fromEntries(
    EMAIL_KINDS.map((kind) => [kind, !off.some((o) => o.kind === kind)]),
  ) as EmailPreferences;
}

/** Turns the kinds given on or off, leaving the others as they are. */
export async function saveEmailPreferences(
  db: Db,
  userId: string,
  prefs: Partial<EmailPreferences>,
): Promise<void> {
  const kinds = Object.keys(prefs) as EmailKind[];
  if (kinds.length === 0) return;
  await db.transaction(async (tx) => {
    // One save of a person's choices at a time (two at once deadlocked on their rows).
    await tx.execute(sql`select 1 from users where id = ${userId} for update`);
    await tx
      .delete(emailOptOuts)
      .where(and(eq(emailOptOuts.userId, userId), inArray(emailOptOuts.kind, kinds)));
    const off = kinds.filter((kind) => !prefs[kind]);
    if (off.length) await tx.insert(emailOptOuts).values(off.map((kind) => ({ userId, kind })));
  });
}

/**
 * The venue's managers (linked in venue_managers) and, of them, the ones who keep `kind` emails
 * on. A venue whose managers all turned them off gets none: its own address is written to only
 * when it has no manager at all.
 */
export async function managerRecipients(
  db: Db,
  venueId: string,
  kind: EmailKind,
): Promise<{ managed: boolean; recipients: { id: string; name: string; email: string }[] }> {
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      off: sql<boolean>`exists (select 1 from email_opt_outs o where o.user_id = ${users.id} and o.kind = ${kind})`,
    })
    .from(venueManagers)
    .innerJoin(users, eq(users.id, venueManagers.userId))
    .where(eq(venueManagers.venueId, venueId));
  return {
    managed: rows.length > 0,
    recipients: rows.filter((r) => !r.off).map(({ id, name, email }) => ({ id, name, email })),
  };
}

/**
 * An inquiry's mails to its venue: one to each manager who keeps inquiry emails on (with their
 * opt-out), or, when the venue has no manager, one to its own address (`optOut` null).
 */
export async function inquiryMailsToVenue(
  app: Pick<AppContext, "db" | "config" | "stamps">,
  venue: { id: string; email: string | null },
  mail: (to: string, optOut: OptOut | null) => MailMessage,
): Promise<MailMessage[]> {
  const { managed, recipients } = await managerRecipients(app.db, venue.id, "inquiry");
  if (managed) return recipients.map((m) => mail(m.email, optOutOf(app, m.id, "inquiry")));
  return venue.email ? [mail(venue.email, null)] : [];
}

/** A new review (not a rewrite of one) mails the venue's managers; a failed mail is logged. */
export async function notifyNewReview(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps">,
  venueId: string,
  review: { authorName: string; rating: number; comment: string },
): Promise<void> {
  const { siteName, siteUrl } = app.config;
  const [venue] = await app.db
    .select({ name: venues.name })
    .from(venues)
    .where(eq(venues.id, venueId))
    .limit(1);
  if (!venue) return;
  const { recipients } = await managerRecipients(app.db, venueId, "review");
  const url = `${siteUrl}${managerVenuePath(venueId, "reviews")}`;
  await sendEach(
    app,
    recipients.map((m) =>
      newReviewEmail(siteName, m.email, venue, review, url, optOutOf(app, m.id, "review")),
    ),
    "review mail failed",
  );
}

// ---------------------------------------------------------------------------------------------
// One-click unsubscribe (RFC 8058, issue 41): a notification mail names a signed link that turns
// its kind off for its recipient, with no sign-in. The signature is the credential: it names one
// account and one kind, so the link can do nothing else.
// ---------------------------------------------------------------------------------------------

const unsubscribePurpose = (userId: string, kind: EmailKind) => `unsubscribe:${userId}:${kind}`;

/** The ways out a `kind` mail to this account names: the settings and a signed one-click link. */
export function optOutOf(
  app: Pick<AppContext, "stamps" | "config">,
  userId: string,
  kind: EmailKind,
): OptOut {
  const { siteUrl, mailPostalAddress } = app.config;
  const params = new URLSearchParams({
    u: userId,
    kind,
    t: app.stamps.issue(unsubscribePurpose(userId, kind)),
  });
  return {
    settingsUrl: `${siteUrl}${EMAIL_SETTINGS_PATH}`,
    unsubscribeUrl: `${siteUrl}${UNSUBSCRIBE_PATH}?${params}`,
    postalAddress: mailPostalAddress,
  };
}

/** The way out of a `kind` mail to this account, or null when its owner turned `kind` off: send none. */
export async function optOutIfOn(
  app: Pick<AppContext, "db" | "stamps" | "config">,
  userId: string,
  kind: EmailKind,
): Promise<OptOut | null> {
  const [off] = await app.db
    .select({ kind: emailOptOuts.kind })
    .from(emailOptOuts)
    .where(and(eq(emailOptOuts.userId, userId), eq(emailOptOuts.kind, kind)))
    .limit(1);
  return off ? null : optOutOf(app, userId, kind);
}

export type UnsubscribeLink = { userId: string; kind: EmailKind };

/** The account and kind a link names, when its signature is ours; null otherwise. */
export function readUnsubscribeLink(
  app: Pick<AppContext, "stamps">,
  params: URLSearchParams,
): UnsubscribeLink | null {
  const userId = params.get("u") ?? "";
  const kind = EMAIL_KINDS.find((k) => k === params.get("kind"));
  if (!kind || userId === "" || userId.length > 64) return null;
  return app.stamps.read(unsubscribePurpose(userId, kind), params.get("t") ?? "") ? { userId, kind } : null;
}

/** Turns the link's kind off for its account (once; a second post changes nothing). */
export async function unsubscribe(db: Db, link: UnsubscribeLink): Promise<void> {
  const [user] = await db.select({ id: users.id }).from(users).where(eq(users.id, link.userId)).limit(1);
  if (user) await db.insert(emailOptOuts).values(link).onConflictDoNothing();
}
