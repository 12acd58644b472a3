import { isUuid } from "~/lib/uuid";
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { data } from "react-router";
import { inquiries, inquiryReplies, users, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { csvLine } from "~/lib/csv-import/write";
import {
  coloradoToday,
  INBOX_PAGE_SIZE,
  inquiryPath,
  inquiryRefusals,
  inquirySentMessage,
  type Inbox,
  type InboxFilter,
  type InquiryReplyView,
  type InquiryStatus,
  type InquiryView,
  type OwnInquiry,
} from "~/lib/inquiries";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import { normalizeEmail } from "~/lib/rate-limit";
import type { AppUser } from "~/lib/user";
import { validate, type FieldErrors } from "~/lib/validation/form";
import { inquirySchema } from "~/lib/validation/inquiry";
import { venuePath } from "~/lib/venue-url";
import { recordAudit } from "./audit.server";
import { inquiryCopyEmail, inquiryReceivedEmail, inquiryReplyEmail } from "./emails.server";
import { STAMP_MAX_AGE_MS, useFormStamp } from "./form-stamps.server";
import { managerRecipients } from "./notifications.server";
import {
  assertCanManageVenue,
  assertVenueManager,
  canManageVenue,
  MANAGE_VENUE_MESSAGE,
} from "./permissions.server";
import { clientAddress, LIMITS, limitWrite, limitWrites } from "./rate-limit.server";
import { recordInquiryStat } from "./venue-stats.server";

// Inquiries (issue 23): a couple asks a venue from its page ('Check availability'); the venue's
// managers answer from their inbox (/venue-manager/inquiries). Sending is open to everyone and
// guarded against scripts without a captcha: a honeypot field, a signed time the form was handed
// out (a minimum fill time, each accepted once), and limits per client address, mailbox, account
// and venue (issue 39: no relay for spam). The inbox shows a manager the inquiries of their
// assigned venues only, and an admin every venue's; each read and write checks that here,
// whatever the route did.

type Deps = Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps">;

/** The honeypot: a field people never see or fill, which form-filling scripts do. */
export const HONEYPOT_FIELD = "website";
/** The signed time the form was handed out (infra/form-stamp.server.ts). */
export const STAMP_FIELD = "formStamp";
/** How long the link in a guest's copy can attach the inquiry to their account. */
const CLAIM_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;

const formPurpose = (venueId: string) => `inquiry:${venueId}`;
const claimPurpose = (inquiryId: string) => `inquiry-claim:${inquiryId}`;

type FormVenue = { id: string; name: string; capacity: number | null; email: string | null };

/** An approved venue: the only ones a couple can ask. */
async function askableVenue(db: Db, venueId: string): Promise<FormVenue | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await db
    .select({ id: venues.id, name: venues.name, capacity: venues.capacity, email: venues.email })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)))
    .limit(1);
  return row ?? null;
}

export type InquiryForm = {
  venue: { id: string; name: string; capacity: number | null; path: string };
  /** The signed time the form is handed out, sent back with it. */
  stamp: string;
  /** A signed-in couple's name and email, filled in for them. */
  prefill: { name: string; email: string } | null;
  /** Colorado's date: the first a wedding may be on (the browser checks with the server's day). */
  today: string;
};

/** The inquiry form of a venue, fresh: never cached, as it carries its own time and the user's name. */
export async function inquiryFormFor(
  app: Pick<Deps, "db" | "stamps">,
  venueId: string,
  user: AppUser | null,
): Promise<InquiryForm | null> {
  const venue = await askableVenue(app.db, venueId);
  if (!venue) return null;
  return {
    venue: { id: venue.id, name: venue.name, capacity: venue.capacity, path: venuePath(venue) },
    stamp: app.stamps.issue(formPurpose(venue.id)),
    prefill: user ? { name: user.name, email: user.email } : null,
    today: coloradoToday(),
  };
}

