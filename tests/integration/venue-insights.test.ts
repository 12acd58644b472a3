import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  appSettings,
  inquiries,
  venueDailyStats,
  venueManagers,
  venueSearchTerms,
  venueViewVisitors,
} from "../../database/schema";
import { queryRows } from "../../app/infra/db.server";
import { addDays, utcDay } from "../../app/lib/insights";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import {
  createVenueViewCounter,
  managerInsights,
  purgeViewData,
  recordInquiryStat,
  siteInsights,
} from "../../app/services/venue-stats.server";
import { createVenue, todayStats } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, type TestApp } from "../setup/test-app";
import { awayFromMidnight } from "../setup/clock";

// Issue 23, insights (ADR 029): views counted on the server after the answer is sent, from the
// page cache, a 304 or a render alike, once per visitor, venue and day and never a robot's; saves
// and 'Visit Website' clicks; and the dashboards' 30-day figures against direct SQL.

let t: TestApp;
let web: HttpTestApp;
// The server counts and checks by the real day (ADR 029, ADR 030).
beforeAll(() => awayFromMidnight(), 300_000);
// Behind a trusted proxy, so that each test visitor can come from an address of its own.
withHttpApp((app) => ({ t, http: web } = app), { env: { TRUST_PROXY: "loopback" } });

const HTML = { accept: "text/html,application/xhtml+xml" };
let visitors = 0;
/**
 * A visitor of their own: an address (as the proxy names it) and a browser of their own, or the
 * `agent` given. A visitor is their address (or account), not their browser (ADR 029).
 */
function visitor(agent?: string): Record<string, string> {
  const n = ++visitors;
  return {
    "user-agent":
      agent ??
      `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.${n} Safari/537.36`,
    "x-forwarded-for": `198.18.${n >> 8}.${n & 255}`,
  };
}

async function view(
  path: string,
  who: Record<string, string>,
  headers: Record<string, string> = {},
  cookie?: string,
) {
  const res = await web.fetch(path, { cookie, headers: { ...HTML, ...who, ...headers } });
  const html = await res.text();
  await web.viewsCounted();
  return { status: res.status, headers: res.headers, html };
}

