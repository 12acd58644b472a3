import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { createVenue } from "../setup/factories";
import { expectAnswer, routeFiles, type Outcome } from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Every route of app/routes.ts, and what each kind of visitor gets from it over real HTTP
// (Express, the root's session middleware, the layouts' guards, loaders and rendering).
// A route added to routes.ts without an entry here fails the first test. The runner of the
// route x role tables: tests/setup/guard-runner.ts.

type Who = "guest" | "user" | "venue_manager" | "admin";
const WHO: Who[] = ["guest", "user", "venue_manager", "admin"];
type Entry = { path: string | ((ids: Ids) => string); get: Outcome | Record<Who, Outcome> };
type Ids = {
  venuePath: string;
  categoryId: string;
  venueId: string;
  userId: string;
  pendingId: string;
  importId: string;
  reviewId: string;
};

const everyone = (o: Outcome) => o;
const signedIn: Record<Who, Outcome> = { guest: "login", user: 200, venue_manager: 200, admin: 200 };
const adminOnly: Record<Who, Outcome> = {
  guest: "login",
  user: "account",
  venue_manager: "account",
  admin: 200,
};
/** Admin addresses that answer an admin with a redirect (bare /admin, a FAQ address without an id). */
const adminRedirect: Record<Who, Outcome> = { ...adminOnly, admin: 302 };
/** The venue-manager area: managers and admins (ADR 003); signed-in users go to /account. */
const managerOnly: Record<Who, Outcome> = { ...adminOnly, venue_manager: 200 };

