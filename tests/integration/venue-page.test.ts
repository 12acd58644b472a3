import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reviews, venues } from "../../database/schema";
import * as venuePage from "../../app/routes/public/venue";
import * as favoritesApi from "../../app/routes/resources/favorites";
import * as favoritesPage from "../../app/routes/public/favorites";
import * as sitemap from "../../app/routes/resources/sitemap";
import * as sitemapFile from "../../app/routes/resources/sitemap-file";
import * as categoryPage from "../../app/routes/public/category";
import * as home from "../../app/routes/public/home";
import { venuePath } from "../../app/lib/venue-url";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import { createTestApp, run, type TestApp } from "../setup/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const load = (path: string, slugId: string, cookie?: string) =>
  run(async () => venuePage.loader(await t.args(t.request(path, { cookie }), { slugId })));

describe("venue page loader", () => {
  it("serves the canonical address and 301s every other form of it", async () => {
    const v = await createVenue(t.db, { name: "Aspen Hollow Barn" });
    await createFaq(t.db, v.id, "Is there a rain plan?", 10);
    const canonical = venuePath(v);
    expect(canonical).toBe(`/venue/aspen-hollow-barn-${v.id}`);

    const ok = await load(canonical, canonical.slice(7));
    expect(ok.status).toBe(200);
    expect(ok.data).toMatchObject({
      venue: { name: "Aspen Hollow Barn", tags: ["WiFi"] },
      faqs: [{ question: "Is there a rain plan?" }],
    });

    for (const slugId of [v.id, `wrong-slug-${v.id}`, `aspen-hollow-barn-${v.id.toUpperCase()}`]) {
      const r = await load(`/venue/${slugId}?ref=x`, slugId);
      expect(r.status).toBe(301);
      expect(r.response!.headers.get("location")).toBe(`${canonical}?ref=x`);
    }
  });

  it("answers 404 for unknown and malformed ids", async () => {
    const unknown = await load("/venue/x", "some-venue-3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b");
    expect(unknown.status).toBe(404);
    expect(unknown.data).toEqual({
      error: "The venue you're looking for doesn't exist or could not be loaded.",
    });
    const bad = await load("/venue/some-venue-42", "some-venue-42");
    expect(bad.status).toBe(404);
    expect(bad.data).toEqual({ error: "Invalid venue ID format: 42" });
  });

  it("shows a pending venue only to its submitter and admins", async () => {
    const submitter = await t.signUp();
    const stranger = await t.signUp();
    const admin = await t.signUp({ role: "admin" });
    const v = await createVenue(t.db, { isApproved: false, userId: submitter.id, name: "Quiet Pines" });
    const path = venuePath(v);
    expect((await load(path, path.slice(7))).status).toBe(404);
    expect((await load(path, path.slice(7), stranger.cookie)).status).toBe(404);
    expect((await load(path, path.slice(7), submitter.cookie)).data).toMatchObject({
      venue: { status: "pending" },
    });
    expect((await load(path, path.slice(7), admin.cookie)).status).toBe(200);
  });
});

describe("reviews", () => {
  it("validates, keeps one review per user, and keeps the venue rating in step", async () => {
    const v = await createVenue(t.db);
    const slugId = venuePath(v).slice(7);
    const a = await t.signUp();
    const b = await t.signUp();
    const post = (form: Record<string, string>, cookie?: string) =>
      run(async () =>
        venuePage.action(
          await t.args(t.request(venuePath(v), { form: { intent: "review", ...form }, cookie }), { slugId }),
        ),
      );

    expect((await post({ rating: "5", comment: "Great" })).data).toMatchObject({
      errors: { form: "Please login to submit a review" },
    });
    expect((await post({ rating: "", comment: "" }, a.cookie)).data).toMatchObject({
      errors: { comment: "Please enter your review", rating: "Please select a rating" },
    });

    expect((await post({ rating: "5", comment: "Perfect day" }, a.cookie)).data).toMatchObject({
      ok: true,
      toast: { message: "Your review has been submitted!" },
    });
    await post({ rating: "2", comment: "Too windy" }, b.cookie);
    let [row] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect([row!.rating, row!.reviewCount]).toEqual([3.5, 2]);

    await post({ rating: "4", comment: "Second thoughts: lovely" }, b.cookie); // edits b's review
    [row] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect([row!.rating, row!.reviewCount]).toEqual([4.5, 2]);

    const page = await load(venuePath(v), slugId, b.cookie);
    expect(page.data).toMatchObject({ ownReview: { rating: 4, comment: "Second thoughts: lovely" } });
    expect((page.data as { reviews: { comment: string }[] }).reviews.map((r) => r.comment)).toEqual(
      expect.arrayContaining(["Perfect day", "Second thoughts: lovely"]),
    );
  });

  it("refuses reviews on venues that are not public", async () => {
    const owner = await t.signUp();
    const v = await createVenue(t.db, { isApproved: false, userId: owner.id });
    const r = await run(async () =>
      venuePage.action(
        await t.args(
          t.request(venuePath(v), { form: { rating: "5", comment: "Mine" }, cookie: owner.cookie }),
          {
            slugId: v.id,
          },
        ),
      ),
    );
    expect(r.status).toBe(404);
    expect(r.data).toMatchObject({ toast: { message: "Failed to submit review: Venue not found" } });
    expect(await t.db.select().from(reviews).where(eq(reviews.venueId, v.id))).toHaveLength(0);
  });
});

