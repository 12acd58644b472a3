import { and, eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, venues } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { listManagedVenues, managerDashboard } from "../../app/services/manager-venues.server";
import { createFaq, createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { withManagerArea } from "../setup/manager-area";
import { type TestApp } from "../setup/test-app";

// Issue 13: what the venue-manager area does for the venues a manager is assigned (the refusals
// are tests/integration/manager-guard.test.ts's): the dashboard's numbers and 'Needs attention',
// My Venues, and the edit page's details (live at once, audited). The edit page's images, FAQs
// and replies: manager-area-edit.test.ts.

let t: TestApp;
let http: HttpTestApp;
let manager: Awaited<ReturnType<TestApp["signUp"]>>;
let managerUser: AppUser;
let barn: { id: string };

const { post, assign, review } = withManagerArea((app) => ({ t, http, manager, managerUser, barn } = app));

describe("dashboard and My Venues", () => {
  it("shows the spec's empty state to a manager with no venues", async () => {
    const res = await http.fetch("/venue-manager/dashboard", { cookie: manager.cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(res.headers.get("x-robots-tag")).toBe("noindex, nofollow");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html).toContain("Venue Manager");
    expect(html).toContain("Welcome back, Morgan Manager");
    expect(html).toContain("You are not currently managing any venues.");
    expect(html).toContain("Contact an administrator to be assigned as a manager for specific venues.");
    const venuesPage = await (await http.fetch("/venue-manager/venues", { cookie: manager.cookie })).text();
    expect(venuesPage).toContain("You are not currently managing any venues.");
  });

  it("counts venues and reviews, averages rated venues to one decimal, and lists what needs attention", async () => {
    const images = ["/uploads/seed/a-800.webp", "/uploads/seed/b-800.webp", "/uploads/seed/c-800.webp"];
    const complete = await createVenue(t.db, { name: "Aspen Complete", categoryId: barn.id, images });
    const thin = await createVenue(t.db, {
      name: "Birch Thin",
      categoryId: barn.id,
      images: images.slice(0, 1),
      description: "",
      latitude: 0,
      longitude: 0,
      capacity: null,
    });
    const unrated = await createVenue(t.db, {
      name: "Cedar Unrated",
      categoryId: barn.id,
      images,
      logoUrl: null,
    });
    const notMine = await createVenue(t.db, { name: "Someone Else's", categoryId: barn.id });
    for (const v of [complete, thin, unrated]) await assign(v.id);
    await createFaq(t.db, complete.id, "Parking?", 0);
    await createFaq(t.db, unrated.id, "Parking?", 0);
    const r1 = await review(complete.id, 5, "Wonderful");
    await review(complete.id, 4, "Lovely");
    await review(thin.id, 3, "Fine");
    await review(notMine.id, 1, "Not counted");
    // Complete's two reviews: one answered.
    await post(`/venue-manager/edit-venue/${complete.id}`, {
      intent: "reply-save",
      reviewId: r1.id,
      reply: "Thank you!",
    });

    const d = await managerDashboard(t.db, managerUser);
    expect(d.totalVenues).toBe(3);
    expect(d.totalReviews).toBe(3);
    // (4.5 + 3) / 2 rated venues: Cedar has no rating and does not count.
    expect(d.averageRating).toBe(3.8);
    expect(d.venues.map((v) => v.name)).toEqual(["Aspen Complete", "Birch Thin", "Cedar Unrated"]);
    const byName = Object.fromEntries(d.venues.map((v) => [v.name, v.attention.map((a) => a.key)]));
    expect(byName).toEqual({
      "Aspen Complete": ["unanswered-reviews"],
      "Birch Thin": ["few-images", "no-description", "no-faqs", "no-coordinates", "unanswered-reviews"],
      "Cedar Unrated": [],
    });
    expect(d.needsAttention).toBe(2);

    const html = await (await http.fetch("/venue-manager/dashboard", { cookie: manager.cookie })).text();
    expect(html).toMatch(/data-testid="stat-venues"[^>]*>3</);
    expect(html).toMatch(/data-testid="stat-reviews"[^>]*>3</);
    expect(html).toMatch(/data-testid="stat-rating"[^>]*>3.8</);
    expect(html).toMatch(/data-testid="stat-attention"[^>]*>2</);
    expect(html).toContain("Only 1 photo: add at least 3");
    expect(html).toContain(`href="/venue-manager/edit-venue/${thin.id}?tab=faqs"`);
    expect(html).toContain(`href="/venue-manager/edit-venue/${complete.id}"`);
    expect(html).toContain("No ratings");
    expect(html).not.toContain("Someone Else");

    const mine = await (await http.fetch("/venue-manager/venues", { cookie: manager.cookie })).text();
    expect(mine).toContain("No description available.");
    expect(mine).toContain("Not specified");
    expect(mine).toContain("3 photos");
    expect(mine).toContain("Edit Details");
    expect(mine).toContain("Manage Venue");
    expect(mine).not.toContain("Someone Else");
  });

  it("an admin's lists hold the venues assigned to them only, and 'No ratings' with none rated", async () => {
    const admin = await t.signUp({ role: "admin" });
    const adminUser = toAppUser({ id: admin.id, name: "A", email: admin.email, role: "admin" });
    expect(await listManagedVenues(t.db, adminUser)).toEqual([]);
    const v = await createVenue(t.db, { name: "Admin's Own", categoryId: barn.id });
    await assign(v.id, admin.id);
    const d = await managerDashboard(t.db, adminUser);
    expect(d.venues.map((x) => x.name)).toEqual(["Admin's Own"]);
    expect(d.averageRating).toBeNull();
  });
});

describe("the edit page", () => {
  let venue: { id: string; name: string };
  beforeEach(async () => {
    venue = await createVenue(t.db, { name: "Juniper Lodge", categoryId: barn.id, images: [] });
    await assign(venue.id);
  });

  it("opens on Venue Details with the name and location; an unknown venue says 'Venue not found'", async () => {
    const res = await http.fetch(`/venue-manager/edit-venue/${venue.id}`, { cookie: manager.cookie });
    const html = await res.text();
    expect(res.status).toBe(200);
    expect(html).toContain("Juniper Lodge");
    expect(html).toContain("1 Main St, Boulder, Colorado 80302");
    expect(html).toContain('href="/venue-manager/venues"');
    expect(html).toContain("Venue Details");
    expect(html).toContain("No images available");
    expect(html).toContain("No FAQs available");
    expect(html).toContain("No reviews available");
    const admin = await t.signUp({ role: "admin" });
    const missing = await http.fetch("/venue-manager/edit-venue/00000000-0000-4000-8000-000000000000", {
      cookie: admin.cookie,
    });
    const text = await missing.text();
    expect(missing.status).toBe(404);
    expect(text).toContain("Venue not found");
    expect(text).toContain("Back to Dashboard");
  });

  it("saves the details at once (no re-approval), keeps the images, and records the audit entry", async () => {
    await t.db
      .update(venues)
      .set({ images: ["/uploads/seed/keep-800.webp"] })
      .where(eq(venues.id, venue.id));
    const body = new FormData();
    const fields: Record<string, string> = {
      name: "Juniper Lodge & Lake",
      description: "A lodge on the lake.",
      addressLine1: "5 Lake Rd",
      city: "Grand Lake",
      postalCode: "80447",
      region: "Western Slope North",
      category: barn.id,
      priceType: "single",
      price: "6100",
      capacity: "150",
      website: "www.juniper.example",
      phone: "(970) 555-0100",
      email: "hi@juniper.example",
      latitude: "",
      longitude: "",
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("amenities", "WiFi");
    // A form that tries to drop the images or point at others changes nothing of them.
    body.append("keepImages", "https://evil.example/x.jpg");
    const res = await http.fetch(`/venue-manager/edit-venue/${venue.id}`, {
      method: "POST",
      cookie: manager.cookie,
      body,
    });
    const text = await res.text();
    expect(res.status, text.slice(0, 300)).toBe(200);
    expect(text).toContain("Venue updated successfully");
    const [v] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
    expect(v).toMatchObject({
      name: "Juniper Lodge & Lake",
      pricePerEvent: 6100,
      capacity: 150,
      phone: "(970) 555-0100",
      isApproved: true,
      images: ["/uploads/seed/keep-800.webp"],
      location: "5 Lake Rd, Grand Lake, Colorado 80447",
    });
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, venue.id), eq(auditLog.action, "venue.update")));
    expect(entry).toMatchObject({
      actorId: manager.id,
      details: expect.objectContaining({ by: "venue_manager" }),
    });
    // Live at once on the public page.
    const page = await http.fetch(venuePath({ id: venue.id, name: "Juniper Lodge & Lake" }));
    expect(await page.text()).toContain("A lodge on the lake.");
  });

  it("a new address moves the pin even with the pre-filled coordinates left in place; a phone must be one (issue 22)", async () => {
    const moving = await createVenue(t.db, {
      name: "Moving Lodge",
      categoryId: barn.id,
      addressLine1: "1 Main St",
    });
    await assign(moving.id);
    const page = await (
      await http.fetch(`/venue-manager/edit-venue/${moving.id}`, { cookie: manager.cookie })
    ).text();
    // The Details form as the server renders it: its map position fields, hidden ones included.
    const shown = Object.fromEntries(
      (page.match(/<input [^>]*>/g) ?? []).flatMap((tag) => {
        const name = /\bname="(latitude|longitude|shownLatitude|shownLongitude)"/.exec(tag)?.[1];
        return name ? [[name, /\bvalue="([^"]*)"/.exec(tag)?.[1] ?? ""]] : [];
      }),
    );
    expect(shown).toEqual({
      latitude: "40.015",
      longitude: "-105.27",
      shownLatitude: "40.015",
      shownLongitude: "-105.27",
    });
    const save = (over: Record<string, string>) => {
      const body = new FormData();
      const fields = {
        name: "Moving Lodge",
        addressLine1: "675 E Durant Ave",
        city: "Aspen",
        postalCode: "81611",
        region: "Western Slope North",
        category: barn.id,
        phone: "(970) 555-0111",
        ...shown,
        ...over,
      };
      for (const [k, v] of Object.entries(fields)) body.append(k, v);
      return http.fetch(`/venue-manager/edit-venue/${moving.id}`, {
        method: "POST",
        cookie: manager.cookie,
        body,
      });
    };

    const refused = await save({ phone: "call us maybe!!" });
    expect(refused.status).toBe(400);
    expect(await refused.text()).toContain("Please enter a phone number, such as (303) 555-0100");
    const [unchanged] = await t.db.select().from(venues).where(eq(venues.id, moving.id));
    expect(unchanged).toMatchObject({ city: "Boulder", phone: "(303) 555-0101", latitude: 40.015 });

    const res = await save({});
    expect(res.status, (await res.text()).slice(0, 300)).toBe(200);
    const [moved] = await t.db.select().from(venues).where(eq(venues.id, moving.id));
    // The offline geocoder's centroid of ZIP code 81611.
    expect(moved).toMatchObject({
      city: "Aspen",
      phone: "(970) 555-0111",
      latitude: 39.1951,
      longitude: -106.8236,
    });
  });
});

describe("requests from a form on the site only", () => {
  it("refuses a cross-site post", async () => {
    const venue = await createVenue(t.db, { name: "Cross Site Hall", categoryId: barn.id });
    await assign(venue.id);
    const res = await http.fetch(`/venue-manager/edit-venue/${venue.id}`, {
      method: "POST",
      cookie: manager.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://evil.example" },
      body: new URLSearchParams({ intent: "faq-add", question: "Q", answer: "A" }),
    });
    expect(res.status).toBe(403);
  });
});
