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
