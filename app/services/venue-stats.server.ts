import { and, eq, like, lt, sql, type SQL } from "drizzle-orm";
import { isbot } from "isbot";
import crypto from "node:crypto";
import { appSettings, venueDailyStats, venueSearchTerms, venueViewVisitors } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import type { PageView } from "~/infra/http.server";
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
import { isUuid, venueIdOfPagePath, venuePath } from "~/lib/venue-url";
import { assertAdmin, assertVenueManager, canManageVenue } from "./permissions.server";

// Venue insights (issue 23, docs/decisions/029-venue-insights.md). Events are counted on the
// server into venue_daily_stats, one upsert per event: a save when a favourite is added, an
// inquiry when one is stored, a click through /out/{venueId}, and a view of the venue page,
// told by the HTTP layer after the answer is sent, whether it came from the page cache, a 304
// or a render. A view counts once per visitor, venue and day, and never a robot's. The
// dashboards read the sums of the last 30 days and of the 30 before.

type Counter = "favorites" | "inquiries" | "websiteClicks";

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

/** A favourite was added (not one already saved; removing one takes nothing back). */
export async function recordFavoriteStat(db: Db, venueId: string): Promise<void> {
  await bump(db, venueId, "favorites");
}

/**
 * 'Visit Website': the approved venue's website, with the click counted (a robot's is not), or
 * null for an unknown venue, one not approved or one without a website. The address comes from
 * the venue's row only, never from the request, so /out/ cannot send anyone elsewhere.
 */
export async function websiteClick(
  db: Db,
  venueId: string,
  opts: { count: boolean },
): Promise<string | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await queryRows<{ website: string | null }>(
    db,
    sql`select website from venues where id = ${venueId} and is_approved`,
  );
  const target = websiteTarget(row?.website);
  if (target && opts.count) await bump(db, venueId, "websiteClicks");
  return target;
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
// Views
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

/** Whether the HTTP layer's page view is a view of a venue page to count, and whose. */
function countedVenue(view: PageView): string | null {
  if (view.method !== "GET" || (view.status !== 200 && view.status !== 304) || view.prefetch) return null;
  // Browsers always send a User-Agent; a request without one is a script.
  if (!view.userAgent || isbot(view.userAgent)) return null;
  return venueIdOfPagePath(view.path);
}

/**
 * Counts venue page views for one server process. The day's salt is random and shared by every
 * process through app_settings (the first to need it writes it), so a visitor moving between
 * servers is still one visitor; it is deleted with the day's hashes (ADR 029).
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
   * Counts the view when it is the visitor's first of the venue today: one call of the database
   * function count_venue_view (migration 0014), which inserts the visitor's hash (nothing when it
   * is there already) and, only if it did, adds one to the day's views and to the search words it
   * came from. Resolves to whether it counted.
   */
  async function count(view: PageView): Promise<boolean> {
    const venueId = countedVenue(view);
    if (!venueId) return false;
    const day = utcDay();
    const visitor = crypto
      .createHash("sha256")
      .update([await saltFor(day), venueId, view.ip, view.userAgent].join("\n"))
      .digest("base64url")
      .slice(0, 22);
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
      if (!countedVenue(view)) return;
      const counting = count(view)
        .catch((err: unknown) =>
          logger.error("counting a venue view failed", { error: String(err), path: view.path }),
        )
        .finally(() => pending.delete(counting));
      pending.add(counting);
    },
    /** Resolves once every view told so far is counted (tests, shutdown). */
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