const EXPECTED: Record<string, Entry> = {
  "routes/public/home.tsx": { path: "/", get: everyone(200) },
  "routes/public/venues.tsx": { path: "/venues?guests=abc&maxPrice=-5&region=Atlantis", get: everyone(200) },
  "routes/public/venue.tsx": { path: (ids) => ids.venuePath, get: everyone(200) },
  // 'Check availability' without the script: the inquiry form's own page (issue 23).
  "routes/public/venue-inquiry.tsx": { path: (ids) => `${ids.venuePath}/inquiry`, get: everyone(200) },
  // Site visits (issue 45): booking asks to sign in; a visit's page is its couple's, its signed
  // link's or its venue's managers' (no such visit here: 404 for everyone).
  "routes/public/venue-tour.tsx": { path: (ids) => `${ids.venuePath}/tour`, get: signedIn },
  "routes/public/tour.tsx": { path: "/tours/3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b?t=x", get: everyone(404) },
  // Claiming a listing (issue 45, ADR 047): signed in only; its mailed link needs its signature.
  "routes/public/venue-claim.tsx": { path: (ids) => `${ids.venuePath}/claim`, get: signedIn },
  "routes/public/claim-link.tsx": {
    path: "/claims/3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b?t=forged",
    get: { guest: "login", user: 400, venue_manager: 400, admin: 400 },
  },
  "routes/public/categories.tsx": { path: "/categories", get: everyone(200) },
  "routes/public/category.tsx": { path: (ids) => `/categories/${ids.categoryId}`, get: everyone(200) },
  "routes/public/favorites.tsx": { path: "/favorites", get: signedIn },
  // Public and shareable (issue 24); unknown ids are dropped with a note, never an error.
  "routes/public/compare.tsx": { path: (ids) => `/compare?ids=${ids.venueId},not-an-id`, get: everyone(200) },
  "routes/public/terms.tsx": { path: "/terms", get: everyone(200) },
  "routes/public/privacy.tsx": { path: "/privacy", get: everyone(200) },
  // A notification mail's one-click unsubscribe (issue 41): without a signed link, refused.
  "routes/public/unsubscribe.tsx": { path: "/unsubscribe", get: everyone(400) },
  // Saving a search (issue 44): anyone, a guest by email; its mailed links need their signature.
  "routes/public/save-search.tsx": {
    path: "/saved-searches/new?guests=120&date=2031-06-14",
    get: everyone(200),
  },
  "routes/public/saved-search-link.tsx": { path: "/saved-searches/off?id=x&t=y", get: everyone(400) },
  // Reporting a review (issue 45): anyone signed in; a guest goes to /login and back.
  "routes/public/report-review.tsx": { path: (ids) => `/reviews/${ids.reviewId}/report`, get: signedIn },
  "routes/auth/login.tsx": {
    path: "/login",
    get: { guest: 200, user: 302, venue_manager: 302, admin: 302 },
  },
  "routes/auth/logout.tsx": { path: "/logout", get: everyone(302) },
  "routes/auth/reset-password.tsx": { path: "/reset-password", get: everyone(200) },
  // Without a valid recovery token it sends everyone back to /reset-password.
  "routes/auth/update-password.tsx": { path: "/auth/update-password", get: everyone(302) },
  "routes/auth/email-changed.tsx": { path: "/auth/email-changed", get: everyone(302) },
  "routes/account/layout.tsx": { path: "/account", get: signedIn },
  "routes/account/settings.tsx": { path: "/account", get: signedIn },
  "routes/account/emails.tsx": { path: "/account/emails", get: signedIn },
  "routes/account/password.tsx": { path: "/account/password", get: signedIn },
  "routes/account/venues.tsx": { path: "/account/venues", get: signedIn },
  // The signed-in user's own pending submission: theirs only; to anyone else it does not exist.
  "routes/account/submission.tsx": {
    path: (ids) => `/account/venues/${ids.pendingId}`,
    get: { guest: "login", user: 200, venue_manager: 404, admin: 404 },
  },
  "routes/account/inquiries.tsx": { path: "/account/inquiries", get: signedIn },
  "routes/account/searches.tsx": { path: "/account/searches", get: signedIn },
  "routes/account/tours.tsx": { path: "/account/tours", get: signedIn },
  // Deleting one's account (issue 46): its mailed link works for its own account only (410 else).
  "routes/account/delete.tsx": { path: "/account/delete", get: signedIn },
  "routes/account/delete-confirm.tsx": {
    path: "/account/delete/confirm/forged-link-token-0123456789",
    get: { guest: "login", user: 410, venue_manager: 410, admin: 410 },
  },
  // Download my data (issue 46): the page; a download's link, its owner's only (no such download
  // here: 404 for everyone signed in; without an id, and the form's POST: data-export.test.ts).
  "routes/account/privacy.tsx": { path: "/account/privacy", get: signedIn },
  "routes/account/privacy-export.ts": {
    path: "/account/privacy/exports/3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b",
    get: { guest: "login", user: 404, venue_manager: 404, admin: 404 },
  },
  "routes/admin/layout.tsx": { path: "/admin/dashboard", get: adminOnly },
  "routes/admin/index.tsx": { path: "/admin", get: adminRedirect },
  "routes/admin/dashboard.tsx": { path: "/admin/dashboard", get: adminOnly },
  "routes/admin/pending.tsx": { path: "/admin/pending", get: adminOnly },
  "routes/admin/claims.tsx": { path: "/admin/claims", get: adminOnly },
  "routes/admin/users.tsx": { path: "/admin/users", get: adminOnly },
  // The venue-assignment picker's data (JSON).
  "routes/admin/user-venues.ts": { path: (ids) => `/admin/users/${ids.userId}/venues`, get: adminOnly },
  "routes/admin/venue-categories.tsx": { path: "/admin/venue-categories", get: adminOnly },
  "routes/admin/venue-amenities.tsx": { path: "/admin/venue-amenities", get: adminOnly },
  "routes/admin/venue-faqs-index.tsx": { path: "/admin/venue-faqs", get: adminRedirect },
  "routes/admin/venue-faqs.tsx": { path: (ids) => `/admin/venue-faqs/${ids.venueId}`, get: adminOnly },
  "routes/admin/venues.tsx": { path: "/admin/venues?q=walk&sort=capacity&dir=desc", get: adminOnly },
  // The import panel's endpoint takes POSTs only.
  "routes/admin/venues-import.ts": { path: "/admin/venues/import", get: { ...adminOnly, admin: 405 } },
  // The venue list's CSV export (a download).
  "routes/admin/venues-export.ts": { path: "/admin/venues/export.csv?q=walk", get: adminOnly },
  "routes/admin/edit-venue.tsx": { path: (ids) => `/admin/edit-venue/${ids.venueId}`, get: adminOnly },
  "routes/admin/venue-availability.tsx": {
    path: (ids) => `/admin/edit-venue/${ids.venueId}/availability`,
    get: adminOnly,
  },
  // Issue 22: the list's bulk actions (without a post, a page that says what to do), the trash,
  // an import's undo (its question) and Recent Activity's 'See all'.
  "routes/admin/venues-bulk.tsx": { path: "/admin/venues/bulk", get: adminOnly },
  "routes/admin/venues-trash.tsx": { path: "/admin/venues/trash?page=2", get: adminOnly },
  "routes/admin/import-undo.tsx": {
    path: (ids) => `/admin/imports/${ids.importId}/undo?returnTo=%2Fadmin%2Factivity`,
    get: adminOnly,
  },
  "routes/admin/activity.tsx": { path: "/admin/activity?page=2", get: adminOnly },
  // The moderation queue of reported reviews (issue 45).
  "routes/admin/reviews.tsx": { path: "/admin/reviews?page=2", get: adminOnly },
  "routes/manager/layout.tsx": { path: "/venue-manager/dashboard", get: managerOnly },
  "routes/manager/index.tsx": {
    path: "/venue-manager",
    get: { ...managerOnly, venue_manager: 302, admin: 302 },
  },
  "routes/manager/dashboard.tsx": { path: "/venue-manager/dashboard", get: managerOnly },
  "routes/manager/venues.tsx": { path: "/venue-manager/venues", get: managerOnly },
  // This manager is not assigned to the venue: back to the dashboard. Admins manage any venue.
  "routes/manager/edit-venue.tsx": {
    path: (ids) => `/venue-manager/edit-venue/${ids.venueId}`,
    get: { ...managerOnly, venue_manager: 302 },
  },
  // The availability calendar (issue 24): this manager is not assigned to the venue.
  "routes/manager/venue-availability.tsx": {
    path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/availability`,
    get: { ...managerOnly, venue_manager: 302 },
  },
  // A venue's site visits (issue 45): this manager is not assigned to the venue.
  "routes/manager/venue-tours.tsx": {
    path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/tours`,
    get: { ...managerOnly, venue_manager: 302 },
  },
  // The Images tab's upload endpoint takes POSTs only.
  "routes/manager/venue-images.ts": {
    path: (ids) => `/venue-manager/edit-venue/${ids.venueId}/images`,
    get: { ...managerOnly, venue_manager: 405, admin: 405 },
  },
  // The inquiry inbox (issue 23): managers see their venues', admins every venue's (ADR 028).
  "routes/manager/inquiries.tsx": { path: "/venue-manager/inquiries?status=new", get: managerOnly },
  "routes/manager/inquiries-export.ts": { path: "/venue-manager/inquiries/export.csv", get: managerOnly },
  // No such inquiry: the page says so (404), for managers and admins alike.
  "routes/manager/inquiry.tsx": {
    path: "/venue-manager/inquiries/3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b",
    get: { ...managerOnly, venue_manager: 404, admin: 404 },
  },
  "routes/resources/healthz.ts": { path: "/healthz", get: everyone(200) },
  // The search map's JSON.
  "routes/resources/venues-map.ts": {
    path: "/api/venues/map?bbox=36,-110,42,-101&zoom=6",
    get: everyone(200),
  },
  "routes/resources/robots.ts": { path: "/robots.txt", get: everyone(200) },
  "routes/resources/sitemap.ts": { path: "/sitemap.xml", get: everyone(200) },
  "routes/resources/sitemap-file.ts": { path: "/sitemap/static.xml", get: everyone(200) },
  // A resource route with an action only: GET is not a thing here.
  "routes/resources/favorites.ts": { path: "/api/favorites", get: everyone(405) },
  // The submission form's choices (public lists); its POST is for signed-in users (tested below).
  "routes/resources/venue-submissions.ts": { path: "/api/venue-submissions", get: everyone(200) },
  // 'Visit Website': counts the click and sends everyone on to the venue's website.
  "routes/resources/out.ts": { path: (ids) => `/out/${ids.venueId}`, get: everyone(302) },
  // A venue's booked-dates feed (issue 24): an unknown token is a 404 for everyone.
  "routes/resources/calendar-feed.ts": {
    path: "/calendar/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA.ics",
    get: everyone(404),
  },
  "routes/public/not-found.tsx": { path: "/no/such/page", get: everyone(404) },
};

