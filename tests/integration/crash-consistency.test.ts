import { count, eq } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pendingFiles, venueManagers, venues } from "../../database/schema";
import type { AppContext } from "../../app/infra/context.server";
import type { Storage } from "../../app/infra/storage.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { deleteVenueAsAdmin } from "../../app/services/admin-venues.server";
import { rejectVenue } from "../../app/services/approvals.server";
import { changeVenueImage, uploadVenueImages } from "../../app/services/manager-venues.server";
import { checkStorage, sweepPendingFiles } from "../../app/services/pending-files.server";
import { submitVenue } from "../../app/services/submissions.server";
import { purgeExpiredTrash, purgeFromTrash } from "../../app/services/venue-trash.server";
import { createCategory, createVenue, multipartBody, submissionFields } from "../setup/factories";
import { createTestApp, SITE_URL, type TestApp } from "../setup/test-app";

// Issue 21, item 4 (ADR 021): a crash at any write step of an upload, a submission, a removal, a
// rejection or a deletion leaves no file that no row names, once the sweep has run, and no row
// naming a file that is gone. The crash is the process stopping dead at the n-th storage call:
// that call and every later one never return, so no `finally`, no clean-up and no later step
// runs, as after kill -9. Then a "restarted" server sweeps, and the check compares every stored
// file with every row.

let t: TestApp;
let admin: AppUser;
let manager: AppUser;
let owner: AppUser;
let categoryId: string;

const png = (color: string) =>
  sharp({ create: { width: 900, height: 600, channels: 3, background: color } })
    .png()
    .toBuffer();

/** The app's storage, stopping dead at its `at`-th put or delete (1-based). */
function dyingAt(at: number) {
  const real = t.app.storage;
  let calls = 0;
  let died!: () => void;
  const dead = new Promise<void>((resolve) => (died = resolve));
  const inFlight: Promise<unknown>[] = [];
  const step =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> => {
      if (++calls >= at) {
        died();
        return new Promise<R>(() => {});
      }
      const done = fn(...args);
      inFlight.push(done.catch(() => {}));
      return done;
    };
  const storage: Storage = { ...real, put: step(real.put), delete: step(real.delete) };
  return {
    app: { ...t.app, storage } as AppContext,
    /** Resolves once the process "died" and what it had already started has landed. */
    died: dead.then(() => Promise.allSettled(inFlight)),
    calls: () => calls,
  };
}

/** The restarted server's sweep, then the whole check: nothing left over, nothing missing. */
async function expectConsistentAfterSweep() {
  await sweepPendingFiles(t.app, 0);
  const report = await checkStorage(t.app, 0);
  expect(report.orphans).toEqual([]);
  expect(report.missing).toEqual([]);
  const [{ n }] = await t.db.select({ n: count() }).from(pendingFiles);
  expect(n).toBe(0);
}

function form(fields: Record<string, string>, files: { field: string; bytes: Buffer; name: string }[]) {
  return new Request(`${SITE_URL}/upload`, { method: "POST", body: multipartBody(fields, files) });
}

async function photos(n: number) {
  return Promise.all(
    Array.from({ length: n }, async (_, i) => ({
      field: "images",
      bytes: await png(`#${(3 + i).toString(16)}7${(9 - i).toString(16)}`),
      name: `p${i}.png`,
    })),
  );
}

async function managedVenue() {
  const venue = await createVenue(t.db, { categoryId });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  const uploaded = await uploadVenueImages(t.app, manager, venue.id, form({}, await photos(3)));
  expect(uploaded).toMatchObject({ ok: true, added: 3 });
  return venue;
}

async function pendingSubmission() {
  const result = await submitVenue(t.app, owner, form(submissionFields(categoryId), await photos(3)));
  if (!result.ok) throw new Error(JSON.stringify(result.errors));
  return result.venue;
}

