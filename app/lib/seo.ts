import type { MetaDescriptor } from "react-router";
import { shortened } from "./format";

export type SiteInfo = { siteName: string; siteUrl: string; twitterSite?: string };

export const DEFAULT_DESCRIPTION =
  "Find your perfect Colorado wedding venue with our curated selection of stunning mountain views, rustic barns, and elegant venues.";
export const DEFAULT_SHARE_IMAGE = "/og-image.png";
/** What the default share image shows: the site's name over an illustrated mountain meadow. */
export const defaultShareImageAlt = (siteName: string) =>
  `${siteName}: Colorado Wedding Venues, over an illustrated mountain meadow at sunset`;

/** What search results show of a title and a description (issue 41). */
export const TITLE_MAX = 60;
export const META_DESCRIPTION_MAX = 160;

/** 'Venue Types | Vows & Vistas'; the page's own words alone when both do not fit in 60. */
export function pageTitle(title: string | undefined, siteName: string): string {
  if (!title) return siteName;
  const full = `${title} | ${siteName}`;
  return full.length <= TITLE_MAX ? full : shortened(title, TITLE_MAX);
}

export function absoluteUrl(site: SiteInfo, pathOrUrl: string): string {
  return /^https?:\/\//.test(pathOrUrl)
    ? pathOrUrl
    : `${site.siteUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export type PageSeo = {
  title?: string;
  description?: string;
  /** Canonical path, e.g. `/categories`; omitted for pages that should not be indexed. */
  path?: string;
  image?: string;
  /** The share image's alt text (og:image:alt, twitter:image:alt); the page title when omitted. */
  imageAlt?: string;
  noindex?: boolean;
  type?: "website" | "article" | "place";
  jsonLd?: object[];
};

/**
 * Every page's tags: title with the site suffix, description, canonical, Open Graph, X (Twitter),
 * robots. X reads the Open Graph title, description and image when its own tags are missing, so
 * only its card type, its image's alt text and the site's account are written for it (issue 42).
 */
export function seoMeta(site: SiteInfo, page: PageSeo): MetaDescriptor[] {
  const title = pageTitle(page.title, site.siteName);
  const description = shortened(page.description ?? DEFAULT_DESCRIPTION, META_DESCRIPTION_MAX);
  const image = absoluteUrl(site, page.image ?? DEFAULT_SHARE_IMAGE);
  const imageAlt = page.image ? (page.imageAlt ?? title) : defaultShareImageAlt(site.siteName);
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: page.noindex ? "noindex, nofollow" : "index, follow" },
    { property: "og:site_name", content: site.siteName },
    { property: "og:locale", content: "en_US" },
    { property: "og:title", content: title },
    { property: "og:description", content: description },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (site.twitterSite) tags.push({ name: "twitter:site", content: site.twitterSite });
  if (page.path !== undefined) {
    const url = absoluteUrl(site, page.path);
    tags.push({ tagName: "link", rel: "canonical", href: url }, { property: "og:url", content: url });
  }
  for (const ld of page.jsonLd ?? []) tags.push({ "script:ld+json": ld });
  return tags;
}

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

/** The site name and origin, from the root loader's data inside a route's `meta` function. */
/** The `meta` of a page whose words do not depend on its data: most pages'. */
export const pageMeta =
  (page: PageSeo) =>
  ({ matches }: { matches: readonly MatchLike[] }): MetaDescriptor[] =>
    seoMeta(siteFromMatches(matches), page);

export function siteFromMatches(matches: readonly MatchLike[]): SiteInfo {
  const root = matches.find((m) => m?.id === "root");
  const data = (root?.loaderData ?? root?.data) as { site?: SiteInfo } | undefined;
  return data?.site ?? { siteName: "Vows & Vistas", siteUrl: "" };
}

/** schema.org BreadcrumbList: the pages above this one, then itself, as its breadcrumb shows them. */
export function breadcrumbJsonLd(site: SiteInfo, trail: { name: string; path: string }[]): object {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name: crumb.name,
      item: absoluteUrl(site, crumb.path),
    })),
  };
}
