export type SitemapEntry = {
  loc: string;
  lastmod?: Date;
  changefreq?: "daily" | "weekly" | "monthly";
  priority?: number;
};

const escapeXml = (s: string) =>
  s.replace(
    /[<>&'"]/g,
    (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!,
  );

export function sitemapXml(entries: Iterable<SitemapEntry>): string {
  const urls: string[] = [];
  for (const e of entries) {
    urls.push(
      `<url><loc>${escapeXml(e.loc)}</loc>` +
        (e.lastmod ? `<lastmod>${e.lastmod.toISOString().slice(0, 10)}</lastmod>` : "") +
        (e.changefreq ? `<changefreq>${e.changefreq}</changefreq>` : "") +
        (e.priority !== undefined ? `<priority>${e.priority.toFixed(1)}</priority>` : "") +
        `</url>`,
    );
  }
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
}

export type SitemapIndexEntry = { loc: string; lastmod?: Date | null };

/** A sitemap index (sitemaps.org): where each sitemap file is and when it last changed. */
export function sitemapIndexXml(files: Iterable<SitemapIndexEntry>): string {
  const items: string[] = [];
  for (const f of files)
    items.push(
      `<sitemap><loc>${escapeXml(f.loc)}</loc>` +
        (f.lastmod ? `<lastmod>${f.lastmod.toISOString().slice(0, 10)}</lastmod>` : "") +
        `</sitemap>`,
    );
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items.join("\n")}\n</sitemapindex>\n`;
}

/** sitemaps.org: at most 50,000 URLs in one sitemap file. */
export const SITEMAP_MAX_URLS = 50_000;

/** The files of our sitemap index: `static.xml` and `venues-{n}.xml` (n from 1). */
export type SitemapFileName = { kind: "static" } | { kind: "venues"; page: number };

export function parseSitemapFile(name: string): SitemapFileName | null {
  if (name === "static.xml") return { kind: "static" };
  const m = /^venues-([1-9]\d{0,5})\.xml$/.exec(name);
  return m ? { kind: "venues", page: Number(m[1]) } : null;
}

export const sitemapFilePath = (f: SitemapFileName) =>
  f.kind === "static" ? "/sitemap/static.xml" : `/sitemap/venues-${f.page}.xml`;
