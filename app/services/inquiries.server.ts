import { isUuid } from "~/lib/uuid";
import { and, asc, count, desc, eq, inArray, isNull, sql, type SQL } from "drizzle-orm";
import { inquiries, inquiryReplies, users, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { csvLine } from "~/lib/csv-import/write";
import {
  INBOX_PAGE_SIZE,
  INQUIRY_STATUSES,
  CONTACT_ERASED,
  inquiryRefusals,
  isContactErased,
  type Inbox,
  type InboxFilter,
  type InquiryReplyView,
  type InquiryStatus,
  type InquiryView,
  type OwnInquiry,
} from "~/lib/inquiries";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import { Refusal } from "~/lib/refusal";
import type { AppUser } from "~/lib/user";
import { venuePath } from "~/lib/venue-url";
import { recordAudit } from "./audit.server";
import { inquiryReplyEmail } from "./emails.server";
import { optOutIfOn } from "./notifications.server";
import {
  assertCanManageVenue,
  assertVenueManager,
  canManageVenue,
  MANAGE_VENUE_MESSAGE,
} from "./permissions.server";
import { LIMITS, limitWrite } from "./rate-limit.server";
import { queueReviewInvite } from "./review-invites.server";

// The inquiry inbox (issue 23, ADR 028; /venue-manager/inquiries): a manager sees the inquiries of
// their assigned venues only, an admin every venue's; each read and write checks that here,
// whatever the route did. Couples send them through ./couple-inquiries.server.ts.

type Deps = Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps">;

const replyCount = sql<number>`(select count(*)::int from inquiry_replies r where r.inquiry_id = ${inquiries.id})`;

export const inquiryColumns = {
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
  readAt: inquiries.readAt,
  declineReason: inquiries.declineReason,
};

/** A row as `inquiryColumns` reads it. */
type InquiryRow = Omit<InquiryView, "venuePath" | "createdAt" | "readAt"> & {
  createdAt: Date;
  readAt: Date | null;
};

export const toView = (r: InquiryRow): InquiryView => ({
  ...r,
  venuePath: venuePath({ id: r.venueId, name: r.venueName }),
  createdAt: r.createdAt.toISOString(),
  replyCount: Number(r.replyCount),
  readAt: r.readAt?.toISOString() ?? null,
});

/** A couple's own inquiries, newest first: the account's list (narrow it further with `.limit`). */
export const ownInquiriesQuery = (db: Db, userId: string) =>
  db
    .select(inquiryColumns)
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(eq(inquiries.userId, userId))
    .orderBy(desc(inquiries.createdAt), desc(inquiries.id));

/**
 * What a couple sees of their own inquiry: not the contact details they typed in it, nor a
 * venue's spam mark (it reads as new).
 */
export function ownView(r: InquiryRow): OwnInquiry {
  const { email: _email, phone: _phone, ...own } = toView(r);
  return own.status === "spam" ? { ...own, status: "new" } : own;
}

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
  const counts = Object.fromEntries(["all", ...INQUIRY_STATUSES].map((s) => [s, 0])) as Inbox["counts"];
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
  const replies = (await threadsOf(db, [id])).get(id) ?? [];
  // Opened by the venue (issue 45): the couple sees it was read. An admin looking is not the venue.
  if (actor.role !== "admin" && !found.inquiry.readAt) {
    const at = new Date();
    await db
      .update(inquiries)
      .set({ readAt: at, updatedAt: sql`${inquiries.updatedAt}` })
      .where(and(eq(inquiries.id, id), isNull(inquiries.readAt)));
    found.inquiry.readAt = at.toISOString();
  }
  return { ...found, replies };
}

