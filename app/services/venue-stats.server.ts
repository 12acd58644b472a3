import { isUuid } from "~/lib/uuid";
import { and, eq, like, lt, sql, type SQL } from "drizzle-orm";
import { isbot } from "isbot";
import crypto from "node:crypto";
import {
  appSettings,
  venueDailyStats,
  venueSavers,
  venueSearchTerms,
  venueViewVisitors,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import type { PageView } from "~/infra/http.server";
import { clientNetwork } from "~/lib/client-network";
import {
  addDays,
  daysOf,
  insightPeriods,
  searchTermFromReferer,
  utcDay,
  type InsightFigures,
  type Insights,
} from "~/lib/insights";
import type { AppUser } from "~/lib/user";
import { websiteUrl } from "~/lib/venue";
import { venueIdOfPagePath, venuePath } from "~/lib/venue-url";
import { assertAdmin, assertVenueManager, canManageVenue } from "./permissions.server";

// Venue insights (issue 23, docs/decisions/029-venue-insights.md). Events are counted on the
// server into venue_daily_stats, one upsert per event: a save when an account first saves the
// venue, an inquiry when one is stored, and a view of the venue page and a click through
// /out/{venueId}, told by the HTTP layer after the answer is sent (for a view, whether it came
// from the page cache, a 304 or a render). A view and a click count once per visitor, venue and
// day, and never a robot's; a visitor is the signed-in account, else the client's network.

type Counter = "favorites" | "inquiries";

/** One more `counter` for the venue today: an upsert of its day's row. */
async function bump(db: Db, venueId: string, counter: Counter): Promise<void> {
  await db
    .insert(venueDailyStats)
    .values({ venueId, day: utcDay(), [counter]: 1 })
    .onConflictDoUpdate({
      target: [venueDailyStats.venueId, venueDailyStats.day],
      set: { [counter]: sql`${venueDailyStats[counter]} + 1` },
    });
}

/** An inquiry was stored for the venue (the inquiry form calls this in its transaction). */
export async function recordInquiryStat(db: Db, venueId: string): Promise<void> {
  await bump(db, venueId, "inquiries");
}

/**
 * The account saved the venue: a save for the venue's figures the first time only, ever, so that
 * saving and removing it again and again adds nothing (venue_savers keeps who was counted).
 */
export async function recordFavoriteStat(db: Db, userId: string, venueId: string): Promise<void> {
  const first = await db
    .insert(venueSavers)
    .values({ userId, venueId })
    .onConflictDoNothing()
    .returning({ venueId: venueSavers.venueId });
  if (first.length > 0) await bump(db, venueId, "favorites");
}

/**
 * 'Visit Website': the approved venue's website, or null for an unknown venue, one not approved
 * or one without a website. The address comes from the venue's row only, never from the request,
 * so /out/ cannot send anyone elsewhere. The click is counted by the HTTP layer once the 302 is
 * sent (createVenueViewCounter), as a view is.
 */
export async function venueWebsite(db: Db, venueId: string): Promise<string | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await queryRows<{ website: string | null }>(
    db,
    sql`select website from venues where id = ${venueId} and is_approved`,
  );
  return websiteTarget(row?.website);
}

/** A stored website as an http(s) address ('https://' added when missing, as the spec says), else null. */
function websiteTarget(website: string | null | undefined): string | null {
  if (!website?.trim()) return null;
  try {
    const url = new URL(websiteUrl(website));
    return url.protocol === "https:" || url.protocol === "http:" ? url.href : null;
  } catch {
    return null;
  }
}

// ---------------------------------------------------------------------------------------------
// Views and clicks
// ---------------------------------------------------------------------------------------------

const SALT_KEY = "view_salt:";
/** Search terms are shown for 30 days and compared with nothing older: 60 days are kept. */
const SEARCH_TERM_DAYS = 60;

/**
 * Deletes what identified yesterday's visitors (their hashes and the day's salt) and search terms
 * older than 60 days. Called when a server starts a new day and hourly (server.ts), so it also
 * runs on a day without views.
 */
export async function purgeViewData(db: Db, today = utcDay()): Promise<void> {
  await db.delete(venueViewVisitors).where(lt(venueViewVisitors.day, today));
  await db
    .delete(appSettings)
    .where(and(like(appSettings.key, `${SALT_KEY}%`), lt(appSettings.key, SALT_KEY + today)));
  await db.delete(venueSearchTerms).where(lt(venueSearchTerms.day, addDays(today, -SEARCH_TERM_DAYS)));
}

type Visit = { venueId: string; event: "view" | "click" };

/**
 * Whether the HTTP layer's page view is one to count: a view of a venue page (200, or 304 from
 * the page cache) or a click through /out/ (its 302), and whose.
 */
