import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { queryRows } from "../../../app/infra/db.server";
import { venuePath } from "../../../app/lib/venue-url";
import routes from "../../../app/routes";
import * as schema from "../../../database/schema";
import { inquiries, venueManagers } from "../../../database/schema";
import { createCategory, createVenue } from "../factories";
import { HOSTILE_DATES, MALFORMED_SEGMENTS, NUL_QUERIES, OPEN_REDIRECTS } from "./corpus";
import { describeRequest, sendRaw, type RawRequest, type RawResponse } from "./raw-http";
import { requestArb, type FuzzContext, type Persona, type Planned } from "./requests";
import { startHttpApp, type HttpTestApp } from "../http-app";
import { createTestApp, type TestApp } from "../test-app";

// Nothing a stranger sends can hurt (issue 7). Every action of app/routes.ts gets FUZZ_RUNS
// malformed requests as a guest and as many as a signed-in user, over real HTTP: wrong methods,
// wrong and broken content types, truncated multipart, huge, empty and aborted bodies, NUL,
// overlong, invisible and odd-unicode values, random keys, open-redirect targets, foreign or
// missing origins, junk cookies (tests/setup/fuzz/); and some sent as our own page sends them but
// to a malformed address (a non-UUID id) or with NUL bytes in the query. For each we assert:
//   - no answer is a 5xx (and every request that waits for an answer gets one);
//   - a refused request (4xx) wrote no row: row counts of every table of database/schema/,
//     sessions and verifications included, before and after (rate_limits counts attempts by design);
//   - a redirect never leaves the site;
//   - the server still answers /healthz.
// The back office's part also GETs each page of the admin and manager areas, as the area's role,
// with malformed ids in its URL and NUL bytes in its query: no 5xx, and no database failure
// logged (issue 21). Each part GETs its pages that take a day or a month (DATE_PAGES) with
// hostile ones: each answered, with a 400, and no database failure logged (issue 39). A new
// action is fuzzed without touching this file; a new dynamic URL segment needs a line in
// PARAMS below (the test says so). FUZZ_SEED replays a run; FUZZ_RUNS changes its size;
// FUZZ_ONLY=<part of a route file> fuzzes only the matching actions.

// `npm test` runs the suite on PGlite and then on PostgreSQL, which is the same PostgreSQL
// compiled to WebAssembly. Each engine sends requests of its own (its own seed): 350 per persona
// and action on PGlite, 150 on PostgreSQL. Together they try the 500 distinct requests the
// suite tried when both engines sent the same 500, in less time (issue 20).
const ON_POSTGRES = process.env.TEST_DB === "postgres";
const RUNS = Number(process.env.FUZZ_RUNS ?? (ON_POSTGRES ? 150 : 350));
const SEED = Number(process.env.FUZZ_SEED ?? (ON_POSTGRES ? 20_261_126 : 20_261_122));
/** Only the actions whose file contains this (for a quick run while working on one). */
const ONLY = process.env.FUZZ_ONLY ?? "";
/** Print every request answered with this status ("none": no answer), to see what gets it. */
const SHOW = process.env.FUZZ_SHOW;
const CONCURRENCY = 8;
/** Generous: a busy machine is slow, a hung server is still caught. */
const REQUEST_TIMEOUT_MS = 60_000;
/** Tables whose rows a refused request may write: they count attempts, by design. */
const UNCOUNTED = new Set(["rate_limits"]);

// ---------------------------------------------------------------------------------------------
// The actions, from app/routes.ts
// ---------------------------------------------------------------------------------------------

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
type ActionRoute = { file: string; pattern: string; index: boolean; params: string[] };

function flatten(entries: RouteEntry[], parent = ""): Omit<ActionRoute, "params">[] {
  return entries.flatMap((r) => {
    const pattern = r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
    return [
      { file: r.file, pattern: pattern || "/", index: !!r.index },
      ...flatten(r.children ?? [], pattern),
    ];
  });
}

const paramsOf = (pattern: string) =>
  pattern
    .split("/")
    .filter((s) => s.startsWith(":") || s === "*")
    .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));

