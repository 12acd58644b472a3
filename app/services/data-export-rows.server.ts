import { asc, desc, eq, inArray } from "drizzle-orm";
import {
  accounts,
  auditLog,
  emailOptOuts,
  EMAIL_KINDS,
  favorites,
  inquiries,
  inquiryReplies,
  reviewReplies,
  reviewReports,
  reviews,
  savedSearches,
  sessions,
  tours,
  users,
  venueClaims,
  venueFaqs,
  venueManagers,
  venues,
} from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import { ownDetails } from "~/lib/venue";

// What the site keeps about one account (issue 46, item 1; ADR 049), one JSON document per kind.
// Only the person's own rows, and of what hangs off them only what is theirs to see: a venue's
// reply is its words and time, never who wrote it; a reported review is named, not copied; a
// managed venue is the venue's own details, never its inquiries or other managers.

type VenueRow = typeof venues.$inferSelect;

/** An administrator's activity can run long: the latest entries (the README says so). */
export const ACTIVITY_LIMIT = 10_000;

/** A stored file of the archive: read from `key`, written at `path` under files/. */
export type ExportFile = { path: string; key: string };

export type ExportData = { documents: Record<string, unknown>; files: ExportFile[] };

/** A venue's own details, as its page and form know them, and their files and times. */
function venueDetails(v: VenueRow) {
  return {
    ...ownDetails(v),
    images: v.images,
    logoUrl: v.logoUrl,
    approved: v.isApproved,
    createdAt: v.createdAt,
    updatedAt: v.updatedAt,
  };
}

/** `files/<venue id>/<n>-<file>`: one folder per venue, photos in their order, then the logo. */
function venueFiles(storage: Storage, v: VenueRow): ExportFile[] {
  const urls = [...v.images.map((url, i) => ({ url, n: `photo-${i + 1}` })), { url: v.logoUrl, n: "logo" }];
  return urls.flatMap(({ url, n }) => {
    const key = url ? storage.keyOf(url) : null;
    if (!key) return [];
    return [{ key, path: `files/${v.id}/${n}${key.slice(key.lastIndexOf("."))}` }];
  });
}

/** How many stored files the person's submissions name (to choose at once or in the background). */
export async function countExportFiles(db: Db, storage: Storage, userId: string): Promise<number> {
  const rows = await db.select().from(venues).where(eq(venues.userId, userId));
  return rows.reduce((n, v) => n + venueFiles(storage, v).length, 0);
}

const byTime = <T extends { createdAt: Date }>(rows: T[]) =>
  [...rows].sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());

async function accountOf(db: Db, userId: string) {
  const [user] = await db.select().from(users).where(eq(users.id, userId));
  if (!user) return null;
  const signIns = await db
    .select({ provider: accounts.providerId, password: accounts.password, createdAt: accounts.createdAt })
    .from(accounts)
    .where(eq(accounts.userId, userId));
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    emailVerified: user.emailVerified,
    avatarUrl: user.image,
    role: user.role,
    createdAt: user.createdAt,
    updatedAt: user.updatedAt,
    // How the account signs in, never the password's hash or a token.
    signIn: signIns.map((a) => ({
      method: a.provider,
      withPassword: a.password !== null,
      since: a.createdAt,
    })),
  };
}

async function inquiriesOf(db: Db, userId: string) {
  const rows = await db
    .select({ inquiry: inquiries, venueName: venues.name })
    .from(inquiries)
    .innerJoin(venues, eq(venues.id, inquiries.venueId))
    .where(eq(inquiries.userId, userId))
    .orderBy(asc(inquiries.createdAt));
  const ids = rows.map((r) => r.inquiry.id);
  const thread = ids.length
    ? await db
        .select({
          inquiryId: inquiryReplies.inquiryId,
          author: inquiryReplies.author,
          body: inquiryReplies.body,
          createdAt: inquiryReplies.createdAt,
        })
        .from(inquiryReplies)
        .where(inArray(inquiryReplies.inquiryId, ids))
        .orderBy(asc(inquiryReplies.createdAt))
    : [];
  return rows.map(({ inquiry: q, venueName }) => ({
    id: q.id,
    venue: { id: q.venueId, name: venueName },
    name: q.name,
    email: q.email,
    phone: q.phone,
    weddingDate: q.weddingDate,
    dateFlexible: q.dateFlexible,
    guestCount: q.guestCount,
    message: q.message,
    // A venue's spam mark is its own note: the couple sees the inquiry as new (as in My Inquiries).
    status: q.status === "spam" ? "new" : q.status,
    declineReason: q.declineReason,
    contactErasedAt: q.contactErasedAt,
    createdAt: q.createdAt,
    thread: thread
      .filter((r) => r.inquiryId === q.id)
      .map((r) => ({ from: r.author === "couple" ? "you" : "venue", body: r.body, at: r.createdAt })),
  }));
}

async function reviewsOf(db: Db, userId: string) {
  const rows = await db
    .select({ review: reviews, venueName: venues.name, reply: reviewReplies })
    .from(reviews)
    .innerJoin(venues, eq(venues.id, reviews.venueId))
    .leftJoin(reviewReplies, eq(reviewReplies.reviewId, reviews.id))
    .where(eq(reviews.userId, userId))
    .orderBy(asc(reviews.createdAt));
  return rows.map(({ review: r, venueName, reply }) => ({
    id: r.id,
    venue: { id: r.venueId, name: venueName },
    rating: r.rating,
    comment: r.comment,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    hiddenAt: r.hiddenAt,
    hiddenReason: r.hiddenReason,
    proofRequestedAt: r.proofRequestedAt,
    venueReply: reply ? { body: reply.body, createdAt: reply.createdAt, updatedAt: reply.updatedAt } : null,
  }));
}

