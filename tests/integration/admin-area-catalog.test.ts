import { desc, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  auditLog,
  users,
  venueAmenities,
  venueCategories,
  venueManagers,
  venues,
} from "../../database/schema";
import * as dashboardRoute from "../../app/routes/admin/dashboard";
import * as faqsIndexRoute from "../../app/routes/admin/venue-faqs-index";
import * as faqsRoute from "../../app/routes/admin/venue-faqs";
import * as typesRoute from "../../app/routes/admin/venue-categories";
import * as amenitiesRoute from "../../app/routes/admin/venue-amenities";
import { readFlash } from "../../app/infra/session.server";
import { type AppUser } from "../../app/lib/user";
import { checkSitemap, dashboardStats } from "../../app/services/admin-dashboard.server";
import { recordAudit } from "../../app/services/audit.server";
import { createAmenity, deleteAmenity, renameAmenity } from "../../app/services/amenities.server";
import { createCategory as createType, deleteCategory } from "../../app/services/categories.server";
import { addFaq, listFaqs, moveFaq } from "../../app/services/faqs.server";
import { adminAreaApp, asUser, auditFor, typeRequest } from "../setup/admin-area";
import { createCategory, createFaq, createVenue, pngOf } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// The admin area of issue 12 (items 2, 4, 6, 7, 8, 9, 10), its catalogue: venue types,
// amenities, FAQs and the dashboard, and the audit entry written with every change (pending
// approvals, users and roles: admin-area.test.ts).

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;

withHttpApp(async (app) => {
  ({ t, http } = app);
  ({ admin, adminUser } = await adminAreaApp(app));
});

