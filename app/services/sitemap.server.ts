import { and, asc, eq, sql } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import { queryRows, type Db } from "~/infra/db.server";
import { SITEMAP_MAX_URLS, sitemapFilePath, type SitemapEntry, type SitemapFileName } from "~/lib/sitemap";
import { venuePath } from "~/lib/venue-url";

// The sitemap as an index of files (ADR 014): `static.xml` (home, search, venue types) and
// `venues-{n}.xml`, each of at most `pageSize` approved venues in primary-key order. Built from the
// database on each request, so it is always current. `pageSize` is a parameter so that tests can
// check the split without 50,000 venues.

export type SitemapOptions = { pageSize?: number };

export type SitemapFile = { file: SitemapFileName; path: string; lastmod: Date | null };

const sizeOf = (o: SitemapOptions) =>
  Math.min(Math.max(1, Math.floor(o.pageSize ?? SITEMAP_MAX_URLS)), SITEMAP_MAX_URLS);

/** The files the index lists, each with the newest change among its URLs. */
export async function listSitemapFiles(db: Db, options: SitemapOptions = {}): Promise<SitemapFile[]> {
  const pageSize = sizeOf(options);
  const [types, pages] = await Promise.all([
    db.select({ lastmod: sql<string | null>`max(${venueCategories.updatedAt})` }).from(venueCategories),
    // One pass over the approved venues' primary-key index: each file's newest updated_at.
    queryRows<{ page: number; lastmod: string | Date }>(
      db,
      sql`select page::int as page, max(updated_at) as lastmod
            from (select (row_number() over (order by id) - 1) / ${pageSize} + 1 as page, updated_at
                    from venues where is_approved) numbered
           group by page order by page`,
    ),
  ]);
  const typesChanged = types[0]?.lastmod ? new Date(types[0].lastmod) : null;
  const files: SitemapFile[] = [
    { file: { kind: "static" }, path: sitemapFilePath({ kind: "static" }), lastmod: typesChanged },
  ];
  for (const p of pages) {
    const file: SitemapFileName = { kind: "venues", page: Number(p.page) };
    files.push({ file, path: sitemapFilePath(file), lastmod: new Date(p.lastmod) });
  }
  return files;
}

/** Home, search, the venue types list and each venue type's (first) page. */
export async function staticSitemapEntries(db: Db, siteUrl: string): Promise<SitemapEntry[]> {
  const entries: SitemapEntry[] = [
    { loc: `${siteUrl}/`, changefreq: "daily", priority: 1 },
    { loc: `${siteUrl}/venues`, changefreq: "daily", priority: 0.9 },
    { loc: `${siteUrl}/categories`, changefreq: "weekly", priority: 0.8 },
    // Found by people who look for the site's terms; /login is noindex instead (ADR 019).
    { loc: `${siteUrl}/terms`, changefreq: "monthly", priority: 0.2 },
    { loc: `${siteUrl}/privacy`, changefreq: "monthly", priority: 0.2 },
  ];
  const types = await db
    .select({ id: venueCategories.id, updatedAt: venueCategories.updatedAt })
    .from(venueCategories)
    .orderBy(asc(venueCategories.name));
  for (const c of types)
    entries.push({
      loc: `${siteUrl}/categories/${c.id}`,
      lastmod: c.updatedAt,
      changefreq: "weekly",
      priority: 0.7,
    });
  return entries;
}

/** The `page`-th file of venues (1-based), or null past the last one. */
export async function venueSitemapEntries(
  db: Db,
  siteUrl: string,
  page: number,
  options: SitemapOptions = {},
): Promise<SitemapEntry[] | null> {
  const pageSize = sizeOf(options);
  if (!Number.isInteger(page) || page < 1) return null;
  const rows = await db
    .select({ id: venues.id, name: venues.name, updatedAt: venues.updatedAt })
    .from(venues)
    .where(and(eq(venues.isApproved, true)))
    .orderBy(asc(venues.id))
    .limit(pageSize)
    .offset((page - 1) * pageSize);
  if (rows.length === 0) return null;
  return rows.map((v) => ({
    loc: `${siteUrl}${venuePath(v)}`,
    lastmod: v.updatedAt,
    changefreq: "weekly",
    priority: 0.6,
  }));
}
