import crypto from "node:crypto";
import fc from "fast-check";
import { CALENDAR_FORM_LIMIT } from "../../../app/lib/body-limits";
import { redirectTarget, isOnSite } from "./checks";
import { describeRequest, type RawRequest, type RawResponse } from "./raw-http";
import { requestArb, type FuzzContext, type Persona, type Planned } from "./requests";
import { ON_POSTGRES, runsOf } from "./engines";
import { pathsFor, roleFor, type ActionRoute } from "./routes";
import { CONCURRENCY, mintAndCount, countRows, rowChanges, send, type FuzzSite } from "./site";

// Fuzzing one action: its requests drawn, sent in batches, each answer checked, and the row
// counts of the database compared around each batch (tests/setup/fuzz/suite.ts says what).

// 500 requests per persona and action in all, shared between the engines (./engines.ts).
export const RUNS = Number(process.env.FUZZ_RUNS ?? runsOf(500));
export const SEED = Number(process.env.FUZZ_SEED ?? (ON_POSTGRES ? 20_261_126 : 20_261_122));
/** Print every request answered with this status ("none": no answer), to see what gets it. */
const SHOW = process.env.FUZZ_SHOW;

type Sent = { planned: Planned & { persona: Persona }; request: RawRequest; response: RawResponse };
export type Failure = { problem: string; request: string; tags: string[] };
export type Stats = {
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
function problemsOf(site: FuzzSite, s: Sent): string[] {
  const r = s.response;
  if (r.status === undefined)
    return s.request.body.kind === "abort" ? [] : [`no answer (${r.error}); the server may have crashed`];
  const problems: string[] = [];
  if (r.status >= 500) problems.push(`answered ${r.status}: ${r.body.toString("utf8").slice(0, 300)}`);
  const target = redirectTarget(r);
  if (target !== null && !isOnSite(target, site.server.origin))
    problems.push(`redirects off-site (${r.status}) to ${JSON.stringify(target)}`);
  return problems;
}

function fail(site: FuzzSite, stats: Stats, s: Sent, problem: string) {
  const who =
    s.planned.persona === "user"
      ? " (signed in: a fresh session of the action's fuzz account)"
      : " (as a guest)";
  stats.failures.push({
    problem,
    request: `${describeRequest(site.server.origin, s.request)}${who}`,
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
async function sendChecked(
  site: FuzzSite,
  stats: Stats,
  batch: Fuzzed[],
  userId: string,
  round = 0,
): Promise<void> {
  const signedIn = batch.filter((p) => p.cookie.session).length;
  const { cookies, counts: before } = await mintAndCount(site, userId, signedIn);
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
      s.response = await send(site, s.request);
    }),
  );
  // An aborted upload may still be running on the server: it is sent without a session
  // (tests/setup/fuzz/requests.ts), so it can change no row that is counted, and needs no wait.
  const after = await countRows(site);

  const again =
    round === 0 ? "" : round === 1 ? " (sent again with the other refused ones)" : " (sent again alone)";
  for (const s of sent) {
    if (round === 0) {
      bump(stats.statuses, `${s.planned.persona} ${s.response.status ?? "no answer"}`);
      for (const tag of s.planned.tags) bump(stats.tags, tag);
      if (SHOW && String(s.response.status ?? "none") === SHOW)
        console.log(describeRequest(site.server.origin, s.request), s.planned.tags.join(" "));
    } else stats.replayed++;
    for (const p of problemsOf(site, s)) fail(site, stats, s, p + again);
  }
  const refused = sent.filter((s) => isRefused(s.response));
  const changes = rowChanges(site, before, after);
  if (refused.length === sent.length && changes.length === 0) {
    stats.rowChecked += sent.length;
    return;
  }
  if (round === 2) {
    if (refused.length && changes.length)
      fail(
        site,
        stats,
        sent[0]!,
        `refused (${sent[0]!.response.status}) but changed rows: ${changes.join(", ")}`,
      );
    return;
  }
  if (round === 0 && refused.length)
    return sendChecked(
      site,
      stats,
      refused.map((s) => s.planned),
      userId,
      1,
    );
  const found = stats.failures.length;
  for (const s of refused) await sendChecked(site, stats, [s.planned], userId, 2);
  if (refused.length === sent.length && stats.failures.length === found)
    stats.failures.push({
      problem: `${sent.length} refused requests sent together changed rows (${changes.join(", ")}), though none did alone`,
      request: sent.map((s) => describeRequest(site.server.origin, s.request)).join("\n\n    "),
      tags: [],
    });
}

export async function fuzzAction(site: FuzzSite, action: ActionRoute): Promise<Stats> {
  const account = site.accounts.get(action.file)!;
  const known = site.knowns.get(action.file)!;
  const ctx: FuzzContext = {
    origin: site.server.origin,
    paths: pathsFor(action, known),
    index: action.index,
    email: account.email,
    password: account.password,
    otherEmail: site.otherEmail,
    venueId: known.venue.id,
    pendingVenueId: known.pendingVenue.id,
    resetToken: site.resetToken,
    formLimit: /venue-availability\.tsx$/.test(action.file) ? CALENDAR_FORM_LIMIT : undefined,
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
    await sendChecked(site, stats, all.slice(i, i + CONCURRENCY), account.id);
  return stats;
}

export function summary(action: ActionRoute, stats: Stats, ms: number): string {
  const statuses = [...stats.statuses].sort().map(([k, n]) => `${k}: ${n}`);
  const tags = [...stats.tags].sort().map(([k, n]) => `${k} ${n}`);
  return [
    `${action.file} (${action.pattern}): ${RUNS} guest + ${RUNS} signed-in (${roleFor(action.file)}) requests in ${(ms / 1000).toFixed(1)} s` +
      `, ${stats.rowChecked} refused ones row-checked (${stats.replayed} sent again alone)`,
    `  statuses: ${statuses.join(", ")}`,
    `  generated: ${tags.join(", ")}`,
  ].join("\n");
}
