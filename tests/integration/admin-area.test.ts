import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { users, venueManagers, venues } from "../../database/schema";
import { type AppUser } from "../../app/lib/user";
import { approveVenue, listPendingVenues, rejectVenue } from "../../app/services/approvals.server";
import {
  assignVenues,
  LastAdminError,
  listUsers,
  promoteToAdmin,
  removeSpecialRoles,
  setUserRole,
} from "../../app/services/users.server";
import {
  adminAreaApp,
  auditFor,
  linksOf,
  pendingAction,
  roleOf,
  submitVenue,
  usersAction,
} from "../setup/admin-area";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { SITE_URL, type TestApp } from "../setup/test-app";

// The admin area of issue 12 (items 2, 4, 6, 7, 8, 9, 10): pending approvals, users and roles,
// and the audit entry written with every change (venue types, amenities, FAQs and the dashboard:
// admin-area-catalog.test.ts; what they share: tests/setup/admin-area.ts).

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let typeId: string;

withHttpApp(async (app) => {
  ({ t, http } = app);
  ({ admin, adminUser, typeId } = await adminAreaApp(app));
});

describe("pending venues", () => {
  it("lists submissions with their submitter, price per event and capacity", async () => {
    const submitter = await t.signUp({ name: "Sam Submitter" });
    const v = await submitVenue(t, http, submitter.cookie, "Aspen Hollow Lodge", typeId);
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
    const v = await submitVenue(t, http, submitter.cookie, "Half Approved Hall", typeId);
    await t.db
      .execute(sql`create or replace function vv_test_fail_link() returns trigger language plpgsql as $$
      begin raise exception 'link insert failed'; end $$`);
    await t.db.execute(
      sql`create trigger vv_test_fail_link before insert on venue_managers for each row execute function vv_test_fail_link()`,
    );
    try {
      const r = await pendingAction(t, admin.cookie, { intent: "approve", venueId: v.id });
      expect(r.status).toBe(500);
      expect(r.data).toMatchObject({ toast: { type: "error", message: "Failed to approve venue" } });
    } finally {
      await t.db.execute(sql`drop trigger vv_test_fail_link on venue_managers`);
    }
    const [after] = await t.db.select().from(venues).where(eq(venues.id, v.id));
    expect(after!.isApproved).toBe(false);
    expect(after!.approvedAt).toBeNull();
    expect(await roleOf(t, submitter.id)).toBe("user");
    expect(await linksOf(t, submitter.id)).toEqual([]);
    expect(await auditFor(t, v.id)).toHaveLength(0);
  });

  it("approval makes the submitter a venue manager linked to the venue, mails them, and is audited", async () => {
    const submitter = await t.signUp();
    const v = await submitVenue(t, http, submitter.cookie, "Willow Creek Barn", typeId);
    const r = await pendingAction(t, admin.cookie, { intent: "approve", venueId: v.id });
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
    expect(await roleOf(t, submitter.id)).toBe("venue_manager");
    expect(await linksOf(t, submitter.id)).toEqual([v.id]);
    const [entry] = await auditFor(t, v.id);
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
    const v = await submitVenue(t, http, other.cookie, "Admin's Own Venue", typeId);
    await t.db.insert(venueManagers).values({ userId: other.id, venueId: v.id });
    const r = await approveVenue(t.app, adminUser, v.id);
    expect(r).toMatchObject({ ok: true });
    expect(await roleOf(t, other.id)).toBe("admin");
    expect(await linksOf(t, other.id)).toEqual([v.id]);
  });

  it("rejection deletes the venue and its stored files, mails the submitter, and is audited", async () => {
    const submitter = await t.signUp();
    const v = await submitVenue(t, http, submitter.cookie, "Rejected Ridge", typeId);
    const key = t.storage.keyOf(v.images[0]!)!;
    const base = key.replace(/-\d+\.webp$/, "");
    for (const w of [400, 800]) expect(await t.storage.get(`${base}-${w}.webp`)).not.toBeNull();
    const r = await pendingAction(t, admin.cookie, { intent: "reject", venueId: v.id });
    expect(r.data).toMatchObject({
      toast: { type: "success", message: "Venue has been rejected and removed" },
    });
    expect(await t.db.select().from(venues).where(eq(venues.id, v.id))).toHaveLength(0);
    for (const w of [400, 800, 1600]) expect(await t.storage.get(`${base}-${w}.webp`)).toBeNull();
    expect(await roleOf(t, submitter.id)).toBe("user");
    const [entry] = await auditFor(t, v.id);
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
    const r = await usersAction(t, admin.cookie, { intent: "promote", userId: u.id });
    expect(r.data).toMatchObject({ ok: true, toast: { message: "User role updated to Admin" } });
    expect(await roleOf(t, u.id)).toBe("admin");
    expect((await auditFor(t, u.id))[0]).toMatchObject({
      action: "user.role",
      details: { from: "user", to: "admin" },
    });
  });

  it("assigning venues makes a venue manager and replaces the links; an admin stays admin; an empty choice is refused", async () => {
    const u = await t.signUp();
    const [v1, v2, v3] = await Promise.all(
      ["Assign One", "Assign Two", "Assign Three"].map((name) => createVenue(t.db, { name })),
    );
    const assign = (userId: string, ids: string[]) =>
      usersAction(t, admin.cookie, { intent: "assign", userId, venueIds: ids.join(",") });
    const first = await assign(u.id, [v1!.id, v2!.id]);
    expect(first.data).toMatchObject({
      ok: true,
      toast: {
        message: "Venue assignments updated successfully",
        description: "User role updated to Venue Manager",
      },
    });
    expect(await roleOf(t, u.id)).toBe("venue_manager");
    expect(await linksOf(t, u.id)).toEqual([v1!.id, v2!.id].sort());

    const second = await assign(u.id, [v3!.id]);
    expect(second.data).toMatchObject({ ok: true, toast: { description: undefined } });
    expect(await linksOf(t, u.id)).toEqual([v3!.id]);

    const empty = await assign(u.id, []);
    expect(empty.status).toBe(400);
    expect(empty.data).toMatchObject({ toast: { message: "Please choose at least one venue to assign" } });
    expect(await linksOf(t, u.id)).toEqual([v3!.id]);

    const pending = await createVenue(t.db, { name: "Not Yet Approved", isApproved: false });
    expect((await assign(u.id, [pending.id])).status).toBe(400);
    expect(await linksOf(t, u.id)).toEqual([v3!.id]);

    const other = await t.signUp({ role: "admin" });
    expect((await assign(other.id, [v1!.id])).data).toMatchObject({ ok: true });
    expect(await roleOf(t, other.id)).toBe("admin");
    expect(await linksOf(t, other.id)).toEqual([v1!.id]);
    expect((await auditFor(t, u.id)).map((e) => e.action)).toEqual(["user.assign", "user.assign"]);
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
    const r = await usersAction(t, admin.cookie, { intent: "remove-roles", userId: u.id });
    expect(r.data).toMatchObject({ ok: true, toast: { message: "User role updated to User" } });
    expect(await roleOf(t, u.id)).toBe("user");
    expect(await linksOf(t, u.id)).toEqual([]);
    expect((await auditFor(t, u.id))[0]).toMatchObject({
      action: "user.role",
      details: { from: "venue_manager", to: "user", linksRemoved: 1 },
    });
  });

  it("the last-admin rule: an admin cannot remove their own role, and no path demotes the last admin", async () => {
    const own = await usersAction(t, admin.cookie, { intent: "remove-roles", userId: admin.id });
    expect(own.status).toBe(409);
    expect(own.data).toMatchObject({ toast: { message: "You cannot remove your own admin role" } });
    expect(await roleOf(t, admin.id)).toBe("admin");

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
    expect(await roleOf(t, admin.id)).toBe("admin");

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
    expect(await roleOf(t, second.id)).toBe("admin");
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    // Approving or assigning never takes the admin role away (tested above); promoting is fine.
    expect(await promoteToAdmin(t.db, adminUser, second.id)).toMatchObject({ ok: true });
  });

  it("sends a password reset email with the same link as the user's own reset", async () => {
    const u = await t.signUp();
    const r = await usersAction(t, admin.cookie, { intent: "reset-password", userId: u.id });
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
    expect((await auditFor(t, u.id))[0]).toMatchObject({ action: "user.password_reset" });

    const missing = await usersAction(t, admin.cookie, { intent: "reset-password", userId: "nobody" });
    expect(missing.data).toMatchObject({ toast: { message: "Could not find user email" } });
  });
});
