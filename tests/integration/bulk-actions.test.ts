import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, users, venueManagers, venues, venueTrash } from "../../database/schema";
import { toAppUser, type AppUser } from "../../app/lib/user";
import * as bulkRoute from "../../app/routes/admin/venues-bulk";
import { previewBulkAction, runBulkAction } from "../../app/services/venue-bulk.server";
import { TRASH_BATCH } from "../../app/services/venue-trash.server";
import { createCategory, createVenue } from "../setup/factories";
import { nonAdmins } from "../setup/guard-runner";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, type TestApp } from "../setup/test-app";

// Bulk actions on the admin's venue list (issue 22, item 7; ADR 023): the ticked venues, the
// page's, or every venue matching the list's search, deleted (to the trash), approved or
// rejected in one step. The first post asks with the count; the confirmed one acts, in batches,
// with one audit entry. Approval and rejection are the one-venue services', mails included.
// Admins only.

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let categoryId: string;

/** The bulk form as the list posts it. */
function bulkPost(fields: [string, string][], opts: { cookie?: string; document?: boolean } = {}) {
  const req = new Request("http://localhost:3000/admin/venues/bulk", {
    method: "POST",
    headers: {
      cookie: opts.cookie ?? admin.cookie,
      origin: "http://localhost:3000",
      "content-type": "application/x-www-form-urlencoded",
      ...(opts.document ? { accept: "text/html,application/xhtml+xml" } : {}),
    },
    body: new URLSearchParams(fields),
  });
  return run(async () => bulkRoute.action(await t.args(req)));
}

const ticked = (ids: string[]) => ids.map((id): [string, string] => ["ids", id]);

async function listed(ids: string[]) {
  return (await t.db.select({ id: venues.id }).from(venues).where(inArray(venues.id, ids))).map((r) => r.id);
}

async function named(prefix: string, n: number, over: Parameters<typeof createVenue>[1] = {}) {
  const out = [];
  for (let i = 0; i < n; i++)
    out.push(
      await createVenue(t.db, { name: `${prefix} ${String(i).padStart(3, "0")}`, categoryId, ...over }),
    );
  return out;
}

/** A pending venue submitted by a new account. */
async function submitted(name: string) {
  const owner = await t.signUp({ name: `Owner of ${name}` });
  const v = await createVenue(t.db, { name, categoryId, isApproved: false, userId: owner.id });
  return { venue: v, owner };
}

withHttpApp(
  async (app) => {
    ({ t, http } = app);
    admin = await t.signUp({ role: "admin", name: "Bulk Admin" });
    adminUser = toAppUser({ id: admin.id, name: "Bulk Admin", email: admin.email, role: "admin" });
    categoryId = (await createCategory(t.db, { name: "Lodge" })).id;
  },
  { timeout: 120_000 },
);

