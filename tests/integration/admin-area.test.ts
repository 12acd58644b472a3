import { and, desc, eq, sql } from "drizzle-orm";
import sharp from "sharp";
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
import * as pendingRoute from "../../app/routes/admin/pending";
import * as usersRoute from "../../app/routes/admin/users";
import * as typesRoute from "../../app/routes/admin/venue-categories";
import * as amenitiesRoute from "../../app/routes/admin/venue-amenities";
import { readFlash } from "../../app/infra/session.server";
import { toAppUser, type AppUser, type Role } from "../../app/lib/user";
import { checkSitemap, dashboardStats } from "../../app/services/admin-dashboard.server";
import { recordAudit } from "../../app/services/audit.server";
import { approveVenue, listPendingVenues, rejectVenue } from "../../app/services/approvals.server";
import { createAmenity, deleteAmenity, renameAmenity } from "../../app/services/amenities.server";
import { createCategory as createType, deleteCategory } from "../../app/services/categories.server";
import { addFaq, listFaqs, moveFaq } from "../../app/services/faqs.server";
import {
  assignVenues,
  LastAdminError,
  listUsers,
  promoteToAdmin,
  removeSpecialRoles,
  setUserRole,
} from "../../app/services/users.server";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// The admin area of issue 12 (items 2, 4, 6, 7, 8, 9, 10): dashboard, pending approvals, users
// and roles, venue types, amenities, FAQs, and the audit entry written with every change.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;

const asUser = (a: { id: string; email: string }, role: Role): AppUser =>
  toAppUser({ id: a.id, name: "Test User", email: a.email, role });

