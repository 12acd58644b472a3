import { asc, count, eq } from "drizzle-orm";
import { users, venueCategories, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { normalizeRole, type AppUser, type Role } from "~/lib/user";
import { priceDisplay } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { auditAction } from "./audit.server";
import { managerDashboardUrl, venueApprovedEmail, venueRejectedEmail } from "./emails.server";
import { optOutIfOn } from "./notifications.server";
import { assertAdmin } from "./permissions.server";
import { writeRole } from "./users.server";
import { claimKeys, deleteFiles } from "./pending-files.server";
import { venueFileKeys } from "./venue-files.server";
import { approvalMessages } from "~/lib/admin";

// The screens show these too (lib/admin.ts).
export { approvalMessages };

// Pending venues (spec, admin area: 'Admin pending', section 4 'Venue'; issue 12, item 4).
// Approval is one transaction: the venue approved, its submitter made a venue manager (unless
// they already are one, or an admin, who keeps that role), the link added (an existing one is
// fine), and the audit entry; a failure anywhere leaves all of it as it was. Rejection deletes
// the venue in one transaction, then its stored files. The submitter is mailed either way: the
// approval mail links to the manager dashboard, the rejection mail carries the optional reason.

export type PendingVenueCard = {
  id: string;
  name: string;
  path: string;
  description: string;
  location: string;
  image: string | null;
  category: string | null;
  /** The price per event (or range), or null when none was given. */
  price: string | null;
  capacity: number | null;
  submittedAt: string;
  submitter: { name: string; email: string } | null;
};

export const PENDING_PAGE_SIZE = 100;

/** Pending venues, the longest waiting first, with who submitted them. */
export async function listPendingVenues(
  db: Db,
  actor: AppUser,
): Promise<{ venues: PendingVenueCard[]; total: number }> {
  assertAdmin(actor);
  const [rows, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({
        id: venues.id,
        name: venues.name,
        description: venues.description,
        location: venues.location,
        images: venues.images,
        logoUrl: venues.logoUrl,
        category: venueCategories.name,
        pricePerEvent: venues.pricePerEvent,
        priceRange: venues.priceRange,
        priceLow: venues.priceLow,
        priceHigh: venues.priceHigh,
        capacity: venues.capacity,
        createdAt: venues.createdAt,
        submitterName: users.name,
        submitterEmail: users.email,
      })
      .from(venues)
      .leftJoin(venueCategories, eq(venueCategories.id, venues.categoryId))
      .leftJoin(users, eq(users.id, venues.userId))
      .where(eq(venues.isApproved, false))
      .orderBy(asc(venues.createdAt), asc(venues.id))
      .limit(PENDING_PAGE_SIZE),
    db.select({ total: count() }).from(venues).where(eq(venues.isApproved, false)),
  ]);
  return {
    total: Number(total),
    venues: rows.map((r) => ({
      id: r.id,
      name: r.name,
      path: venuePath(r),
      description: r.description,
      location: r.location,
      image: r.images[0] ?? r.logoUrl ?? null,
      category: r.category,
      price:
        r.pricePerEvent || (r.priceLow && r.priceHigh) || r.priceRange?.trim()
          ? priceDisplay({
              price: r.pricePerEvent,
              priceLow: r.priceLow,
              priceHigh: r.priceHigh,
              priceRange: r.priceRange,
            })
          : null,
      capacity: r.capacity,
      submittedAt: r.createdAt.toISOString(),
      submitter: r.submitterEmail ? { name: r.submitterName ?? "", email: r.submitterEmail } : null,
    })),
  };
}

type Deps = Pick<AppContext, "db" | "storage" | "mailer" | "logger" | "config" | "stamps">;
export type ApprovalOutcome =
  { ok: true; message: string; description?: string } | { ok: false; error: string; status: number };

