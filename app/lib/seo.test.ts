import { describe, expect, it } from "vitest";
import { pageMeta, breadcrumbJsonLd, defaultShareImageAlt, pageTitle, seoMeta, siteFromMatches } from "./seo";

const site = { siteName: "Vows & Vistas", siteUrl: "https://vows.example" };

describe("seoMeta", () => {
  it("suffixes titles with the site name and defaults to the site name alone", () => {
    expect(pageTitle("Venue Types", "Vows & Vistas")).toBe("Venue Types | Vows & Vistas");
    expect(pageTitle(undefined, "Vows & Vistas")).toBe("Vows & Vistas");
  });

  it("keeps titles within 60 characters and descriptions within 160 (issue 41)", () => {
    // 57 characters of the page's own: the site name goes.
    const own = "Chapel at the Lake of the Pines, Evergreen, CO Wedding Venue";
    expect(pageTitle(own, "Vows & Vistas")).toBe(own);
    const long = "The Grand Ballroom at the Historic Brown Palace Hotel and Spa, Denver, CO Wedding Venue";
    const title = pageTitle(long, "Vows & Vistas");
    expect(title).toBe("The Grand Ballroom at the Historic Brown Palace Hotel and...");
    expect(title.length).toBeLessThanOrEqual(60);
    const description = seoMeta(site, { description: "word ".repeat(60) }).find(
      (t) => "name" in t && t.name === "description",
    ) as { content: string };
    expect(description.content.length).toBeLessThanOrEqual(160);
    expect(description.content).toMatch(/word\.\.\.$/);
  });

  it("builds canonical, social and robots tags from absolute URLs", () => {
    const tags = seoMeta(site, { title: "Login", path: "/login" });
    expect(tags).toContainEqual({ tagName: "link", rel: "canonical", href: "https://vows.example/login" });
    expect(tags).toContainEqual({ property: "og:image", content: "https://vows.example/og-image.png" });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
    expect(tags).toContainEqual({ name: "robots", content: "index, follow" });
  });

  it("leaves the title, description and image to Open Graph, which X reads when its own are missing", () => {
    const tags = seoMeta(site, { title: "Login", description: "Sign in.", image: "/uploads/a.webp" });
    expect(tags).toContainEqual({ property: "og:title", content: "Login | Vows & Vistas" });
    expect(tags).toContainEqual({ property: "og:description", content: "Sign in." });
    expect(tags).toContainEqual({ property: "og:image", content: "https://vows.example/uploads/a.webp" });
    const names = tags.flatMap((t) => ("name" in t ? [String(t.name)] : []));
    expect(names.filter((n) => n.startsWith("twitter:"))).toEqual(["twitter:card", "twitter:image:alt"]);
  });

  it("names the locale, and the site's X account only when one is configured", () => {
    expect(seoMeta(site, {})).toContainEqual({ property: "og:locale", content: "en_US" });
    expect(seoMeta(site, {}).some((t) => "name" in t && t.name === "twitter:site")).toBe(false);
    expect(seoMeta({ ...site, twitterSite: "@vowsandvistas" }, {})).toContainEqual({
      name: "twitter:site",
      content: "@vowsandvistas",
    });
  });

  it("gives a page's breadcrumb trail with absolute URLs", () => {
    expect(breadcrumbJsonLd(site, [{ name: "Home", path: "/" }])).toMatchObject({
      "@type": "BreadcrumbList",
      itemListElement: [{ "@type": "ListItem", position: 1, name: "Home", item: "https://vows.example/" }],
    });
  });

  it("describes the share image for screen readers on both social cards", () => {
    const alt = (tags: ReturnType<typeof seoMeta>) =>
      [
        tags.find((t) => "property" in t && t.property === "og:image:alt"),
        tags.find((t) => "name" in t && t.name === "twitter:image:alt"),
      ] as ({ content: string } | undefined)[];
    expect(alt(seoMeta(site, { title: "Login" }))).toEqual([
      { property: "og:image:alt", content: defaultShareImageAlt("Vows & Vistas") },
      { name: "twitter:image:alt", content: defaultShareImageAlt("Vows & Vistas") },
    ]);
    const venue = seoMeta(site, {
      title: "Aspen Barn",
      image: "/uploads/a.webp",
      imageAlt: "Aspen Barn, photo 1",
    });
    expect(alt(venue).map((t) => t?.content)).toEqual(["Aspen Barn, photo 1", "Aspen Barn, photo 1"]);
    const untitled = seoMeta(site, { title: "Barns", image: "/uploads/b.webp" });
    expect(alt(untitled).map((t) => t?.content)).toEqual(["Barns | Vows & Vistas", "Barns | Vows & Vistas"]);
  });

  it("marks noindex pages and leaves out the canonical link when there is no path", () => {
    const tags = seoMeta(site, { title: "Oops", noindex: true });
    expect(tags).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(tags.some((t) => "rel" in t && t.rel === "canonical")).toBe(false);
  });

  it("reads the site from the root match", () => {
    expect(siteFromMatches([{ id: "root", loaderData: { site } }])).toEqual(site);
  });
});

describe("pageMeta", () => {
  it("is seoMeta for the site the root loader names", () => {
    const site = { siteName: "Aspen Vows", siteUrl: "https://aspen.example" };
    const page = { title: "Privacy Policy", path: "/privacy" };
    expect(pageMeta(page)({ matches: [{ id: "root", loaderData: { site } }] })).toEqual(seoMeta(site, page));
  });
});
