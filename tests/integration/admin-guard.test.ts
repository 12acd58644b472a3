import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { queryRows } from "../../app/infra/db.server";
import * as schema from "../../database/schema";
import { toAppUser } from "../../app/lib/user";
import { deleteVenueAsAdmin } from "../../app/services/admin-venues.server";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import {
  dataUrlOf,
  expectAnswer,
  expectDataRedirect,
  expectRefusedPosts,
  form,
  inAMonth,
  multipart,
  routesUnder,
  strangersVenueEdit,
  type Body,
  watchTables,
} from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 12, acceptance: every admin action refuses a signed-out visitor (401), a user (403) and
// a venue manager (403), over real HTTP, and nothing in the database changes. The actions come
// from app/routes.ts (every route under routes/admin/ with an action), so a new admin action is
// covered without touching this file; a new dynamic segment needs a line in PARAMS. Each
// request is one an admin could send (the admin's own request, sent last, does change the
// data where the action writes), and it goes to the page's address and to its single-fetch
// `.data` address, as the browser's fetchers send it. The runner: tests/setup/guard-runner.ts.

const ADMIN_ROUTES = await routesUnder("routes/admin/");
const ACTIONS = ADMIN_ROUTES.filter((r) => r.action);
const LOADERS = ADMIN_ROUTES.filter((r) => r.loader);

/**
 * What an admin's GET of each admin loader answers (the refusals are the same for all): 200, or
 * the redirect of an address that only forwards (bare /admin, a FAQ address without an id).
 * `path` replaces the route's own pattern where the page needs more than its segments.
 */
const LOADER_GETS: Record<string, { path?: string; admin: 200 | 302 | 405 }> = {
  "routes/admin/layout.tsx": { path: "/admin/dashboard", admin: 200 },
  "routes/admin/index.tsx": { path: "/admin", admin: 302 },
  "routes/admin/dashboard.tsx": { admin: 200 },
  "routes/admin/pending.tsx": { admin: 200 },
  "routes/admin/claims.tsx": { admin: 200 },
  "routes/admin/venues.tsx": { path: "/admin/venues?q=guarded&sort=capacity&dir=desc", admin: 200 },
  "routes/admin/edit-venue.tsx": { admin: 200 },
  "routes/admin/users.tsx": { path: "/admin/users?q=test", admin: 200 },
  "routes/admin/user-venues.ts": { admin: 200 },
  "routes/admin/venue-categories.tsx": { admin: 200 },
  "routes/admin/venue-amenities.tsx": { admin: 200 },
  "routes/admin/venue-faqs-index.tsx": { admin: 302 },
  "routes/admin/venue-faqs.tsx": { admin: 200 },
  // The import panel's endpoint answers POSTs only; its GET still runs behind the guard.
  "routes/admin/venues-import.ts": { admin: 405 },
  "routes/admin/venues-export.ts": { path: "/admin/venues/export.csv?q=guarded&sort=capacity", admin: 200 },
  "routes/admin/venues-trash.tsx": { admin: 200 },
  "routes/admin/import-undo.tsx": { admin: 200 },
  "routes/admin/venue-availability.tsx": { admin: 200 },
  "routes/admin/activity.tsx": { path: "/admin/activity?page=1", admin: 200 },
  "routes/admin/reviews.tsx": { admin: 200 },
};

type Ids = {
  venueId: string;
  /** A venue of its own for the venue list's delete, so the other actions keep theirs. */
  deleteId: string;
  pendingId: string;
  userId: string;
  typeId: string;
  faqId: string;
  /** Issue 22: a venue for the bulk delete, one in the trash, and an import that added one. */
  bulkId: string;
  trashedId: string;
  importId: string;
  /** Issue 45: a review for the moderation queue's hide. */
  reviewId: string;
  /** Issue 45: a pending claim of a listing, for the claims queue's decision. */
  claimId: string;
};
const PARAMS: Record<string, (ids: Ids) => string> = {
  venueId: (ids) => ids.venueId,
  userId: (ids) => ids.userId,
  importId: (ids) => ids.importId,
};