describe("venue types", () => {
  it("adds a type with one image through the pipeline, name required, duplicates refused", async () => {
    const r = await run(async () =>
      typesRoute.action(
        await t.args(
          typeRequest(
            admin.cookie,
            { intent: "create", name: "Vineyard", description: "Rows of vines." },
            await pngOf("#7a9"),
          ),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Vineyard category added" } });
    const [row] = await t.db.select().from(venueCategories).where(eq(venueCategories.name, "Vineyard"));
    expect(row!.imageUrl).toMatch(new RegExp(`^/uploads/categories/${row!.id}/.+-1600\\.webp$`));
    const key = t.storage.keyOf(row!.imageUrl!)!;
    expect(await t.storage.get(key.replace(/-1600\.webp$/, "-400.webp"))).not.toBeNull();
    expect((await auditFor(t, row!.id))[0]).toMatchObject({ action: "category.create" });

    const blank = await run(async () =>
      typesRoute.action(await t.args(typeRequest(admin.cookie, { intent: "create", name: "  " }))),
    );
    expect(blank.data).toMatchObject({ errors: { name: "Name is required" } });
    const dup = await run(async () =>
      typesRoute.action(await t.args(typeRequest(admin.cookie, { intent: "create", name: "vineyard" }))),
    );
    expect(dup.status).toBe(409);
    const notImage = await run(async () =>
      typesRoute.action(
        await t.args(
          typeRequest(admin.cookie, { intent: "create", name: "Broken" }, Buffer.from("not an image")),
        ),
      ),
    );
    expect(notImage.data).toMatchObject({
      errors: { image: "Failed to upload image: type.png is not an image file" },
    });
    expect(await t.db.select().from(venueCategories).where(eq(venueCategories.name, "Broken"))).toHaveLength(
      0,
    );
  });

  it("renaming keeps its venues; a new image replaces the old one's files", async () => {
    const type = await createCategory(t.db, { name: "Garden" });
    const v = await createVenue(t.db, { name: "Rose Garden Venue", categoryId: type.id });
    await typesRoute.action(
      await t.args(
        typeRequest(
          admin.cookie,
          { intent: "update", categoryId: type.id, name: "Garden", description: "" },
          await pngOf("#111"),
        ),
      ),
    );
    const [withImage] = await t.db.select().from(venueCategories).where(eq(venueCategories.id, type.id));
    const oldKey = t.storage.keyOf(withImage!.imageUrl!)!;
    const r = await run(async () =>
      typesRoute.action(
        await t.args(
          typeRequest(
            admin.cookie,
            { intent: "update", categoryId: type.id, name: "Garden & Park", description: "Green." },
            await pngOf("#222"),
          ),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Garden & Park category updated" } });
    const [after] = await t.db.select().from(venueCategories).where(eq(venueCategories.id, type.id));
    expect(after!.name).toBe("Garden & Park");
    expect(after!.imageUrl).not.toBe(withImage!.imageUrl);
    expect(await t.storage.get(oldKey)).toBeNull();
    const [venue] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(venue!.categoryId).toBe(type.id);
  });

  it("deleting a type venues use is refused with the count, or moves them to another type", async () => {
    const from = await createCategory(t.db, { name: "Old Type" });
    const to = await createCategory(t.db, { name: "New Type" });
    const a = await createVenue(t.db, { categoryId: from.id });
    const b = await createVenue(t.db, { categoryId: from.id, isApproved: false });
    const refused = await run(async () =>
      typesRoute.action(
        await t.args(typeRequest(admin.cookie, { intent: "delete", categoryId: from.id, moveTo: "" })),
      ),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      inUse: 2,
      toast: { message: expect.stringContaining("2 venues use") },
    });
    expect(await t.db.select().from(venueCategories).where(eq(venueCategories.id, from.id))).toHaveLength(1);

    const moved = await run(async () =>
      typesRoute.action(
        await t.args(typeRequest(admin.cookie, { intent: "delete", categoryId: from.id, moveTo: to.id })),
      ),
    );
    expect(moved.data).toMatchObject({ ok: true, toast: { message: "Old Type category deleted" } });
    const rows = await t.db
      .select({ c: venues.categoryId })
      .from(venues)
      .where(sql`${venues.id} in (${a.id}, ${b.id})`);
    expect(rows.map((r) => r.c)).toEqual([to.id, to.id]);
    expect((await auditFor(t, from.id))[0]).toMatchObject({
      action: "category.delete",
      details: { movedVenues: 2, movedTo: "New Type" },
    });

    // An unused type with an image goes with its files.
    const lone = await createType(t.app, adminUser, { name: "Lone Type", description: "" }, null);
    expect(lone.ok).toBe(true);
    const [loneRow] = await t.db.select().from(venueCategories).where(eq(venueCategories.name, "Lone Type"));
    expect(await deleteCategory(t.app, adminUser, loneRow!.id, null)).toMatchObject({ ok: true });
  });
});

describe("amenities", () => {
  const add = async (name: string) =>
    run(async () =>
      amenitiesRoute.action(
        await t.args(
          t.request("/admin/venue-amenities", { form: { intent: "create", name }, cookie: admin.cookie }),
        ),
      ),
    );

  it("adds trimmed names up to 60 characters and refuses duplicates whatever their case", async () => {
    expect((await add("  Bridal Suite  ")).data).toMatchObject({ ok: true });
    expect(
      await t.db.select().from(venueAmenities).where(eq(venueAmenities.name, "Bridal Suite")),
    ).toHaveLength(1);
    expect((await add("bridal suite")).data).toMatchObject({
      errors: { name: "An amenity with this name already exists" },
    });
    expect((await add("   ")).data).toMatchObject({ errors: { name: "Please enter an amenity name" } });
    expect((await add("x".repeat(61))).status).toBe(400);
    expect((await add("y".repeat(60))).data).toMatchObject({ ok: true });
  });

  it("renaming renames it on every venue that has it (any case), keeping one entry per venue", async () => {
    const wifi = await createAmenity(t.db, adminUser, "Wi-Fi");
    expect(wifi.ok).toBe(true);
    const [row] = await t.db.select().from(venueAmenities).where(eq(venueAmenities.name, "Wi-Fi"));
    const a = await createVenue(t.db, {
      amenities: [
        { name: "wi-fi", included: true },
        { name: "Catering", included: false },
      ],
    });
    const b = await createVenue(t.db, {
      amenities: [
        { name: "Wireless Internet", included: true },
        { name: "Wi-Fi", included: true },
      ],
    });
    const untouched = await createVenue(t.db, { amenities: [{ name: "Catering", included: true }] });
    const r = await renameAmenity(t.db, adminUser, row!.id, "Wireless Internet");
    expect(r).toMatchObject({ ok: true, venues: 2 });
    const get = async (id: string) =>
      (await t.db.select({ a: venues.amenities }).from(venues).where(eq(venues.id, id)))[0]!.a;
    expect(await get(a.id)).toEqual([
      { name: "Wireless Internet", included: true },
      { name: "Catering", included: false },
    ]);
    expect(await get(b.id)).toEqual([{ name: "Wireless Internet", included: true }]);
    expect(await get(untouched.id)).toEqual([{ name: "Catering", included: true }]);
    expect((await auditFor(t, row!.id))[0]).toMatchObject({
      action: "amenity.update",
      details: { from: "Wi-Fi", to: "Wireless Internet", venues: 2 },
    });
  });

  it("deleting removes it from every venue", async () => {
    await createAmenity(t.db, adminUser, "Dance Floor");
    const [row] = await t.db.select().from(venueAmenities).where(eq(venueAmenities.name, "Dance Floor"));
    const v = await createVenue(t.db, {
      amenities: [
        { name: "Dance Floor", included: true },
        { name: "Bar", included: true },
      ],
    });
    const r = await run(async () =>
      amenitiesRoute.action(
        await t.args(
          t.request("/admin/venue-amenities", {
            form: { intent: "delete", amenityId: row!.id },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Dance Floor amenity deleted" } });
    const [after] = await t.db.select({ a: venues.amenities }).from(venues).where(eq(venues.id, v.id));
    expect(after!.a).toEqual([{ name: "Bar", included: true }]);
    expect(await deleteAmenity(t.db, adminUser, row!.id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("FAQs of a venue", () => {
  const faqAction = async (venueId: string, form: Record<string, string>) =>
    run(async () =>
      faqsRoute.action(
        await t.args(t.request(`/admin/venue-faqs/${venueId}`, { form, cookie: admin.cookie }), { venueId }),
      ),
    );

  it("adds at highest + 10 (10 first) with the spec's messages; both fields required", async () => {
    const v = await createVenue(t.db, { name: "FAQ Hall" });
    const first = await faqAction(v.id, { intent: "add", question: "Parking?", answer: "Yes, 80 spaces." });
    expect(first.data).toMatchObject({ ok: true, toast: { message: "FAQ added successfully" } });
    await createFaq(t.db, v.id, "Imported", 35);
    await faqAction(v.id, { intent: "add", question: "Catering?", answer: "In-house." });
    expect((await listFaqs(t.db, v.id)).map((f) => [f.question, f.displayOrder])).toEqual([
      ["Parking?", 10],
      ["Imported", 35],
      ["Catering?", 45],
    ]);
    const blank = await faqAction(v.id, { intent: "add", question: "Only a question", answer: "  " });
    expect(blank.data).toMatchObject({
      toast: { message: "Failed to add FAQ: Please enter both a question and answer" },
      errors: { form: "Please enter both a question and answer" },
    });
  });

  it("moves swap display orders and save both; the first cannot move up; collisions are renumbered", async () => {
    const v = await createVenue(t.db, { name: "Order Hall" });
    for (const [q, o] of [
      ["A", 10],
      ["B", 20],
      ["C", 30],
    ] as const)
      await createFaq(t.db, v.id, q, o);
    const [a, b] = await listFaqs(t.db, v.id);
    const down = await faqAction(v.id, { intent: "move", faqId: a!.id, direction: "down" });
    expect(down.data).toMatchObject({ ok: true });
    expect((await listFaqs(t.db, v.id)).map((f) => [f.question, f.displayOrder])).toEqual([
      ["B", 10],
      ["A", 20],
      ["C", 30],
    ]);
    const up = await faqAction(v.id, { intent: "move", faqId: b!.id, direction: "up" });
    expect(up.data).toMatchObject({
      toast: { message: "Failed to reorder FAQs: The first FAQ cannot move up" },
    });
    expect((await auditFor(t, a!.id))[0]).toMatchObject({ action: "faq.reorder" });

    const w = await createVenue(t.db, { name: "Collision Hall" });
    for (const q of ["X", "Y", "Z"]) await createFaq(t.db, w.id, q, 0);
    // Equal orders list by creation time, then id: PGlite's clock can give two rows the same time,
    // so the order before the move is read, not assumed.
    const [first, second, third] = await listFaqs(t.db, w.id);
    const r = await moveFaq(t.db, adminUser, w.id, third!.id, "up", "admin");
    expect(r.ok).toBe(true);
    const after = await listFaqs(t.db, w.id);
    expect(after.map((f) => f.id)).toEqual([first!.id, third!.id, second!.id]);
    expect(new Set(after.map((f) => f.displayOrder)).size).toBe(3);
  });

  it("'Save Changes' saves question and answer; delete removes; both audited", async () => {
    const v = await createVenue(t.db, { name: "Edit Hall" });
    await createFaq(t.db, v.id, "Old question", 10);
    const [faq] = await listFaqs(t.db, v.id);
    const saved = await faqAction(v.id, {
      intent: "save",
      faqId: faq!.id,
      question: "New question",
      answer: "New answer",
      displayOrder: "10",
    });
    expect(saved.data).toMatchObject({ ok: true, toast: { message: "FAQ updated successfully" } });
    expect(await listFaqs(t.db, v.id)).toEqual([
      { id: faq!.id, question: "New question", answer: "New answer", displayOrder: 10 },
    ]);
    const deleted = await faqAction(v.id, { intent: "delete", faqId: faq!.id });
    expect(deleted.data).toMatchObject({ ok: true, toast: { message: "FAQ deleted successfully" } });
    expect(await listFaqs(t.db, v.id)).toEqual([]);
    expect((await auditFor(t, faq!.id)).map((e) => e.action)).toEqual(["faq.delete", "faq.update"]);
    const gone = await faqAction(v.id, { intent: "delete", faqId: faq!.id });
    expect(gone.data).toMatchObject({ toast: { message: "Failed to delete FAQ: FAQ not found" } });
  });

  it("'Venue not found' and 'No venue ID provided' send the admin back to /admin/venues", async () => {
    const flashOf = async (res: Response) => {
      const cookie = res.headers.get("set-cookie")!.split(";")[0]!;
      return (await readFlash(t.app, t.request("/", { cookie }))).toast?.message;
    };
    for (const venueId of [crypto.randomUUID(), "not-a-uuid"]) {
      const r = await run(async () =>
        faqsRoute.loader(
          await t.args(t.request(`/admin/venue-faqs/${venueId}`, { cookie: admin.cookie }), { venueId }),
        ),
      );
      expect(r.response!.headers.get("location")).toBe("/admin/venues");
      expect(await flashOf(r.response!)).toBe("Venue not found");
    }
    const bare = await run(async () =>
      faqsIndexRoute.loader(await t.args(t.request("/admin/venue-faqs", { cookie: admin.cookie }))),
    );
    expect(bare.response!.headers.get("location")).toBe("/admin/venues");
    expect(await flashOf(bare.response!)).toBe("No venue ID provided");
  });

  it("the page: heading, 'Existing FAQs', the empty state", async () => {
    const v = await createVenue(t.db, { name: "Empty FAQ Hall" });
    const html = await (await http.fetch(`/admin/venue-faqs/${v.id}`, { cookie: admin.cookie })).text();
    expect(html).toContain("FAQs for Empty FAQ Hall");
    expect(html).toContain("Existing FAQs");
    expect(html).toContain("No FAQs have been added yet");
    expect(html).toContain('name="robots" content="noindex, nofollow"');
  });

  it("venue managers change only the FAQs of their own venues (the service checks)", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const mine = await createVenue(t.db, { name: "Managed Hall" });
    const theirs = await createVenue(t.db, { name: "Someone Else's Hall" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: mine.id });
    const m = asUser(manager, "venue_manager");
    const ok = await addFaq(t.db, m, mine.id, { question: "Q", answer: "A" }, "manager");
    expect(ok).toMatchObject({ ok: true, faq: { displayOrder: 0 } });
    const refused = await run(() => addFaq(t.db, m, theirs.id, { question: "Q", answer: "A" }, "manager"));
    expect(refused.status).toBe(403);
    expect(await listFaqs(t.db, theirs.id)).toEqual([]);
  });
});

describe("dashboard", () => {
  it("counts approved venues, users and pending venues, and shows the latest audit entries", async () => {
    const pendingVenue = await createVenue(t.db, { name: "Dashboard Pending", isApproved: false });
    // Twenty entries of its own, whichever tests ran before.
    for (let i = 0; i < 20; i++)
      await recordAudit(t.db, {
        actorId: admin.id,
        action: "venue.update",
        targetType: "venue",
        targetId: pendingVenue.id,
      });
    const stats = await dashboardStats(t.db, adminUser);
    const [approved] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(eq(venues.isApproved, true));
    const [people] = await t.db.select({ n: sql<number>`count(*)::int` }).from(users);
    const [pending] = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(venues)
      .where(eq(venues.isApproved, false));
    expect(pending!.n).toBeGreaterThan(0);
    expect(stats).toEqual({ totalVenues: approved!.n, totalUsers: people!.n, pendingVenues: pending!.n });
    const page = await run(async () =>
      dashboardRoute.loader(await t.args(t.request("/admin/dashboard", { cookie: admin.cookie }))),
    );
    const activity = (page.data as { activity: { action: string }[] }).activity;
    expect(activity).toHaveLength(20);
    const [latest] = await t.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    expect(activity[0]).toMatchObject({ action: latest!.action });
  });

  it("'Update Sitemap' checks the live sitemap.xml and robots.txt and reports the counts", async () => {
    // A venue of its own to leave out below, whatever the file's other tests made before it.
    await createVenue(t.db, { name: "Sitemap Check Hall" });
    // The public address (SITE_URL) served by this test's HTTP app.
    const viaHttp: typeof fetch = (input, init) => fetch(String(input).replace(SITE_URL, http.origin), init);
    const r = await checkSitemap(t.app, adminUser, viaHttp);
    const stats = await dashboardStats(t.db, adminUser);
    const types = (await t.db.select().from(venueCategories)).length;
    expect(r).toMatchObject({ ok: true, venues: stats.totalVenues, venueTypes: types });
    // Nothing answers at SITE_URL here: the failure is reported, not thrown.
    const down = await run(async () =>
      dashboardRoute.action(
        await t.args(
          t.request("/admin/dashboard", { form: { intent: "check-sitemap" }, cookie: admin.cookie }),
        ),
      ),
    );
    expect(down.data).toMatchObject({
      toast: { type: "error", message: expect.stringContaining("Could not read") },
    });
    // A sitemap whose venue files list fewer venues than the directory has is out of date.
    const stale: typeof fetch = async (input, init) => {
      const res = await viaHttp(input, init);
      if (!/\/sitemap\/venues-\d+\.xml$/.test(String(input))) return res;
      const xml = (await res.text()).replace(/<url><loc>[^<]*\/venue\/[^<]*<\/loc>.*?<\/url>/, "");
      return new Response(xml, { status: 200 });
    };
    expect(await checkSitemap(t.app, adminUser, stale)).toMatchObject({
      ok: false,
      error: expect.stringContaining("out of date"),
    });
    // The old single-file sitemap (every URL in /sitemap.xml) is not what crawlers should get now.
    const flat: typeof fetch = async (input, init) => {
      if (!String(input).endsWith("/sitemap.xml")) return viaHttp(input, init);
      const files = await (await viaHttp(input, init)).text();
      const urls: string[] = [];
      for (const m of files.matchAll(/<loc>([^<]+)<\/loc>/g))
        urls.push(await (await viaHttp(m[1]!, init)).text());
      return new Response(urls.join("\n").replace(/<\?xml[^>]*>/g, ""), { status: 200 });
    };
    expect(await checkSitemap(t.app, adminUser, flat)).toMatchObject({
      ok: false,
      error: "/sitemap.xml is not a sitemap index",
    });
  });
});