/** The threads of the given inquiries, each oldest first. */
export async function threadsOf(db: Db, ids: string[]): Promise<Map<string, InquiryReplyView[]>> {
  const threads = new Map<string, InquiryReplyView[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return threads;
  const rows = await db
    .select({
      inquiryId: inquiryReplies.inquiryId,
      id: inquiryReplies.id,
      body: inquiryReplies.body,
      author: inquiryReplies.author,
      authorName: users.name,
      createdAt: inquiryReplies.createdAt,
    })
    .from(inquiryReplies)
    .leftJoin(users, eq(users.id, inquiryReplies.userId))
    .where(inArray(inquiryReplies.inquiryId, ids))
    .orderBy(asc(inquiryReplies.createdAt), asc(inquiryReplies.id));
  for (const { inquiryId, createdAt, ...r } of rows)
    threads.get(inquiryId)?.push({ ...r, createdAt: createdAt.toISOString() });
  return threads;
}

type Change = { ok: true } | { ok: false; status: number; error: string };

/** Another venue's inquiry is refused as another venue's page is (403, thrown); an unknown one is 404. */
function refusalOf(found: NotFound): Change {
  if (found.reason === "forbidden") throw new Refusal(403, MANAGE_VENUE_MESSAGE);
  return { ok: false, status: 404, error: inquiryRefusals.notFound };
}

/**
 * One click in the inbox: new, replied, booked or closed. Booked queues the couple's invitation to
 * review (issue 45) when the queue is given (`app`: the routes pass theirs).
 */
export async function setInquiryStatus(
  db: Db,
  actor: AppUser | null,
  id: string,
  status: InquiryStatus,
  app?: Pick<AppContext, "db" | "jobs" | "logger">,
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
  // A warning: the status is saved all the same, only the invitation is missing.
  if (status === "booked" && app)
    await queueReviewInvite(app, id).catch((err: unknown) =>
      app.logger.warn("review invitation not queued", { error: String(err) }),
    );
  return { ok: true };
}

/**
 * Sends the answer to the couple by email (Reply-To the manager who wrote it, ADR 028), then
 * keeps it under the inquiry and marks a new inquiry replied. A mail that could not be sent is
 * not recorded: the manager still has their text and tries again. A couple who turned reply
 * emails off gets none and reads it in My Inquiries (ADR 043).
 */
export async function replyToInquiry(
  app: Deps,
  actor: AppUser | null,
  id: string,
  body: string,
  /** A decline (issue 45): the sentence is the answer, and the inquiry is declined with it. */
  decline = false,
): Promise<Change> {
  assertVenueManager(actor);
  const found = await findInquiry(app.db, actor, id);
  if (!found.ok) return refusalOf(found);
  const limited = await limitWrite(app.db, `inquiry-reply:${actor.id}`, LIMITS.inquiryReplyUser);
  if (limited) return limited;
  const { inquiry } = found;
  if (isContactErased(inquiry)) return { ok: false, status: 409, error: inquiryRefusals.contactErased };
  const { siteName, siteUrl } = app.config;
  const [owner] = await app.db
    .select({ userId: inquiries.userId })
    .from(inquiries)
    .where(eq(inquiries.id, id));
  const userId = owner?.userId ?? null;
  // A guest's inquiry has no account to leave; an account's follows its reply setting.
  const optOut = userId ? await optOutIfOn(app, userId, "reply") : null;
  try {
    if (!userId || optOut)
      await app.mailer.send(
        inquiryReplyEmail(
          siteName,
          inquiry.email,
          { name: inquiry.venueName },
          { body, byName: actor.name, byEmail: actor.email },
          inquiry.message,
          `${siteUrl}${inquiry.venuePath}`,
          optOut,
        ),
      );
  } catch (err) {
    app.logger.error("inquiry reply mail failed", { error: String(err) });
    return { ok: false, status: 502, error: inquiryRefusals.replyFailed };
  }
  await app.db.transaction(async (tx) => {
    await tx.insert(inquiryReplies).values({ inquiryId: id, userId: actor.id, body });
    if (decline)
      await tx
        .update(inquiries)
        .set({ status: "declined", declineReason: body, updatedAt: new Date() })
        .where(eq(inquiries.id, id));
    else
      await tx
        .update(inquiries)
        .set({ status: "replied", updatedAt: new Date() })
        .where(and(eq(inquiries.id, id), eq(inquiries.status, "new")));
    await recordAudit(tx, {
      actorId: actor.id,
      action: decline ? "inquiry.decline" : "inquiry.reply",
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
                  isContactErased(i) ? CONTACT_ERASED : i.email,
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
