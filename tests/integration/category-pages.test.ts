// A venue type's page lists its approved venues 24 at a time (ADR 014): `?page=N`, real links,
// each page its own canonical, a page past the end a 404, a malformed page the first page.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as categoryPage from "../../app/routes/public/category";
import { PAGE_SIZE } from "../../app/lib/search";
import { createCategory, createVenue } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { createTestApp, run, type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
let typeId: string;
/** The type's approved venues in the page order: featured, then rating, then name. */
const expected: string[] = [];
const TOTAL = PAGE_SIZE * 2 + 3;

type PageData = {
  page: number;
  pageCount: number;
  category: { count: number };
  venues: { id: string; name: string }[];
};

const load = async (query: string) =>
  run(async () =>
    categoryPage.loader(await t.args(t.request(`/categories/${typeId}${query}`), { categoryId: typeId })),
  );

/** The server-rendered link with this accessible name. */
function link(html: string, label: string) {
  const tag = [...html.matchAll(/<a ([^>]*)>/g)]
    .map((m) => m[1]!)
    .find((a) => a.includes(`aria-label="${label}"`));
  if (!tag) return null;
  return {
    href: /href="([^"]*)"/.exec(tag)?.[1]?.replaceAll("&amp;", "&"),
    rel: /rel="([^"]*)"/.exec(tag)?.[1],
    current: tag.includes('aria-current="page"'),
  };
}

beforeAll(async () => {
  t = await createTestApp();
  typeId = (await createCategory(t.db, { name: "Barn" })).id;
  const other = (await createCategory(t.db, { name: "Garden" })).id;
  type Made = { id: string; name: string; rating: number };
  const featured: Made[] = [];
  const rest: Made[] = [];
  for (let i = 0; i < TOTAL; i++) {
    // Two-digit names sort as numbers; a few equal names and ratings check the id tie-break.
    const name = `Barn ${String(i % (TOTAL - 5)).padStart(2, "0")}`;
    const isFeatured = i % 10 === 0;
    const rating = i % 3;
    const v = await createVenue(t.db, { categoryId: typeId, name, isFeatured, rating });
    (isFeatured ? featured : rest).push({ id: v.id, name, rating });
  }
  await createVenue(t.db, { categoryId: typeId, name: "Barn Pending", isApproved: false });
  await createVenue(t.db, { categoryId: other, name: "Elsewhere" });
  const order = (a: Made, b: Made) =>
    b.rating - a.rating || (a.name < b.name ? -1 : a.name > b.name ? 1 : a.id < b.id ? -1 : 1);
  expected.push(...featured.sort(order).map((v) => v.id), ...rest.sort(order).map((v) => v.id));
  web = await startHttpApp(t);
}, 120_000);
afterAll(async () => {
  await web?.close();
  await t?.close();
});

describe("a venue type's pages", () => {
  it("shows the first 24 venues on page 1 and counts every approved one", async () => {
    const r = await load("");
    const d = r.data as PageData;
    expect(r.status).toBe(200);
    expect(d).toMatchObject({ page: 1, pageCount: 3, category: { count: TOTAL } });
    expect(d.venues).toHaveLength(PAGE_SIZE);
  });

  it("shows the next 24 on page 2 and the rest on page 3, each venue once, in order", async () => {
    const ids: string[] = [];
    for (const page of [1, 2, 3]) {
      const d = (await load(page === 1 ? "" : `?page=${page}&view=list`)).data as PageData;
      expect(d.page).toBe(page);
      ids.push(...d.venues.map((v) => v.id));
    }
    expect(ids).toEqual(expected);
    const third = (await load("?page=3")).data as PageData;
    expect(third.venues).toHaveLength(3);
  });

  it("answers 404 past the last page, and the first page for a malformed one", async () => {
    const past = await load("?page=4");
    expect(past.status).toBe(404);
    expect(past.data).toMatchObject({ firstPage: `/categories/${typeId}` });
    for (const junk of ["?page=abc", "?page=0", "?page=-2", "?page=1.5", "?page=", "?page=99999999999999"]) {
      const r = await load(junk);
      expect(r.status, junk).toBe(200);
      expect((r.data as PageData).page, junk).toBe(1);
    }
  });

  it("renders real page links, each page its own canonical, over HTTP", async () => {
    const res = await web.fetch(`/categories/${typeId}?page=2&view=list`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('aria-label="Barn venue pages"');
    const path = `/categories/${typeId}`;
    expect(link(html, "Previous page")).toMatchObject({ href: `${path}?view=list`, rel: "prev" });
    expect(link(html, "Page 1")).toMatchObject({ href: `${path}?view=list`, current: false });
    expect(link(html, "Page 2")).toMatchObject({ href: `${path}?page=2&view=list`, current: true });
    expect(link(html, "Page 3")).toMatchObject({ href: `${path}?page=3&view=list`, current: false });
    expect(link(html, "Next page")).toMatchObject({ href: `${path}?page=3&view=list`, rel: "next" });
    expect(html).toContain(
      `<link rel="canonical" href="http://localhost:3000/categories/${typeId}?page=2"/>`,
    );
    expect(html).toContain(`<link rel="prev" href="http://localhost:3000/categories/${typeId}"/>`);
    expect(html).toContain(`<link rel="next" href="http://localhost:3000/categories/${typeId}?page=3"/>`);
    expect(html).toContain("Page 2 of 3");
    const first = await (await web.fetch(`/categories/${typeId}`)).text();
    expect(first).toContain(`<link rel="canonical" href="http://localhost:3000/categories/${typeId}"/>`);
    expect(first).not.toContain('rel="prev"');
    const past = await web.fetch(`/categories/${typeId}?page=9`);
    expect(past.status).toBe(404);
    const body = await past.text();
    expect(body).toContain("Page Not Found");
    expect(body).toContain("noindex");
  });
});
