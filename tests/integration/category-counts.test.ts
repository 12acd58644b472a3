// Approved venues per venue type come from venue_category_counts, kept by triggers (migration
// 0008, ADR 014). Every way a venue enters, leaves or changes type is checked against a real count.
import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { venueCategories, venues } from "../../database/schema";
import { queryRows } from "../../app/infra/db.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { approveVenue } from "../../app/services/approvals.server";
import { deleteVenueAsAdmin } from "../../app/services/admin-venues.server";
import { restoreFromTrash } from "../../app/services/venue-trash.server";
import {
  deleteCategory,
  getCategoryWithCount,
  listCategoriesWithCounts,
} from "../../app/services/categories.server";
import { createCategory, createVenue } from "../setup/factories";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
let admin: AppUser;
let a: string;
let b: string;

/** The counts the pages show, by type id. */
async function shown(): Promise<Record<string, number>> {
  return Object.fromEntries((await listCategoriesWithCounts(t.db)).map((c) => [c.id, c.count]));
}

/** The same counts, counted the slow way. */
async function counted(): Promise<Record<string, number>> {
  const rows = await queryRows<{ id: string; n: number }>(
    t.db,
    sql`select c.id, count(v.id)::int as n from venue_categories c
        left join venues v on v.category_id = c.id and v.is_approved group by c.id`,
  );
  return Object.fromEntries(rows.map((r) => [r.id, Number(r.n)]));
}

async function expectCounts(expected: Record<string, number>) {
  const now = await shown();
  expect(now).toEqual(await counted());
  for (const [id, n] of Object.entries(expected)) expect(now[id], id).toBe(n);
}

beforeAll(async () => {
  t = await createTestApp();
  const user = await t.signUp({ role: "admin" });
  admin = toAppUser({ id: user.id, name: "Admin", email: user.email, role: "admin" });
});
afterAll(() => t?.close());
// Two types of its own for each test: the counts it checks are of its own venues only.
beforeEach(async () => {
  a = (await createCategory(t.db)).id;
  b = (await createCategory(t.db)).id;
});

describe("venue type counts", () => {
  it("start at zero for a new type and count approved venues only", async () => {
    await expectCounts({ [a]: 0, [b]: 0 });
    await createVenue(t.db, { categoryId: a });
    await createVenue(t.db, { categoryId: a });
    await createVenue(t.db, { categoryId: a, isApproved: false });
    await createVenue(t.db, { categoryId: null });
    await expectCounts({ [a]: 2, [b]: 0 });
    expect((await getCategoryWithCount(t.db, a))?.count).toBe(2);
  });

  it("count a bulk insert once per type", async () => {
    await t.db.insert(venues).values([
      { name: "Bulk 1", categoryId: b, isApproved: true },
      { name: "Bulk 2", categoryId: b, isApproved: true },
      { name: "Bulk 3", categoryId: a, isApproved: true },
      { name: "Bulk 4", categoryId: b, isApproved: false },
    ]);
    await expectCounts({ [a]: 1, [b]: 2 });
  });

  it("follow approval by an admin", async () => {
    const pending = await createVenue(t.db, { categoryId: b, isApproved: false });
    await expectCounts({ [b]: 0 });
    expect((await approveVenue(t.app, admin, pending.id)).ok).toBe(true);
    await expectCounts({ [a]: 0, [b]: 1 });
  });

  it("move with a change of type, and drop when a venue is unapproved", async () => {
    const first = await createVenue(t.db, { categoryId: a });
    await createVenue(t.db, { categoryId: a });
    await createVenue(t.db, { categoryId: b });
    await t.db.update(venues).set({ categoryId: b }).where(eq(venues.id, first.id));
    await expectCounts({ [a]: 1, [b]: 2 });
    // One statement moving several venues both ways, and one that changes nothing counted.
    await t.db
      .update(venues)
      .set({
        categoryId: sql`case when ${venues.categoryId} = ${a}::uuid then ${b}::uuid else ${a}::uuid end`,
      })
      .where(inArray(venues.categoryId, [a, b]));
    await expectCounts({ [a]: 2, [b]: 1 });
    await t.db.update(venues).set({ description: "Edited" }).where(eq(venues.categoryId, a));
    await expectCounts({ [a]: 2, [b]: 1 });
    await t.db.update(venues).set({ isApproved: false }).where(eq(venues.id, first.id));
    await expectCounts({ [a]: 1, [b]: 1 });
  });

  it("drop when an admin deletes a venue (to the trash), and come back with its restore", async () => {
    const v = await createVenue(t.db, { categoryId: b });
    await expectCounts({ [b]: 1 });
    expect((await deleteVenueAsAdmin(t.app, admin, v.id)).ok).toBe(true);
    await expectCounts({ [a]: 0, [b]: 0 });
    expect((await restoreFromTrash(t.app, admin, [v.id])).ok).toBe(true);
    await expectCounts({ [a]: 0, [b]: 1 });
    expect((await deleteVenueAsAdmin(t.app, admin, v.id)).ok).toBe(true);
    await expectCounts({ [a]: 0, [b]: 0 });
  });

  it("follow venues moved when their type is deleted, and forget the deleted type", async () => {
    const c = (await createCategory(t.db, { name: "Historic" })).id;
    await createVenue(t.db, { categoryId: c });
    await createVenue(t.db, { categoryId: c, isApproved: false });
    await expectCounts({ [c]: 1 });
    expect((await deleteCategory(t.app, admin, c, a)).ok).toBe(true);
    await expectCounts({ [a]: 1, [b]: 0 });
    expect(await shown()).not.toHaveProperty(c);
    // A type deleted straight in SQL: its venues lose their type (set null) without an error.
    const d = (await createCategory(t.db, { name: "Ranch" })).id;
    await createVenue(t.db, { categoryId: d });
    await t.db.delete(venueCategories).where(eq(venueCategories.id, d));
    await expectCounts({ [a]: 1, [b]: 0 });
    expect(await shown()).not.toHaveProperty(d);
  });

  it("go back to zero when every venue is deleted", async () => {
    await createVenue(t.db, { categoryId: a });
    await createVenue(t.db, { categoryId: b });
    await expectCounts({ [a]: 1, [b]: 1 });
    await t.db.delete(venues);
    await expectCounts({ [a]: 0, [b]: 0 });
  });
});