describe("favourites", () => {
  it("requires login, saves only approved venues, and lists them", async () => {
    const v = await createVenue(t.db, { name: "Saved Place" });
    const pending = await createVenue(t.db, { isApproved: false });
    const u = await t.signUp();
    const toggle = (venueId: string, saved: boolean, cookie?: string) =>
      run(async () =>
        favoritesApi.action(
          await t.args(t.request("/api/favorites", { form: { venueId, saved: String(saved) }, cookie })),
        ),
      );

    expect(await toggle(v.id, true)).toMatchObject({
      status: 401,
      data: { toast: { message: "You must be logged in to save favorites" } },
    });
    expect(await toggle(v.id, false)).toMatchObject({
      data: { toast: { message: "You must be logged in to manage favorites" } },
    });
    expect(await toggle(v.id, true, u.cookie)).toMatchObject({
      status: 200,
      data: { saved: true, toast: { message: "Venue added to favorites" } },
    });
    expect(await toggle(v.id, true, u.cookie)).toMatchObject({ data: { saved: true } });
    expect(await toggle(pending.id, true, u.cookie)).toMatchObject({
      status: 404,
      data: { toast: { message: "Failed to add to favorites" } },
    });

    const list = await run(async () =>
      favoritesPage.loader(await t.args(t.request("/favorites", { cookie: u.cookie }))),
    );
    expect((list.data as { venues: { name: string }[] }).venues.map((x) => x.name)).toEqual(["Saved Place"]);

    expect(await toggle(v.id, false, u.cookie)).toMatchObject({
      data: { saved: false, toast: { message: "Removed from favorites" } },
    });
  });
});

