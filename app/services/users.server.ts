import { isUuid } from "~/lib/uuid";
import { and, asc, count, desc, eq, ilike, inArray, or, sql, type SQL } from "drizzle-orm";
import { users, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { userMessages, type AssignmentChoices } from "~/lib/admin";
import { normalizeRole, type AppUser, type Role } from "~/lib/user";
import { requestPasswordReset } from "./accounts.server";
import { auditAction } from "./audit.server";
import { managerDashboardUrl, venuesAssignedEmail } from "./emails.server";
import { optOutIfOn } from "./notifications.server";
import { assertAdmin } from "./permissions.server";

// Users and roles. Every role change of the site goes through writeRole() below (the admin's
// screen, venue approval, the operator CLI, tests), so its two rules hold on every path:
//   - the directory never loses its last administrator;
//   - a plain user manages no venues (going back to `user` removes the venue links).

export { userMessages };

/** Refused because it would leave the directory without an administrator. */
export class LastAdminError extends Error {
  constructor() {
    super(userMessages.lastAdmin);
  }
}

/** The role of someone given venues to manage: an admin stays one, anyone else becomes a venue manager. */
export const managerRoleFor = (role: Role): Role => (role === "admin" ? "admin" : "venue_manager");

/**
 * Makes `userId` a manager of `venueId` inside the caller's transaction, as the admin's assignment
 * does (a plain user becomes a venue manager; their other venues stay). Returns the roles before
 * and after, or null when there is no such user. (A claim of a listing, ADR 047.)
 */
export async function addVenueManager(
  tx: Db,
  userId: string,
  venueId: string,
): Promise<{ from: Role; to: Role } | null> {
  const [target] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId));
  if (!target) return null;
  const to = managerRoleFor(normalizeRole(target.role));
  const changed = await writeRole(tx, userId, to);
  if (!changed) return null;
  await tx.insert(venueManagers).values({ userId, venueId }).onConflictDoNothing();
  return { from: changed.from, to };
}

/**
 * Sets a user's role inside the caller's transaction: the rules of this module in one place.
 * Locks every admin row (in id order, so two concurrent changes queue instead of deadlocking)
 * before the target's, so two admins demoting each other cannot both succeed. Returns the role
 * before, or null when there is no such user.
 */
export async function writeRole(tx: Db, userId: string, role: Role): Promise<{ from: Role } | null> {
  const admins = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "admin"))
    .orderBy(asc(users.id))
    .for("update");
  const [row] = await tx.select({ role: users.role }).from(users).where(eq(users.id, userId)).for("update");
  if (!row) return null;
  const from = normalizeRole(row.role);
  if (from === "admin" && role !== "admin" && admins.length <= 1) throw new LastAdminError();
  if (row.role !== role) await tx.update(users).set({ role }).where(eq(users.id, userId));
  if (role === "user") await tx.delete(venueManagers).where(eq(venueManagers.userId, userId));
  return { from };
}

/**
 * Gives an account a role, found by id or email. Returns false when there is no such account;
 * throws LastAdminError when it would demote the last administrator. (CLI, tests, e2e set-up.)
 */
export async function setUserRole(db: Db, who: { id: string } | { email: string }, role: Role) {
  return db.transaction(async (tx) => {
    const where = "id" in who ? eq(users.id, who.id) : eq(users.email, who.email.toLowerCase());
    const [row] = await tx.select({ id: users.id }).from(users).where(where);
    return row ? (await writeRole(tx, row.id, role)) !== null : false;
  });
}

/** Every administrator's name and address (for notices such as a new venue awaiting approval). */
export async function listAdmins(db: Db): Promise<{ name: string; email: string }[]> {
  return db.select({ name: users.name, email: users.email }).from(users).where(eq(users.role, "admin"));
}

// ---------------------------------------------------------------------------------------------
// The admin's Users screen
// ---------------------------------------------------------------------------------------------

export type Outcome<T = object> = ({ ok: true } & T) | { ok: false; error: string; status: number };

export const USERS_PAGE_SIZE = 50;

export type AdminUserRow = {
  id: string;
  name: string;
  email: string;
  avatarUrl: string | null;
  role: Role;
  createdAt: string;
  venueCount: number;
};

