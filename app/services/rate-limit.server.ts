import { sql } from "drizzle-orm";
import { clientNetwork } from "~/lib/client-network";
import { queryRows, type Db } from "~/infra/db.server";
import { tooManyRequestsMessage } from "~/lib/rate-limit";

export type Limit = { max: number; windowSeconds: number };

/** Per-address limits stop spraying many accounts; sign-in failures are slowed below. */
export const LIMITS = {
  signInIp: { max: 60, windowSeconds: 15 * 60 },
  registerIp: { max: 30, windowSeconds: 60 * 60 },
  resetEmail: { max: 3, windowSeconds: 15 * 60 },
  resetIp: { max: 20, windowSeconds: 60 * 60 },
  emailChangeUser: { max: 3, windowSeconds: 60 * 60 },
  // Each submission mails every administrator and joins their review queue.
  venueSubmissionUser: { max: 10, windowSeconds: 24 * 60 * 60 },
  // Per-user writes (issue 21): each one takes a person a minute or more of reading and typing,
  // so these stop a script, never a person.
  reviewWriteUser: { max: 20, windowSeconds: 60 * 60 },
  reviewReplyUser: { max: 60, windowSeconds: 60 * 60 },
  // Each report of a review joins the moderators' queue and the activity log (issue 45).
  reviewReportUser: { max: 30, windowSeconds: 60 * 60 },
  faqAddUser: { max: 120, windowSeconds: 60 * 60 },
  // An upload carries up to 10 images and a venue holds 10: 60 an hour is far past any re-shoot.
  venueImagesUser: { max: 60, windowSeconds: 60 * 60 },
  // An .ics preview reads a file of up to 2 MB in the import's worker (issue 39, ADR 030): a
  // manager fixing their calendar and trying again previews a few times an hour.
  icsPreviewUser: { max: 30, windowSeconds: 60 * 60 },
  // A couple's inquiry mails the venue and a copy to the address typed (issues 23 and 39): 5 an
  // hour from one client address, and to one mailbox (lib/rate-limit.ts, normalizeEmail). A couple
  // asks a handful of venues in an evening: one account may send 10 an hour and 30 a day, and a
  // venue takes 30 an hour from everyone together, which no venue's real demand comes near.
  inquiryIp: { max: 5, windowSeconds: 60 * 60 },
  inquiryEmail: { max: 5, windowSeconds: 60 * 60 },
  inquiryUserHour: { max: 10, windowSeconds: 60 * 60 },
  inquiryUserDay: { max: 30, windowSeconds: 24 * 60 * 60 },
  inquiryVenue: { max: 30, windowSeconds: 60 * 60 },
  // Each reply is an email to a couple.
  inquiryReplyUser: { max: 60, windowSeconds: 60 * 60 },
  // A guest's saved search mails a confirmation link to the address typed (issue 44).
  saveSearchIp: { max: 10, windowSeconds: 60 * 60 },
  saveSearchEmail: { max: 3, windowSeconds: 60 * 60 },
  // A claim of a listing mails a link to an address at the venue's domain (issue 45): a person
  // claims their venue or two, a script a list of them.
  claimMailUser: { max: 5, windowSeconds: 24 * 60 * 60 },
  claimMailIp: { max: 10, windowSeconds: 60 * 60 },
  // Unknown calendar feed addresses from one client network (ADR 030): a calendar app polls one
  // address that exists, or a few retired ones; a guesser tries many.
  feedMissIp: { max: 30, windowSeconds: 10 * 60 },
} satisfies Record<string, Limit>;

export const RATE_LIMIT_MESSAGE = "Too many attempts. Please wait a few minutes and try again.";

/**
 * Counts one attempt in a fixed window (stored in the database: every instance shares it), and
 * says how many the window holds and the seconds until it ends.
 */
async function countAttempt(
  db: Db,
  key: string,
  windowSeconds: number,
): Promise<{ count: number; secondsLeft: number }> {
  const [row] = await queryRows<{ count: number; seconds_left: number }>(
    db,
    sql`
    insert into rate_limits (key, count, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowSeconds}))
    on conflict (key) do update set
      count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
      reset_at = case when rate_limits.reset_at <= now() then excluded.reset_at else rate_limits.reset_at end
    returning count, ceil(extract(epoch from reset_at - now()))::int as seconds_left`,
  );
  return { count: Number(row?.count ?? 0), secondsLeft: Number(row?.seconds_left ?? 0) };
}

