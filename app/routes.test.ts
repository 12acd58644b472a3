// The metrics label each request with its route pattern (lib/route-pattern.ts): for every path,
// the pattern React Router itself would match among these routes.
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routes from "./routes";
import { routeMatcher, routePatterns, type RouteEntry } from "./lib/route-pattern";

type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

// The app's routes twice: as React Router's manifest (flat, by parent) and as its route tree.
const manifest: Record<string, RouteEntry> = { root: { path: "" } };
const tree = (entries: ConfigEntry[], parentId: string): RouteObject[] =>
  entries.map((e) => {
    manifest[e.file] = { parentId, path: e.path, index: e.index };
    return e.index
      ? { id: e.file, index: true }
      : { id: e.file, path: e.path, children: tree(e.children ?? [], e.file) };
  });
const root: RouteObject[] = [{ id: "root", path: "", children: tree(routes as ConfigEntry[], "root") }];
const match = routeMatcher(routePatterns(manifest));

/** React Router's own answer: the joined paths of the matched branch, none for the catch-all. */
function expected(path: string): string | undefined {
  const matches = matchRoutes(root, path) ?? [];
  if (matches.at(-1)?.route.path === "*") return undefined;
  return `/${matches
    .map((m) => m.route.path ?? "")
    .filter(Boolean)
    .join("/")}`;
}

describe("route patterns", () => {
  const paths = [
    "/",
    "/venues",
    "/venues/",
    "/VENUES",
    "/venue/the-barn-3f2a",
    "/venue/the-barn-3f2a/inquiry",
    "/venue/a/b/c",
    "/categories/7",
    "/account",
    "/account/venues/abc",
    "/admin",
    "/admin/venues",
    "/admin/venues/import",
    "/admin/venues/export.csv",
    "/admin/edit-venue/123/availability",
    "/venue-manager/edit-venue/9/images",
    "/venue-manager/inquiries/export.csv",
    "/venue-manager/inquiries/55",
    "/sitemap.xml",
    "/sitemap/venues-1.xml",
    "/calendar/abc.ics",
    "/healthz",
    "/api/venues/map",
    "/wp-login.php",
    "/venue",
    "/admin/nothing/here",
  ];

  it("are React Router's match for every path", () => {
    for (const path of paths) expect(match(path), path).toBe(expected(path));
    expect(match("/venue/x")).toBe("/venue/:slugId");
    expect(match("/wp-login.php")).toBeUndefined();
  });

  it("put a data request under its page", () => {
    expect(match("/venue/the-barn-3f2a.data")).toBe("/venue/:slugId");
    expect(match("/_root.data")).toBe("/");
  });
});
