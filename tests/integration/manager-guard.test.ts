import path from "node:path";
import { getTableName, is, sql } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { queryRows } from "../../app/infra/db.server";
import routes from "../../app/routes";
import * as schema from "../../database/schema";
import { inquiries, reviewReplies, reviews, venueManagers } from "../../database/schema";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { createTestApp, type TestApp } from "../setup/test-app";

// Issue 13, acceptance: a manager cannot read or write a venue they are not assigned to through
// any loader or action of /venue-manager/*, and a user and a signed-out visitor are refused
// everywhere, over real HTTP, with nothing changed in the database. The routes come from
// app/routes.ts (every route under routes/manager/), so a new manager route fails here until it
// has its line; each action is tried with every intent it takes. The assigned manager's own
// request, sent last, goes through (and writes), so the table tests real requests.

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[], parent = ""): { file: string; pattern: string }[] =>
  entries.flatMap((r) => {
    const pattern = r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
    return [{ file: r.file, pattern }, ...flatten(r.children ?? [], pattern)];
  });

const APP_DIR = path.resolve(import.meta.dirname, "../../app");
const MANAGER_ROUTES: { file: string; pattern: string; loader: boolean; action: boolean }[] = [];
for (const r of flatten(routes as RouteEntry[])) {
  if (!r.file.startsWith("routes/manager/")) continue;
  const mod = (await import(/* @vite-ignore */ path.join(APP_DIR, r.file))) as {
    loader?: unknown;
    action?: unknown;
  };
  MANAGER_ROUTES.push({
    ...r,
    loader: typeof mod.loader === "function",
    action: typeof mod.action === "function",
  });
}

type Ids = {
  venueId: string;
  faqId: string;
  reviewId: string;
  images: string[];
  typeId: string;
  inquiryId: string;
};

/**
 * Each loader: its address, and what the assigned manager gets (the stranger, a manager of another
 * venue, gets the same for the area's own lists, minus the venue; for one venue's page, the
 * dashboard with the spec's message).
 */
