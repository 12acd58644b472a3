import type { Route } from "./+types/sitemap";
import { sitemapIndexXml } from "~/lib/sitemap";
import { listSitemapFiles } from "~/services/sitemap.server";
import { getApp } from "~/infra/session.server";

export const SITEMAP_HEADERS = {
  "Content-Type": "application/xml; charset=utf-8",
  "Cache-Control": "public, max-age=300",
};

/** The sitemap index (robots.txt points here): one file of pages, then files of venues. */
export async function loader({ context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const files = await listSitemapFiles(db);
  const xml = sitemapIndexXml(files.map((f) => ({ loc: `${config.siteUrl}${f.path}`, lastmod: f.lastmod })));
  return new Response(xml, { headers: SITEMAP_HEADERS });
}