// ADR 020: a heart or a review posted by the browser itself (no script) gets a page back.
describe("forms posted without the script", () => {
  const asDocument = (request: Request) => {
    request.headers.set("accept", "text/html,application/xhtml+xml,*/*;q=0.8");
    return request;
  };
  const flashed = (r: { response?: Response }) => r.response?.headers.get("set-cookie") ?? "";

  it("a heart goes back to its page with the toast; a guest goes to sign in, the save carried", async () => {
    const v = await createVenue(t.db, { name: "Hearted Without Script" });
    const u = await t.signUp();
    const post = (form: Record<string, string>, cookie?: string) =>
      run(async () =>
        favoritesApi.action(await t.args(asDocument(t.request("/api/favorites", { form, cookie })))),
      );
    const from = "/venues?view=list&page=2";

    const guest = await post({ venueId: v.id, saved: "true", returnTo: from });
    expect(guest.status).toBe(302);
    const login = new URL(guest.response!.headers.get("location")!, "http://x");
    expect(login.pathname).toBe("/login");
    expect(login.searchParams.get("save")).toBe(v.id);
    expect(login.searchParams.get("redirectTo")).toBe(from);

    const saved = await post({ venueId: v.id, saved: "true", returnTo: from }, u.cookie);
    expect(saved.status).toBe(302);
    expect(saved.response!.headers.get("location")).toBe(from);
    expect(flashed(saved)).toContain("vv_flash=");
    const list = await run(async () =>
      favoritesPage.loader(await t.args(t.request("/favorites", { cookie: u.cookie }))),
    );
    expect((list.data as { venues: { name: string }[] }).venues.map((x) => x.name)).toEqual([
      "Hearted Without Script",
    ]);

    // Only a path on our own site is gone back to.
    const away = await post({ venueId: v.id, saved: "false", returnTo: "https://evil.example/" }, u.cookie);
    expect(away.response!.headers.get("location")).toBe("/");
  });

  it("a review redirects to the Reviews tab with the toast; a refused one renders what was typed", async () => {
    const v = await createVenue(t.db);
    const slugId = venuePath(v).slice(7);
    const u = await t.signUp();
    const post = (form: Record<string, string>, cookie?: string) =>
      run(async () =>
        venuePage.action(
          await t.args(asDocument(t.request(`${venuePath(v)}?tab=reviews&review=write`, { form, cookie })), {
            slugId,
          }),
        ),
      );
    const reviewsTab = `${venuePath(v)}?tab=reviews`;

    const guest = await post({ rating: "5", comment: "Lovely" });
    expect(guest.status).toBe(302);
    expect(guest.response!.headers.get("location")).toBe(
      `/login?redirectTo=${encodeURIComponent(reviewsTab)}`,
    );

    const refused = await post({ rating: "", comment: "Typed before the mistake" }, u.cookie);
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({
      errors: { rating: "Please select a rating" },
      values: { comment: "Typed before the mistake" },
    });

    const sent = await post({ rating: "4", comment: "Typed before the mistake" }, u.cookie);
    expect(sent.status).toBe(302);
    expect(sent.response!.headers.get("location")).toBe(reviewsTab);
    expect(flashed(sent)).toContain("vv_flash=");
    expect(await t.db.select().from(reviews).where(eq(reviews.venueId, v.id))).toHaveLength(1);
  });
});

describe("categories, home and sitemap", () => {
  it("lists a type's approved venues, 404s unknown types", async () => {
    const c = await createCategory(t.db, { name: "Lakeside" });
    await createVenue(t.db, { categoryId: c.id, name: "Dock House" });
    await createVenue(t.db, { categoryId: c.id, name: "Hidden Dock", isApproved: false });
    const r = await run(async () =>
      categoryPage.loader(await t.args(t.request(`/categories/${c.id}`), { categoryId: c.id })),
    );
    expect(r.data).toMatchObject({
      category: { name: "Lakeside", count: 1 },
      venues: [{ name: "Dock House" }],
    });
    const missing = await run(async () =>
      categoryPage.loader(await t.args(t.request("/categories/nope"), { categoryId: "nope" })),
    );
    expect(missing.status).toBe(404);
  });

  it("features three approved venues on the home page", async () => {
    // One of its own, whatever the file's other tests made before it.
    await createVenue(t.db, { name: "Featured Of Its Own", isFeatured: true });
    const { featured } = home.loader(await t.args(t.request("/")));
    const list = await featured;
    expect(list.length).toBeLessThanOrEqual(3);
    expect(list.length).toBeGreaterThan(0);
  });

  it("lists every approved venue exactly once and no pending one", async () => {
    const pending = await createVenue(t.db, { isApproved: false, name: "Not Yet Public" });
    const approved = await t.db
      .select({ id: venues.id, name: venues.name })
      .from(venues)
      .where(eq(venues.isApproved, true));
    // The index, then each file it lists (ADR 014).
    const res = (await sitemap.loader(await t.args(t.request("/sitemap.xml")))) as Response;
    expect(res.headers.get("content-type")).toMatch(/application\/xml/);
    const locsOf = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
    let xml = "";
    for (const loc of locsOf(await res.text())) {
      const file = loc.replace("http://localhost:3000/sitemap/", "");
      xml += await (
        (await sitemapFile.loader(await t.args(t.request(`/sitemap/${file}`), { file }))) as Response
      ).text();
    }
    const locs = locsOf(xml);
    for (const v of approved)
      expect(locs.filter((l) => l === `http://localhost:3000${venuePath(v)}`)).toHaveLength(1);
    expect(xml).not.toContain(pending.id);
    expect(locs).toContain("http://localhost:3000/categories");
  });
});
