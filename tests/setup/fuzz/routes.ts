import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { venuePath } from "../../../app/lib/venue-url";
import routes from "../../../app/routes";
import { MALFORMED_SEGMENTS } from "./corpus";
import type { FuzzContext } from "./requests";

// The fuzz suite's view of app/routes.ts: the actions and loaders, the role each area wants, and
// real and malformed values for each dynamic URL segment.

/** Only the actions whose file contains this (for a quick run while working on one). */
export const ONLY = process.env.FUZZ_ONLY ?? "";

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
export type ActionRoute = { file: string; pattern: string; index: boolean; params: string[] };

function flatten(entries: RouteEntry[], parent = ""): Omit<ActionRoute, "params">[] {
  return entries.flatMap((r) => {
    const pattern = r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
    return [
      { file: r.file, pattern: pattern || "/", index: !!r.index },
      ...flatten(r.children ?? [], pattern),
    ];
  });
}

const paramsOf = (pattern: string) =>
  pattern
    .split("/")
    .filter((s) => s.startsWith(":") || s === "*")
    .map((s) => (s === "*" ? "*" : s.slice(1).replace(/\?$/, "")));

export const APP_DIR = path.resolve(import.meta.dirname, "../../../app");
export const ALL_ACTIONS: ActionRoute[] = [];
/** The routes with a loader: what a GET reaches. */
export const ALL_LOADERS: ActionRoute[] = [];
for (const r of flatten(routes as RouteEntry[])) {
  const mod = (await import(/* @vite-ignore */ path.join(APP_DIR, r.file))) as {
    action?: unknown;
    loader?: unknown;
  };
  if (typeof mod.action === "function" && r.file.includes(ONLY))
    ALL_ACTIONS.push({ ...r, params: paramsOf(r.pattern) });
  if (typeof mod.loader === "function") ALL_LOADERS.push({ ...r, params: paramsOf(r.pattern) });
}

/**
 * The signed-in persona's role, by the route's area: the role that area's guard lets in, so
 * that the requests reach the action (what other roles get is tests/integration/routes.test.ts's
 * business). A venue manager manages the action's venue.
 */
const AREA_ROLES: [fileStart: string, role: "admin" | "venue_manager"][] = [
  ["routes/admin/", "admin"],
  ["routes/manager/", "venue_manager"],
];
export const roleFor = (file: string) => AREA_ROLES.find(([start]) => file.startsWith(start))?.[1] ?? "user";

/** Real ids created in beforeAll (for each action its own), for the real values of URL segments. */
export type Known = {
  venue: { id: string; name: string };
  pendingVenue: { id: string; name: string };
  categoryId: string;
  /** The signed-in persona's account. */
  userId: string;
  /** An inquiry to `venue` (issue 23). */
  inquiryId: string;
  /** Another person's review of `venue` (issue 45). */
  reviewId: string;
};

/**
 * A real value and malformed ones for each dynamic URL segment an action route may have. An
 * action whose route has a segment not listed here fails until it gets a line.
 */