/** What an admin would send to each action (`writes`: the admin's request changes the data). */
const REQUESTS: Record<string, { query?: string; body: (ids: Ids) => Body; writes: boolean }> = {
  "routes/admin/dashboard.tsx": { body: () => form({ intent: "check-sitemap" }), writes: false },
  "routes/admin/pending.tsx": {
    body: (ids) => form({ intent: "approve", venueId: ids.pendingId }),
    writes: true,
  },
  "routes/admin/users.tsx": { body: (ids) => form({ intent: "promote", userId: ids.userId }), writes: true },
  "routes/admin/claims.tsx": {
    body: (ids) => form({ intent: "reject", claimId: ids.claimId, reason: "" }),
    writes: true,
  },
  "routes/admin/venue-categories.tsx": {
    body: () => multipart({ intent: "create", name: "Guarded Type", description: "" }),
    writes: true,
  },
  "routes/admin/venue-amenities.tsx": {
    body: () => form({ intent: "create", name: "Guarded Amenity" }),
    writes: true,
  },
  "routes/admin/venue-faqs.tsx": {
    body: (ids) => form({ intent: "delete", faqId: ids.faqId }),
    writes: true,
  },
  "routes/admin/venues.tsx": {
    body: (ids) => form({ intent: "delete", venueId: ids.deleteId }),
    writes: true,
  },
  "routes/admin/venues-bulk.tsx": {
    body: (ids) => form({ intent: "delete", confirmed: "1", ids: ids.bulkId }),
    writes: true,
  },
  "routes/admin/venues-trash.tsx": {
    body: (ids) => form({ intent: "restore", venueId: ids.trashedId }),
    writes: true,
  },
  "routes/admin/import-undo.tsx": {
    body: () => form({ returnTo: "/admin/dashboard" }),
    writes: true,
  },
  // Issue 45: a review hidden with a published reason.
  "routes/admin/reviews.tsx": {
    body: (ids) => form({ intent: "hide", reviewId: ids.reviewId, reason: "Guarded reason." }),
    writes: true,
  },
  // Issue 24: a month from today marked booked on the venue's calendar.
  "routes/admin/venue-availability.tsx": {
    body: () => form({ intent: "mark", from: inAMonth(), to: inAMonth(), status: "booked" }),
    writes: true,
  },
  "routes/admin/edit-venue.tsx": {
    body: (ids) => strangersVenueEdit(ids.typeId),
    writes: true,
  },
  // The preview an admin sends first (an import then needs the preview's token; it writes nothing).
  "routes/admin/venues-import.ts": {
    body: () =>
      multipart({ intent: "preview" }, [
        {
          field: "file",
          name: "venues.csv",
          type: "text/csv",
          bytes:
            "name,description,location,website,phone,email,region,lowPrice,highPrice,capacity,category,amenities,imageUrls,logoUrl\n" +
            'Guarded Import Hall,A hall,"1 Main St, Denver, Colorado 80202",,,,Denver Metro & Surrounding Areas,,,50,Guard Lodge,,,\n',
        },
      ]),
    writes: false,
  },
};

let t: TestApp;
let http: HttpTestApp;
let ids: Ids;
let cookies: Record<"user" | "venue_manager" | "admin", string>;
let watch: ReturnType<typeof watchTables>;

withHttpApp(async (app) => {
  ({ t, http } = app);
  const type = await createCategory(t.db, { name: "Guard Lodge" });
  const venue = await createVenue(t.db, { name: "Guarded Hall", categoryId: type.id });
  const submitter = await t.signUp();
  const pending = await createVenue(t.db, {
    name: "Guarded Pending",
    isApproved: false,
    userId: submitter.id,
  });
  await createFaq(t.db, venue.id, "Guarded question", 10);
  const [faq] = await queryRows<{ id: string }>(t.db, sql`select id from venue_faqs limit 1`);
  const manager = await t.signUp({ role: "venue_manager" });
  // The venue manager manages the very venue the requests name: still no admin.
  await t.db.execute(sql`insert into venue_managers (user_id, venue_id) values (${manager.id}, ${venue.id})`);
  const target = await t.signUp();
  const doomed = await createVenue(t.db, { name: "Guarded Doomed Hall", categoryId: type.id });
  const bulk = await createVenue(t.db, { name: "Guarded Bulk Hall", categoryId: type.id });
  const trashed = await createVenue(t.db, { name: "Guarded Trashed Hall", categoryId: type.id });
  const imported = await createVenue(t.db, { name: "Guarded Imported Hall", categoryId: type.id });
  const admin = await t.signUp({ role: "admin" });
  await deleteVenueAsAdmin(t.app, toAppUser({ ...admin, name: "Admin", role: "admin" }), trashed.id);
  const [record] = await t.db.insert(schema.csvImports).values({ fileName: "guarded.csv" }).returning();
  await t.db
    .insert(schema.csvImportVenues)
    .values({ importId: record!.id, venueId: imported.id, action: "added" });
  const [review] = await t.db
    .insert(schema.reviews)
    .values({ venueId: venue.id, userId: submitter.id, rating: 2, comment: "Guarded review." })
    .returning();
  const [claim] = await t.db
    .insert(schema.venueClaims)
    .values({ venueId: venue.id, userId: target.id, method: "admin", note: "Guarded claim" })
    .returning();
  ids = {
    venueId: venue.id,
    deleteId: doomed.id,
    pendingId: pending.id,
    userId: target.id,
    typeId: type.id,
    faqId: faq!.id,
    bulkId: bulk.id,
    trashedId: trashed.id,
    importId: record!.id,
    reviewId: review!.id,
    claimId: claim!.id,
  };
  cookies = {
    user: (await t.signUp()).cookie,
    venue_manager: manager.cookie,
    admin: admin.cookie,
  };
  // The first request compiles the routes (Vite): here, not inside a test's time limit.
  await (await http.fetch("/admin/dashboard", { cookie: cookies.admin })).text();
  watch = watchTables(t);
});