/** Counts one attempt against every key and says whether any of them is over its limit. */
export async function hitRateLimits(db: Db, checks: { key: string; limit: Limit }[]): Promise<boolean> {
  let limited = false;
  for (const { key, limit } of checks)
    if ((await countAttempt(db, key, limit.windowSeconds)).count > limit.max) limited = true;
  return limited;
}

/** Whether a key is at its limit already, without counting an attempt (to refuse before work). */
export async function isRateLimited(db: Db, { key, limit }: { key: string; limit: Limit }): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(
    db,
    sql`select count from rate_limits where key = ${key} and reset_at > now()`,
  );
  return Number(row?.count ?? 0) >= limit.max;
}

export type WriteRefused = { ok: false; error: string; status: 429 };

/**
 * Counts one write of a user against its limit. Over it: the refusal, saying in how many minutes
 * the window ends; the caller then writes nothing.
 */
export async function limitWrite(db: Db, key: string, limit: Limit): Promise<WriteRefused | null> {
  const { count, secondsLeft } = await countAttempt(db, key, limit.windowSeconds);
  return count > limit.max ? { ok: false, error: tooManyRequestsMessage(secondsLeft), status: 429 } : null;
}

/** Counts one write against each limit in turn; the first one over refuses it (the rest are not counted). */
export async function limitWrites(
  db: Db,
  checks: (readonly [key: string, limit: Limit])[],
): Promise<WriteRefused | null> {
  for (const [key, limit] of checks) {
    const refused = await limitWrite(db, key, limit);
    if (refused) return refused;
  }
  return null;
}

/** The client as per-address limits key on: its network (an IPv6 client's /64, ADR 029). */
export function clientAddress(request: Request): string {
  return clientNetwork(request.headers.get("x-client-ip") ?? "unknown");
}

// Failed sign-ins (docs/decisions/008-throttling.md). Failures of one account from one address
// slow that pair down exponentially: from the 3rd failure, 1 s, then 2, 4, 8 ... up to 15 min
// before the next try. The owner, signing in from their own address, is never locked out by a
// stranger's guesses. Across all addresses an account's failures are only counted, so that
// the owner hears about a flood of them.
const DELAY_FREE_FAILURES = 2;
const MAX_DELAY_SECONDS = 15 * 60;
/** Failures of one account, from any address, within an hour that make us write to its owner. */
export const ALERT_AFTER_FAILURES = 10;

/** Seconds to wait before this account may be tried again from this address (0: go ahead). */
export async function signInWait(db: Db, email: string, ip: string): Promise<number> {
  const [row] = await queryRows<{ wait: number }>(
    db,
    sql`select ceil(extract(epoch from reset_at - now()))::int as wait from rate_limits
        where key = ${`sign-in-fail:${email}:${ip}`} and reset_at > now()`,
  );
  return Number(row?.wait ?? 0);
}

/** Records a failure; returns the account's failures in the last hour, from every address. */
export async function recordSignInFailure(db: Db, email: string, ip: string): Promise<number> {
  // A pair's count is forgotten a day after its last failure.
  const count = sql`case when rate_limits.reset_at < now() - interval '1 day' then 1 else rate_limits.count + 1 end`;
  const delay = (n: typeof count | number) =>
    sql`least(${MAX_DELAY_SECONDS}, case when ${n} > ${DELAY_FREE_FAILURES} then power(2, ${n} - ${DELAY_FREE_FAILURES} - 1) else 0 end)`;
  await db.execute(sql`
    insert into rate_limits (key, count, reset_at)
    values (${`sign-in-fail:${email}:${ip}`}, 1, now())
    on conflict (key) do update set count = ${count}, reset_at = now() + make_interval(secs => ${delay(count)})`);
  return (await countAttempt(db, `sign-in-fail:${email}`, 60 * 60)).count;
}

/** A successful sign-in forgets that pair's failures. */
export async function clearSignInFailures(db: Db, email: string, ip: string): Promise<void> {
  await db.execute(sql`delete from rate_limits where key = ${`sign-in-fail:${email}:${ip}`}`);
}
