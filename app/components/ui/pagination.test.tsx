import { renderToStaticMarkup } from "react-dom/server";
import { MemoryRouter } from "react-router";
import { describe, expect, it } from "vitest";
import { Pagination } from "./pagination";

const render = (page: number, pageCount: number) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => `/list?view=list&page=${n}`}
        label="Venue pages"
      />
    </MemoryRouter>,
  );

const links = (html: string) =>
  [...html.matchAll(/<a ([^>]*)>/g)].map((m) => ({
    href: /href="([^"]*)"/.exec(m[1]!)?.[1]?.replaceAll("&amp;", "&"),
    label: /aria-label="([^"]*)"/.exec(m[1]!)?.[1],
    current: m[1]!.includes('aria-current="page"'),
    rel: /rel="([^"]*)"/.exec(m[1]!)?.[1],
  }));

describe("Pagination", () => {
  it("draws nothing for a single page", () => {
    expect(render(1, 1)).toBe("");
    expect(render(1, 0)).toBe("");
  });

  it("is a labelled nav of real links, the current page marked", () => {
    const html = render(2, 3);
    expect(html).toMatch(/^<nav aria-label="Venue pages"/);
    expect(links(html)).toEqual([
      { href: "/list?view=list&page=1", label: "Previous page", current: false, rel: "prev" },
      { href: "/list?view=list&page=1", label: "Page 1", current: false, rel: undefined },
      { href: "/list?view=list&page=2", label: "Page 2", current: true, rel: undefined },
      { href: "/list?view=list&page=3", label: "Page 3", current: false, rel: undefined },
      { href: "/list?view=list&page=3", label: "Next page", current: false, rel: "next" },
    ]);
  });

  it("leaves Previous inert on the first page and Next on the last", () => {
    const first = render(1, 2);
    expect(links(first).map((l) => l.label)).toEqual(["Page 1", "Page 2", "Next page"]);
    expect(first).toContain('aria-disabled="true"');
    const last = render(2, 2);
    expect(links(last).map((l) => l.label)).toEqual(["Previous page", "Page 1", "Page 2"]);
  });

  it("elides far pages and clamps a page past the end", () => {
    const html = render(50, 20);
    expect(links(html).map((l) => l.label)).toEqual(["Previous page", "Page 1", "Page 19", "Page 20"]);
    expect(links(html).find((l) => l.current)?.label).toBe("Page 20");
    expect(html).toContain("…");
  });
});