export type SendResult =
  | { ok: true; message: string; venue: { name: string; path: string } }
  | { ok: false; status: number; errors: FieldErrors; stamp?: string };

/**
 * Stores an inquiry with status new and mails it: to each manager of the venue who keeps these
 * emails on (or to the venue's own address when it has no manager), Reply-To the couple, and a
 * copy to the couple. A refusal (invalid fields, the honeypot, too fast, a stamp used already,
 * over a limit) writes nothing and says why; the person's values stay with the route, and a
 * refusal of the stamp comes with a fresh one, so the same form can be sent again.
 */
export async function sendInquiry(
  app: Deps,
  input: { venueId: string; user: AppUser | null; values: Record<string, string>; request: Request },
): Promise<SendResult> {
  const { db } = app;
  const venue = await askableVenue(db, input.venueId);
  const refuse = (status: number, form: string, stamp?: string): SendResult => ({
    ok: false,
    status,
    errors: { form },
    stamp,
  });
  if (!venue) return refuse(404, inquiryRefusals.venueNotFound);
  const parsed = validate(inquirySchema(venue.capacity), input.values);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors };
  if ((input.values[HONEYPOT_FIELD] ?? "") !== "") return refuse(400, inquiryRefusals.automated);
  const freshStamp = () => app.stamps.issue(formPurpose(venue.id));
  const stamp = app.stamps.read(formPurpose(venue.id), input.values[STAMP_FIELD] ?? "");
  if (stamp === null || stamp.age > STAMP_MAX_AGE_MS)
    return refuse(400, inquiryRefusals.expired, freshStamp());
  if (stamp.age < app.config.inquiryMinSeconds * 1000) return refuse(400, inquiryRefusals.tooFast);
  const data = parsed.data;
  const user = input.user;
  const limited = await limitWrites(db, [
    [`inquiry-ip:${clientAddress(input.request)}`, LIMITS.inquiryIp],
    [`inquiry-email:${normalizeEmail(data.email)}`, LIMITS.inquiryEmail],
    ...(user
      ? ([
          [`inquiry-user:${user.id}`, LIMITS.inquiryUserHour],
          [`inquiry-user-day:${user.id}`, LIMITS.inquiryUserDay],
        ] as const)
      : []),
    // Last, so that what the other limits refuse does not use up the venue's hour.
    [`inquiry-venue:${venue.id}`, LIMITS.inquiryVenue],
  ]);
  if (limited) return refuse(429, limited.error);

  const inquiry = await db.transaction(async (tx) => {
    // In the inquiry's transaction: of two sends racing with one stamp, one gets it.
    if (!(await useFormStamp(tx, stamp))) return null;
    const [row] = await tx
      .insert(inquiries)
      .values({
        venueId: venue.id,
        userId: user?.id ?? null,
        name: data.name,
        email: data.email,
        phone: data.phone || null,
        weddingDate: data.weddingDate || null,
        dateFlexible: data.dateFlexible,
        guestCount: data.guests,
        message: data.message,
      })
      .returning({ id: inquiries.id });
    await recordInquiryStat(tx, venue.id);
    return row!;
  });
  if (!inquiry) return refuse(400, inquiryRefusals.reused, freshStamp());
  await mailInquiry(app, venue, { id: inquiry.id, ...data }, user).catch((err: unknown) =>
    app.logger.error("inquiry mails failed", { error: String(err) }),
  );
  return {
    ok: true,
    message: inquirySentMessage(venue.name),
    venue: { name: venue.name, path: venuePath(venue) },
  };
}

/** Whether `email` is the signed-in account's own address, and verified: the copy may repeat the text. */
async function isOwnVerifiedAddress(db: Db, user: AppUser | null, email: string): Promise<boolean> {
  if (!user) return false;
  const [account] = await db
    .select({ email: users.email, verified: users.emailVerified })
    .from(users)
    .where(eq(users.id, user.id))
    .limit(1);
  return !!account?.verified && account.email.toLowerCase() === email.trim().toLowerCase();
}