async function managedVenuesOf(db: Db, userId: string) {
  const rows = await db
    .select({ venue: venues, since: venueManagers.createdAt })
    .from(venueManagers)
    .innerJoin(venues, eq(venues.id, venueManagers.venueId))
    .where(eq(venueManagers.userId, userId))
    .orderBy(asc(venues.name));
  const ids = rows.map((r) => r.venue.id);
  const faqs = ids.length
    ? await db
        .select()
        .from(venueFaqs)
        .where(inArray(venueFaqs.venueId, ids))
        .orderBy(asc(venueFaqs.displayOrder))
    : [];
  return rows.map(({ venue, since }) => ({
    ...venueDetails(venue),
    managerSince: since,
    faqs: faqs.filter((f) => f.venueId === venue.id).map((f) => ({ question: f.question, answer: f.answer })),
  }));
}

/** Every kind of row the site keeps about `userId`, and the stored files of their submissions. */
export async function collectExport(db: Db, storage: Storage, userId: string): Promise<ExportData | null> {
  const account = await accountOf(db, userId);
  if (!account) return null;
  const own = eq(venues.userId, userId);
  const [devices, saved, written, asked, visits, searches, optedOut, submitted, reports, claims, acts] =
    await Promise.all([
      db
        .select({
          createdAt: sessions.createdAt,
          updatedAt: sessions.updatedAt,
          expiresAt: sessions.expiresAt,
          ipAddress: sessions.ipAddress,
          userAgent: sessions.userAgent,
        })
        .from(sessions)
        .where(eq(sessions.userId, userId)),
      db
        .select({ venueId: favorites.venueId, venueName: venues.name, savedAt: favorites.createdAt })
        .from(favorites)
        .innerJoin(venues, eq(venues.id, favorites.venueId))
        .where(eq(favorites.userId, userId))
        .orderBy(asc(favorites.createdAt)),
      reviewsOf(db, userId),
      inquiriesOf(db, userId),
      db
        .select({
          id: tours.id,
          venueId: tours.venueId,
          venueName: venues.name,
          name: tours.name,
          email: tours.email,
          startsAt: tours.startsAt,
          status: tours.status,
          contactErasedAt: tours.contactErasedAt,
          createdAt: tours.createdAt,
          updatedAt: tours.updatedAt,
        })
        .from(tours)
        .innerJoin(venues, eq(venues.id, tours.venueId))
        .where(eq(tours.userId, userId))
        .orderBy(asc(tours.startsAt)),
      db
        .select({
          name: savedSearches.name,
          query: savedSearches.query,
          frequency: savedSearches.frequency,
          lastMailedAt: savedSearches.sentAt,
          createdAt: savedSearches.createdAt,
          updatedAt: savedSearches.updatedAt,
        })
        .from(savedSearches)
        .where(eq(savedSearches.userId, userId)),
      db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, userId)),
      db.select().from(venues).where(own).orderBy(asc(venues.createdAt)),
      db
        .select({
          reviewId: reviewReports.reviewId,
          venueName: venues.name,
          reason: reviewReports.reason,
          note: reviewReports.note,
          createdAt: reviewReports.createdAt,
          resolvedAt: reviewReports.resolvedAt,
          resolution: reviewReports.resolution,
        })
        .from(reviewReports)
        .innerJoin(reviews, eq(reviews.id, reviewReports.reviewId))
        .innerJoin(venues, eq(venues.id, reviews.venueId))
        .where(eq(reviewReports.userId, userId))
        .orderBy(asc(reviewReports.createdAt)),
      db
        .select({
          venueId: venueClaims.venueId,
          venueName: venues.name,
          method: venueClaims.method,
          email: venueClaims.email,
          note: venueClaims.note,
          status: venueClaims.status,
          createdAt: venueClaims.createdAt,
          decidedAt: venueClaims.decidedAt,
        })
        .from(venueClaims)
        .innerJoin(venues, eq(venues.id, venueClaims.venueId))
        .where(eq(venueClaims.userId, userId))
        .orderBy(asc(venueClaims.createdAt)),
      // The action and its kind of target only: an entry's details may name other people.
      db
        .select({ action: auditLog.action, target: auditLog.targetType, at: auditLog.createdAt })
        .from(auditLog)
        .where(eq(auditLog.actorId, userId))
        .orderBy(desc(auditLog.createdAt))
        .limit(ACTIVITY_LIMIT),
    ]);
  const off = new Map(optedOut.map((o) => [o.kind, o.createdAt]));
  const files = submitted.flatMap((v) => venueFiles(storage, v));
  const managed = await managedVenuesOf(db, userId);
  const documents: Record<string, unknown> = {
    "account.json": account,
    "sessions.json": byTime(devices),
    "favorites.json": saved,
    "reviews.json": written,
    "inquiries.json": asked,
    "site-visits.json": visits,
    "saved-searches.json": byTime(searches),
    "email-preferences.json": EMAIL_KINDS.map((kind) => ({
      kind,
      on: !off.has(kind),
      offSince: off.get(kind) ?? null,
    })),
    "submissions.json": submitted.map((v) => ({
      ...venueDetails(v),
      files: files.filter((f) => f.path.startsWith(`files/${v.id}/`)).map((f) => f.path),
    })),
    "review-reports.json": reports,
    "claims.json": claims,
    "activity.json": acts.reverse(),
  };
  if (managed.length) documents["managed-venues.json"] = managed;
  return { documents, files };
}
