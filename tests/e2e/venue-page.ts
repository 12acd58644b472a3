import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures";
import { isVenuePath, sitemapPaths } from "./sitemap";

// What the venue page's tests share (public-venue-page.spec.ts, public-venue-page-gallery.spec.ts).

/** Venue paths listed in /sitemap.xml. */
export async function sitemapVenuePaths(request: APIRequestContext): Promise<string[]> {
  return (await sitemapPaths(request)).filter(isVenuePath);
}

/** The first venue in the sitemap whose page has at least two FAQs and more than one image. */
export async function findRichVenue(request: APIRequestContext): Promise<{ path: string; html: string }> {
  for (const path of await sitemapVenuePaths(request)) {
    const res = await request.get(path, { maxRedirects: 0 });
    expect(res.status(), `${path} from the sitemap answers 200`).toBe(200);
    const html = await res.text();
    const faqs = html.match(/<details name="venue-faq"/g)?.length ?? 0;
    if (faqs >= 2 && html.includes('aria-label="Show photo 2"')) return { path, html };
  }
  throw new Error("no venue in the sitemap has two FAQs and several images");
}

export async function openVenue(page: Page): Promise<{ path: string; name: string }> {
  const { path } = await findRichVenue(page.request);
  await page.goto(path);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  return { path, name };
}