async function mailInquiry(
  app: Deps,
  venue: FormVenue,
  inquiry: { id: string; name: string; email: string; phone: string } & {
    weddingDate: string;
    dateFlexible: boolean;
    guests: number;
    message: string;
  },
  sender: AppUser | null,
) {
  const { siteName, siteUrl } = app.config;
  const venueUrl = `${siteUrl}${venuePath(venue)}`;
  const facts = { ...inquiry, phone: inquiry.phone || null, weddingDate: inquiry.weddingDate || null };
  const { managed, recipients } = await managerRecipients(app.db, venue.id, "inquiry");
  const toVenue = managed
    ? recipients.map((m) =>
        inquiryReceivedEmail(
          siteName,
          m.email,
          venue,
          facts,
          { label: "Open it in your inbox", url: `${siteUrl}${inquiryPath(inquiry.id)}` },
          `${siteUrl}/account`,
        ),
      )
    : venue.email
      ? [
          inquiryReceivedEmail(
            siteName,
            venue.email,
            venue,
            facts,
            { label: `See your venue on ${siteName}`, url: venueUrl },
            null,
          ),
        ]
      : [];
  // A guest's copy carries a link that adds the inquiry to their account (once they sign in).
  const follow = sender
    ? `${siteUrl}/account/inquiries`
    : `${siteUrl}/account/inquiries?claim=${encodeURIComponent(`${inquiry.id}.${app.stamps.issue(claimPurpose(inquiry.id))}`)}`;
  // What was typed goes back only to the account's own verified address: anyone can type any.
  const copy = inquiryCopyEmail(
    siteName,
    inquiry.email,
    venue,
    (await isOwnVerifiedAddress(app.db, sender, inquiry.email)) ? facts : null,
    venueUrl,
    follow,
  );
  const mails = [...toVenue, copy];
  const sent = await Promise.allSettled(mails.map((m) => app.mailer.send(m)));
  for (const r of sent)
    if (r.status === "rejected") app.logger.error("inquiry mail failed", { error: String(r.reason) });
}

// ---------------------------------------------------------------------------------------------
// The inbox: a manager's assigned venues, an admin's every venue
// ---------------------------------------------------------------------------------------------

const replyCount = sql<number>`(select count(*)::int from inquiry_replies r where r.inquiry_id = ${inquiries.id})`;

const inquiryColumns = {
  id: inquiries.id,
  venueId: inquiries.venueId,
  venueName: venues.name,
  name: inquiries.name,
  email: inquiries.email,
  phone: inquiries.phone,
  weddingDate: inquiries.weddingDate,
  dateFlexible: inquiries.dateFlexible,
  guests: inquiries.guestCount,
  message: inquiries.message,
  status: inquiries.status,
  createdAt: inquiries.createdAt,
  replyCount,
};

/** A row as `inquiryColumns` reads it. */
type InquiryRow = Omit<InquiryView, "venuePath" | "createdAt"> & { createdAt: Date };

const toView = (r: InquiryRow): InquiryView => ({
  ...r,
  venuePath: venuePath({ id: r.venueId, name: r.venueName }),
  createdAt: r.createdAt.toISOString(),
  replyCount: Number(r.replyCount),
});

/** The inquiries an actor may see: an admin's are every venue's, a manager's their assigned venues'. */
function scopeOf(actor: AppUser): SQL | undefined {
  if (actor.role === "admin") return undefined;
  return sql`${inquiries.venueId} in (select venue_id from venue_managers where user_id = ${actor.id})`;
}

