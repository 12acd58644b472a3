import fs from "node:fs/promises";
import path from "node:path";
import { and, count, eq, ne, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeEach, describe, expect, it } from "vitest";
import { auditLog, users, venues } from "../../database/schema";
import * as usersRoute from "../../app/routes/admin/users";
import * as dashboardRoute from "../../app/routes/admin/dashboard";
import * as amenitiesRoute from "../../app/routes/admin/venue-amenities";
import { appContext } from "../../app/infra/context.server";
import type { AppUser } from "../../app/lib/user";
import { approveVenue, rejectVenue } from "../../app/services/approvals.server";
import { assignVenues, removeSpecialRoles } from "../../app/services/users.server";
import { adminAreaApp, asUser, linksOf, pendingAction, roleOf, usersAction } from "../setup/admin-area";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

// Issue 12, acceptance: approval is atomic wherever it fails; rejection removes the venue's
// files (images and logo) and a failed rejection removes nothing; assignments replace links in
// one transaction; the last-admin rule holds on every path, concurrent demotions included; the
// screens whose data fails to load answer with the spec's texts rather than an error page.
// (admin-area.test.ts has the successful paths and the first atomicity case.)

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let typeId: string;

const auditCount = async (targetId: string) =>
  Number((await t.db.select({ n: count() }).from(auditLog).where(eq(auditLog.targetId, targetId)))[0]!.n);
const adminCount = async () =>
  Number((await t.db.select({ n: count() }).from(users).where(eq(users.role, "admin")))[0]!.n);

const png = (color: string, side = 700) =>
  sharp({ create: { width: side, height: side, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A pending venue through the real submission endpoint, with two images and a logo. */
async function submit(cookie: string, name: string) {
  const form = new FormData();
  const fields = {
    name,
    description: "Waiting for review.",
    addressLine1: "4 Pine St",
    city: "Estes Park",
    postalCode: "80517",
    region: "Front Range North",
    category: typeId,
    priceType: "single",
    price: "3100",
    capacity: "90",
  };
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  for (const color of ["#7a9", "#a97"])
    form.append("images", new Blob([new Uint8Array(await png(color))], { type: "image/png" }), "hall.png");
  form.append("logo", new Blob([new Uint8Array(await png("#345", 300))], { type: "image/png" }), "logo.png");
  const res = await http.fetch("/api/venue-submissions", { method: "POST", cookie, body: form });
  const json = (await res.json()) as { ok: boolean; venue: { id: string } };
  expect(json.ok).toBe(true);
  const [row] = await t.db.select().from(venues).where(eq(venues.id, json.venue.id));
  expect(row!.isApproved).toBe(false);
  return row!;
}

/** Every file stored under the venue's folder (the fs storage of the test app). */
async function storedFiles(venueId: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, "uploads", "venues", venueId);
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}

/** Makes every `op` on `table` fail (a statement failing midway through a transaction), for `fn`. */
async function failing<T>(table: string, op: "insert" | "update" | "delete", fn: () => Promise<T>) {
  await t.db.execute(
    sql.raw(`create or replace function vv_test_fail() returns trigger language plpgsql as $$
      begin raise exception 'injected failure on ${table}'; end $$`),
  );
  await t.db.execute(
    sql.raw(
      `create trigger vv_test_fail before ${op} on ${table} for each row execute function vv_test_fail()`,
    ),
  );
  try {
    return await fn();
  } finally {
    await t.db.execute(sql.raw(`drop trigger vv_test_fail on ${table}`));
  }
}

const approveOverRoute = (venueId: string) => pendingAction(t, admin.cookie, { intent: "approve", venueId });

withHttpApp(async (app) => {
  ({ t, http } = app);
  ({ admin, adminUser, typeId } = await adminAreaApp(app, "Chalet", "Only Admin"));
});

describe("approval is atomic", () => {
  // Each step of the approval after the venue's own update: the submitter's role, the link, the
  // audit entry. A failure at any of them leaves everything as it was.
  const steps = [
    { at: "the role change", table: "users", op: "update" },
    { at: "the venue link", table: "venue_managers", op: "insert" },
    { at: "the audit entry", table: "audit_log", op: "insert" },
  ] as const;

  for (const step of steps) {
    it(`a failure at ${step.at} leaves the venue pending, the role and links unchanged, and mails no one`, async () => {
      const submitter = await t.signUp();
      const v = await submit(submitter.cookie, `Half Approved ${step.table}`);
      const mails = t.mail.messages.length;
      const r = await failing(step.table, step.op, () => approveOverRoute(v.id));
      expect(r.status).toBe(500);
      expect(r.data).toMatchObject({ toast: { type: "error", message: "Failed to approve venue" } });

      const [after] = await t.db.select().from(venues).where(eq(venues.id, v.id));
      expect(after!.isApproved).toBe(false);
      expect(after!.approvedAt).toBeNull();
      expect(await roleOf(t, submitter.id)).toBe("user");
      expect(await linksOf(t, submitter.id)).toEqual([]);
      expect(await auditCount(v.id)).toBe(0);
      expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(submitter.email))).toEqual([]);
      // Public pages still refuse it.
      expect((await http.fetch(`/venue/x-${v.id}`)).status).toBe(404);

      // Without the injected failure the same approval goes through: nothing was half-done.
      const ok = await approveOverRoute(v.id);
      expect(ok.status).toBe(200);
      expect(await roleOf(t, submitter.id)).toBe("venue_manager");
      expect(await linksOf(t, submitter.id)).toEqual([v.id]);
      expect(await auditCount(v.id)).toBe(1);
    });
  }
});