function countedVisit(view: PageView): Visit | null {
  if (view.method !== "GET" || view.prefetch) return null;
  // Browsers always send a User-Agent; a request without one is a script.
  if (!view.userAgent || isbot(view.userAgent)) return null;
  if (view.status === 302) {
    const venueId = /^\/out\/([^/]+)$/.exec(view.path)?.[1];
    return venueId && isUuid(venueId) ? { venueId, event: "click" } : null;
  }
  const venueId = view.status === 200 || view.status === 304 ? venueIdOfPagePath(view.path) : null;
  return venueId ? { venueId, event: "view" } : null;
}

/**
 * Who is counted once a day (ADR 029): the signed-in account, wherever it is; else the client's
 * network (an IPv4 address, an IPv6 /64). Never the User-Agent, which the client chooses freely:
 * several people behind one address are one visitor.
 */
function visitorOf(view: Pick<PageView, "userId" | "ip">): string {
  return view.userId ? `account:${view.userId}` : `network:${clientNetwork(view.ip)}`;
}

/**
 * Counts venue page views and 'Visit Website' clicks for one server process. The day's salt is
 * random and shared by every process through app_settings (the first to need it writes it), so a
 * visitor moving between servers is still one visitor; it is deleted with the day's hashes
 * (ADR 029).
 */
