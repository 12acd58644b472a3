import { createHash, randomBytes, timingSafeEqual } from "node:crypto";
import { and, count, eq, gt, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import {
  accounts,
  dataExports,
  inquiries,
  reviews,
  savedSearches,
  tours,
  users,
  venueManagers,
  venues,
  verifications,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { redirectWithToast } from "~/infra/session.server";
import {
  DELETE_LINK_MINUTES,
  deleteConfirmPath,
  deletionMessages,
  type DeletionChoices,
  type DeletionSummary,
} from "~/lib/account-deletion";
import { REVIEW_CHOICES } from "~/lib/privacy";
import type { AppUser } from "~/lib/user";
import { signOut } from "./accounts.server";
import { recordAudit } from "./audit.server";
import { eraseContact } from "./contact-erasure.server";
import { deletionLinkEmail } from "./deletion-emails.server";
import { claimKeys, deleteFiles } from "./pending-files.server";
import { limitWrite, type Limit } from "./rate-limit.server";
import { mailTourChange } from "./tour-emails.server";
import { LastAdminError, writeRole } from "./users.server";
import { venueFileKeys } from "./venue-files.server";

// Deleting one's own account (issue 46, ADR 050): everything in one transaction, the files it
// stops naming claimed there and deleted after the commit (ADR 021). Proved by the password, or
// for an account without one by a link mailed to its address (a `verifications` row, one hour).

type Deps = Pick<AppContext, "db" | "auth" | "storage" | "logger" | "config" | "mailer" | "stamps">;
export type DeletionOutcome = { ok: true } | { ok: false; status: number; error: string; field?: string };

/** Guesses at the password, and links mailed, per account: a few an hour is plenty. */
export const DELETION_LIMITS = {
  passwordUser: { max: 10, windowSeconds: 60 * 60 },
  linkUser: { max: 3, windowSeconds: 60 * 60 },
} satisfies Record<string, Limit>;

const linkIdentifier = (userId: string) => `account-delete:${userId}`;
const digest = (token: string) => createHash("sha256").update(token).digest("hex");

async function passwordHash(db: Db, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ hash: accounts.password })
    .from(accounts)
    .where(
      and(eq(accounts.userId, userId), eq(accounts.providerId, "credential"), isNotNull(accounts.password)),
    )
    .limit(1);
  return row?.hash ?? null;
}

/** The venues `userId` is the only manager of, by name. */
async function lastManagerOf(db: Db, userId: string): Promise<{ id: string; name: string }[]> {
  return db
    .select({ id: venues.id, name: venues.name })
    .from(venueManagers)
    .innerJoin(venues, eq(venues.id, venueManagers.venueId))
    .where(
      and(
        eq(venueManagers.userId, userId),
        sql`not exists (select 1 from venue_managers o where o.venue_id = ${venueManagers.venueId} and o.user_id <> ${userId})`,
      ),
    )
    .orderBy(venues.name);
}

/** What deleting the account would do, for the page. */
export async function deletionSummary(db: Db, actor: AppUser): Promise<DeletionSummary> {
  const id = actor.id;
  const n = async (q: Promise<{ n: number }[]>) => Number((await q)[0]?.n ?? 0);
  const [hash, reviewCount, inquiryCount, visits, submitted, managed, admins] = await Promise.all([
    passwordHash(db, id),
    n(db.select({ n: count() }).from(reviews).where(eq(reviews.userId, id))),
    n(db.select({ n: count() }).from(inquiries).where(eq(inquiries.userId, id))),
    n(db.select({ n: count() }).from(tours).where(comingVisits(id, new Date()))),
    db.select({ name: venues.name, approved: venues.isApproved }).from(venues).where(eq(venues.userId, id)),
    lastManagerOf(db, id),
    n(db.select({ n: count() }).from(users).where(eq(users.role, "admin"))),
  ]);
  return {
    hasPassword: hash !== null,
    reviews: reviewCount,
    inquiries: inquiryCount,
    comingVisits: visits,
    pendingVenues: submitted.filter((v) => !v.approved).map((v) => v.name),
    approvedVenues: submitted.filter((v) => v.approved).length,
    lastManagerOf: managed.map((v) => v.name),
    lastAdmin: actor.role === "admin" && admins <= 1,
  };
}

const comingVisits = (userId: string, now: Date) =>
  and(eq(tours.userId, userId), eq(tours.status, "booked"), gt(tours.startsAt, now));

const lastAdminRefusal = { ok: false as const, status: 409, error: deletionMessages.lastAdmin };