const LOADERS: Record<string, { path: (ids: Ids) => string; manager: 200 | 302 | 405; venueOnly: boolean }> =
  {
    "routes/manager/layout.tsx": { path: () => "/venue-manager/dashboard", manager: 200, venueOnly: false },
    "routes/manager/index.tsx": { path: () => "/venue-manager", manager: 302, venueOnly: false },
    "routes/manager/dashboard.tsx": {
      path: () => "/venue-manager/dashboard",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/venues.tsx": { path: () => "/venue-manager/venues", manager: 200, venueOnly: false },
    "routes/manager/edit-venue.tsx": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}`,
      manager: 200,
      venueOnly: true,
    },
    // The inquiry inbox, its CSV and one inquiry (issue 23).
    "routes/manager/inquiries.tsx": {
      path: () => "/venue-manager/inquiries",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/inquiries-export.ts": {
      path: () => "/venue-manager/inquiries/export.csv",
      manager: 200,
      venueOnly: false,
    },
    "routes/manager/inquiry.tsx": {
      path: (ids) => `/venue-manager/inquiries/${ids.inquiryId}`,
      manager: 200,
      venueOnly: true,
    },
    // The venue's availability calendar (issue 24).
    "routes/manager/venue-availability.tsx": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/availability`,
      manager: 200,
      venueOnly: true,
    },
    // The upload endpoint answers POSTs only; its GET still runs behind the guard.
    "routes/manager/venue-images.ts": {
      path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/images`,
      manager: 405,
      venueOnly: true,
    },
  };

const form = (fields: Record<string, string>) => ({
  body: new URLSearchParams(fields),
  headers: { "content-type": "application/x-www-form-urlencoded" },
});
const multipart = (fields: Record<string, string>, files: { field: string; bytes: Buffer }[] = []) => {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  for (const f of files)
    body.append(f.field, new Blob([new Uint8Array(f.bytes)], { type: "image/png" }), "p.png");
  return { body, headers: {} };
};

let photo: Buffer;
const inAMonth = () => new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);

/**
 * Every request each action takes, in the order the assigned manager sends them (state carries
 * over); `writes`: the table the manager's request changes, and `status`: its answer (200 unless
 * the action answers a form post with a redirect).
 */
const ACTION_REQUESTS: Record<
  string,
  {
    name: string;
    body: (ids: Ids) => { body: BodyInit; headers: Record<string, string> };
    writes: string;
    status?: number;
  }[]
> = {
  "routes/manager/edit-venue.tsx": [
    {
      name: "faq-add",
      body: () => form({ intent: "faq-add", question: "Guarded Q?", answer: "Guarded A." }),
      writes: "venue_faqs",
    },
    {
      name: "faq-save",
      body: (ids) =>
        form({ intent: "faq-save", faqId: ids.faqId, question: "Guarded edit?", answer: "Yes." }),
      writes: "venue_faqs",
    },
    // After faq-add there are two: the first moves down.
    {
      name: "faq-move",
      body: (ids) => form({ intent: "faq-move", faqId: ids.faqId, direction: "down" }),
      writes: "venue_faqs",
    },
    {
      name: "faq-delete",
      body: (ids) => form({ intent: "faq-delete", faqId: ids.faqId }),
      writes: "venue_faqs",
    },
    {
      name: "reply-save",
      body: (ids) => form({ intent: "reply-save", reviewId: ids.reviewId, reply: "Thank you, Guarded!" }),
      writes: "review_replies",
    },
    {
      name: "reply-delete",
      body: (ids) => form({ intent: "reply-delete", reviewId: ids.reviewId }),
      writes: "review_replies",
    },
    {
      name: "image-cover",
      body: (ids) => form({ intent: "image-cover", url: ids.images[2]! }),
      writes: "venues",
    },
    {
      name: "image-move",
      body: (ids) => form({ intent: "image-move", url: ids.images[1]!, direction: "up" }),
      writes: "venues",
    },
    {
      name: "image-remove",
      body: (ids) => form({ intent: "image-remove", url: ids.images[0]! }),
      writes: "venues",
    },
    {
      name: "details (multipart)",
      body: (ids) =>
        multipart({
          name: "Renamed By A Stranger",
          description: "x",
          addressLine1: "1 Main St",
          city: "Denver",
          postalCode: "80202",
          region: "Denver Metro & Surrounding Areas",
          category: ids.typeId,
          priceType: "single",
          price: "100",
          capacity: "10",
          latitude: "",
          longitude: "",
        }),
      writes: "venues",
    },
  ],
  "routes/manager/venue-images.ts": [
    { name: "upload", body: () => multipart({}, [{ field: "images", bytes: photo }]), writes: "venues" },
  ],
  "routes/manager/inquiry.tsx": [
    {
      name: "inquiry-reply",
      body: () => form({ intent: "reply", reply: "Thank you, Guarded couple!" }),
      writes: "inquiry_replies",
    },
    {
      name: "inquiry-status",
      body: () => form({ intent: "status", status: "booked" }),
      writes: "inquiries",
    },
  ],
  // Issue 24: the calendar's form posts answer with a redirect back to the page.
  "routes/manager/venue-availability.tsx": [
    {
      name: "mark",
      body: () => form({ intent: "mark", from: inAMonth(), to: inAMonth(), status: "booked" }),
      writes: "venue_availability",
      status: 302,
    },
    {
      name: "closures",
      body: () => form({ intent: "closures", month: "1" }),
      writes: "venue_closures",
      status: 302,
    },
    {
      name: "feed-rotate",
      body: () => form({ intent: "feed-rotate" }),
      writes: "venue_calendar_feeds",
      status: 302,
    },
  ],
};

let t: TestApp;
let http: HttpTestApp;
let ids: Ids;
let cookies: Record<"user" | "stranger" | "manager" | "admin", string>;
let tables: string[];
let loggedErrors: { mock: { calls: unknown[][] } };

beforeAll(async () => {
  t = await createTestApp();
  http = await startHttpApp(t);
  photo = await sharp({ create: { width: 900, height: 600, channels: 3, background: "#447755" } })
    .png()
    .toBuffer();
  const type = await createCategory(t.db, { name: "Guard Barn" });
  const images = ["/uploads/seed/a-800.webp", "/uploads/seed/b-800.webp", "/uploads/seed/c-800.webp"];
  const venue = await createVenue(t.db, { name: "Guarded Manor", categoryId: type.id, images });
  const other = await createVenue(t.db, { name: "Stranger's Own Barn", categoryId: type.id });
  await createFaq(t.db, venue.id, "Guarded question", 0);
  const [faq] = await queryRows<{ id: string }>(t.db, sql`select id from venue_faqs limit 1`);
  const reviewer = await t.signUp({ name: "Guarded Reviewer" });
  const [review] = await t.db
    .insert(reviews)
    .values({ venueId: venue.id, userId: reviewer.id, rating: 5, comment: "Guarded and lovely." })
    .returning();
  await t.db
    .insert(reviewReplies)
    .values({ reviewId: review!.id, userId: null, body: "Guarded first reply" });
  const manager = await t.signUp({ role: "venue_manager" });
  const stranger = await t.signUp({ role: "venue_manager" });
  await t.db.insert(venueManagers).values([
    { userId: manager.id, venueId: venue.id },
    { userId: stranger.id, venueId: other.id },
  ]);
  const [inquiry] = await t.db
    .insert(inquiries)
    .values({
      venueId: venue.id,
      name: "Guarded Couple",
      email: "guarded-couple@couple.example",
      message: "Is the Guarded Manor free in June?",
    })
    .returning();
  ids = {
    venueId: venue.id,
    faqId: faq!.id,
    reviewId: review!.id,
    images,
    typeId: type.id,
    inquiryId: inquiry!.id,
  };
  cookies = {
    user: (await t.signUp()).cookie,
    stranger: stranger.cookie,
    manager: manager.cookie,
    admin: (await t.signUp({ role: "admin" })).cookie,
  };
  tables = Object.values(schema)
    .filter((v) => is(v, PgTable))
    .map((v) => getTableName(v as PgTable))
    .filter((name) => name !== "sessions" && name !== "rate_limits")
    .sort();
  await (await http.fetch("/venue-manager/dashboard", { cookie: cookies.manager })).text();
  loggedErrors = vi.spyOn(t.app.logger, "error");
}, 180_000);
afterAll(async () => {
  await http?.close();
  await t?.close();
});

async function snapshot(): Promise<Record<string, string>> {
  const columns = tables
    .map(
      (name) =>
        `(select md5(coalesce(string_agg(x::text, '|' order by x::text), '')) from "${name}" x) as "${name}"`,
    )
    .join(", ");
  const [row] = await queryRows<Record<string, string>>(t.db, sql.raw(`select ${columns}`));
  return row!;
}
const changed = (a: Record<string, string>, b: Record<string, string>) => tables.filter((n) => a[n] !== b[n]);

const urlFor = (pattern: string) =>
  pattern.replace(":venueId", ids.venueId).replace(":inquiryId", ids.inquiryId);

/** Where a single-fetch (`.data`) answer sends the browser, or null when it is no redirect. */
function dataRedirect(res: Response, text: string): string | null {
  if (res.status !== 202 && res.status !== 204) return null;
  const m = /"redirect","([^"]+)"/.exec(text) ?? /redirect[^/]*?(\/[^"\s]*)/.exec(text);
  return m ? m[1]! : null;
}

describe("every venue-manager route (from app/routes.ts)", () => {
  it("finds the manager routes, each with a line here", () => {
    expect(MANAGER_ROUTES.length).toBeGreaterThanOrEqual(6);
    for (const r of MANAGER_ROUTES) {
      expect(r.loader || r.action, r.file).toBe(true);
      if (r.loader) expect(LOADERS[r.file], `${r.file}: add it to LOADERS`).toBeDefined();
      if (r.action)
        expect(ACTION_REQUESTS[r.file], `${r.file}: add its requests to ACTION_REQUESTS`).toBeDefined();
    }
  });

  for (const file of Object.keys(LOADERS)) {
    it(`${file}: a guest goes to /login, a user to /account, a manager of another venue sees nothing of it`, async () => {
      const spec = LOADERS[file]!;
      const url = spec.path(ids);
      const { pathname, search } = new URL(url, "http://x");
      const dataUrl = `${pathname}.data${search}`;
      const before = await snapshot();
      const errorsBefore = loggedErrors.mock.calls.length;
      for (const who of ["guest", "user", "stranger"] as const) {
        const cookie = who === "guest" ? undefined : cookies[who];
        const page = await http.fetch(url, { cookie });
        const html = await page.text();
        expect(html, `${who} GET ${url}`).not.toContain("Guarded");
        const res = await http.fetch(dataUrl, { cookie });
        const text = await res.text();
        expect(text, `${who} GET ${dataUrl}`).not.toContain("Guarded");
        expect(text).not.toContain(ids.reviewId);
        if (who === "stranger" && !spec.venueOnly) {
          // The area's own lists: the stranger's own venue, not this one.
          expect(page.status).toBe(spec.manager);
          continue;
        }
        const expected =
          who === "guest"
            ? `/login?redirectTo=${encodeURIComponent(url)}`
            : who === "user"
              ? "/account"
              : "/venue-manager/dashboard";
        if (who === "stranger" && spec.manager === 405) {
          // A POST-only address: nothing to read, for anyone.
          expect(page.status).toBe(405);
          continue;
        }
        expect(page.status, `${who} GET ${url}`).toBe(302);
        expect(page.headers.get("location"), `${who} GET ${url}`).toBe(expected);
        if (who !== "guest")
          expect(page.headers.get("set-cookie"), "the message travels as a flash toast").toMatch(/vv_flash=/);
        expect(res.headers.get("location") ?? dataRedirect(res, text), `${who} GET ${dataUrl}`).toBe(
          expected,
        );
      }
      expect(changed(before, await snapshot()), "tables changed by refused reads").toEqual([]);
      expect(loggedErrors.mock.calls.slice(errorsBefore), "errors logged while refusing").toEqual([]);

      for (const who of ["manager", "admin"] as const) {
        const res = await http.fetch(url, { cookie: cookies[who] });
        const html = await res.text();
        expect(res.status, `${who} GET ${url}`).toBe(spec.manager);
        if (spec.manager === 200 && (who === "manager" || spec.venueOnly))
          expect(html).toContain("Guarded Manor");
      }
    });
  }

  for (const [file, requests] of Object.entries(ACTION_REQUESTS)) {
    const route = () => MANAGER_ROUTES.find((r) => r.file === file)!;
    for (const spec of requests) {
      it(`${file} ${spec.name}: 401 for a guest, 403 for a user and a manager of another venue, nothing changes; the venue's manager goes through`, async () => {
        const url = urlFor(route().pattern);
        const dataUrl = `${url}.data`;
        const before = await snapshot();
        const errorsBefore = loggedErrors.mock.calls.length;
        for (const who of ["guest", "user", "stranger"] as const) {
          for (const target of [url, dataUrl]) {
            const { body, headers } = spec.body(ids);
            const res = await http.fetch(target, {
              method: "POST",
              body,
              headers,
              cookie: who === "guest" ? undefined : cookies[who],
            });
            const text = await res.text();
            const want = who === "guest" ? 401 : 403;
            if (target === dataUrl && res.status !== want)
              expect(text, `${who} POST ${target}`).toContain(String(want));
            else expect(res.status, `${who} POST ${target}: ${text.slice(0, 200)}`).toBe(want);
            if (who === "user")
              expect(text).toContain("You do not have permission to access the venue manager area");
            if (who === "stranger") expect(text).toContain("You do not have permission to manage this venue");
          }
        }
        expect(changed(before, await snapshot()), "tables changed by refused requests").toEqual([]);
        expect(loggedErrors.mock.calls.slice(errorsBefore), "errors logged while refusing").toEqual([]);

        const { body, headers } = spec.body(ids);
        const res = await http.fetch(url, { method: "POST", body, headers, cookie: cookies.manager });
        const text = await res.text();
        expect(res.status, `manager POST ${url}: ${text.slice(0, 300)}`).toBe(spec.status ?? 200);
        expect(changed(before, await snapshot()), `manager POST ${url} changed nothing`).toContain(
          spec.writes,
        );
        expect(loggedErrors.mock.calls.slice(errorsBefore), "errors logged serving the manager").toEqual([]);
      });
    }
  }
});
