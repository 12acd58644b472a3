import type { APIRequestContext } from "@playwright/test";
import { demoDirectory } from "../../database/seed/content";
import { parseVenueParam } from "../../app/lib/venue-url";

// /sitemap.xml is a sitemap index (ADR 014): the pages are listed in the files it points to.
// Specs that need "a venue" or "a venue type" read them through these helpers.

const locs = (xml: string) =>
  [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) =>
    m[1]!
      .replace(/&lt;/g, "<")
      .replace(/&gt;/g, ">")
      .replace(/&quot;/g, '"')
      .replace(/&apos;/g, "'")
      .replace(/&amp;/g, "&"),
  );

/** The sitemap files the index lists, as absolute URLs, in order. */
export async function sitemapFiles(request: APIRequestContext): Promise<string[]> {
  const res = await request.get("/sitemap.xml");
  if (!res.ok()) throw new Error(`/sitemap.xml answered ${res.status()}`);
  return locs(await res.text());
}

/** Every page the sitemap lists (absolute URLs), following the index into each file. */
export async function sitemapUrls(request: APIRequestContext): Promise<string[]> {
  const urls: string[] = [];
  for (const file of await sitemapFiles(request)) {
    const res = await request.get(new URL(file).pathname);
    if (!res.ok()) throw new Error(`${file} answered ${res.status()}`);
    urls.push(...locs(await res.text()));
  }
  return urls;
}

/** The paths of every page the sitemap lists. */
export async function sitemapPaths(request: APIRequestContext): Promise<string[]> {
  return (await sitemapUrls(request)).map((u) => new URL(u).pathname);
}

export const isVenuePath = (p: string) => p.startsWith("/venue/");
export const isVenueTypePath = (p: string) => /^\/categories\/.+/.test(p);

/**
 * The venue pages of the demo content, in the sitemap's order: never a venue that a back-office
 * spec added meanwhile (the sitemap orders by id, so a new one can land at any index).
 */
export async function demoVenuePaths(request: APIRequestContext): Promise<string[]> {
  const demo = new Set(demoDirectory().venues.map((v) => v.id));
  return (await sitemapPaths(request)).filter(
    (p) => isVenuePath(p) && demo.has(parseVenueParam(p.slice("/venue/".length))),
  );
}