describe("rejection", () => {
  it("removes every stored file of the venue, images and logo alike", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Rejected With Logo");
    expect(v.logoUrl).toMatch(/^\/uploads\/venues\//);
    const before = await storedFiles(v.id);
    // Two images and a logo, each at several widths.
    expect(before.length).toBeGreaterThanOrEqual(6);
    const r = await pendingAction(t, admin.cookie, { intent: "reject", venueId: v.id });
    expect(r.data).toMatchObject({
      toast: { type: "success", message: "Venue has been rejected and removed" },
    });
    expect(await storedFiles(v.id)).toEqual([]);
    expect((await http.fetch(v.logoUrl!)).status).toBe(404);
    expect((await http.fetch(v.images[0]!)).status).toBe(404);
  });

  it("that fails midway deletes neither the venue nor its files", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Rejection That Fails");
    const files = await storedFiles(v.id);
    const r = await failing("audit_log", "insert", () => rejectVenue(t.app, adminUser, v.id));
    expect(r).toMatchObject({ ok: false, status: 500, error: "Failed to reject venue" });
    expect(await t.db.select({ id: venues.id }).from(venues).where(eq(venues.id, v.id))).toHaveLength(1);
    expect((await storedFiles(v.id)).sort()).toEqual(files.sort());
  });
});

describe("assignments", () => {
  it("a failure while inserting the new links keeps the old links and role", async () => {
    const u = await t.signUp();
    const [a, b] = await Promise.all(
      ["Keep Link A", "New Link B"].map((name) => createVenue(t.db, { name })),
    );
    expect(await assignVenues(t.app, adminUser, u.id, [a!.id])).toMatchObject({ ok: true });
    const r = await failing("venue_managers", "insert", () =>
      usersAction(t, admin.cookie, { intent: "assign", userId: u.id, venueIds: b!.id }),
    );
    expect(r.status).toBe(500);
    expect(r.data).toMatchObject({ toast: { message: "Failed to update venue assignments" } });
    expect(await linksOf(t, u.id)).toEqual([a!.id]);
    expect(await roleOf(t, u.id)).toBe("venue_manager");
  });
});

