// What search engines read (issue 27): every listed page has a title and a description of its
// own, cut descriptions end at a word, and each page has one address (a trailing slash is a 301).
import { describe, expect, it } from "vitest";
import { venuePath } from "../../app/lib/venue-url";
import { createCategory, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
const descriptions = new Map<string, string>();
let venueAddress: string;
let categoryId: string;

const TOWNS = ["Boulder", "Estes Park", "Aspen", "Durango", "Salida", "Golden"];
const WORDS = "timber barn meadow aspen grove lakeside terrace chapel ballroom vineyard ranch canyon".split(
  " ",
);

withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    const barn = await createCategory(t.db, { name: "Barn" });
    categoryId = barn.id;
    // Three pages of results; long descriptions whose 157th character falls inside a word.
    for (let i = 0; i < 55; i++) {
      const words = Array.from({ length: 40 }, (_, k) => WORDS[(i * 7 + k * 3) % WORDS.length]);
      const description = `Venue ${i}: ${words.join(" ")}.`;
      const venue = await createVenue(t.db, {
        name: `Findable Hall ${i}`,
        city: TOWNS[i % TOWNS.length]!,
        description,
        categoryId: i % 2 ? barn.id : undefined,
      });
      descriptions.set(venuePath(venue), description);
    }
    venueAddress = [...descriptions.keys()][0]!;
  },
  { timeout: 120_000 },
);

const decode = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<");

async function head(path: string): Promise<{ title: string; description: string }> {
  const res = await web.fetch(path, { headers: { accept: "text/html" } });
  expect(res.status, path).toBe(200);
  const html = await res.text();
  return {
    title: decode(/<title>([^<]*)<\/title>/.exec(html)![1]!),
    description: decode(/<meta name="description" content="([^"]*)"/.exec(html)![1]!),
  };
}

const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);

describe("titles and descriptions", () => {
  it("are unique across the sitemap's pages and the first three pages of /venues", async () => {
    const files = locsOf(await (await web.fetch("/sitemap.xml")).text());
    const pages: string[] = [];
    for (const file of files) pages.push(...locsOf(await (await web.fetch(file)).text()));
    expect(pages).toEqual(expect.arrayContaining(["/", "/terms", "/privacy", `/categories/${categoryId}`]));
    pages.push("/venues?page=2", "/venues?page=3");

    const seen = { title: new Map<string, string>(), description: new Map<string, string>() };
    for (const path of pages) {
      const tags = await head(path);
      for (const kind of ["title", "description"] as const) {
        expect(seen[kind].get(tags[kind]), `${path} repeats the ${kind} of another page`).toBeUndefined();
        seen[kind].set(tags[kind], path);
      }
      const full = descriptions.get(path);
      if (full && tags.description.endsWith("...")) {
        // Cut at a word's end: the cut text is the description up to a space or punctuation.
        const kept = tags.description.slice(0, -3);
        expect(full.startsWith(kept), path).toBe(true);
        expect(full[kept.length], `${path}: "${tags.description}"`).toMatch(/[\s,.;:!?]/);
        expect(kept.length).toBeLessThanOrEqual(157);
      }
      // What a search result shows whole (issue 41).
      expect(tags.title.length, `${path}: "${tags.title}"`).toBeLessThanOrEqual(60);
      expect(tags.description.length, `${path}: "${tags.description}"`).toBeLessThanOrEqual(160);
    }
    expect(seen.title.size).toBe(pages.length);
  });

  it("put the venue's name and town first", async () => {
    const { title } = await head(venueAddress);
    expect(title).toMatch(/^Findable Hall 0, Boulder, CO Wedding Venue \| /);
  });
});

describe("one address per page", () => {
  it("answers a trailing slash with a 301 to the address without it, query kept", async () => {
    for (const path of [
      "/venues/",
      "/terms/",
      "/privacy/",
      "/categories/",
      `/categories/${categoryId}/`,
      "/login/",
      `${venueAddress}/`,
      "/venues/?page=2",
    ]) {
      const res = await web.fetch(path);
      expect(res.status, path).toBe(301);
      expect(res.headers.get("location"), path).toBe(path.replace(/\/(\?|$)/, "$1"));
    }
  });

  it("never turns a slash into another site's address", async () => {
    const res = await web.fetch("//evil.example/");
    expect(res.status).toBe(301);
    expect(res.headers.get("location")).toBe("/evil.example");
  });
});
