import { E2E_ADMIN } from "./paths";
import { expect, loginViaApi, test } from "./fixtures";
import { sitemapUrls } from "./sitemap";

test("sitemap.xml is a well-formed index whose files list every approved venue exactly once", async ({
  page,
  request,
}) => {
  const index = await (await request.get("/sitemap.xml")).text();
  await loginViaApi(page, E2E_ADMIN); // the venue counts of /healthz are for admins
  const health = await (await page.request.get("/healthz")).json();
  await page.goto("/");
  const parse = (source: string) =>
    page.evaluate((xml) => {
      const doc = new DOMParser().parseFromString(xml, "application/xml");
      const entries = (tag: string) =>
        [...doc.getElementsByTagName(tag)].map((u) => ({
          loc: u.getElementsByTagName("loc")[0]?.textContent ?? "",
          lastmod: u.getElementsByTagName("lastmod")[0]?.textContent ?? null,
        }));
      return {
        errors: doc.getElementsByTagName("parsererror").length,
        root: doc.documentElement.nodeName,
        files: entries("sitemap"),
        urls: entries("url"),
      };
    }, source);
  const parsed = await parse(index);
  expect(parsed.errors).toBe(0);
  expect(parsed.root).toBe("sitemapindex");
  expect(parsed.files.length).toBeGreaterThanOrEqual(2);
  expect(parsed.files.every((f) => /^\d{4}-\d{2}-\d{2}$/.test(f.lastmod ?? ""))).toBe(true);
  const urls: { loc: string; lastmod: string | null }[] = [];
  for (const file of parsed.files) {
    const res = await request.get(new URL(file.loc).pathname);
    expect(res.status(), file.loc).toBe(200);
    const one = await parse(await res.text());
    expect(one.errors, file.loc).toBe(0);
    expect(one.root, file.loc).toBe("urlset");
    expect(one.urls.length, file.loc).toBeLessThanOrEqual(50_000);
    urls.push(...one.urls);
  }
  const venues = urls.filter((u) => u.loc.includes("/venue/"));
  expect(venues).toHaveLength(health.database.venues.approved);
  expect(new Set(venues.map((v) => v.loc)).size).toBe(venues.length);
  expect(venues.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v.lastmod ?? ""))).toBe(true);
  expect(urls.filter((u) => /\/categories\/[0-9a-f-]{36}$/.test(u.loc))).toHaveLength(12);
});

// Issue 8: a crawler that follows every link of the sitemap's pages finds none broken.
test("every link on the sitemap's pages leads to a page that answers", async ({ request, baseURL }) => {
  test.slow();
  // /venues (the search page) is built by its own issue: it and links to it count once it exists.
  const searchBuilt = (await request.get("/venues")).status() !== 404;
  const counted = (href: string) => searchBuilt || new URL(href).pathname !== "/venues";
  const pages = (await sitemapUrls(request)).map((u) => new URL(u).href).filter(counted);
  const status = new Map<string, number>();
  const foundOn = new Map<string, string>();
  const inBatches = async <T>(items: T[], work: (item: T) => Promise<void>) => {
    for (let i = 0; i < items.length; i += 8) await Promise.all(items.slice(i, i + 8).map(work));
  };
  await inBatches(pages, async (url) => {
    const res = await request.get(url);
    status.set(url, res.status());
    const html = await res.text();
    for (const m of html.matchAll(/<a\s[^>]*?href="([^"]+)"/g)) {
      const href = m[1]!.replace(/&amp;/g, "&");
      if (/^(mailto|tel):/.test(href)) continue;
      const target = new URL(href, url);
      if (target.origin !== new URL(baseURL!).origin) continue;
      target.hash = "";
      if (!foundOn.has(target.href)) foundOn.set(target.href, url);
    }
  });
  const targets = [...foundOn.keys()].filter((href) => !status.has(href) && counted(href));
  // A redirect off the site (a venue's website through /out/, ADR 029) answers with that redirect:
  // the site beyond is not ours, and this machine may not reach it.
  await inBatches(targets, async (href) => {
    const first = await request.get(href, { maxRedirects: 0 });
    const location = first.headers()["location"];
    const offSite = !!location && new URL(location, href).origin !== new URL(baseURL!).origin;
    const internalRedirect = first.status() >= 300 && first.status() < 400 && !offSite;
    status.set(href, internalRedirect ? (await request.get(href)).status() : first.status());
  });
  const broken = [...status]
    .filter(([, s]) => s >= 400)
    .map(([href, s]) => `${s} ${href} (on ${foundOn.get(href)})`);
  expect(broken).toEqual([]);
  expect(foundOn.size, "links followed").toBeGreaterThan(150);
});