export async function approveVenue(app: Deps, actor: AppUser, venueId: string): Promise<ApprovalOutcome> {
  assertAdmin(actor);
  type Done = {
    venue: { id: string; name: string };
    submitter: { id: string; email: string; role: Role } | null;
  };
  let done: Done | ApprovalOutcome;
  try {
    done = await app.db.transaction(async (tx): Promise<Done | ApprovalOutcome> => {
      const [venue] = await tx
        .select({ id: venues.id, name: venues.name, userId: venues.userId, isApproved: venues.isApproved })
        .from(venues)
        .where(eq(venues.id, venueId))
        .for("update");
      if (!venue) return { ok: false, error: approvalMessages.notFound, status: 404 };
      if (venue.isApproved) return { ok: false, error: approvalMessages.notPending, status: 409 };
      await tx.update(venues).set({ isApproved: true, approvedAt: new Date() }).where(eq(venues.id, venueId));
      let submitter: Done["submitter"] = null;
      let roleFrom: Role | null = null;
      if (venue.userId) {
        const [user] = await tx
          .select({ id: users.id, email: users.email, role: users.role })
          .from(users)
          .where(eq(users.id, venue.userId));
        if (user) {
          roleFrom = normalizeRole(user.role);
          // Only a plain user changes role: a manager stays one, an admin stays admin.
          const role: Role = roleFrom === "user" ? "venue_manager" : roleFrom;
          if (role !== roleFrom) await writeRole(tx, user.id, role);
          await tx.insert(venueManagers).values({ userId: user.id, venueId }).onConflictDoNothing();
          submitter = { id: user.id, email: user.email, role };
        }
      }
      await auditAction(tx, actor, "venue.approve", venueId, {
        name: venue.name,
        submitterId: venue.userId,
        ...(roleFrom ? { roleFrom, roleTo: submitter?.role } : {}),
      });
      return { venue: { id: venue.id, name: venue.name }, submitter };
    });
  } catch (err) {
    app.logger.error("venue approval failed", { venueId, error: String(err) });
    return { ok: false, error: approvalMessages.approveFailed, status: 500 };
  }
  if ("ok" in done) return done;
  const { venue, submitter } = done;
  const optOut = submitter && (await optOutIfOn(app, submitter.id, "decision"));
  if (submitter && optOut) {
    const { siteName, siteUrl } = app.config;
    const urls = { venue: `${siteUrl}${venuePath(venue)}`, dashboard: managerDashboardUrl(siteUrl) };
    await app.mailer
      .send(venueApprovedEmail(siteName, submitter.email, venue, urls, optOut))
      .catch((err: unknown) => app.logger.error("approval mail failed", { venueId, error: String(err) }));
  }
  return submitter
    ? { ok: true, message: approvalMessages.approved, description: approvalMessages.approvedManager }
    : { ok: true, message: approvalMessages.approved };
}

/** What removePendingVenue found: the venue removed, or why not. */
export type PendingRemoval =
  | { ok: true; name: string; submitter: { id: string; email: string } | null }
  | { ok: false; reason: "missing" | "approved" };

/**
 * Deletes a pending venue for good in one transaction, which claims its stored images and logo
 * (ADR 021), then deletes those files. The rejection's and the owner's withdrawal's one path;
 * with `ownerId`, only a venue that user submitted counts (another's is "missing").
 */
export async function removePendingVenue(
  app: Pick<AppContext, "db" | "storage" | "logger">,
  actor: AppUser,
  venueId: string,
  how: { action: "venue.reject" | "venue.withdraw"; ownerId?: string },
): Promise<PendingRemoval> {
  type Done =
    Extract<PendingRemoval, { ok: false }> | (Extract<PendingRemoval, { ok: true }> & { files: string[] });
  const done = await app.db.transaction(async (tx): Promise<Done> => {
    const [venue] = await tx
      .select({
        name: venues.name,
        userId: venues.userId,
        isApproved: venues.isApproved,
        images: venues.images,
        logoUrl: venues.logoUrl,
        submitterEmail: users.email,
      })
      .from(venues)
      .leftJoin(users, eq(users.id, venues.userId))
      .where(eq(venues.id, venueId))
      .for("update", { of: venues });
    if (!venue || (how.ownerId !== undefined && venue.userId !== how.ownerId))
      return { ok: false, reason: "missing" };
    if (venue.isApproved) return { ok: false, reason: "approved" };
    await tx.delete(venues).where(eq(venues.id, venueId));
    const files = venueFileKeys(app, venueId, [...venue.images, venue.logoUrl]);
    await claimKeys(tx, files);
    await auditAction(tx, actor, how.action, venueId, { name: venue.name, submitterId: venue.userId });
    const { userId, submitterEmail } = venue;
    const submitter = userId && submitterEmail ? { id: userId, email: submitterEmail } : null;
    return { ok: true, name: venue.name, submitter, files };
  });
  if (!done.ok) return done;
  const { files, ...removed } = done;
  await deleteFiles(app, files, { venueId });
  return removed;
}

/**
 * Deletes a pending venue for good, then its stored images and logo, and tells the submitter,
 * with the reviewer's reason when one was given (in the mail only: it is stored nowhere).
 */
export async function rejectVenue(
  app: Deps,
  actor: AppUser,
  venueId: string,
  reason = "",
): Promise<ApprovalOutcome> {
  assertAdmin(actor);
  let done: PendingRemoval;
  try {
    done = await removePendingVenue(app, actor, venueId, { action: "venue.reject" });
  } catch (err) {
    app.logger.error("venue rejection failed", { venueId, error: String(err) });
    return { ok: false, error: approvalMessages.rejectFailed, status: 500 };
  }
  if (!done.ok)
    return done.reason === "missing"
      ? { ok: false, error: approvalMessages.notFound, status: 404 }
      : { ok: false, error: approvalMessages.notPending, status: 409 };
  const optOut = done.submitter && (await optOutIfOn(app, done.submitter.id, "decision"));
  if (done.submitter && optOut) {
    const { siteName, siteUrl } = app.config;
    await app.mailer
      .send(
        venueRejectedEmail(
          siteName,
          done.submitter.email,
          { name: done.name },
          siteUrl,
          optOut,
          reason.trim() || null,
        ),
      )
      .catch((err: unknown) => app.logger.error("rejection mail failed", { venueId, error: String(err) }));
  }
  return { ok: true, message: approvalMessages.rejected };
}
