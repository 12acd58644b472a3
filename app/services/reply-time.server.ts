import { sql } from "drizzle-orm";
import { queryRows, type Db } from "~/infra/db.server";
import { REPLY_FIGURE_DAYS, REPLY_FIGURE_MIN_INQUIRIES } from "~/lib/inquiry-progress";
import type { AppUser } from "~/lib/user";
import { assertVenueManager } from "./permissions.server";

// How fast venues answer: the manager dashboard's median and the venue page's "Usually replies
// within N hours" (issue 45, ADR 048). An answer is the venue's first message in the thread (a
// reply from the inbox or a decline's sentence); the couple's own messages do not count.

/** The seconds from inquiry `i` to its venue's first answer (null while unanswered). */
const firstAnswer = sql`(select extract(epoch from min(r.created_at) - i.created_at)::float8
  from inquiry_replies r where r.inquiry_id = i.id and r.author = 'venue')`;

/**
 * The median time, in seconds, from an inquiry to its venue's first reply, over the inquiries of
 * the last 90 days to the actor's linked venues that were answered; null when none was.
 */
export async function medianReplyTime(db: Db, actor: AppUser | null): Promise<number | null> {
  assertVenueManager(actor);
  const [row] = await queryRows<{ median: number | null }>(
    db,
    sql`select percentile_cont(0.5) within group (order by a.seconds) as median
      from inquiries i
      join venue_managers m on m.venue_id = i.venue_id and m.user_id = ${actor.id}
      cross join lateral (select ${firstAnswer} as seconds) a
      where i.created_at > now() - interval '90 days' and a.seconds is not null`,
  );
  return row?.median ?? null;
}

/**
 * The venue page's figure: the median time to a first answer over the venue's inquiries of the
 * last 90 days, spam left out, an unanswered one counting as never answered (so a venue that
 * leaves half its couples waiting shows none). Null below 5 such inquiries or without a median.
 */
export async function usualReplySeconds(db: Db, venueId: string): Promise<number | null> {
  const [row] = await queryRows<{ n: number; median: number | null }>(
    db,
    sql`select count(*)::int as n,
        percentile_disc(0.5) within group (order by coalesce(a.seconds, 'infinity'::float8)) as median
      from inquiries i
      cross join lateral (select ${firstAnswer} as seconds) a
      where i.venue_id = ${venueId} and i.status <> 'spam'
        and i.created_at > now() - make_interval(days => ${REPLY_FIGURE_DAYS})`,
  );
  if (!row || Number(row.n) < REPLY_FIGURE_MIN_INQUIRIES) return null;
  const median = row.median === null ? null : Number(row.median);
  return median !== null && Number.isFinite(median) ? median : null;
}