function urlFor(pattern: string): string {
  return pattern
    .split("/")
    .map((s) => (s.startsWith(":") ? PARAMS[s.slice(1).replace(/\?$/, "")]!(ids) : s))
    .join("/");
}

describe("every admin action (from app/routes.ts)", () => {
  it("finds the admin actions, each with a request and its URL segments known here", () => {
    expect(ACTIONS.length).toBeGreaterThanOrEqual(6);
    for (const a of ACTIONS) {
      expect(REQUESTS[a.file], `${a.file}: add its request to REQUESTS`).toBeDefined();
      for (const s of a.pattern.split("/").filter((p) => p.startsWith(":")))
        expect(PARAMS[s.slice(1)], `${a.file}: add ${s} to PARAMS`).toBeDefined();
    }
  });

  for (const action of ACTIONS) {
    it(`${action.file}: 401 for a guest, 403 for a user and a venue manager, and nothing changes`, async () => {
      const spec = REQUESTS[action.file]!;
      const url = urlFor(action.pattern) + (spec.query ?? "");
      const refusal = "You do not have permission to access the admin area";
      const { changedSince } = await watch.unchanged("refused requests", () =>
        expectRefusedPosts(http, url, () => spec.body(ids), [
          { who: "guest", cookie: undefined, status: 401 },
          { who: "user", cookie: cookies.user, status: 403, text: refusal },
          { who: "venue_manager", cookie: cookies.venue_manager, status: 403, text: refusal },
        ]),
      );

      // The same request from an admin goes through (and writes, where the action writes).
      const res = await http.fetch(url, { method: "POST", ...spec.body(ids), cookie: cookies.admin });
      // Read to the end: the import streams its progress while it writes.
      await res.text();
      expect(res.status, `admin POST ${url}`).toBeLessThan(500);
      if (spec.writes) expect(await changedSince(), `admin POST ${url} changed nothing`).not.toEqual([]);
    });
  }
});

describe("every admin loader (from app/routes.ts)", () => {
  it("finds the admin loaders, each with an expected answer here", () => {
    expect(LOADERS.length).toBeGreaterThanOrEqual(10);
    for (const l of LOADERS) expect(LOADER_GETS[l.file], `${l.file}: add it to LOADER_GETS`).toBeDefined();
    // Every admin route has a loader or an action: nothing under /admin is left out of both tables.
    for (const r of ADMIN_ROUTES) expect(r.loader || r.action, r.file).toBe(true);
  });

  for (const loader of LOADERS) {
    it(`${loader.file}: a guest goes to /login and back, a user and a venue manager to /account, and nothing leaks`, async () => {
      const spec = LOADER_GETS[loader.file]!;
      const url = spec.path ?? urlFor(loader.pattern);
      // The layout's own data travels with every page's `.data` request (`?_routes=` narrows it).
      const dataUrl = dataUrlOf(url);
      const { errorsBefore } = await watch.unchanged("refused requests", async () => {
        for (const who of ["guest", "user", "venue_manager"] as const) {
          const cookie = who === "guest" ? undefined : cookies[who];
          const want = who === "guest" ? "login" : "account";
          const page = await http.fetch(url, { cookie });
          const html = await page.text();
          expectAnswer(page, want, url, `${who} GET ${url}`);
          expect(html).not.toContain("Guarded");

          const res = await http.fetch(dataUrl, { cookie });
          const text = await res.text();
          expectDataRedirect(res, text, want, url, `${who} GET ${dataUrl}`);
          // No admin data in the refused answer: not the venues', users' or FAQs' names.
          expect(text).not.toContain("Guarded");
          expect(text).not.toContain("@test.example");
        }
      });

      // The admin gets the page (so the table above tests a real route, not a 404).
      const res = await http.fetch(url, { cookie: cookies.admin });
      await res.text();
      expect(res.status, `admin GET ${url}`).toBe(spec.admin);
      expect(watch.errorsSince(errorsBefore), "errors logged while serving the admin").toEqual([]);
    });
  }
});