const APP_DIR = path.resolve(import.meta.dirname, "../../../app");
const ALL_ACTIONS: ActionRoute[] = [];
/** The routes with a loader: what a GET reaches. */
const ALL_LOADERS: ActionRoute[] = [];
for (const r of flatten(routes as RouteEntry[])) {
  const mod = (await import(/* @vite-ignore */ path.join(APP_DIR, r.file))) as {
    action?: unknown;
    loader?: unknown;
  };
  if (typeof mod.action === "function" && r.file.includes(ONLY))
    ALL_ACTIONS.push({ ...r, params: paramsOf(r.pattern) });
  if (typeof mod.loader === "function") ALL_LOADERS.push({ ...r, params: paramsOf(r.pattern) });
}
/** The actions of this test file's part (describeFuzz). */
let ACTIONS: ActionRoute[] = [];

/**
 * The signed-in persona's role, by the route's area: the role that area's guard lets in, so
 * that the requests reach the action (what other roles get is tests/integration/routes.test.ts's
 * business). A venue manager manages the action's venue.
 */
const AREA_ROLES: [fileStart: string, role: "admin" | "venue_manager"][] = [
  ["routes/admin/", "admin"],
  ["routes/manager/", "venue_manager"],
];
const roleFor = (file: string) => AREA_ROLES.find(([start]) => file.startsWith(start))?.[1] ?? "user";

/** Real ids created in beforeAll (for each action its own), for the real values of URL segments. */
type Known = {
  venue: { id: string; name: string };
  pendingVenue: { id: string; name: string };
  categoryId: string;
  /** The signed-in persona's account. */
  userId: string;
  /** An inquiry to `venue` (issue 23). */
  inquiryId: string;
};

/**
 * A real value and malformed ones for each dynamic URL segment an action route may have. An
 * action whose route has a segment not listed here fails until it gets a line.
 */