/** `%`, `_` and `\` typed in a search box are literal characters, not patterns. */
export const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Users, newest first, matching `q` in name or email; one page at a time. */
export async function listUsers(
  db: Db,
  actor: AppUser,
  opts: { q?: string; page?: number } = {},
): Promise<{ users: AdminUserRow[]; total: number; page: number; pageCount: number }> {
  assertAdmin(actor);
  const q = opts.q?.trim() ?? "";
  const where: SQL | undefined = q
    ? or(ilike(users.name, likePattern(q)), ilike(users.email, likePattern(q)))
    : undefined;
  const [{ total } = { total: 0 }] = await db.select({ total: count() }).from(users).where(where);
  const pageCount = Math.max(1, Math.ceil(total / USERS_PAGE_SIZE));
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1)), pageCount);
  const links = db
    .select({ userId: venueManagers.userId, n: count().as("n") })
    .from(venueManagers)
    .groupBy(venueManagers.userId)
    .as("links");
  const rows = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      avatarUrl: users.image,
      role: users.role,
      createdAt: users.createdAt,
      venueCount: sql<number>`coalesce(${links.n}, 0)::int`,
    })
    .from(users)
    .leftJoin(links, eq(links.userId, users.id))
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(USERS_PAGE_SIZE)
    .offset((page - 1) * USERS_PAGE_SIZE);
  return {
    users: rows.map((r) => ({
      ...r,
      role: normalizeRole(r.role),
      createdAt: r.createdAt.toISOString(),
      venueCount: Number(r.venueCount),
    })),
    total: Number(total),
    page,
    pageCount,
  };
}

/** Runs a role change, turning the last-admin rule into the answer the screen shows. */
async function guarded<T>(fn: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await fn();
  } catch (err) {
    if (err instanceof LastAdminError) return { ok: false, error: err.message, status: 409 };
    throw err;
  }
}

/** writeRole() plus its line in the audit log (`details` adds to the from and to roles). */
async function changeRole(
  tx: Db,
  actor: AppUser,
  userId: string,
  to: Role,
  details: Record<string, unknown> = {},
): Promise<Outcome> {
  const changed = await writeRole(tx, userId, to);
  if (!changed) return { ok: false, error: userMessages.notFound, status: 404 };
  await auditAction(tx, actor, "user.role", userId, { from: changed.from, to, ...details });
  return { ok: true };
}

export async function promoteToAdmin(db: Db, actor: AppUser, userId: string): Promise<Outcome> {
  assertAdmin(actor);
  return db.transaction((tx) => changeRole(tx, actor, userId, "admin"));
}

/**
 * Back to `user`: the role and every venue link go (the spec's "remove special roles"; the
 * links are removed too, so a former manager keeps no access). An admin cannot do this to
 * themselves, and the last admin cannot lose the role.
 */
export async function removeSpecialRoles(db: Db, actor: AppUser, userId: string): Promise<Outcome> {
  assertAdmin(actor);
  if (userId === actor.id) return { ok: false, error: userMessages.ownAdmin, status: 409 };
  return guarded(() =>
    db.transaction(async (tx): Promise<Outcome> => {
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(venueManagers)
        .where(eq(venueManagers.userId, userId));
      return changeRole(tx, actor, userId, "user", { linksRemoved: Number(n) });
    }),
  );
}

/**
 * Makes a user a venue manager of exactly `venueIds` (approved venues): the user's links are
 * replaced by these. An admin keeps the admin role and only gets the links. An empty choice is
 * refused (removing special roles is the way to take every venue away). After the commit the
 * user is mailed the venues that are new to them, with a link to the manager dashboard (none
 * new, no mail; a failed mail is logged).
 */