describe("bulk delete", () => {
  it("asks first: the count and the first names, and nothing changes", async () => {
    const vs = await named("Asking Lodge", 7);
    const r = await bulkPost([
      ["intent", "delete"],
      ["returnTo", "/admin/venues?q=Asking"],
      ...ticked(vs.map((v) => v.id)),
    ]);
    expect(r.data).toMatchObject({
      question: {
        intent: "delete",
        count: 7,
        names: vs.slice(0, 5).map((v) => v.name),
        returnTo: "/admin/venues?q=Asking",
      },
    });
    expect(await listed(vs.map((v) => v.id))).toHaveLength(7);
  });

  it("moves exactly the ticked venues to the trash, with one audit entry", async () => {
    const vs = await named("Ticked Lodge", 5);
    const chosen = vs.slice(1, 4).map((v) => v.id);
    const r = await bulkPost([["intent", "delete"], ["confirmed", "1"], ...ticked(chosen)]);
    expect(r.data).toEqual({
      ok: true,
      toast: {
        type: "success",
        message: "3 venues moved to the trash",
        description: "Restore them from the trash within 30 days if needed.",
      },
    });
    expect((await listed(vs.map((v) => v.id))).sort()).toEqual([vs[0]!.id, vs[4]!.id].sort());
    const trashed = await t.db.select().from(venueTrash).where(inArray(venueTrash.venueId, chosen));
    expect(trashed.map((row) => row.deletedBy)).toEqual([admin.id, admin.id, admin.id]);
    // This test's entry: the one naming its venues (other tests' bulk deletes may be there too).
    const names = vs.slice(1, 4).map((v) => v.name);
    const entries = (
      await t.db.select().from(auditLog).where(eq(auditLog.action, "venue.bulk_delete"))
    ).filter((e) => ((e.details as { names?: string[] } | null)?.names ?? []).some((n) => names.includes(n)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorId: admin.id, targetType: "bulk", details: { count: 3 } });
  });

  it("'all matching the search' deletes every venue of the search, in batches, and no other", async () => {
    const n = TRASH_BATCH + 7;
    const matching = await named("Aspen Meadow", n);
    const others = await named("Birch Meadow", 3);
    // The list's address, on its second page: the page does not narrow 'all matching'.
    const returnTo = "/admin/venues?q=aspen+meadow&sort=capacity&page=2";
    const question = await bulkPost([
      ["intent", "delete"],
      ["returnTo", returnTo],
      ["allMatching", "1"],
      ...ticked([others[0]!.id]),
    ]);
    expect(question.data).toMatchObject({ question: { count: n } });
    const r = await bulkPost([
      ["intent", "delete"],
      ["returnTo", returnTo],
      ["allMatching", "1"],
      ["confirmed", "1"],
    ]);
    expect(r.data).toMatchObject({ ok: true, toast: { message: `${n} venues moved to the trash` } });
    expect(await listed(matching.map((v) => v.id))).toEqual([]);
    expect(await listed(others.map((v) => v.id))).toHaveLength(3);
    const [entry, ...more] = await t.db
      .select()
      .from(auditLog)
      .where(
        and(eq(auditLog.action, "venue.bulk_delete"), sql`${auditLog.details}->>'name' like 'Aspen Meadow%'`),
      );
    expect(more).toEqual([]);
    expect(entry?.details).toMatchObject({ count: n });
  });

  it("'all on this page' works without the script (the header's box and the page's ids), and a document post is redirected back with a flash", async () => {
    const page = await named("Page Lodge", 4);
    const r = await bulkPost(
      [
        ["intent", "delete"],
        ["returnTo", "/admin/venues?q=Page+Lodge"],
        ["allOnPage", "1"],
        ["confirmed", "1"],
        ...page.map((v): [string, string] => ["pageIds", v.id]),
      ],
      { document: true },
    );
    expect(r.status).toBe(302);
    expect(r.response!.headers.get("location")).toBe("/admin/venues?q=Page+Lodge");
    expect(r.response!.headers.get("set-cookie")).toMatch(/vv_flash=/);
    expect(await listed(page.map((v) => v.id))).toEqual([]);
  });

  it("refuses an empty choice, an unknown action, too many ids and a foreign returnTo", async () => {
    const [v] = await named("Refused Lodge", 1);
    expect(
      await bulkPost([
        ["intent", "delete"],
        ["confirmed", "1"],
      ]),
    ).toMatchObject({
      status: 400,
      data: { ok: false, toast: { message: "Choose at least one venue first" } },
    });
    expect(await bulkPost([["intent", "explode"], ["confirmed", "1"], ...ticked([v!.id])])).toMatchObject({
      status: 400,
      data: { toast: { message: "Choose Delete, Approve or Reject" } },
    });
    const many = Array.from({ length: 1001 }, () => crypto.randomUUID());
    expect(await bulkPost([["intent", "delete"], ["confirmed", "1"], ...ticked(many)])).toMatchObject({
      status: 400,
      data: { toast: { message: expect.stringMatching(/^Choose at most 1,000 venues/) } },
    });
    const away = await bulkPost(
      [
        ["intent", "delete"],
        ["returnTo", "https://evil.example/admin/venues"],
        ["confirmed", "1"],
      ],
      { document: true },
    );
    expect(away.response!.headers.get("location")).toBe("/admin/venues");
    expect(await listed([v!.id])).toHaveLength(1);
  });
});