/** Newest first, a page at a time, with the count of each status. */
export async function listInquiries(db: Db, actor: AppUser | null, filter: InboxFilter): Promise<Inbox> {
  assertVenueManager(actor);
  if (filter.venueId) await assertCanManageVenue(db, actor, filter.venueId);
  const scope = and(scopeOf(actor), filter.venueId ? eq(inquiries.venueId, filter.venueId) : undefined);
  const [byStatus, rows, choices] = await Promise.all([
    db
      .select({ status: inquiries.status, n: count() })
      .from(inquiries)
      .where(scope)
      .groupBy(inquiries.status),
    db
      .select(inquiryColumns)
      .from(inquiries)
      .innerJoin(venues, eq(venues.id, inquiries.venueId))
      .where(and(scope, filter.status ? eq(inquiries.status, filter.status) : undefined))
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
      .limit(INBOX_PAGE_SIZE)
      .offset(pageOffset(filter.page, INBOX_PAGE_SIZE)),
    actor.role === "admin"
      ? db
          .selectDistinct({ id: venues.id, name: venues.name })
          .from(inquiries)
          .innerJoin(venues, eq(venues.id, inquiries.venueId))
          .orderBy(venues.name, venues.id)
      : db
          .select({ id: venues.id, name: venues.name })
          .from(venueManagers)
          .innerJoin(venues, eq(venues.id, venueManagers.venueId))
          .where(eq(venueManagers.userId, actor.id))
          .orderBy(venues.name, venues.id),
  ]);
  const counts = { all: 0, new: 0, replied: 0, booked: 0, closed: 0 };
  for (const { status, n } of byStatus) {
    counts[status] = Number(n);
    counts.all += Number(n);
  }
  const total = filter.status ? counts[filter.status] : counts.all;
  return {
    inquiries: rows.map(toView),
    counts,
    venues: choices,
    page: filter.page,
    pageCount: pageCountOf(total, INBOX_PAGE_SIZE),
  };
}

/** The 'new' inquiries of the actor's inbox: the figure beside Inquiries in the area's menu. */
export async function countNewInquiries(db: Db, actor: AppUser | null): Promise<number> {
  assertVenueManager(actor);
  const [row] = await db
    .select({ n: count() })
    .from(inquiries)
    .where(and(scopeOf(actor), eq(inquiries.status, "new")));
  return Number(row?.n ?? 0);
}

type Found<T> = { ok: true } & T;
type NotFound = { ok: false; reason: "not-found" | "forbidden" };

/** One inquiry of the actor's inbox: unknown ids are "not-found", another venue's "forbidden". */
async function findInquiry(
  db: Db,
  actor: AppUser,
  id: string,
): Promise<Found<{ inquiry: InquiryView }> | NotFound> {
  if (!isUuid(id)) return { ok: false, reason: "not-found" };
  const [row] = await db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(eq(inquiries.id, id))
    .limit(1);
  if (!row) return { ok: false, reason: "not-found" };
  if (!(await canManageVenue(db, actor, row.venueId))) return { ok: false, reason: "forbidden" };
  return { ok: true, inquiry: toView(row) };
}

export async function getInquiry(
  db: Db,
  actor: AppUser | null,
  id: string,
): Promise<Found<{ inquiry: InquiryView; replies: InquiryReplyView[] }> | NotFound> {
  assertVenueManager(actor);
  const found = await findInquiry(db, actor, id);
  if (!found.ok) return found;
  const replies = await db
    .select({
      id: inquiryReplies.id,
      body: inquiryReplies.body,
      authorName: users.name,
      createdAt: inquiryReplies.createdAt,
    })
    .from(inquiryReplies)
    .leftJoin(users, eq(users.id, inquiryReplies.userId))
    .where(eq(inquiryReplies.inquiryId, id))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
  return {
    ...found,
    replies: replies.map((r) => ({ ...r, createdAt: r.createdAt.toISOString() })),
  };
}

type Change = { ok: true } | { ok: false; status: number; error: string };

/** Another venue's inquiry is refused as another venue's page is (403, thrown); an unknown one is 404. */
function refusalOf(found: NotFound): Change {
  if (found.reason === "forbidden") throw data({ error: MANAGE_VENUE_MESSAGE }, { status: 403 });
  return { ok: false, status: 404, error: inquiryRefusals.notFound };
}

