import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import { users, venueClaims, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { CLAIM_LINK_DAYS, CLAIM_QUEUE_SIZE, claimDomain, claimLinkPath, claimMessages } from "~/lib/claims";
import { Refusal } from "~/lib/refusal";
import type { ClaimMethod } from "~/lib/trust";
import { normalizeRole, type AppUser, type Role } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { venuePath } from "~/lib/venue-url";
import { auditAction } from "./audit.server";
import { claimConfirmEmail, claimDecisionEmail } from "./claim-emails.server";
import { managerDashboardUrl } from "./emails.server";
import { optOutIfOn } from "./notifications.server";
import { assertAdmin, isLinkedManager } from "./permissions.server";
import { addVenueManager } from "./users.server";

// Claiming a listing (issue 45, item 5; ADR 047). A signed-in person proves an approved venue is
// theirs by a link mailed to an address at its website's domain, or asks an administrator with a
// note. A claim approves in one transaction: the claimant joins venue_managers (a plain user
// becomes a venue manager, as an admin's assignment does), the claim is decided, the audit entry
// written. A domain link only approves a venue nobody manages; otherwise an administrator decides.

type Mailing = Pick<AppContext, "db" | "mailer" | "config" | "stamps" | "logger">;
type Claim = typeof venueClaims.$inferSelect;

/** Whether anyone manages the venue (the venue page's cheap check for its "Is this your venue?" link). */
export async function venueHasManager(db: Db, venueId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(venueManagers)
    .where(eq(venueManagers.venueId, venueId))
    .limit(1);
  return row !== undefined;
}

export type ClaimPage = {
  venue: { id: string; name: string; path: string };
  /** The domain to confirm an address at, or null (no website, or a public mail service's). */
  domain: string | null;
  managed: boolean;
  /** The person's own pending claim of it. */
  pending: { method: ClaimMethod; email: string | null } | null;
};

/** The claim page of an approved venue for a signed-in person; null when there is no such venue. */
export async function claimPage(db: Db, venueId: string, user: AppUser): Promise<ClaimPage | null> {
  if (!isUuid(venueId)) return null;
  const [venue] = await db
    .select({ id: venues.id, name: venues.name, website: venues.website })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)));
  if (!venue) return null;
  const [managed, [pending]] = await Promise.all([
    venueHasManager(db, venue.id),
    db
      .select({ method: venueClaims.method, email: venueClaims.email })
      .from(venueClaims)
      .where(ownPending(user.id, venue.id))
      .limit(1),
  ]);
  return {
    venue: { id: venue.id, name: venue.name, path: venuePath(venue) },
    domain: claimDomain(venue.website),
    managed,
    pending: pending ?? null,
  };
}

const ownPending = (userId: string, venueId: string) =>
  and(eq(venueClaims.userId, userId), eq(venueClaims.venueId, venueId), eq(venueClaims.status, "pending"));

/**
 * A new pending claim, one per person and venue: the venue's row is locked while the person's
 * pending claims are counted, so two submits at once make one claim.
 */
async function newClaim(
  db: Db,
  user: AppUser,
  venueId: string,
  values: { method: ClaimMethod; email?: string; note?: string },
): Promise<{ claim: Claim; venue: { name: string; website: string | null } }> {
  return db.transaction(async (tx) => {
    const [venue] = await tx
      .select({ name: venues.name, website: venues.website })
      .from(venues)
      .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)))
      .for("no key update");
    if (!venue) throw new Refusal(404, "Venue not found");
    if (await isLinkedManager(tx, user.id, venueId)) throw new Refusal(409, claimMessages.yours, "form");
    const [{ n } = { n: 0 }] = await tx
      .select({ n: count() })
      .from(venueClaims)
      .where(ownPending(user.id, venueId));
    if (Number(n) > 0) throw new Refusal(409, claimMessages.duplicate, "form");
    const [claim] = await tx
      .insert(venueClaims)
      .values({ venueId, userId: user.id, ...values })
      .returning();
    return { claim: claim!, venue };
  });
}

const linkPurpose = (claimId: string, email: string) => `venue-claim:${claimId}:${email}`;

/** The confirmation link of a domain claim (`at`: when it was issued, for tests of its expiry). */
export function claimLinkUrl(app: Pick<AppContext, "stamps" | "config">, claim: Claim, at?: number) {
  const t = app.stamps.issue(linkPurpose(claim.id, claim.email ?? ""), at);
  return `${app.config.siteUrl}${claimLinkPath(claim.id)}?${new URLSearchParams({ t })}`;
}