describe("bulk approve and reject go through the one-venue services", () => {
  it("approves the pending venues as one approval would (manager role, link, mail), and leaves approved ones", async () => {
    const a = await submitted("Pending Pines");
    const b = await submitted("Pending Peaks");
    const [approved] = await named("Already Approved", 1);
    const r = await bulkPost([
      ["intent", "approve"],
      ["confirmed", "1"],
      ...ticked([a.venue.id, b.venue.id, approved!.id]),
    ]);
    expect(r.data).toEqual({
      ok: true,
      toast: {
        type: "success",
        message: "2 venues approved",
        description: "1 venue was not pending and stayed as it was.",
      },
    });
    for (const { venue, owner } of [a, b]) {
      const [row] = await t.db.select().from(venues).where(eq(venues.id, venue.id));
      expect(row).toMatchObject({ isApproved: true });
      const [user] = await t.db.select({ role: users.role }).from(users).where(eq(users.id, owner.id));
      expect(user!.role).toBe("venue_manager");
      const links = await t.db
        .select()
        .from(venueManagers)
        .where(and(eq(venueManagers.venueId, venue.id), eq(venueManagers.userId, owner.id)));
      expect(links).toHaveLength(1);
      expect((await t.mail.waitFor(owner.email)).subject).toBe(`Your venue is live: ${venue.name}`);
    }
    const perVenue = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "venue.approve"), inArray(auditLog.targetId, [a.venue.id, b.venue.id])));
    expect(perVenue).toHaveLength(2);
    const [summary] = await t.db.select().from(auditLog).where(eq(auditLog.action, "venue.bulk_approve"));
    expect(summary?.details).toMatchObject({ count: 2, notPending: 1 });
  });

  it("rejects the pending venues for good with a mail to each submitter, and leaves approved ones", async () => {
    const a = await submitted("Rejected Ridge");
    const [approved] = await named("Approved Ridge", 1);
    const r = await bulkPost([
      ["intent", "reject"],
      ["confirmed", "1"],
      ...ticked([a.venue.id, approved!.id]),
    ]);
    expect(r.data).toMatchObject({
      ok: true,
      toast: {
        message: "1 venue rejected and removed",
        description: "1 venue was not pending and stayed as it was.",
      },
    });
    expect(await listed([a.venue.id, approved!.id])).toEqual([approved!.id]);
    // Rejection is permanent (spec): not in the trash.
    expect(await t.db.select().from(venueTrash).where(eq(venueTrash.venueId, a.venue.id))).toEqual([]);
    expect((await t.mail.waitFor(a.owner.email)).subject).toBe(
      "Your venue submission was not approved: Rejected Ridge",
    );
  });
});

describe("admins only", () => {
  it("the services refuse a user, a venue manager and no one with 403", async () => {
    const [v] = await named("Guarded Lodge", 1);
    for (const who of [
      { ...adminUser, role: "user" as const },
      { ...adminUser, role: "venue_manager" as const },
      null,
    ]) {
      await expect(previewBulkAction(t.db, who, { ids: [v!.id] })).rejects.toMatchObject({
        init: { status: 403 },
      });
      for (const intent of ["delete", "approve", "reject"] as const)
        await expect(runBulkAction(t.app, who, intent, { ids: [v!.id] })).rejects.toMatchObject({
          init: { status: 403 },
        });
    }
    expect(await listed([v!.id])).toHaveLength(1);
  });

  it("over HTTP, guests get 401 and users and venue managers 403, and nothing changes", async () => {
    const [v] = await named("Wire Lodge", 1);
    const { venue: pending } = await submitted("Wire Pending");
    for (const [cookie, status] of await nonAdmins(t))
      for (const intent of ["delete", "approve", "reject"]) {
        const res = await http.fetch("/admin/venues/bulk", {
          method: "POST",
          cookie,
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams([
            ["intent", intent],
            ["confirmed", "1"],
            ["ids", v!.id],
            ["ids", pending.id],
          ]),
        });
        expect(res.status, `${intent} ${status}`).toBe(status);
        await res.body?.cancel();
      }
    expect((await listed([v!.id, pending.id])).sort()).toEqual([v!.id, pending.id].sort());
    const [row] = await t.db
      .select({ isApproved: venues.isApproved })
      .from(venues)
      .where(eq(venues.id, pending.id));
    expect(row!.isApproved).toBe(false);
  });
});
