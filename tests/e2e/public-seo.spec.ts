import { expect, test } from "./fixtures";

test("sitemap.xml is well-formed and lists every approved venue exactly once", async ({ page, request }) => {
  const xml = await (await request.get("/sitemap.xml")).text();
  const health = await (await request.get("/healthz")).json();
  await page.goto("/");
  const parsed = await page.evaluate((source) => {
    const doc = new DOMParser().parseFromString(source, "application/xml");
    return {
      errors: doc.getElementsByTagName("parsererror").length,
      root: doc.documentElement.nodeName,
      urls: [...doc.getElementsByTagName("url")].map((u) => ({
        loc: u.getElementsByTagName("loc")[0]?.textContent ?? "",
        lastmod: u.getElementsByTagName("lastmod")[0]?.textContent ?? null,
      })),
    };
  }, xml);
  expect(parsed.errors).toBe(0);
  expect(parsed.root).toBe("urlset");
  const venues = parsed.urls.filter((u) => u.loc.includes("/venue/"));
  expect(venues).toHaveLength(health.database.venues.approved);
  expect(new Set(venues.map((v) => v.loc)).size).toBe(venues.length);
  expect(venues.every((v) => /^\d{4}-\d{2}-\d{2}$/.test(v.lastmod ?? ""))).toBe(true);
  expect(parsed.urls.filter((u) => /\/categories\/[0-9a-f-]{36}$/.test(u.loc))).toHaveLength(12);
});