/** One click in the inbox: new, replied, booked or closed. */
export async function setInquiryStatus(
  db: Db,
  actor: AppUser | null,
  id: string,
  status: InquiryStatus,
): Promise<Change> {
  assertVenueManager(actor);
  const found = await findInquiry(db, actor, id);
  if (!found.ok) return refusalOf(found);
  await db.transaction(async (tx) => {
    await tx.update(inquiries).set({ status, updatedAt: new Date() }).where(eq(inquiries.id, id));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inquiry.status",
      targetType: "inquiry",
      targetId: id,
      details: { venueId: found.inquiry.venueId, from: found.inquiry.status, to: status },
    });
  });
  return { ok: true };
}

/**
 * Sends the answer to the couple by email (Reply-To the manager who wrote it, ADR 028), then
 * keeps it under the inquiry and marks a new inquiry replied. A mail that could not be sent is
 * not recorded: the manager still has their text and tries again.
 */
export async function replyToInquiry(
  app: Pick<Deps, "db" | "mailer" | "logger" | "config">,
  actor: AppUser | null,
  id: string,
  body: string,
): Promise<Change> {
  assertVenueManager(actor);
  const found = await findInquiry(app.db, actor, id);
  if (!found.ok) return refusalOf(found);
  const limited = await limitWrite(app.db, `inquiry-reply:${actor.id}`, LIMITS.inquiryReplyUser);
  if (limited) return limited;
  const { inquiry } = found;
  const { siteName, siteUrl } = app.config;
  try {
    await app.mailer.send(
      inquiryReplyEmail(
        siteName,
        inquiry.email,
        { name: inquiry.venueName },
        { body, byName: actor.name, byEmail: actor.email },
        inquiry.message,
        `${siteUrl}${inquiry.venuePath}`,
      ),
    );
  } catch (err) {
    app.logger.error("inquiry reply mail failed", { error: String(err) });
    return { ok: false, status: 502, error: inquiryRefusals.replyFailed };
  }
  await app.db.transaction(async (tx) => {
    await tx.insert(inquiryReplies).values({ inquiryId: id, userId: actor.id, body });
    await tx
      .update(inquiries)
      .set({ status: "replied", updatedAt: new Date() })
      .where(and(eq(inquiries.id, id), eq(inquiries.status, "new")));
    await recordAudit(tx, {
      actorId: actor.id,
      action: "inquiry.reply",
      targetType: "inquiry",
      targetId: id,
      details: { venueId: inquiry.venueId },
    });
  });
  return { ok: true };
}

// ---------------------------------------------------------------------------------------------
// CSV export of the inbox's list
// ---------------------------------------------------------------------------------------------

const EXPORT_BATCH = 500;
const EXPORT_COLUMNS = [
  "Received",
  "Venue",
  "Status",
  "Name",
  "Email",
  "Phone",
  "Wedding date",
  "Date flexible",
  "Guests",
  "Message",
  "Replies",
];

/**
 * The inbox's list (its venue and status filters, every page) as CSV, newest first. Cells a
 * spreadsheet would run as formulas are defused (`csvCell`, the admin export's). The ids are
 * read first, then the rows a batch at a time as the download is read.
 */