/**
 * The page's one form: an account with a password is deleted once the password is given again;
 * one without gets the mailed link instead (`deleted: false`).
 */
export async function requestDeletion(
  app: Deps,
  actor: AppUser,
  choices: DeletionChoices,
  password: string,
): Promise<DeletionOutcome & { deleted?: boolean }> {
  const summary = await deletionSummary(app.db, actor);
  if (summary.lastAdmin) return lastAdminRefusal;
  if (!summary.hasPassword) {
    const mailed = await mailDeletionLink(app, actor, choices);
    return mailed.ok ? { ok: true, deleted: false } : mailed;
  }
  const done = await deleteWithPassword(app, actor, choices, password);
  return done.ok ? { ok: true, deleted: true } : done;
}

/** Deletes the account after its password was given again (an account with one). */
export async function deleteWithPassword(
  app: Deps,
  actor: AppUser,
  choices: DeletionChoices,
  password: string,
): Promise<DeletionOutcome> {
  const hash = await passwordHash(app.db, actor.id);
  if (!hash) return { ok: false, status: 400, error: deletionMessages.noPassword };
  if (password === "") return { ok: false, status: 400, error: deletionMessages.password, field: "password" };
  const limited = await limitWrite(app.db, `account-delete:${actor.id}`, DELETION_LIMITS.passwordUser);
  if (limited) return { ...limited, field: "password" };
  const auth = await app.auth.$context;
  if (!(await auth.password.verify({ hash, password })))
    return { ok: false, status: 400, error: deletionMessages.wrongPassword, field: "password" };
  return deleteAccount(app, actor.id, choices);
}

/** An account without a password: mails a link that confirms, with the choices kept with it. */
export async function mailDeletionLink(
  app: Deps,
  actor: AppUser,
  choices: DeletionChoices,
): Promise<DeletionOutcome> {
  if (await passwordHash(app.db, actor.id))
    return { ok: false, status: 400, error: deletionMessages.password };
  const limited = await limitWrite(app.db, `account-delete-link:${actor.id}`, DELETION_LIMITS.linkUser);
  if (limited) return limited;
  const token = randomBytes(32).toString("base64url");
  const identifier = linkIdentifier(actor.id);
  const expiresAt = new Date(Date.now() + DELETE_LINK_MINUTES * 60_000);
  // One link at a time: a new one replaces the last.
  await app.db.transaction(async (tx) => {
    await tx.delete(verifications).where(eq(verifications.identifier, identifier));
    await tx.insert(verifications).values({
      id: crypto.randomUUID(),
      identifier,
      value: JSON.stringify({ digest: digest(token), ...choices }),
      expiresAt,
    });
  });
  const { siteName, siteUrl } = app.config;
  try {
    await app.mailer.send(deletionLinkEmail(siteName, actor.email, `${siteUrl}${deleteConfirmPath(token)}`));
  } catch (err) {
    app.logger.error("account deletion mail failed", { error: String(err) });
    return { ok: false, status: 502, error: deletionMessages.mailFailed };
  }
  return { ok: true };
}

/** The choices a mailed link was sent with, while it works (this account's, unexpired, unused). */
export async function readDeletionLink(
  db: Db,
  actor: AppUser,
  token: string,
): Promise<DeletionChoices | null> {
  if (!/^[\w-]{20,100}$/.test(token)) return null;
  const [row] = await db
    .select({ value: verifications.value, expiresAt: verifications.expiresAt })
    .from(verifications)
    .where(eq(verifications.identifier, linkIdentifier(actor.id)))
    .limit(1);
  if (!row || row.expiresAt.getTime() <= Date.now()) return null;
  const stored = JSON.parse(row.value) as { digest: string } & DeletionChoices;
  const same = timingSafeEqual(Buffer.from(stored.digest), Buffer.from(digest(token)));
  if (!same || !REVIEW_CHOICES.includes(stored.reviews)) return null;
  return { reviews: stored.reviews, eraseContact: stored.eraseContact === true };
}

/** Deletes the account by its mailed link: the choices are the link's. */
export async function deleteWithLink(app: Deps, actor: AppUser, token: string): Promise<DeletionOutcome> {
  const choices = await readDeletionLink(app.db, actor, token);
  if (!choices) return { ok: false, status: 410, error: deletionMessages.linkInvalid };
  return deleteAccount(app, actor.id, choices);
}

/**
 * The answer once an account is deleted, by either form: the session row went with the account;
 * signing out clears the cookie, and the person lands on the home page with the news.
 */