/** Claim by an address at the venue's domain: a pending 'domain' claim, and the link mailed there. */
export async function claimByDomain(
  app: Mailing,
  user: AppUser,
  venueId: string,
  localPart: string,
): Promise<{ address: string }> {
  const [site] = await app.db
    .select({ website: venues.website })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)));
  if (!site) throw new Refusal(404, "Venue not found");
  const domain = claimDomain(site.website);
  if (!domain) throw new Refusal(400, claimMessages.noDomain, "form");
  const address = `${localPart.toLowerCase()}@${domain}`;
  const { claim, venue } = await newClaim(app.db, user, venueId, { method: "domain", email: address });
  const mail = claimConfirmEmail(
    app.config.siteName,
    address,
    { claimantName: user.name, venueName: venue.name },
    claimLinkUrl(app, claim),
  );
  await app.mailer.send(mail);
  return { address };
}

/** Claim by an administrator's approval: a pending 'admin' claim with the claimant's note. */
export async function claimByNote(db: Db, user: AppUser, venueId: string, note: string): Promise<void> {
  await newClaim(db, user, venueId, { method: "admin", note });
}

export type ClaimLink =
  | { ok: true; claim: Claim; venueName: string; venuePath: string }
  | { ok: false; status: number; error: string };

/** The claim a link names, for the signed-in person it belongs to, while the link is fresh. */
export async function claimFromLink(
  app: Pick<AppContext, "db" | "stamps">,
  user: AppUser,
  claimId: string,
  t: string,
  now = Date.now(),
): Promise<ClaimLink> {
  const invalid = { ok: false as const, status: 400, error: claimMessages.invalidLink };
  if (!isUuid(claimId)) return invalid;
  const [row] = await app.db
    .select({ claim: venueClaims, venueName: venues.name })
    .from(venueClaims)
    .innerJoin(venues, eq(venues.id, venueClaims.venueId))
    .where(eq(venueClaims.id, claimId));
  const read = row && app.stamps.read(linkPurpose(row.claim.id, row.claim.email ?? ""), t, now);
  if (!row || !read || read.age > CLAIM_LINK_DAYS * 86_400_000) return invalid;
  if (row.claim.userId !== user.id) return { ok: false, status: 403, error: claimMessages.otherAccount };
  const venue = { id: row.claim.venueId, name: row.venueName };
  return { ok: true, claim: row.claim, venueName: row.venueName, venuePath: venuePath(venue) };
}

/** The claim's decision, by whom and when. */
async function markDecided(tx: Db, actor: AppUser, claimId: string, status: "approved" | "rejected") {
  await tx
    .update(venueClaims)
    .set({ status, decidedAt: new Date(), decidedBy: actor.id })
    .where(eq(venueClaims.id, claimId));
}

/**
 * Approves a pending claim in the caller's transaction: the claimant manages the venue, the claim
 * is decided, `venue.claim` is audited. With `onlyUnmanaged` (a domain link) a venue someone
 * manages is left alone and null is returned. The venue's row is locked first, so two confirmations
 * of one venue at once make one manager.
 */
async function approveInTx(
  tx: Db,
  actor: AppUser,
  claim: Claim,
  onlyUnmanaged: boolean,
): Promise<{ from: Role; to: Role } | null> {
  await tx.select({ id: venues.id }).from(venues).where(eq(venues.id, claim.venueId)).for("no key update");
  if (onlyUnmanaged && (await venueHasManager(tx, claim.venueId))) return null;
  const roles = await addVenueManager(tx, claim.userId, claim.venueId);
  if (!roles) throw new Refusal(404, claimMessages.notFound);
  await markDecided(tx, actor, claim.id, "approved");
  await auditAction(tx, actor, "venue.claim", claim.venueId, {
    claimId: claim.id,
    method: onlyUnmanaged ? "domain" : "admin",
    userId: claim.userId,
    email: claim.email,
    from: roles.from,
    to: roles.to,
  });
  return roles;
}

/** Locks a pending claim (null when it is gone or decided). */
async function lockPending(tx: Db, claimId: string): Promise<Claim | null> {
  const [claim] = await tx
    .select()
    .from(venueClaims)
    .where(and(eq(venueClaims.id, claimId), eq(venueClaims.status, "pending")))
    .for("update");
  return claim ?? null;
}

/**
 * The claimant's press of the link's button: their domain claim approves when the venue still has
 * no manager; otherwise it becomes an admin claim, its note saying why.
 */
export async function confirmClaim(
  db: Db,
  user: AppUser,
  claimId: string,
): Promise<"approved" | "to-admin" | "decided"> {
  return db.transaction(async (tx) => {
    const claim = await lockPending(tx, claimId);
    if (!claim || claim.userId !== user.id || claim.method !== "domain") return "decided";
    if (await approveInTx(tx, user, claim, true)) return "approved";
    const note = `Confirmed the address ${claim.email ?? ""}, but the venue already had a manager, so an administrator decides.`;
    await tx
      .update(venueClaims)
      .set({ method: "admin", note: note.slice(0, 2000) })
      .where(eq(venueClaims.id, claim.id));
    return "to-admin";
  });
}