let t: TestApp;
let http: HttpTestApp;
let cookies: Record<Who, string | undefined>;
let ids: Ids;
withHttpApp(
  async (app) => {
    ({ t, http } = app);
    const user = await t.signUp();
    cookies = {
      guest: undefined,
      user: user.cookie,
      venue_manager: (await t.signUp({ role: "venue_manager" })).cookie,
      admin: (await t.signUp({ role: "admin" })).cookie,
    };
    const { createCategory } = await import("../setup/factories");
    const category = await createCategory(t.db, { name: "Walkthrough" });
    const venue = await createVenue(t.db, { name: "Route Walk Hall", categoryId: category.id });
    const pending = await createVenue(t.db, {
      name: "Route Walk Pending",
      categoryId: category.id,
      isApproved: false,
      userId: user.id,
    });
    const { venuePath } = await import("../../app/lib/venue-url");
    const { csvImports } = await import("../../database/schema");
    const [imported] = await t.db.insert(csvImports).values({ fileName: "walk.csv" }).returning();
    const { reviews } = await import("../../database/schema");
    const author = await t.signUp({ name: "Route Walk Reviewer" });
    const [review] = await t.db
      .insert(reviews)
      .values({ venueId: venue.id, userId: author.id, rating: 4, comment: "Walked through." })
      .returning();
    ids = {
      venuePath: venuePath(venue),
      categoryId: category.id,
      venueId: venue.id,
      userId: user.id,
      pendingId: pending.id,
      importId: imported!.id,
      reviewId: review!.id,
    };
  },
  { timeout: 120_000 },
);

describe("every route of app/routes.ts", () => {
  it("has an entry here", () => {
    expect(routeFiles().sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const [file, entry] of Object.entries(EXPECTED)) {
    it(`${file}: what each visitor gets`, async () => {
      const path = typeof entry.path === "function" ? entry.path(ids) : entry.path;
      for (const who of WHO) {
        const want = typeof entry.get === "object" ? entry.get[who] : entry.get;
        const res = await http.fetch(path, { cookie: cookies[who] });
        await res.body?.cancel();
        expectAnswer(res, want, path, `${who} GET ${path}`);
      }
    });
  }

  it("guards the actions of the signed-in area too: 401 for guests, and nothing changes", async () => {
    for (const path of ["/account", "/account/password", `/account/venues/${ids.pendingId}`]) {
      const res = await http.fetch(path, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams({ name: "Intruder", email: "x@y.example" }),
      });
      expect(res.status, path).toBe(401);
    }
    const withdraw = await http.fetch(`/account/venues/${ids.pendingId}`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "withdraw" }),
    });
    expect(withdraw.status).toBe(401);
    expect(
      await t.db.select({ id: venues.id }).from(venues).where(eq(venues.id, ids.pendingId)),
    ).toHaveLength(1);
  });
});