beforeAll(async () => {
  t = await createTestApp();
  const as = async (role: "admin" | "venue_manager" | "user") => {
    const u = await t.signUp({ role });
    return toAppUser({ id: u.id, name: "Test", email: u.email, role });
  };
  [admin, manager, owner] = await Promise.all([as("admin"), as("venue_manager"), as("user")]);
  categoryId = (await createCategory(t.db, { name: "Barn" })).id;
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe("without a crash, nothing is left in the ledger", () => {
  it("an upload, a submission, a removal and a rejection leave no claim and no orphan", async () => {
    const venue = await managedVenue();
    const [first] = (
      await t.db.select({ images: venues.images }).from(venues).where(eq(venues.id, venue.id))
    )[0]!.images;
    expect(await changeVenueImage(t.app, manager, venue.id, first!, "remove")).toEqual({ ok: true });
    const pending = await pendingSubmission();
    expect(await rejectVenue(t.app, admin, pending.id)).toMatchObject({ ok: true });
    const [{ n }] = await t.db.select({ n: count() }).from(pendingFiles);
    expect(n).toBe(0);
    expect(await checkStorage(t.app, 0)).toMatchObject({ orphans: [], missing: [] });
  });
});

describe("a crash at each write step, then the sweep", () => {
  // Three photos are nine files (three widths each); a logo is one more.
  it.each([1, 5, 9])("a manager's upload of three photos dies at file %i", async (at) => {
    const venue = await createVenue(t.db, { categoryId });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    const crash = dyingAt(at);
    void uploadVenueImages(crash.app, manager, venue.id, form({}, await photos(3)));
    await crash.died;
    await expectConsistentAfterSweep();
  });

  it.each([1, 5, 10])("a submission with three photos and a logo dies at file %i", async (at) => {
    const crash = dyingAt(at);
    const logo = { field: "logo", bytes: await png("#222"), name: "logo.png" };
    void submitVenue(crash.app, owner, form(submissionFields(categoryId), [...(await photos(3)), logo]));
    await crash.died;
    await expectConsistentAfterSweep();
  });

  it.each([1, 9])("a rejection dies at its deletion %i of nine", async (at) => {
    const pending = await pendingSubmission();
    const crash = dyingAt(at);
    void rejectVenue(crash.app, admin, pending.id);
    await crash.died;
    // The rejection was committed: the venue is gone, and so are its files after the sweep.
    expect(await t.db.select().from(venues).where(eq(venues.id, pending.id))).toEqual([]);
    await expectConsistentAfterSweep();
  });

  it("a removal dies at its first deletion", async () => {
    const venue = await managedVenue();
    const [first] = (
      await t.db.select({ images: venues.images }).from(venues).where(eq(venues.id, venue.id))
    )[0]!.images;
    const crash = dyingAt(1);
    void changeVenueImage(crash.app, manager, venue.id, first!, "remove");
    await crash.died;
    await expectConsistentAfterSweep();
  });

  it("an admin's deletion of a venue moves it to the trash: the sweep keeps its files", async () => {
    const venue = await managedVenue();
    expect(await deleteVenueAsAdmin(t.app, admin, venue.id)).toMatchObject({ ok: true });
    await expectConsistentAfterSweep();
    expect((await checkStorage(t.app, 0)).files).toBeGreaterThan(0);
  });

  // Issue 22 (ADR 023): 'Delete forever' and the 30-day purge go through the same claims.
  it.each([1, 5])("a 'Delete forever' dies at its deletion %i of nine", async (at) => {
    const venue = await managedVenue();
    expect(await deleteVenueAsAdmin(t.app, admin, venue.id)).toMatchObject({ ok: true });
    const crash = dyingAt(at);
    void purgeFromTrash(crash.app, admin, [venue.id]);
    await crash.died;
    await expectConsistentAfterSweep();
  });

  it("the 30-day purge dies at its first deletion", async () => {
    const venue = await managedVenue();
    expect(await deleteVenueAsAdmin(t.app, admin, venue.id)).toMatchObject({ ok: true });
    const crash = dyingAt(1);
    void purgeExpiredTrash(crash.app, new Date(Date.now() + 31 * 86_400_000));
    await crash.died;
    await expectConsistentAfterSweep();
  });
});
