import { eq, inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { inquiries, venueManagers, venues, venueTrash } from "../../database/schema";
import type { InquiryStatus } from "../../app/lib/inquiries";
import * as venuesRoute from "../../app/routes/admin/venues";
import * as bulkRoute from "../../app/routes/admin/venues-bulk";
import { listVenuesForAdmin } from "../../app/services/admin-venues.server";
import { createVenue, signedIn } from "../setup/factories";
import { createTestApp, run, type TestApp } from "../setup/test-app";

// Issue 41, item 15: trashing a managed venue whose couples still wait (inquiries new or replied)
// warns with the counts and changes nothing until the admin says yes again (`confirm=1`): the
// list's Delete and the bulk Delete, with scripts (data) and without (the bulk question page).

let t: TestApp;
let admin: Awaited<ReturnType<typeof signedIn>>;
beforeAll(async () => {
  t = await createTestApp();
  admin = await signedIn(t, "admin");
}, 120_000);
afterAll(() => t?.close());

/** A venue with `managers` managers and one inquiry per status given. */
async function venueWith(name: string, managers: number, statuses: InquiryStatus[]) {
  const v = await createVenue(t.db, { name });
  for (let i = 0; i < managers; i++) {
    const m = await t.signUp({ role: "venue_manager", name: `Manager ${i} of ${name}` });
    await t.db.insert(venueManagers).values({ userId: m.id, venueId: v.id });
  }
  for (const [i, status] of statuses.entries())
    await t.db.insert(inquiries).values({
      venueId: v.id,
      name: `Couple ${i}`,
      email: `couple${i}@example.com`,
      message: "Is June free?",
      status,
    });
  return v;
}

const listed = async (id: string) => (await t.db.select().from(venues).where(eq(venues.id, id))).length === 1;
const trashed = async (id: string) =>
  (await t.db.select().from(venueTrash).where(eq(venueTrash.venueId, id))).length === 1;

const deleteRow = (f: Record<string, string>) =>
  run(async () =>
    venuesRoute.action(
      await t.args(t.request("/admin/venues", { form: { intent: "delete", ...f }, cookie: admin.cookie })),
    ),
  );

const bulkPost = (fields: [string, string][]) =>
  run(async () =>
    bulkRoute.action(
      await t.args(
        new Request("http://localhost:3000/admin/venues/bulk", {
          method: "POST",
          headers: {
            cookie: admin.cookie,
            origin: "http://localhost:3000",
            "content-type": "application/x-www-form-urlencoded",
          },
          body: new URLSearchParams(fields),
        }),
      ),
    ),
  );

describe("the list's Delete", () => {
  it("answers the warning with both counts and trashes nothing without confirm=1; trashes with it", async () => {
    const v = await venueWith("Fleur Hall", 2, ["new", "replied", "new", "booked", "closed"]);
    const r = await deleteRow({ venueId: v.id });
    expect(r.status).toBe(409);
    expect(r.data).toEqual({
      ok: false,
      venueId: v.id,
      warning: "Fleur Hall has 3 open inquiries from couples and 2 venue managers. Trash it anyway?",
    });
    expect(await listed(v.id)).toBe(true);
    expect(await trashed(v.id)).toBe(false);

    const yes = await deleteRow({ venueId: v.id, confirm: "1" });
    expect(yes.status).toBe(302);
    expect(await listed(v.id)).toBe(false);
    expect(await trashed(v.id)).toBe(true);
  });

  it("does not ask for a venue without managers, or whose inquiries are all booked or closed", async () => {
    const unmanaged = await venueWith("Lone Barn", 0, ["new"]);
    const answered = await venueWith("Quiet Lodge", 1, ["booked", "closed"]);
    for (const v of [unmanaged, answered]) {
      expect((await deleteRow({ venueId: v.id })).status).toBe(302);
      expect(await trashed(v.id)).toBe(true);
    }
  });

  it("gives the list's rows their counts, so the dialog warns before it posts", async () => {
    const v = await venueWith("Counted Chapel", 1, ["new", "replied", "closed"]);
    const list = await listVenuesForAdmin(t.db, admin.user, { q: "Counted Chapel" });
    expect(list.venues.find((r) => r.id === v.id)).toMatchObject({ openInquiries: 2, managers: 1 });
  });
});

describe("the bulk Delete", () => {
  it("asks with the warning even once confirmed, and moves nothing until confirm=1", async () => {
    const warned = await venueWith("Aspen Loft", 1, ["new"]);
    const plain = await venueWith("Birch Yard", 0, []);
    const ids: [string, string][] = [warned.id, plain.id].map((id) => ["ids", id]);

    // The first post (no script): the question page names the warning.
    const first = await bulkPost([["intent", "delete"], ...ids]);
    expect(first.data).toMatchObject({
      question: {
        count: 2,
        warning: "Aspen Loft has 1 open inquiry from couples and 1 venue manager. Trash it anyway?",
      },
    });
    // Confirmed the count (the list's dialog) but not the warning: asked again, nothing moved.
    const confirmed = await bulkPost([["intent", "delete"], ["confirmed", "1"], ...ids]);
    expect(confirmed.data).toMatchObject({ question: { warning: expect.stringContaining("Aspen Loft") } });
    const still = await t.db
      .select()
      .from(venues)
      .where(inArray(venues.id, [warned.id, plain.id]));
    expect(still).toHaveLength(2);

    await bulkPost([["intent", "delete"], ["confirmed", "1"], ["confirm", "1"], ...ids]);
    expect(await trashed(warned.id)).toBe(true);
    expect(await trashed(plain.id)).toBe(true);
  });

  it("does not ask again when none of the venues needs the warning", async () => {
    const plain = await venueWith("Cedar Court", 1, ["booked"]);
    const r = await bulkPost([
      ["intent", "delete"],
      ["confirmed", "1"],
      ["ids", plain.id],
    ]);
    expect(r.data).not.toMatchObject({ question: expect.anything() });
    expect(await trashed(plain.id)).toBe(true);
  });
});
