import type { Route } from "./+types/sitemap";
import { sitemapXml, type SitemapEntry } from "~/lib/sitemap";
import { venuePath } from "~/lib/venue-url";
import { listCategoriesWithCounts } from "~/services/categories.server";
import { approvedVenueEntries } from "~/services/venues.server";
import { getApp } from "~/infra/session.server";

/** Built from the database on every request, so it is always current. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const site = config.siteUrl;
  const entries: SitemapEntry[] = [
    { loc: `${site}/`, changefreq: "daily", priority: 1 },
    { loc: `${site}/venues`, changefreq: "daily", priority: 0.9 },
    { loc: `${site}/categories`, changefreq: "weekly", priority: 0.8 },
  ];
  for (const c of await listCategoriesWithCounts(db)) {
    entries.push({
      loc: `${site}/categories/${c.id}`,
      lastmod: c.updatedAt,
      changefreq: "weekly",
      priority: 0.7,
    });
  }
  for await (const v of approvedVenueEntries(db)) {
    entries.push({
      loc: `${site}${venuePath(v)}`,
      lastmod: v.updatedAt,
      changefreq: "weekly",
      priority: 0.6,
    });
  }
  return new Response(sitemapXml(entries), {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=300" },
  });
}