describe("venue page views", () => {
  it("counts a rendered view, a view from the page cache and a 304 revalidation, once per visitor a day", async () => {
    const venue = await createVenue(t.db, { name: "Counted Aspen Barn" });
    const path = venuePath(venue);
    const first = await view(path, visitor());
    expect(first.headers.get("x-page-cache")).toBe("miss");
    expect((await todayStats(t.db, venue.id)).views).toBe(1);

    const [alex, blair] = [visitor(), visitor()];
    const cached = await view(path, alex);
    expect(cached.headers.get("x-page-cache")).toBe("hit");
    expect((await todayStats(t.db, venue.id)).views).toBe(2);

    const revalidated = await view(path, blair, { "if-none-match": cached.headers.get("etag")! });
    expect(revalidated.status).toBe(304);
    expect((await todayStats(t.db, venue.id)).views).toBe(3);

    // The same visitors again today, by the page, another tab, its data request or a 304.
    await view(path, alex);
    await view(`${path}?tab=reviews`, alex);
    await view(`${path}.data`, alex, { accept: "*/*" });
    await view(path, blair, { "if-none-match": cached.headers.get("etag")! });
    expect((await todayStats(t.db, venue.id)).views).toBe(3);
  });

  it("counts a signed-in visitor's view, which is rendered for them and never cached", async () => {
    const venue = await createVenue(t.db);
    const member = await t.signUp();
    const res = await view(venuePath(venue), visitor(), {}, member.cookie);
    expect(res.headers.get("x-page-cache")).toBeNull();
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
  });

  it("does not count robots, scripts, prefetches, HEAD requests, failed pages or pending venues", async () => {
    const venue = await createVenue(t.db);
    const path = venuePath(venue);
    await view(path, visitor("Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"));
    await view(
      path,
      visitor("Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0"),
    );
    await view(path, visitor(""));
    await view(path, visitor(), { "sec-purpose": "prefetch" });
    const head = await web.fetch(path, { method: "HEAD", headers: { ...HTML, ...visitor() } });
    expect(head.status).toBe(200);
    await web.viewsCounted();
    const pending = await createVenue(t.db, { isApproved: false });
    expect((await view(venuePath(pending), visitor())).status).toBe(404);
    expect((await view(`/venue/gone-${crypto.randomUUID()}`, visitor())).status).toBe(404);
    expect(await todayStats(t.db, venue.id)).toMatchObject({ views: 0 });
    expect(await todayStats(t.db, pending.id)).toMatchObject({ views: 0 });

    // The counting was live all along: a person's view counts.
    await view(path, visitor());
    expect((await todayStats(t.db, venue.id)).views).toBe(1);
  });

  it("keeps no address or browser, only a salted hash, and forgets yesterday's", async () => {
    const venue = await createVenue(t.db);
    await view(venuePath(venue), visitor());
    const rows = await t.db.select().from(venueViewVisitors);
    expect(rows.length).toBeGreaterThan(0);
    for (const { visitor } of rows) expect(visitor).toMatch(/^[\w-]{22}$/);
    const text = JSON.stringify(await t.db.select().from(venueViewVisitors));
    expect(text).not.toMatch(/127\.0\.0\.1|198\.18\.|Mozilla|Chrome/);

    const yesterday = addDays(utcDay(), -1);
    await t.db.insert(venueViewVisitors).values({ day: yesterday, visitor: "yesterdays-visitor-hash" });
    await t.db.insert(appSettings).values({ key: `view_salt:${yesterday}`, value: "old salt" });
    await purgeViewData(t.db);
    const days = (await t.db.select().from(venueViewVisitors)).map((r) => r.day);
    expect(days.length).toBe(rows.length);
    expect(days.every((d) => d === utcDay())).toBe(true);
    const salts = await queryRows<{ key: string }>(
      t.db,
      sql`select key from app_settings where key like 'view_salt:%'`,
    );
    expect(salts.map((s) => s.key)).toEqual([`view_salt:${utcDay()}`]);
  });

  it("counts a visitor once across server processes, which share the day's salt", async () => {
    const venue = await createVenue(t.db);
    const [one, two] = [createVenueViewCounter(t.app), createVenueViewCounter(t.app)];
    const seen = {
      method: "GET",
      path: venuePath(venue),
      status: 200,
      ip: "203.0.113.9",
      userId: null,
      userAgent: visitor()["user-agent"]!,
      referer: undefined,
      prefetch: false,
    };
    expect(await one.count(seen)).toBe(true);
    expect(await two.count(seen)).toBe(false);
    expect(await two.count({ ...seen, ip: "203.0.113.10" })).toBe(true);
    expect((await todayStats(t.db, venue.id)).views).toBe(2);
  });

  it("counts the words searched for on /venues before a counted view", async () => {
    const venue = await createVenue(t.db);
    const path = venuePath(venue);
    const fromSearch = { referer: `${web.origin}/venues?q=Rustic+Barn&location=Vail&guests=80` };
    const alex = visitor();
    await view(path, alex, fromSearch);
    await view(path, visitor(), fromSearch);
    await view(`${path}.data`, visitor(), { ...fromSearch, accept: "*/*" });
    await view(path, alex, fromSearch); // not a new view: its words are not counted again
    await view(path, visitor(), { referer: "https://elsewhere.example/venues?q=barn" });
    await view(path, visitor(), { referer: `${web.origin}/venues?region=Front+Range+North` });
    const terms = await t.db.select().from(venueSearchTerms).where(eq(venueSearchTerms.venueId, venue.id));
    expect(terms.map(({ term, views }) => ({ term, views }))).toEqual([
      { term: "rustic barn vail", views: 3 },
    ]);
    expect((await todayStats(t.db, venue.id)).views).toBe(5);
  });
});