export async function assignVenues(
  app: Pick<AppContext, "db" | "mailer" | "logger" | "config" | "stamps">,
  actor: AppUser,
  userId: string,
  venueIds: string[],
): Promise<Outcome<{ roleChanged: boolean; role: Role }>> {
  assertAdmin(actor);
  const ids = [...new Set(venueIds)];
  if (ids.length === 0) return { ok: false, error: userMessages.noVenues, status: 400 };
  if (!ids.every(isUuid)) return { ok: false, error: userMessages.venuesGone, status: 400 };
  type Assigned = { ok: true; roleChanged: boolean; role: Role; email: string; added: Named[] };
  type Named = { id: string; name: string; location: string };
  const done = await app.db.transaction(async (tx): Promise<Assigned | Extract<Outcome, { ok: false }>> => {
    const found = await tx
      .select({ id: venues.id, name: venues.name, location: venues.location })
      .from(venues)
      .where(and(inArray(venues.id, ids), eq(venues.isApproved, true)))
      .orderBy(asc(venues.name));
    if (found.length !== ids.length) return { ok: false, error: userMessages.venuesGone, status: 400 };
    const [target] = await tx
      .select({ role: users.role, email: users.email })
      .from(users)
      .where(eq(users.id, userId));
    if (!target) return { ok: false, error: userMessages.notFound, status: 404 };
    const role = managerRoleFor(normalizeRole(target.role));
    const changed = await writeRole(tx, userId, role);
    if (!changed) return { ok: false, error: userMessages.notFound, status: 404 };
    const before = await tx
      .select({ venueId: venueManagers.venueId })
      .from(venueManagers)
      .where(eq(venueManagers.userId, userId));
    await tx.delete(venueManagers).where(eq(venueManagers.userId, userId));
    await tx.insert(venueManagers).values(ids.map((venueId) => ({ userId, venueId })));
    await auditAction(tx, actor, "user.assign", userId, {
      from: changed.from,
      to: role,
      venues: found.map((v) => ({ id: v.id, name: v.name })),
      previous: before.map((b) => b.venueId),
    });
    const had = new Set(before.map((b) => b.venueId));
    return {
      ok: true,
      roleChanged: changed.from !== role,
      role,
      email: target.email,
      added: found.filter((v) => !had.has(v.id)),
    };
  });
  if (!done.ok) return done;
  // Being given venues is an administrator's decision about you (ADR 043).
  const optOut = done.added.length > 0 && (await optOutIfOn(app, userId, "decision"));
  if (optOut) {
    const { siteName, siteUrl } = app.config;
    await app.mailer
      .send(venuesAssignedEmail(siteName, done.email, done.added, managerDashboardUrl(siteUrl), optOut))
      .catch((err: unknown) => app.logger.error("assignment mail failed", { userId, error: String(err) }));
  }
  return { ok: true, roleChanged: done.roleChanged, role: done.role };
}

/**
 * The assignment picker: the user's linked venues (selected), and approved venues by name that
 * match `q` (name or location), at most `limit` of them, with how many match in all.
 */
export async function venueAssignmentChoices(
  db: Db,
  actor: AppUser,
  userId: string,
  opts: { q?: string; limit?: number } = {},
): Promise<AssignmentChoices & { user: { id: string; name: string; role: Role } | null }> {
  assertAdmin(actor);
  const [user] = await db
    .select({ id: users.id, name: users.name, role: users.role })
    .from(users)
    .where(eq(users.id, userId));
  if (!user) return { user: null, selected: [], options: [], total: 0 };
  const selected = await db
    .select({ id: venues.id, name: venues.name, location: venues.location })
    .from(venueManagers)
    .innerJoin(venues, eq(venues.id, venueManagers.venueId))
    .where(eq(venueManagers.userId, userId))
    .orderBy(asc(venues.name));
  const q = opts.q?.trim() ?? "";
  const where = and(
    eq(venues.isApproved, true),
    q ? or(ilike(venues.name, likePattern(q)), ilike(venues.location, likePattern(q))) : undefined,
  );
  const [options, [{ total } = { total: 0 }]] = await Promise.all([
    db
      .select({ id: venues.id, name: venues.name, location: venues.location })
      .from(venues)
      .where(where)
      .orderBy(asc(venues.name), asc(venues.id))
      .limit(opts.limit ?? 50),
    db.select({ total: count() }).from(venues).where(where),
  ]);
  return { user: { ...user, role: normalizeRole(user.role) }, selected, options, total: Number(total) };
}

/**
 * Mails the user a password-reset link: the very request a user makes for themselves on the
 * reset page (same link, same expiry, same limits against flooding an inbox).
 */
export async function sendPasswordResetFor(
  app: Pick<AppContext, "auth" | "db" | "config" | "mailer">,
  actor: AppUser,
  userId: string,
  request: Request,
): Promise<Outcome> {
  assertAdmin(actor);
  const [user] = await app.db.select({ email: users.email }).from(users).where(eq(users.id, userId));
  if (!user?.email) return { ok: false, error: userMessages.noEmail, status: 404 };
  const result = await requestPasswordReset(app, request, user.email);
  if (!result.ok) return result;
  await auditAction(app.db, actor, "user.password_reset", userId);
  return { ok: true };
}