export async function leaveDeletedAccount(app: AppContext, request: Request) {
  const headers = await signOut(app, request);
  return redirectWithToast(
    app,
    request,
    "/",
    { type: "success", message: deletionMessages.deleted },
    headers,
  );
}

/** The deletion itself: one transaction, then the files and the venues' cancelled visits. */
async function deleteAccount(app: Deps, userId: string, choices: DeletionChoices): Promise<DeletionOutcome> {
  let done: Awaited<ReturnType<typeof deleteRows>>;
  try {
    done = await app.db.transaction((tx) => deleteRows(app, tx, userId, choices));
  } catch (err) {
    if (err instanceof LastAdminError) return lastAdminRefusal;
    throw err;
  }
  if (!done) return { ok: false, status: 404, error: deletionMessages.linkInvalid };
  await deleteFiles(app, done.files, { accountDeleted: true });
  for (const { tour, venue } of done.cancelled)
    await mailTourChange(app, venue, tour, "cancelled").catch((err: unknown) =>
      app.logger.error("site visit cancel mail failed", { error: String(err) }),
    );
  return { ok: true };
}

async function deleteRows(app: Deps, tx: Db, userId: string, choices: DeletionChoices) {
  const [user] = await tx
    .select({ id: users.id, email: users.email, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return null;
  // Read before writeRole, which removes a manager's venue links.
  const released = await lastManagerOf(tx, userId);
  // The last administrator is refused here (LastAdminError), every admin row locked first.
  if (user.role !== "user") await writeRole(tx, userId, "user");
  await tx.delete(venueManagers).where(eq(venueManagers.userId, userId));
  // Before the user row goes: the foreign keys then set the inquiries' user_id to null.
  const erased = choices.eraseContact ? await eraseContact(tx, { userId }) : null;
  const now = new Date();
  // No invitation to review goes to an account that is gone, even where its address is kept
  // (the invitation's claim marks it sent: ./review-invites.server.ts).
  await tx
    .update(inquiries)
    .set({ reviewInvitedAt: now })
    .where(and(eq(inquiries.userId, userId), isNull(inquiries.reviewInvitedAt)));
  const cancelled = await tx
    .update(tours)
    .set({ status: "cancelled", sequence: sql`${tours.sequence} + 1` })
    .where(comingVisits(userId, now))
    .returning();
  if (choices.reviews === "keep")
    await tx.update(reviews).set({ userId: null }).where(eq(reviews.userId, userId));
  else await tx.delete(reviews).where(eq(reviews.userId, userId));
  const pending = await tx
    .delete(venues)
    .where(and(eq(venues.userId, userId), eq(venues.isApproved, false)))
    .returning({ id: venues.id, images: venues.images, logoUrl: venues.logoUrl });
  const exports = await tx
    .select({ key: dataExports.fileKey })
    .from(dataExports)
    .where(and(eq(dataExports.userId, userId), isNotNull(dataExports.fileKey)));
  const files = [
    ...pending.flatMap((v) => venueFileKeys(app, v.id, [...v.images, v.logoUrl])),
    ...exports.flatMap((e) => (e.key ? [e.key] : [])),
  ];
  await claimKeys(tx, files);
  // A guest search saved from the same address is the same person's.
  await tx
    .delete(savedSearches)
    .where(
      or(eq(savedSearches.userId, userId), sql`lower(${savedSearches.email}) = ${user.email.toLowerCase()}`),
    );
  await tx.delete(verifications).where(eq(verifications.identifier, linkIdentifier(userId)));
  await recordAudit(tx, {
    actorId: null,
    action: "account.delete",
    targetType: "user",
    targetId: userId,
    details: {
      reviews: choices.reviews,
      contactErased: erased !== null,
      visitsCancelled: cancelled.length,
      submissionsDeleted: pending.length,
      venuesReleased: released.map((v) => ({ id: v.id, name: v.name })),
    },
  });
  await tx.delete(users).where(eq(users.id, userId));
  const venueRows = cancelled.length
    ? await tx
        .select({ id: venues.id, name: venues.name, location: venues.location, email: venues.email })
        .from(venues)
        .where(
          inArray(
            venues.id,
            cancelled.map((t) => t.venueId),
          ),
        )
    : [];
  const byId = new Map(venueRows.map((v) => [v.id, v]));
  return {
    files,
    cancelled: cancelled.flatMap((tour) => {
      const venue = byId.get(tour.venueId);
      return venue ? [{ tour, venue }] : [];
    }),
  };
}