export const PARAMS: Record<string, { valid: (k: Known) => string; malformed: (k: Known) => string[] }> = {
  slugId: {
    valid: (k) => venuePath(k.venue).slice("/venue/".length),
    malformed: (k) => [
      ...MALFORMED_SEGMENTS,
      crypto.randomUUID(),
      venuePath(k.pendingVenue).slice("/venue/".length),
      k.venue.id.toUpperCase(),
      `wrong-slug-${k.venue.id}`,
      `${venuePath(k.venue).slice("/venue/".length)}%00`,
    ],
  },
  categoryId: {
    valid: (k) => k.categoryId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  venueId: {
    valid: (k) => k.venue.id,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  userId: {
    valid: (k) => k.userId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // An import's undo (issue 22): no import exists, so each request is answered 404.
  importId: {
    valid: () => "00000000-0000-4000-8000-000000000022",
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  inquiryId: {
    valid: (k) => k.inquiryId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // The report page of a review (issue 45).
  reviewId: {
    valid: (k) => k.reviewId,
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // A claim's mailed link (issue 45): no such claim and no signature, so every post is refused.
  claimId: {
    valid: () => "00000000-0000-4000-8000-000000000045",
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // A saved search's signed links (issue 44): without their signature, every post is refused.
  act: { valid: () => "off", malformed: () => [...MALFORMED_SEGMENTS, "confirm-all"] },
  // A site visit's page (issue 45): no visit exists and no link is signed, so each post is a 404.
  tourId: {
    valid: () => "00000000-0000-4000-8000-000000000045",
    malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()],
  },
  // An account deletion's mailed link (issue 46): none was mailed, so every post is refused (410).
  token: {
    valid: () => "no-such-deletion-link-0123456789",
    malformed: () => [...MALFORMED_SEGMENTS, "a".repeat(500)],
  },
  // Downloads of one's data (issue 46): the form posts without an id; with one, a post is refused.
  exportId: { valid: () => "", malformed: () => [...MALFORMED_SEGMENTS, crypto.randomUUID()] },
  // A sitemap's file or a calendar feed's (secret) file name: none of these exist.
  file: { valid: () => "venues-1.xml", malformed: () => [...MALFORMED_SEGMENTS, "venues-0.xml", "x.ics"] },
  "*": { valid: () => "no/such/page", malformed: () => MALFORMED_SEGMENTS },
};

/**
 * Every page and endpoint that takes a day or a month in its query (issue 39), with the route
 * file that answers it and the role it is asked as; `{id}` is a venue's id, `{slug}` its path
 * segment, and the hostile value goes last. A route file that reads `date` or `month` from its
 * query and has no line here fails the test until it gets one.
 */
export const DATE_PAGES: { file: string; path: string; role?: "admin" | "venue_manager" }[] = [
  { file: "routes/public/venues.tsx", path: "/venues?view=list&date=" },
  { file: "routes/public/venues.tsx", path: "/venues?month=" },
  { file: "routes/resources/venues-map.ts", path: "/api/venues/map?bbox=36,-110,42,-101&zoom=7&date=" },
  { file: "routes/resources/venues-map.ts", path: "/api/venues/map?month=" },
  { file: "routes/public/compare.tsx", path: "/compare?ids={id}&guests=80&date=" },
  { file: "routes/public/compare.tsx", path: "/compare?add={id}&date=" },
  { file: "routes/public/venue.tsx", path: "/venue/{slug}?guests=80&date=" },
  {
    file: "routes/manager/venue-availability.tsx",
    path: "/venue-manager/edit-venue/{id}/availability?month=",
    role: "venue_manager",
  },
  {
    file: "routes/manager/edit-venue.tsx",
    path: "/venue-manager/edit-venue/{id}?tab=availability&month=",
    role: "venue_manager",
  },
  {
    file: "routes/admin/venue-availability.tsx",
    path: "/admin/edit-venue/{id}/availability?month=",
    role: "admin",
  },
];

/** The route files that read `date` or `month` from a query. */
export const readsDates = (file: string) =>
  /\.get\("(date|month)"\)/.test(fs.readFileSync(path.join(APP_DIR, file), "utf8"));

export function pathsFor(action: ActionRoute, known: Known): FuzzContext["paths"] {
  const fill = (values: Record<string, string>) =>
    action.pattern
      .split("/")
      .map((s) => (s === "*" ? values["*"] : s.startsWith(":") ? values[s.slice(1).replace(/\?$/, "")] : s))
      .join("/");
  const valid = Object.fromEntries(action.params.map((p) => [p, PARAMS[p]!.valid(known)]));
  return {
    valid: [fill(valid)],
    malformed: action.params.flatMap((p) =>
      PARAMS[p]!.malformed(known).map((m) => fill({ ...valid, [p]: m })),
    ),
  };
}

/**
 * The parts the suite runs in, one test file each (tests/integration/fuzz-*.test.ts), so that
 * Vitest's workers run them at once; every route file is in exactly one. The back office is the
 * longest to fuzz: its admin area's venue screens, the rest of the admin area, the manager area.
 */
export type FuzzPart = "site" | "admin-venues" | "admin" | "manager";
export function partOf(file: string): FuzzPart {
  if (file.startsWith("routes/manager/")) return "manager";
  if (/^routes\/admin\/(venues|edit-venue|venue-availability|venue-faqs)\b/.test(file)) return "admin-venues";
  if (file.startsWith("routes/admin/")) return "admin";
  return "site";
}
