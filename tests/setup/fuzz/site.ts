import crypto from "node:crypto";
import http from "node:http";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { queryRows } from "../../../app/infra/db.server";
import * as schema from "../../../database/schema";
import { inquiries, reviews, venueManagers } from "../../../database/schema";
import { createCategory, createVenue } from "../factories";
import { startHttpApp, type HttpTestApp } from "../http-app";
import { createTestApp, type TestApp } from "../test-app";
import { sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { roleFor, type ActionRoute, type Known } from "./routes";

// The site a fuzz test file sends its requests to: the app over real HTTP, a venue, category and
// account per action, and the row counts and sessions the checks need.

export const CONCURRENCY = 8;
/** Generous: a busy machine is slow, a hung server is still caught. */
export const REQUEST_TIMEOUT_MS = 60_000;
/** Tables whose rows a refused request may write: they count attempts, by design. */
const UNCOUNTED = new Set(["rate_limits"]);

export type Account = { id: string; email: string; password: string; role: string };

export type FuzzSite = {
  t: TestApp;
  server: HttpTestApp;
  agent: http.Agent;
  /** The tables whose rows are counted. */
  tables: string[];
  /** For each action: its venues and category, and its signed-in persona's account. */
  knowns: Map<string, Known>;
  accounts: Map<string, Account>;
  /** For the page sweep: an admin, and a manager of its `known.venue`. */
  pagePersonas: Map<string, { cookie: string; known: Known }>;
  otherEmail: string;
  resetToken: string;
};

/** An inquiry to the venue, for the inbox's addresses (`:inquiryId`). */
async function fuzzInquiry(t: TestApp, venueId: string): Promise<string> {
  const [row] = await t.db
    .insert(inquiries)
    .values({ venueId, name: "Fuzz Couple", email: "fuzz-couple@couple.example", message: "Free in June?" })
    .returning({ id: inquiries.id });
  return row!.id;
}

/**
 * Another person's review of the venue, for the report page's address (`:reviewId`); the page
 * sweep's two personas share a venue, so the second gets the same review.
 */
async function fuzzReview(t: TestApp, venueId: string, userId: string): Promise<string> {
  const [row] = await t.db
    .insert(reviews)
    .values({ venueId, userId, rating: 3, comment: "Fuzzed review." })
    .onConflictDoUpdate({ target: [reviews.venueId, reviews.userId], set: { rating: 3 } })
    .returning({ id: reviews.id });
  return row!.id;
}

/** A venue, a pending venue and a category of their own, named after `label`. */
async function venuesFor(t: TestApp, label: string) {
  const category = await createCategory(t.db, { name: `Fuzzed ${label}` });
  const venue = await createVenue(t.db, { name: `Fuzz Hall ${label}`, categoryId: category.id });
  const pendingVenue = await createVenue(t.db, { name: `Pending Fuzz Hall ${label}`, isApproved: false });
  return { venue, pendingVenue, categoryId: category.id };
}

/** The site, with what `actions` (and the page sweep, with `pages`) need. */
export async function openSite(actions: ActionRoute[], opts: { pages?: boolean }): Promise<FuzzSite> {
  const t = await createTestApp();
  const site: FuzzSite = {
    t,
    server: await startHttpApp(t),
    agent: new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY }),
    tables: Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((v) => getTableName(v as PgTable))
      .filter((name) => !UNCOUNTED.has(name))
      .sort(),
    knowns: new Map(),
    accounts: new Map(),
    pagePersonas: new Map(),
    otherEmail: "",
    resetToken: "",
  };
  // Each action has its own venues, category and account, so that one action's successes (a
  // new password, revoked sessions, a sign-out, an edited or deleted venue) do not change what
  // another action's requests see.
  const reviewer = (await t.signUp({ name: "Fuzz Reviewer" })).id;
  const extras = async (venueId: string) => ({
    inquiryId: await fuzzInquiry(t, venueId),
    reviewId: await fuzzReview(t, venueId, reviewer),
  });
  for (const [i, a] of actions.entries()) {
    const venues = await venuesFor(t, String(i));
    const password = `fuzz-pass-${crypto.randomBytes(4).toString("hex")}`;
    const role = roleFor(a.file);
    const { id, email } = await t.signUp({ password, name: "Fuzz Persona", role });
    if (role === "venue_manager")
      await t.db.insert(venueManagers).values({ userId: id, venueId: venues.venue.id });
    site.accounts.set(a.file, { id, email, password, role });
    site.knowns.set(a.file, { ...venues, userId: id, ...(await extras(venues.venue.id)) });
  }
  if (opts.pages) {
    const venues = await venuesFor(t, "pages");
    for (const role of ["admin", "venue_manager", "user"] as const) {
      const { id } = await t.signUp({ name: "Fuzz Page Persona", role });
      if (role === "venue_manager")
        await t.db.insert(venueManagers).values({ userId: id, venueId: venues.venue.id });
      const known = { ...venues, userId: id, ...(await extras(venues.venue.id)) };
      site.pagePersonas.set(role, { cookie: await sessionCookie(site, id), known });
    }
  }
  site.otherEmail = (await t.signUp()).email;
  const resetEmail = (await t.signUp()).email;
  await t.auth.api.requestPasswordReset({
    body: { email: resetEmail, redirectTo: "/auth/update-password?type=recovery" },
  });
  const [row] = await queryRows<{ identifier: string }>(
    t.db,
    sql`select identifier from verifications where identifier like 'reset-password:%' limit 1`,
  );
  site.resetToken = row?.identifier.slice("reset-password:".length) ?? "no-reset-token";
  return site;
}