export function createVenueViewCounter(app: Pick<AppContext, "db" | "logger" | "config">) {
  const { db, logger } = app;
  const origins = [new URL(app.config.siteUrl).origin, ...app.config.siteAliases];
  let salt: { day: string; value: Promise<string> } | null = null;
  const pending = new Set<Promise<unknown>>();

  async function loadSalt(day: string): Promise<string> {
    const key = SALT_KEY + day;
    await db
      .insert(appSettings)
      .values({ key, value: crypto.randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await db
      .select({ value: appSettings.value })
      .from(appSettings)
      .where(eq(appSettings.key, key));
    await purgeViewData(db, day);
    return row!.value;
  }

  function saltFor(day: string): Promise<string> {
    if (salt?.day !== day) {
      const value = loadSalt(day);
      salt = { day, value };
      // A failure is not kept: the next view tries again.
      value.catch(() => salt?.value === value && (salt = null));
    }
    return salt.value;
  }

  /**
   * Counts the view or click when it is the visitor's first of the venue today. The visitor's
   * hash (of the day's salt, the event, the venue and the visitor) goes into venue_view_visitors,
   * and only when it was not there yet does the day's figure go up. A view is one call of the
   * database function count_venue_view (migration 0014), which also counts the search words it
   * came from; a click, rarer, one statement. Resolves to whether it counted.
   */
  async function count(view: PageView): Promise<boolean> {
    const visit = countedVisit(view);
    if (!visit) return false;
    const { venueId, event } = visit;
    const day = utcDay();
    const visitor = crypto
      .createHash("sha256")
      .update([await saltFor(day), event, venueId, visitorOf(view)].join("\n"))
      .digest("base64url")
      .slice(0, 22);
    if (event === "click") {
      const counted = await queryRows<{ one: number }>(
        db,
        sql`with first as (
              insert into venue_view_visitors (day, visitor)
              select ${day}::date, ${visitor} from venues where id = ${venueId}::uuid and is_approved
              on conflict do nothing returning 1)
            insert into venue_daily_stats as s (venue_id, day, website_clicks)
            select ${venueId}::uuid, ${day}::date, 1 from first
            on conflict (venue_id, day) do update set website_clicks = s.website_clicks + 1
            returning 1 as one`,
      );
      return counted.length > 0;
    }
    const term = searchTermFromReferer(view.referer, origins);
    const [row] = await queryRows<{ counted: boolean }>(
      db,
      sql`select count_venue_view(${venueId}::uuid, ${day}::date, ${visitor}, ${term}::text) as counted`,
    );
    return row?.counted === true;
  }

  return {
    count,
    /** The HTTP layer's listener: counts in the background, never failing the request. */
    onPageView(view: PageView): void {
      if (!countedVisit(view)) return;
      const counting = count(view)
        .catch((err: unknown) =>
          logger.error("counting a venue view failed", { error: String(err), path: view.path }),
        )
        .finally(() => pending.delete(counting));
      pending.add(counting);
    },
    /** Resolves once every view and click told so far is counted (tests, shutdown). */
    async settled(): Promise<void> {
      while (pending.size > 0) await Promise.all(pending);
    },
  };
}

// ---------------------------------------------------------------------------------------------
// The dashboards
// ---------------------------------------------------------------------------------------------

/** The columns of venue_daily_stats and the figures they give. */
const COUNTERS = [
  ["views", "views"],
  ["favorites", "saves"],
  ["inquiries", "inquiries"],
  ["website_clicks", "websiteClicks"],
] as const satisfies readonly (readonly [string, keyof InsightFigures])[];

/** The sums and series of the venues `scope` selects (a condition on `venue_id`), or of all. */
async function insightsOf(db: Db, scope: SQL | null, today: string): Promise<Insights> {
  const periods = insightPeriods(today);
  const { current, previous } = periods;
  const where = (from: string, to: string) =>
    sql`day >= ${from}::date and day <= ${to}::date${scope ? sql` and ${scope}` : sql``}`;
  const sum = (col: string, p: { from: string; to: string }, as: string) =>
    sql`coalesce(sum(${sql.identifier(col)}) filter (where day >= ${p.from}::date and day <= ${p.to}::date), 0) as ${sql.identifier(as)}`;
  const figures = (p: { from: string; to: string }, prefix: string) =>
    sql.join(
      COUNTERS.map(([col, key]) => sum(col, p, prefix + key)),
      sql`, `,
    );
  type Count = string | number;
  const [totals, daily, terms] = await Promise.all([
    queryRows<Record<string, Count>>(
      db,
      sql`select ${figures(current, "")}, ${figures(previous, "prev_")}
          from venue_daily_stats where ${where(previous.from, current.to)}`,
    ),
    queryRows<{ day: string; views: Count; inquiries: Count }>(
      db,
      sql`select to_char(day, 'YYYY-MM-DD') as day, sum(views) as views, sum(inquiries) as inquiries
          from venue_daily_stats where ${where(current.from, current.to)} group by day`,
    ),
    queryRows<{ term: string; views: Count }>(
      db,
      sql`select term, sum(views) as views from venue_search_terms where ${where(current.from, current.to)}
          group by term order by sum(views) desc, term limit 10`,
    ),
  ]);
  const asFigures = (prefix: string) =>
    Object.fromEntries(
      COUNTERS.map(([, key]) => [key, Number(totals[0]?.[prefix + key] ?? 0)]),
    ) as InsightFigures;
  const byDay = new Map(daily.map((d) => [d.day, d]));
  return {
    periods,
    current: asFigures(""),
    previous: asFigures("prev_"),
    daily: daysOf(current).map((day) => ({
      day,
      views: Number(byDay.get(day)?.views ?? 0),
      inquiries: Number(byDay.get(day)?.inquiries ?? 0),
    })),
    searchTerms: terms.map((t) => ({ term: t.term, views: Number(t.views) })),
  };
}

export type ManagerInsights =
  { ok: true; insights: Insights; venueId: string | null } | { ok: false; reason: "not-found" | "forbidden" };

/**
 * The manager dashboard's insights: one venue they may manage (`venueId`), or all the venues
 * linked to them. A venue they may not manage is refused here, whatever the route did.
 */
export async function managerInsights(
  db: Db,
  actor: AppUser | null,
  venueId: string | null,
  today = utcDay(),
): Promise<ManagerInsights> {
  assertVenueManager(actor);
  if (venueId === null) {
    const linked = sql`venue_id in (select venue_id from venue_managers where user_id = ${actor.id})`;
    const insights = await insightsOf(db, linked, today);
    return { ok: true, insights, venueId: null };
  }
  if (!isUuid(venueId)) return { ok: false, reason: "not-found" };
  const [[exists], allowed] = await Promise.all([
    queryRows<{ id: string }>(db, sql`select id from venues where id = ${venueId}`),
    canManageVenue(db, actor, venueId),
  ]);
  if (!exists) return { ok: false, reason: "not-found" };
  if (!allowed) return { ok: false, reason: "forbidden" };
  return { ok: true, insights: await insightsOf(db, sql`venue_id = ${venueId}`, today), venueId };
}

export type QuietVenue = { id: string; name: string; path: string; views: number };

/** The admin dashboard's insights: the whole site, and the most viewed venues without an inquiry. */
export async function siteInsights(
  db: Db,
  actor: AppUser | null,
  today = utcDay(),
): Promise<{ insights: Insights; quietVenues: QuietVenue[] }> {
  assertAdmin(actor);
  const { from, to } = insightPeriods(today).current;
  const [insights, quiet] = await Promise.all([
    insightsOf(db, null, today),
    queryRows<{ id: string; name: string; views: string | number }>(
      db,
      sql`select v.id, v.name, sum(s.views) as views
          from venue_daily_stats s join venues v on v.id = s.venue_id
          where s.day >= ${from}::date and s.day <= ${to}::date
          group by v.id, v.name
          having sum(s.inquiries) = 0 and sum(s.views) > 0
          order by sum(s.views) desc, v.name, v.id limit 10`,
    ),
  ]);
  return {
    insights,
    quietVenues: quiet.map((v) => ({ id: v.id, name: v.name, path: venuePath(v), views: Number(v.views) })),
  };
}