const roleOf = async (id: string) =>
  (await t.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;
const linksOf = async (userId: string) =>
  (
    await t.db
      .select({ venueId: venueManagers.venueId })
      .from(venueManagers)
      .where(eq(venueManagers.userId, userId))
  )
    .map((l) => l.venueId)
    .sort();
const auditFor = (targetId: string) =>
  t.db.select().from(auditLog).where(eq(auditLog.targetId, targetId)).orderBy(desc(auditLog.id));

const png = (color = "#7a9") =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A venue submitted through the real HTTP endpoint, with one image stored under venues/{id}/. */
async function submitVenue(cookie: string, name: string, categoryId: string) {
  const form = new FormData();
  const fields = {
    name,
    description: "Submitted for review.",
    addressLine1: "9 Quiet Ln",
    city: "Boulder",
    postalCode: "80302",
    region: "Front Range North",
    category: categoryId,
    priceType: "single",
    price: "4200",
    capacity: "150",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("images", new Blob([new Uint8Array(await png())], { type: "image/png" }), "hall.png");
  const res = await http.fetch("/api/venue-submissions", { method: "POST", cookie, body: form });
  const json = (await res.json()) as { ok: boolean; venue: { id: string } };
  expect(json.ok).toBe(true);
  const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
  return row!;
}

/** A multipart POST as the Venue Types screen sends it. */
function typeRequest(fields: Record<string, string>, image?: Buffer) {
  const body = new FormData();
  for (const [k, v] of Object.entries(fields)) body.append(k, v);
  if (image) body.append("image", new Blob([new Uint8Array(image)], { type: "image/png" }), "type.png");
  return new Request(`${SITE_URL}/admin/venue-categories`, {
    method: "POST",
    body,
    headers: { cookie: admin.cookie, origin: SITE_URL },
  });
}

let typeId: string;

withHttpApp(async (app) => {
  ({ t, http } = app);
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
  adminUser = asUser(admin, "admin");
  typeId = (await createCategory(t.db, { name: "Lodge" })).id;
  // The first request compiles the routes (Vite): here, not inside a test's time limit.
  await (await http.fetch("/admin/pending", { cookie: admin.cookie })).body?.cancel();
});

describe("pending venues", () => {
  it("lists submissions with their submitter, price per event and capacity", async () => {
    const submitter = await t.signUp({ name: "Sam Submitter" });
    const v = await submitVenue(submitter.cookie, "Aspen Hollow Lodge", typeId);
    const { venues: cards } = await listPendingVenues(t.db, adminUser);
    const card = cards.find((c) => c.id === v.id)!;
    expect(card).toMatchObject({
      name: "Aspen Hollow Lodge",
      category: "Lodge",
      price: "$4,200",
      capacity: 150,
      submitter: { name: "Sam Submitter", email: submitter.email },
    });
    expect(card.image).toMatch(/^\/uploads\/venues\//);
    const page = await http.fetch("/admin/pending", { cookie: admin.cookie });
    const html = await page.text();
    expect(html).toContain("$4,200 per event");
    expect(html).toContain(submitter.email);
  });

  it("approval is atomic: when the link insert fails, the venue stays pending and no role, link or audit entry changes", async () => {
    const submitter = await t.signUp();
    const v = await submitVenue(submitter.cookie, "Half Approved Hall", typeId);
    await t.db
      .execute(sql`create or replace function vv_test_fail_link() returns trigger language plpgsql as $$
      begin raise exception 'link insert failed'; end $$`);
    await t.db.execute(
      sql`create trigger vv_test_fail_link before insert on venue_managers for each row execute function vv_test_fail_link()`,
    );
    try {
      const r = await run(async () =>
        pendingRoute.action(
          await t.args(
            t.request("/admin/pending", { form: { intent: "approve", venueId: v.id }, cookie: admin.cookie }),
          ),
        ),
      );
      expect(r.status).toBe(500);
      expect(r.data).toMatchObject({ toast: { type: "error", message: "Failed to approve venue" } });
    } finally {
      await t.db.execute(sql`drop trigger vv_test_fail_link on venue_managers`);
    }
    const [after] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(after!.isApproved).toBe(false);
    expect(after!.approvedAt).toBeNull();
    expect(await roleOf(submitter.id)).toBe("user");
    expect(await linksOf(submitter.id)).toEqual([]);
    expect(await auditFor(v.id)).toHaveLength(0);
  });

  it("approval makes the submitter a venue manager linked to the venue, mails them, and is audited", async () => {
    const submitter = await t.signUp();
    const v = await submitVenue(submitter.cookie, "Willow Creek Barn", typeId);
    const r = await run(async () =>
      pendingRoute.action(
        await t.args(
          t.request("/admin/pending", { form: { intent: "approve", venueId: v.id }, cookie: admin.cookie }),
        ),
      ),
    );
    expect(r.data).toEqual({
      ok: true,
      toast: {
        type: "success",
        message: "Venue approved successfully",
        description: "Venue has been approved and the submitter has been assigned as venue manager",
      },
    });
    const [after] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(after!.isApproved).toBe(true);
    expect(await roleOf(submitter.id)).toBe("venue_manager");
    expect(await linksOf(submitter.id)).toEqual([v.id]);
    const [entry] = await auditFor(v.id);
    expect(entry).toMatchObject({ action: "venue.approve", actorId: admin.id, targetType: "venue" });
    expect(entry!.details).toMatchObject({
      name: "Willow Creek Barn",
      roleFrom: "user",
      roleTo: "venue_manager",
    });
    const mail = await t.mail.waitFor(submitter.email);
    expect(mail.subject).toContain("Willow Creek Barn");
    // Its button is the manager dashboard (issue 22); the venue's page is linked in the text.
    expect(t.mail.linkIn(mail)).toBe(`${SITE_URL}/venue-manager/dashboard`);
    expect(mail.text).toContain(`${SITE_URL}/venue/willow-creek-barn-${v.id}`);
    // The public page is there now.
    const page = await http.fetch(`/venue/willow-creek-barn-${v.id}`);
    expect(page.status).toBe(200);
    // A second approval is refused: it is no longer pending.
    const again = await approveVenue(t.app, adminUser, v.id);
    expect(again).toMatchObject({ ok: false, status: 409 });
  });

  it("an admin who submitted keeps the admin role and gets the link; an existing link is fine", async () => {
    const other = await t.signUp({ role: "admin" });
    const v = await submitVenue(other.cookie, "Admin's Own Venue", typeId);
    await t.db.insert(venueManagers).values({ userId: other.id, venueId: v.id });
    const r = await approveVenue(t.app, adminUser, v.id);
    expect(r).toMatchObject({ ok: true });
    expect(await roleOf(other.id)).toBe("admin");
    expect(await linksOf(other.id)).toEqual([v.id]);
  });

  it("rejection deletes the venue and its stored files, mails the submitter, and is audited", async () => {
    const submitter = await t.signUp();
    const v = await submitVenue(submitter.cookie, "Rejected Ridge", typeId);
    const key = t.storage.keyOf(v.images[0]!)!;
    const base = key.replace(/-\d+\.webp$/, "");
    for (const w of [400, 800]) expect(await t.storage.get(`${base}-${w}.webp`)).not.toBeNull();
    const r = await run(async () =>
      pendingRoute.action(
        await t.args(
          t.request("/admin/pending", { form: { intent: "reject", venueId: v.id }, cookie: admin.cookie }),
        ),
      ),
    );
    expect(r.data).toMatchObject({
      toast: { type: "success", message: "Venue has been rejected and removed" },
    });
    expect(await t.db.select().from(venues).where(eq(venues.id, v.id))).toHaveLength(0);
    for (const w of [400, 800, 1600]) expect(await t.storage.get(`${base}-${w}.webp`)).toBeNull();
    expect(await roleOf(submitter.id)).toBe("user");
    const [entry] = await auditFor(v.id);
    expect(entry).toMatchObject({ action: "venue.reject", actorId: admin.id });
    const mail = await t.mail.waitFor(submitter.email);
    expect(mail.subject).toContain("Rejected Ridge");
    // Only pending venues can be rejected.
    const approved = await createVenue(t.db, { name: "Safe Approved Venue" });
    expect(await rejectVenue(t.app, adminUser, approved.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("shows 'No Pending Venues' when there are none", async () => {
    await t.db.delete(venues).where(eq(venues.isApproved, false));
    const html = await (await http.fetch("/admin/pending", { cookie: admin.cookie })).text();
    expect(html).toContain("No Pending Venues");
  });
});

describe("users and roles", () => {
  it("lists users newest first and searches name and email (wildcards literal)", async () => {
    const a = await t.signUp({ name: "Quentin Searchable" });
    const b = await t.signUp({ name: "Zed", email: `quentin_${Date.now()}@x.example` });
    const all = await listUsers(t.db, adminUser);
    expect(all.users[0]!.id).toBe(b.id);
    expect(all.users[1]!.id).toBe(a.id);
    const found = await listUsers(t.db, adminUser, { q: "quentin" });
    expect(found.users.map((u) => u.id).sort()).toEqual([a.id, b.id].sort());
    expect((await listUsers(t.db, adminUser, { q: "quentin_" })).users.map((u) => u.id)).toEqual([b.id]);
    expect((await listUsers(t.db, adminUser, { q: "%" })).users).toHaveLength(0);
  });

  it("promotes to admin with the spec's toast, audited", async () => {
    const u = await t.signUp();
    const r = await run(async () =>
      usersRoute.action(
        await t.args(
          t.request("/admin/users", { form: { intent: "promote", userId: u.id }, cookie: admin.cookie }),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "User role updated to Admin" } });
    expect(await roleOf(u.id)).toBe("admin");
    expect((await auditFor(u.id))[0]).toMatchObject({
      action: "user.role",
      details: { from: "user", to: "admin" },
    });
  });

  it("assigning venues makes a venue manager and replaces the links; an admin stays admin; an empty choice is refused", async () => {
    const u = await t.signUp();
    const [v1, v2, v3] = await Promise.all(
      ["Assign One", "Assign Two", "Assign Three"].map((name) => createVenue(t.db, { name })),
    );
    const assign = async (userId: string, ids: string[]) =>
      run(async () =>
        usersRoute.action(
          await t.args(
            t.request("/admin/users", {
              form: { intent: "assign", userId, venueIds: ids.join(",") },
              cookie: admin.cookie,
            }),
          ),
        ),
      );
    const first = await assign(u.id, [v1!.id, v2!.id]);
    expect(first.data).toMatchObject({
      ok: true,
      toast: {
        message: "Venue assignments updated successfully",
        description: "User role updated to Venue Manager",
      },
    });
    expect(await roleOf(u.id)).toBe("venue_manager");
    expect(await linksOf(u.id)).toEqual([v1!.id, v2!.id].sort());

    const second = await assign(u.id, [v3!.id]);
    expect(second.data).toMatchObject({ ok: true, toast: { description: undefined } });
    expect(await linksOf(u.id)).toEqual([v3!.id]);

    const empty = await assign(u.id, []);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ toast: { message: "Please choose at least one venue to assign" } });
    expect(await linksOf(u.id)).toEqual([v3!.id]);

    const pending = await createVenue(t.db, { name: "Not Yet Approved", isApproved: false });
    expect((await assign(u.id, [pending.id])).status).toBe(400);
    expect(await linksOf(u.id)).toEqual([v3!.id]);

    const other = await t.signUp({ role: "admin" });
    expect((await assign(other.id, [v1!.id])).data).toMatchObject({ ok: true });
    expect(await roleOf(other.id)).toBe("admin");
    expect(await linksOf(other.id)).toEqual([v1!.id]);
    expect((await auditFor(u.id)).map((e) => e.action)).toEqual(["user.assign", "user.assign"]);
  });

  it("the picker's data: current links selected, approved venues by name, searchable", async () => {
    const u = await t.signUp();
    const mine = await createVenue(t.db, { name: "Picker Mine" });
    await createVenue(t.db, { name: "Picker Hidden", isApproved: false });
    await assignVenues(t.app, adminUser, u.id, [mine.id]);
    const res = await http.fetch(`/admin/users/${u.id}/venues?q=picker`, { cookie: admin.cookie });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { selected: { id: string }[]; options: { name: string }[] };
    expect(body.selected.map((s) => s.id)).toEqual([mine.id]);
    expect(body.options.map((o) => o.name)).toEqual(["Picker Mine"]);
    expect((await http.fetch(`/admin/users/no-such-user/venues`, { cookie: admin.cookie })).status).toBe(404);
  });

  it("removing special roles makes a plain user and removes the links, recording that choice", async () => {
    const u = await t.signUp();
    const v = await createVenue(t.db, { name: "Link To Remove" });
    await assignVenues(t.app, adminUser, u.id, [v.id]);
    const r = await run(async () =>
      usersRoute.action(
        await t.args(
          t.request("/admin/users", { form: { intent: "remove-roles", userId: u.id }, cookie: admin.cookie }),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "User role updated to User" } });
    expect(await roleOf(u.id)).toBe("user");
    expect(await linksOf(u.id)).toEqual([]);
    expect((await auditFor(u.id))[0]).toMatchObject({
      action: "user.role",
      details: { from: "venue_manager", to: "user", linksRemoved: 1 },
    });
  });

  it("the last-admin rule: an admin cannot remove their own role, and no path demotes the last admin", async () => {
    const own = await run(async () =>
      usersRoute.action(
        await t.args(
          t.request("/admin/users", {
            form: { intent: "remove-roles", userId: admin.id },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(own.status).toBe(409);
    expect(own.data).toMatchObject({ toast: { message: "You cannot remove your own admin role" } });
    expect(await roleOf(admin.id)).toBe("admin");

    // Two admins may demote each other until one is left.
    const other = await t.signUp({ role: "admin" });
    expect(await removeSpecialRoles(t.db, adminUser, other.id)).toMatchObject({ ok: true });

    // With every other admin gone, the CLI (setUserRole) cannot demote the last one either.
    await t.db
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.role, "admin"), sql`${users.id} <> ${admin.id}`));
    await expect(setUserRole(t.db, { id: admin.id }, "venue_manager")).rejects.toBeInstanceOf(LastAdminError);
    await expect(setUserRole(t.db, { email: admin.email }, "user")).rejects.toThrow(
      "The last administrator cannot lose the admin role",
    );
    expect(await roleOf(admin.id)).toBe("admin");

    // Another admin removing the last other admin is refused too (here: the acting admin is no
    // longer an admin in the database, as after a concurrent demotion).
    const second = await t.signUp({ role: "admin" });
    await t.db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    const r = await removeSpecialRoles(t.db, adminUser, second.id);
    expect(r).toMatchObject({
      ok: false,
      status: 409,
      error: "The last administrator cannot lose the admin role",
    });
    expect(await roleOf(second.id)).toBe("admin");
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    // Approving or assigning never takes the admin role away (tested above); promoting is fine.
    expect(await promoteToAdmin(t.db, adminUser, second.id)).toMatchObject({ ok: true });
  });

  it("sends a password reset email with the same link as the user's own reset", async () => {
    const u = await t.signUp();
    const r = await run(async () =>
      usersRoute.action(
        await t.args(
          t.request("/admin/users", {
            form: { intent: "reset-password", userId: u.id },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Password reset email sent" } });
    const adminLink = t.mail.linkIn(await t.mail.waitFor(u.email))!;
    const count = t.mail.messages.length;
    const { requestPasswordReset } = await import("../../app/services/accounts.server");
    await requestPasswordReset(t.app, t.request("/reset-password"), u.email);
    await expect.poll(() => t.mail.messages.length).toBeGreaterThan(count);
    const ownLink = t.mail.linkIn(t.mail.messages.at(-1)!)!;
    const shape = (link: string) => link.replace(/reset-password\/[^?]+/, "reset-password/TOKEN");
    expect(shape(adminLink)).toBe(shape(ownLink));
    const forwarded = await t.auth.handler(new Request(adminLink));
    expect(new URL(forwarded.headers.get("location")!, SITE_URL).pathname).toBe("/auth/update-password");
    expect((await auditFor(u.id))[0]).toMatchObject({ action: "user.password_reset" });

    const missing = await run(async () =>
      usersRoute.action(
        await t.args(
          t.request("/admin/users", {
            form: { intent: "reset-password", userId: "nobody" },
            cookie: admin.cookie,
          }),
        ),
      ),
    );
    expect(missing.data).toMatchObject({ toast: { message: "Could not find user email" } });
  });
});

describe("venue types", () => {
  it("adds a type with one image through the pipeline, name required, duplicates refused", async () => {
    const r = await run(async () =>
      typesRoute.action(
        await t.args(
          typeRequest({ intent: "create", name: "Vineyard", description: "Rows of vines." }, await png()),
        ),
      ),
    );
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Vineyard category added" } });
    const [row] = await t.db.select().from(venueCategories).where(eq(venueCategories.name, "Vineyard"));
    expect(row!.imageUrl).toMatch(new RegExp(`^/uploads/categories/${row!.id}/.+-1600\\.webp$`));
    const key = t.storage.keyOf(row!.imageUrl!)!;
    expect(await t.storage.get(key.replace(/-1600\.webp$/, "-400.webp"))).not.toBeNull();
    expect((await auditFor(row!.id))[0]).toMatchObject({ action: "category.create" });

    const blank = await run(async () =>
      typesRoute.action(await t.args(typeRequest({ intent: "create", name: "  " }))),
    );
    expect(blank.data).toMatchObject({ errors: { name: "Name is required" } });
    const dup = await run(async () =>
      typesRoute.action(await t.args(typeRequest({ intent: "create", name: "vineyard" }))),
    );
    expect(dup.status).toBe(409);
    const notImage = await run(async () =>
      typesRoute.action(
        await t.args(typeRequest({ intent: "create", name: "Broken" }, Buffer.from("not an image"))),
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
          { intent: "update", categoryId: type.id, name: "Garden", description: "" },
          await png("#111"),
        ),
      ),
    );
    const [withImage] = await t.db.select().from(venueCategories).where(eq(venueCategories.id, type.id));
    const oldKey = t.storage.keyOf(withImage!.imageUrl!)!;
    const r = await run(async () =>
      typesRoute.action(
        await t.args(
          typeRequest(
            { intent: "update", categoryId: type.id, name: "Garden & Park", description: "Green." },
            await png("#222"),
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
      typesRoute.action(await t.args(typeRequest({ intent: "delete", categoryId: from.id, moveTo: "" }))),
    );
    expect(refused.status).toBe(409);
    expect(refused.data).toMatchObject({
      inUse: 2,
      toast: { message: expect.stringContaining("2 venues use") },
    });
    expect(await t.db.select().from(venueCategories).where(eq(venueCategories.id, from.id))).toHaveLength(1);

    const moved = await run(async () =>
      typesRoute.action(await t.args(typeRequest({ intent: "delete", categoryId: from.id, moveTo: to.id }))),
    );
    expect(moved.data).toMatchObject({ ok: true, toast: { message: "Old Type category deleted" } });
    const rows = await t.db
      .select({ c: venues.categoryId })
      .from(venues)
      .where(sql`${venues.id} in (${a.id}, ${b.id})`);
    expect(rows.map((r) => r.c)).toEqual([to.id, to.id]);
    expect((await auditFor(from.id))[0]).toMatchObject({
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
    expect((await auditFor(row!.id))[0]).toMatchObject({
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
    expect((await auditFor(a!.id))[0]).toMatchObject({ action: "faq.reorder" });

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
    expect((await auditFor(faq!.id)).map((e) => e.action)).toEqual(["faq.delete", "faq.update"]);
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