export type QueuedClaim = {
  id: string;
  venue: { id: string; name: string; path: string };
  claimant: { name: string; email: string; role: Role };
  method: ClaimMethod;
  /** The address the link was mailed to, and whether it was confirmed (a domain claim turned admin's). */
  email: string | null;
  confirmed: boolean;
  note: string;
  managers: string[];
  createdAt: string;
};

/** The admin's queue: pending claims, the oldest first, at most CLAIM_QUEUE_SIZE, with how many wait. */
export async function claimQueue(db: Db, actor: AppUser): Promise<{ claims: QueuedClaim[]; total: number }> {
  assertAdmin(actor);
  const pending = eq(venueClaims.status, "pending");
  const [rows, [{ n } = { n: 0 }]] = await Promise.all([
    db
      .select({
        claim: venueClaims,
        venueName: venues.name,
        name: users.name,
        email: users.email,
        role: users.role,
      })
      .from(venueClaims)
      .innerJoin(venues, eq(venues.id, venueClaims.venueId))
      .innerJoin(users, eq(users.id, venueClaims.userId))
      .where(pending)
      .orderBy(asc(venueClaims.createdAt), asc(venueClaims.id))
      .limit(CLAIM_QUEUE_SIZE),
    db.select({ n: count() }).from(venueClaims).where(pending),
  ]);
  const venueIds = [...new Set(rows.map((r) => r.claim.venueId))];
  const managers = venueIds.length
    ? await db
        .select({ venueId: venueManagers.venueId, name: users.name })
        .from(venueManagers)
        .innerJoin(users, eq(users.id, venueManagers.userId))
        .where(inArray(venueManagers.venueId, venueIds))
        .orderBy(asc(users.name))
    : [];
  return {
    total: Number(n),
    claims: rows.map(({ claim: c, venueName, name, email, role }) => ({
      id: c.id,
      venue: { id: c.venueId, name: venueName, path: venuePath({ id: c.venueId, name: venueName }) },
      claimant: { name, email, role: normalizeRole(role) },
      method: c.method,
      email: c.email,
      confirmed: c.method === "admin" && c.email !== null,
      note: c.note,
      managers: managers.filter((m) => m.venueId === c.venueId).map((m) => m.name),
      createdAt: c.createdAt.toISOString(),
    })),
  };
}

/**
 * An administrator approves a pending claim (the claimant manages the venue, whoever else does)
 * or rejects it with an optional reason; the claimant is mailed the decision (ADR 043).
 */
export async function decideClaim(
  app: Mailing,
  actor: AppUser,
  claimId: string,
  decision: { approve: boolean; reason: string },
): Promise<void> {
  assertAdmin(actor);
  const reason = decision.reason.trim() || null;
  const claim = await app.db.transaction(async (tx) => {
    const found = await lockPending(tx, claimId);
    if (!found) throw new Refusal(409, claimMessages.decided);
    if (decision.approve) await approveInTx(tx, actor, found, false);
    else {
      await markDecided(tx, actor, found.id, "rejected");
      await auditAction(tx, actor, "venue.claim.reject", found.venueId, {
        claimId: found.id,
        userId: found.userId,
        reason,
      });
    }
    return found;
  });
  const [row] = await app.db
    .select({ email: users.email, venueName: venues.name })
    .from(users)
    .innerJoin(venues, eq(venues.id, claim.venueId))
    .where(eq(users.id, claim.userId));
  const optOut = row && (await optOutIfOn(app, claim.userId, "decision"));
  if (!row || !optOut) return;
  const { siteName, siteUrl } = app.config;
  const mail = claimDecisionEmail(
    siteName,
    row.email,
    { venueName: row.venueName, approved: decision.approve, reason },
    { dashboard: managerDashboardUrl(siteUrl), site: siteUrl },
    optOut,
  );
  await app.mailer
    .send(mail)
    .catch((err: unknown) => app.logger.error("claim decision mail failed", { claimId, error: String(err) }));
}

/** A person's pending claims, for their account's venues page. */
export async function pendingClaimsOf(db: Db, userId: string): Promise<{ id: string; venueName: string }[]> {
  return db
    .select({ id: venueClaims.id, venueName: venues.name })
    .from(venueClaims)
    .innerJoin(venues, eq(venues.id, venueClaims.venueId))
    .where(and(eq(venueClaims.userId, userId), eq(venueClaims.status, "pending")))
    .orderBy(asc(venueClaims.createdAt))
    .limit(20);
}