const PARAMS: Record<string, { valid: (k: Known) => string; malformed: (k: Known) => string[] }> = {
  slugId: {
    valid: (k) => venuePath(k.venue).slice("/venue/".length),
    malformed: (k) => [
      ...MALFORMED_SEGMENTS,
      crypto.randomUUID(),
      venuePath(k.pendingVenue).slice("/venue/".length),
      k.venue.id.toUpperCase(),
      `wrong-slug-${k.venue.id}`,
      `${venuePath(k.venue).slice("/venue/".length)}%00`,
    ],
  },
  categoryId: {
    valid: (k) => k.categoryId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  venueId: {
    valid: (k) => k.venue.id,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  userId: {
    valid: (k) => k.userId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // An import's undo (issue 22): no import exists, so each request is answered 404.
  importId: {
    valid: () => "00000000-0000-4000-8000-000000000022",
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  inquiryId: {
    valid: (k) => k.inquiryId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  "*": { valid: () => "no/such/page", malformed: () => MALFORMED_SEGMENTS },
};

/**
 * Every page and endpoint that takes a day or a month in its query (issue 39), with the route
 * file that answers it and the role it is asked as; `{id}` is a venue's id, `{slug}` its path
 * segment, and the hostile value goes last. A route file that reads `date` or `month` from its
 * query and has no line here fails the test until it gets one.
 */
const DATE_PAGES: { file: string; path: string; role?: "admin" | "venue_manager" }[] = [
  { file: "routes/public/venues.tsx", path: "/venues?view=list&date=" },
  { file: "routes/public/venues.tsx", path: "/venues?month=" },
  { file: "routes/resources/venues-map.ts", path: "/api/venues/map?bbox=36,-110,42,-101&zoom=7&date=" },
  { file: "routes/resources/venues-map.ts", path: "/api/venues/map?month=" },
  { file: "routes/public/compare.tsx", path: "/compare?ids={id}&guests=80&date=" },
  { file: "routes/public/compare.tsx", path: "/compare?add={id}&date=" },
  { file: "routes/public/venue.tsx", path: "/venue/{slug}?guests=80&date=" },
  {
    file: "routes/manager/venue-availability.tsx",
    path: "/venue-manager/edit-venue/{id}/availability?month=",
    role: "venue_manager",
  },
  {
    file: "routes/manager/edit-venue.tsx",
    path: "/venue-manager/edit-venue/{id}?tab=availability&month=",
    role: "venue_manager",
  },
  {
    file: "routes/admin/venue-availability.tsx",
    path: "/admin/edit-venue/{id}/availability?month=",
    role: "admin",
  },
];

/** The route files that read `date` or `month` from a query. */
const readsDates = (file: string) =>
  /\.get\("(date|month)"\)/.test(fs.readFileSync(path.join(APP_DIR, file), "utf8"));

function pathsFor(action: ActionRoute, known: Known): FuzzContext["paths"] {
  const fill = (values: Record<string, string>) =>
    action.pattern
      .split("/")
      .map((s) => (s === "*" ? values["*"] : s.startsWith(":") ? values[s.slice(1).replace(/\?$/, "")] : s))
      .join("/");
  const valid = Object.fromEntries(action.params.map((p) => [p, PARAMS[p]!.valid(known)]));
  return {
    valid: [fill(valid)],
    malformed: action.params.flatMap((p) =>
      PARAMS[p]!.malformed(known).map((m) => fill({ ...valid, [p]: m })),
    ),
  };
}

// ---------------------------------------------------------------------------------------------
// Set-up: a site with a venue, an account per action, and helpers
// ---------------------------------------------------------------------------------------------

let t: TestApp;
let server: HttpTestApp;
let agent: http.Agent;
let tables: string[];
/** For each action: its venues and category, and its signed-in persona's account. */
const knowns = new Map<string, Known>();
const accounts = new Map<string, { id: string; email: string; password: string; role: string }>();
/** For the page sweep (describeFuzz's `pages`): an admin, and a manager of `known.venue`. */
const pagePersonas = new Map<string, { cookie: string; known: Known }>();
let otherEmail: string;
let resetToken: string;

/** An inquiry to the venue, for the inbox's addresses (`:inquiryId`). */
async function fuzzInquiry(venueId: string): Promise<string> {
  const [row] = await t.db
    .insert(inquiries)
    .values({ venueId, name: "Fuzz Couple", email: "fuzz-couple@couple.example", message: "Free in June?" })
    .returning({ id: inquiries.id });
  return row!.id;
}

/** A fresh session of `userId` (as a sign-in makes one), as a Cookie header. */
async function sessionCookie(userId: string): Promise<string> {
  const auth = await t.auth.$context;
  const session = await auth.internalAdapter.createSession(userId);
  return signedCookie(session.token);
}

async function signedCookie(token: string): Promise<string> {
  const auth = await t.auth.$context;
  const signature = crypto.createHmac("sha256", auth.secret).update(token).digest("base64");
  return `${auth.authCookies.sessionToken.name}=${encodeURIComponent(`${token}.${signature}`)}`;
}

const countColumns = () =>
  tables.map((name) => `(select count(*) from "${name}")::int as "${name}"`).join(", ");

async function countRows(): Promise<Record<string, number>> {
  const [row] = await queryRows<Record<string, number>>(t.db, sql.raw(`select ${countColumns()}`));
  return row!;
}

/**
 * `n` fresh sessions of `userId` (the rows better-auth writes at sign-in) and the row counts
 * with them, in one statement: a batch costs two queries, not one per session.
 */
async function mintAndCount(
  userId: string,
  n: number,
): Promise<{ cookies: string[]; counts: Record<string, number> }> {
  if (n === 0) return { cookies: [], counts: await countRows() };
  const token = () => crypto.randomBytes(24).toString("base64url").slice(0, 32);
  // As long-lived as a sign-in's, or better-auth would extend each one on its first request.
  const { expiresIn } = (await t.auth.$context).sessionConfig;
  const rows = Array.from(
    { length: n },
    () =>
      sql`(${token()}, ${token()}, ${userId}, now() + make_interval(secs => ${expiresIn}), '127.0.0.1', 'vv-fuzz', now(), now())`,
  );
  // The counts are read in the statement's snapshot, before its own insert: add the new rows.
  const [row] = await queryRows<Record<string, number> & { tokens: string[] }>(
    t.db,
    sql`with minted as (
          insert into sessions (id, token, user_id, expires_at, ip_address, user_agent, created_at, updated_at)
          values ${sql.join(rows, sql`, `)} returning token)
        select (select array_agg(token) from minted) as tokens, ${sql.raw(countColumns())}`,
  );
  const { tokens, ...counts } = row!;
  counts.sessions = (counts.sessions ?? 0) + n;
  return { cookies: await Promise.all(tokens.map(signedCookie)), counts };
}

function rowChanges(before: Record<string, number>, after: Record<string, number>): string[] {
  return tables
    .filter((name) => before[name] !== after[name])
    .map((name) => `${name} ${before[name]} -> ${after[name]}`);
}

/** Where a response sends the browser: Location, or a single-fetch (.data) redirect. */
function redirectTarget(res: Extract<RawResponse, { status: number }>): string | null {
  const location = res.headers.location ?? res.headers["x-remix-redirect"];
  if (typeof location === "string") return location;
  // React Router answers a .data request's redirect with 202 and the target in its turbo-stream
  // body, a flat array where an object's "_i": j means key values[i], value values[j]:
  // [{"_1":2,...},"redirect","/target",...] or [["SingleFetchRedirect",1],{"_2":3,...},"redirect",...].
  if (res.status === 202 && res.headers["x-remix-response"]) {
    const text = res.body.toString("utf8");
    try {
      const values = JSON.parse(text.split("\n")[0]!) as unknown[];
      for (const v of values)
        if (v && typeof v === "object" && !Array.isArray(v))
          for (const [key, at] of Object.entries(v as Record<string, number>))
            if (values[Number(key.slice(1))] === "redirect") return String(values[at]);
    } catch {
      // reported below
    }
    return `<unreadable single-fetch redirect: ${text.slice(0, 200)}>`;
  }
  return null;
}

/** A path on our own origin, as a browser would read it (tabs and newlines dropped, \ as /). */
function isOnSite(location: string, origin: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what we look for
  if (/[\u0000-\u001F\u007F]/.test(location)) return false;
  const asBrowser = location.replace(/\\/g, "/");
  if (!asBrowser.startsWith("/") || asBrowser.startsWith("//")) return false;
  try {
    return new URL(location, origin).origin === origin;
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------------------------------------
// Sending and checking
// ---------------------------------------------------------------------------------------------

type Sent = { planned: Planned & { persona: Persona }; request: RawRequest; response: RawResponse };
type Failure = { problem: string; request: string; tags: string[] };
type Stats = {
  statuses: Map<string, number>;
  tags: Map<string, number>;
  rowChecked: number;
  replayed: number;
  failures: Failure[];
};

/** Refused: answered 4xx. (An upload we aborted has no answer: whether it was refused is unknown.) */
const isRefused = (r: RawResponse) => r.status !== undefined && r.status >= 400 && r.status < 500;
const bump = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);

/** What is wrong with one answer, if anything (rows aside). */
function problemsOf(s: Sent): string[] {
  const r = s.response;
  if (r.status === undefined)
    return s.request.body.kind === "abort" ? [] : [`no answer (${r.error}); the server may have crashed`];
  const problems: string[] = [];
  if (r.status >= 500) problems.push(`answered ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
  const target = redirectTarget(r);
  if (target !== null && !isOnSite(target, server.origin))
    problems.push(`redirects off-site (${r.status}) to ${JSON.stringify(target)}`);
  return problems;
}

function fail(stats: Stats, s: Sent, problem: string) {
  const who =
    s.planned.persona === "user"
      ? " (signed in: a fresh session of the action's fuzz account)"
      : " (as a guest)";
  stats.failures.push({
    problem,
    request: `${describeRequest(server.origin, s.request)}${who}`,
    tags: s.planned.tags,
  });
}

/** Framing that no action takes (a guess that only orders the batches; every answer is checked). */
const REFUSED_FRAMINGS = new Set([
  "origin:foreign",
  "origin:none",
  "body:json",
  "body:text-plain",
  "body:no-content-type",
  "body:odd-content-type",
  "body:garbage-bytes",
  "body:empty",
  "body:huge-declared",
  "body:huge-chunked",
  "body:over-limit-sent",
  "body:multipart-no-boundary",
  "body:multipart-truncated",
]);
const surelyRefused = (p: Planned) => p.tags.some((tag) => REFUSED_FRAMINGS.has(tag));

type Fuzzed = Planned & { persona: Persona };

/**
 * Sends requests at once (signed-in ones with fresh sessions), counting rows before and after.
 * All refused and no row changed: checked. Otherwise the refused ones go again, together, and if
 * that does not settle it, one by one, so that whatever a refused request writes is its own.
 */
async function sendChecked(stats: Stats, batch: Fuzzed[], userId: string, round = 0): Promise<void> {
  const signedIn = batch.filter((p) => p.cookie.session).length;
  const { cookies, counts: before } = await mintAndCount(userId, signedIn);
  const sent: Sent[] = batch.map((planned) => {
    const cookie = [planned.cookie.session ? cookies.pop() : undefined, planned.cookie.junk]
      .filter(Boolean)
      .join("; ");
    const request = {
      ...planned.request,
      headers: { ...planned.request.headers, ...(cookie ? { cookie } : {}) },
    };
    return { planned, request, response: { status: undefined, error: "not sent" } };
  });
  await Promise.all(
    sent.map(async (s) => {
      s.response = await sendRaw(server.origin, s.request, { agent, timeoutMs: REQUEST_TIMEOUT_MS });
    }),
  );
  // An aborted upload may still be running on the server: it is sent without a session
  // (tests/setup/fuzz/requests.ts), so it can change no row that is counted, and needs no wait.
  const after = await countRows();

  const again =
    round === 0 ? "" : round === 1 ? " (sent again with the other refused ones)" : " (sent again alone)";
  for (const s of sent) {
    if (round === 0) {
      bump(stats.statuses, `${s.planned.persona} ${s.response.status ?? "no answer"}`);
      for (const tag of s.planned.tags) bump(stats.tags, tag);
      if (SHOW && String(s.response.status ?? "none") === SHOW)
        console.log(describeRequest(server.origin, s.request), s.planned.tags.join(" "));
    } else stats.replayed++;
    for (const p of problemsOf(s)) fail(stats, s, p + again);
  }
  const refused = sent.filter((s) => isRefused(s.response));
  const changes = rowChanges(before, after);
  if (refused.length === sent.length && changes.length === 0) {
    stats.rowChecked += sent.length;
    return;
  }
  if (round === 2) {
    if (refused.length && changes.length)
      fail(stats, sent[0]!, `refused (${sent[0]!.response.status}) but changed rows: ${changes.join(", ")}`);
    return;
  }
  if (round === 0 && refused.length)
    return sendChecked(
      stats,
      refused.map((s) => s.planned),
      userId,
      1,
    );
  const found = stats.failures.length;
  for (const s of refused) await sendChecked(stats, [s.planned], userId, 2);
  if (refused.length === sent.length && stats.failures.length === found)
    stats.failures.push({
      problem: `${sent.length} refused requests sent together changed rows (${changes.join(", ")}), though none did alone`,
      request: sent.map((s) => describeRequest(server.origin, s.request)).join("\n\n    "),
      tags: [],
    });
}

async function fuzzAction(action: ActionRoute): Promise<Stats> {
  const account = accounts.get(action.file)!;
  const known = knowns.get(action.file)!;
  const ctx: FuzzContext = {
    origin: server.origin,
    paths: pathsFor(action, known),
    index: action.index,
    email: account.email,
    password: account.password,
    otherEmail,
    venueId: known.venue.id,
    pendingVenueId: known.pendingVenue.id,
    resetToken,
  };
  const seedOf = (persona: Persona) =>
    (SEED ^ crypto.createHash("sha256").update(`${action.file}:${persona}`).digest().readInt32LE(0)) | 0;
  const sample = (persona: Persona) =>
    fc
      .sample(requestArb(ctx, persona), { seed: seedOf(persona), numRuns: RUNS })
      .map((p) => ({ ...p, persona }));
  const guests = sample("guest");
  const users = sample("user");
  // Requests whose framing no action takes go in batches of their own: such batches are all
  // refused and checked at once, while a batch with an accepted request is sent again one by one.
  const mixed = guests.flatMap((g, i) => [g, users[i]!]);
  const all = [...mixed.filter(surelyRefused), ...mixed.filter((p) => !surelyRefused(p))];

  const stats: Stats = { statuses: new Map(), tags: new Map(), rowChecked: 0, replayed: 0, failures: [] };
  for (let i = 0; i < all.length; i += CONCURRENCY)
    await sendChecked(stats, all.slice(i, i + CONCURRENCY), account.id);
  return stats;
}

function summary(action: ActionRoute, stats: Stats, ms: number): string {
  const statuses = [...stats.statuses].sort().map(([k, n]) => `${k}: ${n}`);
  const tags = [...stats.tags].sort().map(([k, n]) => `${k} ${n}`);
  return [
    `${action.file} (${action.pattern}): ${RUNS} guest + ${RUNS} signed-in (${roleFor(action.file)}) requests in ${(ms / 1000).toFixed(1)} s` +
      `, ${stats.rowChecked} refused ones row-checked (${stats.replayed} sent again alone)`,
    `  statuses: ${statuses.join(", ")}`,
    `  generated: ${tags.join(", ")}`,
  ].join("\n");
}

// ---------------------------------------------------------------------------------------------
// The tests
// ---------------------------------------------------------------------------------------------

/** The back office's actions (admin and venue manager), fuzzed apart from the rest of the site's. */
export const isBackOffice = (file: string) => /^routes\/(admin|manager)\//.test(file);

/**
 * The fuzz suite over the actions of app/routes.ts whose route file `includes` takes. It runs in
 * two parts, one test file each (tests/integration/fuzz-*.test.ts: isBackOffice and its
 * negation, so every action is in one), so that the parts run at once, each on its own server.
 */
export function describeFuzz(
  part: string,
  includes: (file: string) => boolean,
  opts: { loginRedirects?: boolean; pages?: boolean } = {},
) {
  ACTIONS = ALL_ACTIONS.filter((a) => includes(a.file));
  beforeAll(async () => {
    t = await createTestApp();
    server = await startHttpApp(t);
    agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    // Each action has its own venues, category and account, so that one action's successes (a
    // new password, revoked sessions, a sign-out, an edited or deleted venue) do not change what
    // another action's requests see.
    for (const [i, a] of ACTIONS.entries()) {
      const category = await createCategory(t.db, { name: `Fuzzed ${i}` });
      const venue = await createVenue(t.db, { name: `Fuzz Hall ${i}`, categoryId: category.id });
      const pendingVenue = await createVenue(t.db, { name: `Pending Fuzz Hall ${i}`, isApproved: false });
      const password = `fuzz-pass-${crypto.randomBytes(4).toString("hex")}`;
      const role = roleFor(a.file);
      const { id, email } = await t.signUp({ password, name: "Fuzz Persona", role });
      if (role === "venue_manager")
        await t.db.insert(venueManagers).values({ userId: id, venueId: venue.id });
      accounts.set(a.file, { id, email, password, role });
      knowns.set(a.file, {
        venue,
        pendingVenue,
        categoryId: category.id,
        userId: id,
        inquiryId: await fuzzInquiry(venue.id),
      });
    }
    if (opts.pages) {
      const category = await createCategory(t.db, { name: "Fuzzed pages" });
      const venue = await createVenue(t.db, { name: "Fuzz Pages Hall", categoryId: category.id });
      const pendingVenue = await createVenue(t.db, { name: "Pending Fuzz Pages Hall", isApproved: false });
      for (const role of ["admin", "venue_manager"] as const) {
        const { id } = await t.signUp({ name: "Fuzz Page Persona", role });
        if (role === "venue_manager")
          await t.db.insert(venueManagers).values({ userId: id, venueId: venue.id });
        const known = {
          venue,
          pendingVenue,
          categoryId: category.id,
          userId: id,
          inquiryId: await fuzzInquiry(venue.id),
        };
        pagePersonas.set(role, { cookie: await sessionCookie(id), known });
      }
    }
    otherEmail = (await t.signUp()).email;
    const resetEmail = (await t.signUp()).email;
    await t.auth.api.requestPasswordReset({
      body: { email: resetEmail, redirectTo: "/auth/update-password?type=recovery" },
    });
    const [row] = await queryRows<{ identifier: string }>(
      t.db,
      sql`select identifier from verifications where identifier like 'reset-password:%' limit 1`,
    );
    resetToken = row?.identifier.slice("reset-password:".length) ?? "no-reset-token";
    tables = Object.values(schema)
      .filter((v) => is(v, PgTable))
      .map((v) => getTableName(v as PgTable))
      .filter((name) => !UNCOUNTED.has(name))
      .sort();
    // A minted session is a real one.
    const first = accounts.values().next().value;
    if (first) {
      const res = await server.fetch("/account", { cookie: await sessionCookie(first.id) });
      expect(res.status).toBe(200);
      await res.body?.cancel();
    }
  }, 120_000);

  afterAll(async () => {
    agent?.destroy();
    await server?.close();
    await t?.close();
  });

  describe(`fuzzing ${part} (seed ${SEED}, ${RUNS} runs per persona)`, () => {
    it.skipIf(ONLY)("finds the actions", () => {
      expect(ACTIONS.length).toBeGreaterThan(0);
    });

    for (const action of ACTIONS) {
      it(`${action.file} (${action.pattern})`, { timeout: 300_000 }, async () => {
        const unknown = action.params.filter((p) => !PARAMS[p]);
        if (unknown.length)
          throw new Error(
            `The action route ${action.pattern} (${action.file}) has URL segment(s) ${unknown
              .map((p) => `:${p}`)
              .join(", ")} that the fuzz suite cannot fill: add a real value and malformed ones to ` +
              `PARAMS in tests/setup/fuzz/suite.ts.`,
          );
        const started = performance.now();
        const stats = await fuzzAction(action);
        console.log(summary(action, stats, performance.now() - started));

        const health = await server.fetch("/healthz");
        await health.body?.cancel();
        expect(health.status, "GET /healthz after the fuzzing").toBe(200);

        if (stats.failures.length) {
          const shown = stats.failures.slice(0, 12);
          throw new Error(
            `${stats.failures.length} problem(s) fuzzing ${action.pattern} (seed ${SEED}):\n\n` +
              shown.map((f) => `- ${f.problem}\n    ${f.request}\n    [${f.tags.join(" ")}]`).join("\n\n") +
              (stats.failures.length > shown.length
                ? `\n\n... and ${stats.failures.length - shown.length} more`
                : ""),
          );
        }
      });
    }

    if (opts.pages)
      it(
        "GETs each page of the area with malformed ids and NUL bytes in its query: no 5xx, no database failure",
        { timeout: 300_000 },
        async () => {
          const requests = new Set<string>();
          const personaOf = new Map<string, string>();
          for (const page of ALL_LOADERS.filter((p) => includes(p.file))) {
            const persona = pagePersonas.get(roleFor(page.file));
            if (!persona) continue;
            const unknown = page.params.filter((p) => !PARAMS[p]);
            if (unknown.length) throw new Error(`Add ${unknown.map((p) => `:${p}`).join(", ")} to PARAMS`);
            const paths = pathsFor(page, persona.known);
            const add = (p: string, queries: string[]) => {
              for (const q of queries)
                for (const target of [p, `${p}.data`]) {
                  const request = `${target}${q ? `?${q}` : ""}`;
                  requests.add(request);
                  personaOf.set(request, persona.cookie);
                }
            };
            for (const p of paths.valid) add(p, ["", ...NUL_QUERIES]);
            for (const p of paths.malformed) add(p, ["", NUL_QUERIES[0]!]);
          }
          // A loader that catches a database error logs it and shows 'Failed to load ...' with a 200.
          const logged: string[] = [];
          const logError = t.logger.error;
          t.logger.error = (msg, data) =>
            void logged.push(`${msg} ${JSON.stringify(data ?? {})}`.slice(0, 300));
          const problems: string[] = [];
          try {
            const all = [...requests];
            for (let i = 0; i < all.length; i += CONCURRENCY)
              await Promise.all(
                all.slice(i, i + CONCURRENCY).map(async (request) => {
                  const res = await sendRaw(
                    server.origin,
                    {
                      method: "GET",
                      path: request,
                      headers: {
                        cookie: personaOf.get(request)!,
                        accept: "text/html",
                        "user-agent": "vv-fuzz",
                      },
                      body: { kind: "bytes", framing: "length", bytes: Buffer.alloc(0) },
                    },
                    { agent, timeoutMs: REQUEST_TIMEOUT_MS },
                  );
                  if (res.status === undefined) problems.push(`GET ${request}: no answer (${res.error})`);
                  else if (res.status >= 500) problems.push(`GET ${request}: ${res.status}`);
                  else if (res.status === 200 && /Failed to load/.test(res.body.toString("utf8")))
                    problems.push(`GET ${request}: 'Failed to load' in the page`);
                }),
              );
            console.log(`back-office pages: ${all.length} GETs with malformed ids and NUL bytes`);
          } finally {
            t.logger.error = logError;
          }
          expect(problems.slice(0, 20)).toEqual([]);
          expect(logged.slice(0, 10)).toEqual([]);
        },
      );

    it(
      "GETs each page that takes a day or a month with hostile ones: each answered 400, no database failure",
      { timeout: 300_000 },
      async () => {
        const pages = DATE_PAGES.filter((p) => includes(p.file));
        const unlisted = ALL_LOADERS.filter(
          (r) => includes(r.file) && readsDates(r.file) && !pages.some((p) => p.file === r.file),
        );
        expect(
          unlisted.map((r) => r.file),
          "add these pages to DATE_PAGES in tests/setup/fuzz/suite.ts",
        ).toEqual([]);
        const venue = await createVenue(t.db, { name: "Fuzz Dates Hall" });
        const cookies: Record<string, string> = {};
        for (const role of ["admin", "venue_manager"] as const) {
          const { id } = await t.signUp({ name: "Fuzz Dates Persona", role });
          if (role === "venue_manager")
            await t.db.insert(venueManagers).values({ userId: id, venueId: venue.id });
          cookies[role] = await sessionCookie(id);
        }
        const requests = pages.flatMap((p) => {
          const [pathname, query] = p.path
            .replace("{id}", venue.id)
            .replace("{slug}", venuePath(venue).slice("/venue/".length))
            .split("?") as [string, string];
          return HOSTILE_DATES.filter(Boolean).flatMap((value) =>
            [pathname, `${pathname}.data`].map((target) => ({
              path: `${target}?${query}${encodeURIComponent(value)}`,
              cookie: p.role ? cookies[p.role]! : "",
            })),
          );
        });
        const logged: string[] = [];
        const logError = t.logger.error;
        t.logger.error = (msg, data) =>
          void logged.push(`${msg} ${JSON.stringify(data ?? {})}`.slice(0, 300));
        const problems: string[] = [];
        try {
          for (let i = 0; i < requests.length; i += CONCURRENCY)
            await Promise.all(
              requests.slice(i, i + CONCURRENCY).map(async (r) => {
                const res = await sendRaw(
                  server.origin,
                  {
                    method: "GET",
                    path: r.path,
                    headers: {
                      ...(r.cookie ? { cookie: r.cookie } : {}),
                      accept: "text/html",
                      "user-agent": "vv-fuzz",
                    },
                    body: { kind: "bytes", framing: "length", bytes: Buffer.alloc(0) },
                  },
                  { agent, timeoutMs: REQUEST_TIMEOUT_MS },
                );
                if (res.status !== 400)
                  problems.push(`GET ${r.path}: ${res.status ?? `no answer (${res.error})`}`);
              }),
            );
          console.log(`date pages: ${requests.length} GETs with hostile days and months`);
        } finally {
          t.logger.error = logError;
        }
        expect(problems.slice(0, 20)).toEqual([]);
        expect(logged.slice(0, 10)).toEqual([]);
      },
    );

    if (opts.loginRedirects) {
      it("a signed-in visit to /login never sends the browser off-site, whatever redirectTo says", async () => {
        const cookie = await sessionCookie(accounts.values().next().value!.id);
        const problems: string[] = [];
        for (const [i, redirectTo] of OPEN_REDIRECTS.entries())
          for (const path of i % 4 === 0 ? ["/login", "/login.data"] : ["/login.data"]) {
            const res = await sendRaw(
              server.origin,
              {
                method: "GET",
                path: `${path}?redirectTo=${encodeURIComponent(redirectTo)}`,
                headers: { cookie },
                body: { kind: "bytes", framing: "length", bytes: Buffer.alloc(0) },
              },
              { agent, timeoutMs: REQUEST_TIMEOUT_MS },
            );
            const target = res.status === undefined ? null : redirectTarget(res);
            if (target === null)
              problems.push(`${path} ${JSON.stringify(redirectTo)}: answered ${res.status}`);
            else if (!isOnSite(target, server.origin))
              problems.push(`${path} ${JSON.stringify(redirectTo)}: redirects to ${JSON.stringify(target)}`);
          }
        expect(problems).toEqual([]);
      });

      it("a successful sign-in never sends the browser off-site either", { timeout: 60_000 }, async () => {
        const password = "redirect-corpus-password";
        const { email } = await t.signUp({ password });
        const problems: string[] = [];
        // Each sign-in hashes a password (150 ms and more here): every fourth entry of the corpus
        // (it is grouped by kind of trick); the signed-in visit above runs all of it.
        const sample = OPEN_REDIRECTS.filter((_, i) => i % 4 === 0);
        for (const [i, redirectTo] of sample.entries()) {
          // The sign-in throttles are not under test here: every attempt starts from a clean slate.
          await t.db.execute(sql`delete from rate_limits`);
          const document = i % 3 === 0;
          const res = await sendRaw(
            server.origin,
            {
              method: "POST",
              path: document ? "/login" : "/login.data",
              headers: { origin: server.origin, "content-type": "application/x-www-form-urlencoded" },
              body: {
                kind: "bytes",
                framing: "length",
                bytes: Buffer.from(
                  new URLSearchParams({ intent: "login", email, password, redirectTo }).toString(),
                ),
              },
            },
            { agent, timeoutMs: REQUEST_TIMEOUT_MS },
          );
          const target = res.status === undefined ? null : redirectTarget(res);
          if (target === null)
            problems.push(`${JSON.stringify(redirectTo)}: answered ${res.status}, not a redirect`);
          else if (!isOnSite(target, server.origin))
            problems.push(`${JSON.stringify(redirectTo)}: redirects to ${JSON.stringify(target)}`);
        }
        expect(problems).toEqual([]);
      });
    }

    it("still answers /healthz afterwards", async () => {
      const res = await server.fetch("/healthz");
      expect(res.status).toBe(200);
      await res.body?.cancel();
    });
  });
}