export async function exportInquiriesCsv(
  app: Pick<AppContext, "db" | "logger">,
  actor: AppUser | null,
  filter: InboxFilter,
): Promise<ReadableStream<Uint8Array>> {
  assertVenueManager(actor);
  if (filter.venueId) await assertCanManageVenue(app.db, actor, filter.venueId);
  const where = and(
    scopeOf(actor),
    filter.venueId ? eq(inquiries.venueId, filter.venueId) : undefined,
    filter.status ? eq(inquiries.status, filter.status) : undefined,
  );
  const ids = (
    await app.db
      .select({ id: inquiries.id })
      .from(inquiries)
      .where(where)
      .orderBy(desc(inquiries.createdAt), desc(inquiries.id))
  ).map((r) => r.id);
  const encoder = new TextEncoder();
  let at = 0;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(encoder.encode(`\uFEFF${csvLine(EXPORT_COLUMNS)}\r\n`));
    },
    async pull(controller) {
      if (at >= ids.length) return controller.close();
      const chunk = ids.slice(at, (at += EXPORT_BATCH));
      try {
        const rows = await app.db
          .select(inquiryColumns)
          .from(inquiries)
          .innerJoin(venues, eq(venues.id, inquiries.venueId))
          .where(inArray(inquiries.id, chunk));
        const byId = new Map(rows.map((r) => [r.id, toView(r)]));
        const lines = chunk.flatMap((id) => {
          const i = byId.get(id);
          return i
            ? [
                `${csvLine([
                  i.createdAt,
                  i.venueName,
                  i.status,
                  i.name,
                  i.email,
                  i.phone ?? "",
                  i.weddingDate ?? "",
                  i.dateFlexible ? "yes" : "no",
                  i.guests ?? "",
                  i.message,
                  i.replyCount,
                ])}\r\n`,
              ]
            : [];
        });
        controller.enqueue(encoder.encode(lines.join("")));
      } catch (err) {
        app.logger.error("inquiry export failed", { error: String(err) });
        controller.error(err);
      }
    },
  });
}

// ---------------------------------------------------------------------------------------------
// A couple's own inquiries (Account, 'My Inquiries')
// ---------------------------------------------------------------------------------------------

export async function listOwnInquiries(db: Db, userId: string): Promise<OwnInquiry[]> {
  const rows = await db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));
  return rows.map((r) => {
    const { email: _email, phone: _phone, ...own } = toView(r);
    return own;
  });
}

export type ClaimCheck =
  | { ok: true; venueName: string; /** Already followed from this account. */ yours: boolean }
  | { ok: false; error: string };

/** The inquiry a claim link names, when the link is ours and younger than 30 days. */
function claimedInquiryId(app: Pick<Deps, "stamps">, token: string): string | null {
  const dot = token.indexOf(".");
  const id = token.slice(0, dot);
  const age = dot > 0 && isUuid(id) ? app.stamps.age(claimPurpose(id), token.slice(dot + 1)) : null;
  return age === null || age > CLAIM_MAX_AGE_MS ? null : id;
}

async function claimState(db: Db, user: AppUser, id: string | null): Promise<ClaimCheck> {
  const [row] = id
    ? await db
        .select({ userId: inquiries.userId, venueName: venues.name })
        .from(inquiries)
        .innerJoin(venues, eq(venues.id, inquiries.venueId))
        .where(eq(inquiries.id, id))
        .limit(1)
    : [];
  if (!row) return { ok: false, error: inquiryRefusals.claimInvalid };
  if (row.userId !== null && row.userId !== user.id) return { ok: false, error: inquiryRefusals.claimTaken };
  return { ok: true, venueName: row.venueName, yours: row.userId === user.id };
}

/**
 * What the link in a guest's copy (`?claim=`) would do for this account, changing nothing: a
 * mail scanner or another signed-in person may open it (issue 39). The page asks, and only its
 * POST claims (`claimInquiry`).
 */
export async function checkClaim(
  app: Pick<Deps, "db" | "stamps">,
  user: AppUser,
  token: string,
): Promise<ClaimCheck> {
  return claimState(app.db, user, claimedInquiryId(app, token));
}

/**
 * The link in a guest's copy, posted: adds that inquiry to the signed-in account; having the
 * email proves it is theirs. An inquiry already followed from another account stays there.
 */
export async function claimInquiry(
  app: Pick<Deps, "db" | "stamps">,
  user: AppUser,
  token: string,
): Promise<ClaimCheck> {
  const id = claimedInquiryId(app, token);
  if (id)
    await app.db
      .update(inquiries)
      .set({ userId: user.id })
      .where(and(eq(inquiries.id, id), isNull(inquiries.userId)));
  return claimState(app.db, user, id);
}