describe("saves and website clicks", () => {
  it("counts a new favourite as one save; saving it again does not", async () => {
    const venue = await createVenue(t.db);
    const member = await t.signUp();
    const save = (saved: boolean) =>
      web.fetch("/api/favorites", {
        method: "POST",
        cookie: member.cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ venueId: venue.id, saved: String(saved) }),
      });
    expect((await save(true)).status).toBe(200);
    expect((await save(true)).status).toBe(200);
    expect((await todayStats(t.db, venue.id)).favorites).toBe(1);
    await save(false);
    expect((await todayStats(t.db, venue.id)).favorites).toBe(1);
  });

  it("sends a click on 'Visit Website' through /out/, counted once, to the venue's own site", async () => {
    const venue = await createVenue(t.db, { website: "www.juniper-lodge.example/weddings" });
    const page = (await view(venuePath(venue), visitor())).html;
    expect(page).toMatch(
      new RegExp(
        `<a href="/out/${venue.id}" target="_blank" rel="nofollow noopener noreferrer"[^>]*>.*Visit Website`,
      ),
    );

    const click = await web.fetch(`/out/${venue.id}?to=https://evil.example/`, {
      headers: { ...HTML, ...visitor() },
    });
    expect(click.status).toBe(302);
    expect(click.headers.get("location")).toBe("https://www.juniper-lodge.example/weddings");
    expect(click.headers.get("cache-control")).toBe("no-store");
    // Counted once the answer is sent, as a view is.
    await web.viewsCounted();
    expect((await todayStats(t.db, venue.id)).websiteClicks).toBe(1);

    const robot = await web.fetch(`/out/${venue.id}`, { headers: visitor("Googlebot/2.1") });
    expect(robot.status).toBe(302);
    await web.viewsCounted();
    expect((await todayStats(t.db, venue.id)).websiteClicks).toBe(1);
  });

  it("refuses an unknown venue, a pending one and one without a website, and counts nothing", async () => {
    const pending = await createVenue(t.db, { isApproved: false });
    const noSite = await createVenue(t.db, { website: null });
    for (const path of [
      `/out/${crypto.randomUUID()}`,
      "/out/not-a-venue",
      `/out/${pending.id}`,
      `/out/${noSite.id}`,
    ]) {
      const res = await web.fetch(path, { headers: { ...HTML, ...visitor() } });
      expect(res.status, path).toBe(404);
      expect(res.headers.get("location"), path).toBeNull();
    }
    await web.viewsCounted();
    const clicks = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from venue_daily_stats where venue_id in (${pending.id}, ${noSite.id})`,
    );
    expect(clicks[0]!.n).toBe(0);
  });

  it("keeps /out/ out of search engines", async () => {
    expect(await (await web.fetch("/robots.txt")).text()).toContain("Disallow: /out/");
  });
});

describe("the dashboards' 30-day figures", () => {
  let manager: Awaited<ReturnType<TestApp["signUp"]>>;
  let managerUser: AppUser;
  let admin: AppUser;
  let ours: { id: string; name: string }[];
  let theirs: { id: string; name: string };

  beforeAll(async () => {
    // A database of its own: other tests' views must not enter the site-wide figures.
    await t.db.delete(venueDailyStats);
    await t.db.delete(venueSearchTerms);
    manager = await t.signUp({ role: "venue_manager", name: "Quinn Manager" });
    managerUser = toAppUser({
      id: manager.id,
      name: "Quinn Manager",
      email: manager.email,
      role: "venue_manager",
    });
    const a = await t.signUp({ role: "admin" });
    admin = toAppUser({ id: a.id, name: "Ada Admin", email: a.email, role: "admin" });
    ours = [
      await createVenue(t.db, { name: "Ours Meadow Barn" }),
      await createVenue(t.db, { name: "Ours Lake Lodge" }),
    ];
    theirs = await createVenue(t.db, { name: "Theirs Stone Hall" });
    await t.db.insert(venueManagers).values(ours.map((v) => ({ userId: manager.id, venueId: v.id })));

    // Earlier days, as the daily roll-up left them: both edges of both periods, and beyond.
    const today = utcDay();
    let n = 0;
    for (const venue of [...ours, theirs])
      for (const ago of [1, 29, 30, 45, 59, 60, 75]) {
        n++;
        await t.db.insert(venueDailyStats).values({
          venueId: venue.id,
          day: addDays(today, -ago),
          views: 10 * n,
          favorites: n % 4,
          inquiries: ago === 29 && venue === theirs ? 0 : n % 3,
          websiteClicks: n % 5,
        });
      }
    // Today, through the real paths: views, a save, clicks and inquiries.
    for (const venue of [...ours, theirs]) await view(venuePath(venue), visitor());
    await view(venuePath(ours[0]!), visitor(), { referer: `${web.origin}/venues?q=barn` });
    await web.fetch(`/out/${ours[1]!.id}`, { headers: visitor() });
    await web.viewsCounted();
    const member = await t.signUp();
    await web.fetch("/api/favorites", {
      method: "POST",
      cookie: member.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ venueId: ours[0]!.id, saved: "true" }),
    });
    for (const venue of [ours[0]!, ours[0]!, theirs]) {
      await t.db.insert(inquiries).values({
        venueId: venue.id,
        name: "Casey Couple",
        email: "casey@couple.example",
        message: "Is June 12 free?",
      });
      await recordInquiryStat(t.db, venue.id);
    }
  });

  /** The figures straight from SQL, the window counted in the database's own UTC calendar. */
  async function direct(scope: string[] | null, from: number, to: number) {
    const inScope = scope ? sql`and venue_id in (${sql.join(scope, sql`, `)})` : sql``;
    const [row] = await queryRows<Record<string, string | number>>(
      t.db,
      sql`select coalesce(sum(views), 0) as views, coalesce(sum(favorites), 0) as saves,
                 coalesce(sum(inquiries), 0) as inquiries, coalesce(sum(website_clicks), 0) as clicks
          from venue_daily_stats
          where day between (now() at time zone 'utc')::date - ${from}::int
                        and (now() at time zone 'utc')::date - ${to}::int ${inScope}`,
    );
    return {
      views: Number(row!.views),
      saves: Number(row!.saves),
      inquiries: Number(row!.inquiries),
      websiteClicks: Number(row!.clicks),
    };
  }

  it("gives a manager the sums of their venues, this period and the one before", async () => {
    const result = await managerInsights(t.db, managerUser, null);
    if (!result.ok) throw new Error(result.reason);
    const ids = ours.map((v) => v.id);
    expect(result.insights.current).toEqual(await direct(ids, 29, 0));
    expect(result.insights.previous).toEqual(await direct(ids, 59, 30));
    expect(result.insights.current.views).toBeGreaterThan(0);
    expect(result.insights.daily).toHaveLength(30);
    expect(result.insights.daily.reduce((s, d) => s + d.views, 0)).toBe(result.insights.current.views);
    expect(result.insights.daily.at(-1)).toEqual({ day: utcDay(), views: 3, inquiries: 2 });
    expect(result.insights.searchTerms).toEqual([{ term: "barn", views: 1 }]);

    // Today's counts are the events themselves.
    const [counted] = await queryRows<{ inquiries: number; saves: number }>(
      t.db,
      sql`select (select count(*)::int from inquiries where venue_id in (${ids[0]}, ${ids[1]})
                  and created_at >= date_trunc('day', now() at time zone 'utc') at time zone 'utc') as inquiries,
                 (select count(*)::int from favorites where venue_id in (${ids[0]}, ${ids[1]})) as saves`,
    );
    expect(result.insights.daily.at(-1)!.inquiries).toBe(counted!.inquiries);
    expect((await todayStats(t.db, ids[0]!)).favorites + (await todayStats(t.db, ids[1]!)).favorites).toBe(
      counted!.saves,
    );
  });

  it("narrows to one of their venues, and refuses a venue they do not manage", async () => {
    const one = await managerInsights(t.db, managerUser, ours[1]!.id);
    if (!one.ok) throw new Error(one.reason);
    expect(one.insights.current).toEqual(await direct([ours[1]!.id], 29, 0));
    expect(one.insights.previous).toEqual(await direct([ours[1]!.id], 59, 30));
    expect(await managerInsights(t.db, managerUser, theirs.id)).toEqual({ ok: false, reason: "forbidden" });
    expect(await managerInsights(t.db, managerUser, crypto.randomUUID())).toEqual({
      ok: false,
      reason: "not-found",
    });
    const user = toAppUser({ id: "u", name: "U", email: "u@x.example", role: "user" });
    expect((await run(() => managerInsights(t.db, user, null))).status).toBe(403);
    expect((await run(() => siteInsights(t.db, managerUser))).status).toBe(403);
  });

  it("gives an admin the whole site's sums and the most viewed venues without an inquiry", async () => {
    const site = await siteInsights(t.db, admin);
    expect(site.insights.current).toEqual(await direct(null, 29, 0));
    expect(site.insights.previous).toEqual(await direct(null, 59, 30));
    const quiet = await queryRows<{ id: string; views: number }>(
      t.db,
      sql`select venue_id as id, sum(views)::int as views from venue_daily_stats
          where day >= (now() at time zone 'utc')::date - 29
          group by venue_id having sum(inquiries) = 0 and sum(views) > 0
          order by sum(views) desc limit 10`,
    );
    expect(site.quietVenues.map(({ id, views }) => ({ id, views }))).toEqual(quiet);
  });

  it("shows the manager their figures on the dashboard, and sends them back from another's venue", async () => {
    const result = await managerInsights(t.db, managerUser, null);
    if (!result.ok) throw new Error(result.reason);
    const html = await (await web.fetch("/venue-manager/dashboard", { cookie: manager.cookie })).text();
    const figure = (key: string) => new RegExp(`data-testid="insight-${key}"[^>]*>([^<]*)<`).exec(html)?.[1];
    expect(figure("views")).toBe(result.insights.current.views.toLocaleString("en-US"));
    expect(figure("inquiries")).toBe(String(result.insights.current.inquiries));
    expect(html).toContain("Daily views and inquiries");
    expect(html).toMatch(/>barn</);

    const refused = await web.fetch(`/venue-manager/dashboard?venue=${theirs.id}`, {
      cookie: manager.cookie,
    });
    expect(refused.status).toBe(302);
    expect(refused.headers.get("location")).toBe("/venue-manager/dashboard");
  });
});

describe("the conversion figure", () => {
  it("never shows over 100 per 100 views: more inquiries than views are said as counts (issue 41)", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await createVenue(t.db, { name: "Conversion Count Barn" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    // Hand-counted: yesterday 2 views and 4 inquiries (one couple asked from a shared link, thrice).
    await t.db
      .insert(venueDailyStats)
      .values({ venueId: venue.id, day: addDays(utcDay(), -1), views: 2, inquiries: 4 });
    const res = await web.fetch(`/venue-manager/dashboard?venue=${venue.id}`, {
      cookie: manager.cookie,
      headers: HTML,
    });
    const html = (await res.text()).replace(/<!-- -->/g, "");
    expect(res.status).toBe(200);
    expect(html).toMatch(/data-testid="insight-conversion">–</);
    expect(html).toContain("4 inquiries, 2 views: a view counts once per visitor a day");
    expect(html).not.toContain("200.0");
  });
});
