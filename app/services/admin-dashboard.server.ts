import { count, eq } from "drizzle-orm";
import { users, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { SITEMAP_MAX_URLS } from "~/lib/sitemap";
import type { AppUser } from "~/lib/user";
import { formatNumber } from "~/lib/format";
import { assertAdmin } from "./permissions.server";

// The admin dashboard (spec, admin area: 'Admin dashboard'; issue 12, items 2 and 10).

export type DashboardStats = { totalVenues: number; totalUsers: number; pendingVenues: number };

/** 'Total Venues' counts approved venues, so that it matches the list it links to. */
export async function dashboardStats(db: Db, actor: AppUser): Promise<DashboardStats> {
  assertAdmin(actor);
  const [[approved], [people], [pending]] = await Promise.all([
    db.select({ n: count() }).from(venues).where(eq(venues.isApproved, true)),
    db.select({ n: count() }).from(users),
    db.select({ n: count() }).from(venues).where(eq(venues.isApproved, false)),
  ]);
  return {
    totalVenues: Number(approved?.n ?? 0),
    totalUsers: Number(people?.n ?? 0),
    pendingVenues: Number(pending?.n ?? 0),
  };
}

export type SitemapCheck =
  | { ok: true; venues: number; venueTypes: number; lastModified: string | null }
  | { ok: false; error: string };

const TIMEOUT_MS = 10_000;

/**
 * 'Update Sitemap'. Our sitemap and robots.txt are generated from the database on every
 * request (docs/decisions/003-spec-gaps.md), so there is nothing to regenerate; instead this
 * fetches both from the public address (SITE_URL), as a crawler would: robots.txt must point to
 * /sitemap.xml, a sitemap index (ADR 014) whose files are on this site and hold at most 50,000
 * URLs each, and together list every approved venue and every venue type. A stale copy in a CDN,
 * a wrong SITE_URL or a broken route shows up here.
 */
export async function checkSitemap(
  app: Pick<AppContext, "db" | "config" | "logger">,
  actor: AppUser,
  fetcher: typeof fetch = fetch,
): Promise<SitemapCheck> {
  assertAdmin(actor);
  const site = app.config.siteUrl;
  const get = async (path: string) => {
    const res = await fetcher(`${site}${path}`, {
      signal: AbortSignal.timeout(TIMEOUT_MS),
      headers: { "User-Agent": "VowsAndVistas-SitemapCheck" },
    });
    if (!res.ok) throw new Error(`${path} answered HTTP ${res.status}`);
    return res.text();
  };
  const tags = (xml: string, tag: string) =>
    [...xml.matchAll(new RegExp(`<${tag}>([^<]*)</${tag}>`, "g"))].map((m) => m[1]!);
  const locs: string[] = [];
  const lastmods: string[] = [];
  let robots: string;
  try {
    let index: string;
    [index, robots] = await Promise.all([get("/sitemap.xml"), get("/robots.txt")]);
    if (!index.includes("<sitemapindex")) return { ok: false, error: "/sitemap.xml is not a sitemap index" };
    lastmods.push(...tags(index, "lastmod"));
    for (const file of tags(index, "loc")) {
      if (!file.startsWith(`${site}/`))
        return { ok: false, error: `The sitemap index points outside the site: ${file}` };
      const xml = await get(file.slice(site.length));
      const urls = tags(xml, "loc");
      if (urls.length > SITEMAP_MAX_URLS)
        return {
          ok: false,
          error: `${file} lists ${formatNumber(urls.length)} URLs; a sitemap file holds at most ${formatNumber(SITEMAP_MAX_URLS)}`,
        };
      locs.push(...urls);
      lastmods.push(...tags(xml, "lastmod"));
    }
  } catch (err) {
    app.logger.warn("sitemap check failed", { error: String(err) });
    const reason = err instanceof Error && err.name !== "TimeoutError" ? err.message : "no answer";
    return { ok: false, error: `Could not read the live sitemap: ${reason}` };
  }
  if (!robots.split(/\r?\n/).some((l) => l.trim() === `Sitemap: ${site}/sitemap.xml`))
    return { ok: false, error: "robots.txt does not point to the sitemap" };
  const venuesListed = new Set(locs.filter((l) => l.startsWith(`${site}/venue/`))).size;
  const typesListed = new Set(locs.filter((l) => /\/categories\/[^/]+$/.test(l))).size;
  lastmods.sort();
  const [[approved], [types]] = await Promise.all([
    app.db.select({ n: count() }).from(venues).where(eq(venues.isApproved, true)),
    app.db.select({ n: count() }).from(venueCategories),
  ]);
  const want = { venues: Number(approved?.n ?? 0), types: Number(types?.n ?? 0) };
  if (venuesListed !== want.venues || typesListed !== want.types)
    return {
      ok: false,
      error: `The live sitemap is out of date: it lists ${formatNumber(venuesListed)} venues and ${formatNumber(typesListed)} venue types; the directory has ${formatNumber(want.venues)} and ${formatNumber(want.types)}`,
    };
  return {
    ok: true,
    venues: venuesListed,
    venueTypes: typesListed,
    lastModified: lastmods.at(-1) ?? null,
  };
}