export async function closeSite(site: FuzzSite | undefined) {
  site?.agent.destroy();
  await site?.server.close();
  await site?.t.close();
}

/** A fresh session of `userId` (as a sign-in makes one), as a Cookie header. */
export async function sessionCookie(site: FuzzSite, userId: string): Promise<string> {
  const auth = await site.t.auth.$context;
  const session = await auth.internalAdapter.createSession(userId);
  return signedCookie(site, session.token);
}

async function signedCookie(site: FuzzSite, token: string): Promise<string> {
  const auth = await site.t.auth.$context;
  const signature = crypto.createHmac("sha256", auth.secret).update(token).digest("base64");
  return `${auth.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const countColumns = (site: FuzzSite) =>
  site.tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(", ");

export async function countRows(site: FuzzSite): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(site.t.db, sql.raw(`select ${countColumns(site)}`));
  return row!;
}

/**
 * `n` fresh sessions of `userId` (the rows better-auth writes at sign-in) and the row counts
 * with them, in one statement: a batch costs two queries, not one per session.
 */
export async function mintAndCount(
  site: FuzzSite,
  userId: string,
  n: number,
): Promise<{ cookies: string[]; counts: Record<string, number> }> {
  if (n === 0) return { cookies: [], counts: await countRows(site) };
  const token = () => crypto.randomBytes(24).toString("base64url").slice(0, 32);
  // As long-lived as a sign-in's, or better-auth would extend each one on its first request.
  const { expiresIn } = (await site.t.auth.$context).sessionConfig;
  const rows = Array.from(
    { length: n },
    () =>
      sql`(${token()}, ${token()}, ${userId}, now() + make_interval(secs => ${expiresIn}), '127.0.0.1', 'vv-fuzz', now(), now())`,
  );
  // The counts are read in the statement's snapshot, before its own insert: add the new rows.
  const [row] = await queryRows<Record<string, number> & { tokens: string[] }>(
    site.t.db,
    sql`with minted as (
          insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
          values ${sql.join(rows, sql`, `)} returning token)
        select (select array_agg(token) from minted) as tokens, ${sql.raw(countColumns(site))}`,
  );
  const { tokens, ...counts } = row!;
  counts.sessions = (counts.sessions ?? 0) + n;
  return { cookies: await Promise.all(tokens.map((tk) => signedCookie(site, tk))), counts };
}

export function rowChanges(
  site: FuzzSite,
  before: Record<string, number>,
  after: Record<string, number>,
): string[] {
  return site.tables
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name]} -> ${after[name]}`);
}

/** Sends one request to the site, over the file's agent. */
export const send = (site: FuzzSite, request: RawRequest): Promise<RawResponse> =>
  sendRaw(site.server.origin, request, { agent: site.agent, timeoutMs: REQUEST_TIMEOUT_MS });

/** A GET with no body, as a browser sends it (`headers` added). */
export const get = (site: FuzzSite, path: string, headers: Record<string, string>) =>
  send(site, {
    method: "GET",
    path,
    headers,
    body: { kind: "bytes", framing: "length", bytes: Buffer.alloc(0) },
  });

/** Runs `fn` over `items`, CONCURRENCY at a time. */
export async function inBatches<T>(items: T[], fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += CONCURRENCY)
    await Promise.all(items.slice(i, i + CONCURRENCY).map(fn));
}

/** Runs `fn` with the app's error log captured: what a loader logs when the database fails. */
export async function loggedErrors(site: FuzzSite, fn: () => Promise<void>): Promise<string[]> {
  const logged: string[] = [];
  const logError = site.t.logger.error;
  site.t.logger.error = (msg, data) => void logged.push(`${msg} ${JSON.stringify(data ?? {})}`.slice(0, 300));
  try {
    await fn();
  } finally {
    site.t.logger.error = logError;
  }
  return logged;
}
