import type { Route } from "./+types/sitemap-file";
import { parseSitemapFile, sitemapXml } from "~/lib/sitemap";
import { staticSitemapEntries, venueSitemapEntries } from "~/services/sitemap.server";
import { getApp } from "~/infra/session.server";
import { SITEMAP_HEADERS } from "./sitemap";

/** One file of the sitemap index: `static.xml` or `venues-{n}.xml`; anything else is a 404. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const file = parseSitemapFile(params.file);
  const entries = !file
    ? null
    : file.kind === "static"
      ? await staticSitemapEntries(db, config.siteUrl)
      : await venueSitemapEntries(db, config.siteUrl, file.page);
  if (!entries)
    return new Response("No such sitemap file", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  return new Response(sitemapXml(entries), { headers: SITEMAP_HEADERS });
}