describe("the last-admin rule on every path", () => {
  // The rule counts every admin in the table: each test starts from "Only Admin" alone, whatever
  // ran before it (the tests below add admins of their own).
  beforeEach(async () => {
    await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    await t.db
      .update(users)
      .set({ role: "user" })
      .where(and(eq(users.role, "admin"), ne(users.id, admin.id)));
  });

  it("the only admin keeps the role when approving their own submission and when assigning venues to themselves", async () => {
    expect(await adminCount()).toBe(1);
    const own = await submit(admin.cookie, "The Admin's Own Lodge");
    expect(await approveVenue(t.app, adminUser, own.id)).toMatchObject({ ok: true });
    expect(await roleOf(t, admin.id)).toBe("admin");
    expect(await linksOf(t, admin.id)).toContain(own.id);

    const other = await createVenue(t.db, { name: "Assigned To The Admin" });
    const r = await assignVenues(t.app, adminUser, admin.id, [other.id]);
    expect(r).toMatchObject({ ok: true, roleChanged: false, role: "admin" });
    expect(await roleOf(t, admin.id)).toBe("admin");
    expect(await linksOf(t, admin.id)).toEqual([other.id]);

    const self = await removeSpecialRoles(t.db, adminUser, admin.id);
    expect(self).toMatchObject({ ok: false, status: 409, error: "You cannot remove your own admin role" });
    expect(await roleOf(t, admin.id)).toBe("admin");
    expect(await adminCount()).toBe(1);
  });

  it("two admins demoting each other at the same moment: exactly one succeeds, one admin is left", async () => {
    const second = await t.signUp({ role: "admin" });
    const secondUser = asUser(second, "admin");
    expect(await adminCount()).toBe(2);
    const results = await Promise.all([
      removeSpecialRoles(t.db, adminUser, second.id),
      removeSpecialRoles(t.db, secondUser, admin.id),
    ]);
    expect(results.filter((r) => r.ok)).toHaveLength(1);
    expect(results.filter((r) => !r.ok)).toEqual([
      { ok: false, status: 409, error: "The last administrator cannot lose the admin role" },
    ]);
    expect(await adminCount()).toBe(1);
  });

  it("a demotion the users screen sends for the last other admin, by an admin who has just lost the role, is refused", async () => {
    const second = await t.signUp({ role: "admin" });
    // The acting admin's row was demoted meanwhile (its session still says admin).
    await t.db.update(users).set({ role: "user" }).where(eq(users.id, admin.id));
    try {
      const r = await usersAction(t, admin.cookie, { intent: "remove-roles", userId: second.id });
      // The session reads the role from the database: the request is no admin's any more.
      expect(r.status).toBe(403);
      expect(await roleOf(t, second.id)).toBe("admin");
    } finally {
      await t.db.update(users).set({ role: "admin" }).where(eq(users.id, admin.id));
    }
  });
});

describe("the spec's load-failure states", () => {
  /** A loader's arguments as the admin's request builds them, over a database that fails every query. */
  async function failingArgs(path: string) {
    const args = await t.args(t.request(path, { cookie: admin.cookie }));
    const broken = () => {
      throw new Error("database unavailable");
    };
    const db = new Proxy(t.db, {
      get: (target, key) =>
        key === "select" || key === "execute" || key === "transaction" ? broken : Reflect.get(target, key),
    });
    args.context.set(appContext, { ...t.app, db });
    return args;
  }

  it("dashboard, users and amenities answer with the spec's failure texts instead of an error page", async () => {
    const dashboard = await dashboardRoute.loader(await failingArgs("/admin/dashboard"));
    expect(dashboard).toEqual({ stats: null, activity: null, insights: null });
    const people = await usersRoute.loader(await failingArgs("/admin/users"));
    expect(people).toMatchObject({ failed: true, users: [] });
    const amenities = await amenitiesRoute.loader(await failingArgs("/admin/venue-amenities"));
    expect(amenities).toEqual({ amenities: null });
  });
});
