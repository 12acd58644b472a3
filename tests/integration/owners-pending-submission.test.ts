// Issue 22, item 12, over the real routes, database and storage: the owner's edit and withdrawal
// of a pending submission (only theirs, only while pending, files claimed and deleted as ADR 021
// says). The other items: owners-informed.test.ts.
import { and, count, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { auditLog, pendingFiles } from "../../database/schema";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { approveVenue } from "../../app/services/approvals.server";
import { updateOwnSubmission } from "../../app/services/own-submissions.server";
import type { HttpTestApp } from "../setup/http-app";
import { FIELDS, file, withOwnersApp } from "../setup/owners-informed";
import { SITE_URL, type TestApp } from "../setup/test-app";

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let typeId: string;

const { submit, venueRow, storedFiles } = withOwnersApp(
  (app) => ({ t, http, admin, adminUser, typeId } = app),
);

const claims = async () => Number((await t.db.select({ n: count() }).from(pendingFiles))[0]!.n);
const keyOf = (url: string) =>
  url
    .split("/")
    .at(-1)!
    .replace(/-\d+\.webp$/, "");

/** The owner's edit form as the browser sends it: every field, the kept photos, new files. */
async function editForm(venue: { id: string; name: string }, over: Record<string, string | string[]>) {
  const form = new FormData();
  const fields = { ...FIELDS, name: venue.name, category: typeId, ...over };
  for (const [k, v] of Object.entries(fields)) for (const one of [v].flat()) form.append(k, one);
  return form;
}
const postEdit = (cookie: string, venueId: string, form: FormData) =>
  http.fetch(`/account/venues/${venueId}`, { method: "POST", cookie, body: form });
const withdraw = (cookie: string, venueId: string) =>
  http.fetch(`/account/venues/${venueId}`, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ intent: "withdraw" }),
  });

describe("the owner's pending submission", () => {
  it("shows its page, with what happens next, to its submitter only", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const v = await submit(owner.cookie, "Owner Page Lodge");
    const page = await http.fetch(`/account/venues/${v.id}`, { cookie: owner.cookie });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Edit Owner Page Lodge");
    expect(html).toContain("usually within 2 business days");
    expect(html).toContain('value="4 Pine St"');
    // Without the script, Withdraw is a link to the page's own confirmation.
    expect(html).toContain(`href="/account/venues/${v.id}?withdraw#withdraw"`);
    const asking = await (
      await http.fetch(`/account/venues/${v.id}?withdraw`, { cookie: owner.cookie })
    ).text();
    expect(asking).toContain("Yes, withdraw it");
    const list = await (await http.fetch("/account/venues", { cookie: owner.cookie })).text();
    expect(list).toContain("What happens next");
    expect(list).toContain(`href="/account/venues/${v.id}"`);

    for (const cookie of [stranger.cookie, admin.cookie]) {
      const res = await http.fetch(`/account/venues/${v.id}`, { cookie });
      expect(res.status).toBe(404);
      expect(await res.text()).not.toContain("4 Pine St");
    }
  });

  it("an edit saves the fields, keeps and drops photos, adds new ones and a logo, and stays pending", async () => {
    const owner = await t.signUp();
    const v = await submit(owner.cookie, "Edited Lodge");
    const [keep, drop] = v.images as [string, string];
    const oldLogo = v.logoUrl!;
    const before = await storedFiles(v.id);
    const form = await editForm(v, {
      name: "Edited Lodge Renamed",
      capacity: "120",
      phone: "(970) 555-0142",
      keepImages: [keep],
      // The owner's form has no map position: these are not read.
      latitude: "10",
      longitude: "10",
    });
    form.append("images", await file("#3c6"), "new.png");
    form.append("logo", await file("#c63", 300), "new-logo.png");
    const res = await postEdit(owner.cookie, v.id, form);
    expect(res.status, await res.clone().text()).toBe(302);
    expect(res.headers.get("location")).toBe("/account/venues");
    expect(res.headers.get("set-cookie")).toMatch(/vv_flash=/);

    const after = (await venueRow(v.id))!;
    expect(after).toMatchObject({
      name: "Edited Lodge Renamed",
      capacity: 120,
      phone: "(970) 555-0142",
      isApproved: false,
      userId: owner.id,
    });
    expect(after.latitude).toBe(v.latitude);
    expect(after.images).toHaveLength(2);
    expect(after.images[0]).toBe(keep);
    expect(after.logoUrl).not.toBe(oldLogo);
    // The dropped photo and the old logo are gone, every width; the new ones are stored; no claim is left.
    const files = await storedFiles(v.id);
    for (const gone of [drop, oldLogo]) expect(files.some((f) => f.startsWith(keyOf(gone)))).toBe(false);
    for (const kept of [keep, after.images[1]!, after.logoUrl!])
      expect(files.some((f) => f.startsWith(keyOf(kept)))).toBe(true);
    expect(files.length).toBe(before.length);
    expect(await claims()).toBe(0);
    const [entry] = await t.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetId, v.id), eq(auditLog.action, "venue.update")));
    expect(entry?.details).toMatchObject({ by: "owner" });
  });

  it("an edit with a bad field changes nothing and keeps what was typed", async () => {
    const owner = await t.signUp();
    const v = await submit(owner.cookie, "Typo Lodge");
    const before = await storedFiles(v.id);
    const form = await editForm(v, { name: "Typo Lodge Two", postalCode: "12345", keepImages: v.images });
    form.append("images", await file("#999"), "extra.png");
    const res = await http.fetch(`/account/venues/${v.id}.data`, {
      method: "POST",
      cookie: owner.cookie,
      body: form,
    });
    const text = await res.text();
    expect(res.status).toBe(400);
    expect(text).toContain("Please enter a Colorado ZIP code (such as 80302)");
    expect(text).toContain("Typo Lodge Two");
    expect((await venueRow(v.id))!.name).toBe("Typo Lodge");
    expect(await storedFiles(v.id)).toEqual(before);
    expect(await claims()).toBe(0);
  });

  it("another user can neither edit nor withdraw it, and nothing of it changes", async () => {
    const owner = await t.signUp();
    const stranger = await t.signUp();
    const v = await submit(owner.cookie, "Not Yours Lodge");
    const files = await storedFiles(v.id);
    const edit = await postEdit(stranger.cookie, v.id, await editForm(v, { name: "Taken Over" }));
    expect(edit.status).toBe(404);
    expect(await edit.text()).toContain("This submission no longer exists");
    expect((await withdraw(stranger.cookie, v.id)).status).toBe(404);
    // An admin is no owner here either (the admin's own screens are for that).
    expect((await withdraw(admin.cookie, v.id)).status).toBe(404);
    expect((await venueRow(v.id))!.name).toBe("Not Yours Lodge");
    expect(await storedFiles(v.id)).toEqual(files);
  });

  it("once approved, neither edit nor withdraw goes through, with a clear message", async () => {
    const owner = await t.signUp();
    const v = await submit(owner.cookie, "Approved Lodge");
    const files = await storedFiles(v.id);
    expect(await approveVenue(t.app, adminUser, v.id)).toMatchObject({ ok: true });
    const edit = await postEdit(owner.cookie, v.id, await editForm(v, { name: "Too Late" }));
    expect(edit.status).toBe(409);
    expect(await edit.text()).toContain(
      "This venue has been approved, so it can no longer be edited or withdrawn here",
    );
    const gone = await withdraw(owner.cookie, v.id);
    expect(gone.status).toBe(409);
    const row = (await venueRow(v.id))!;
    expect(row).toMatchObject({ name: "Approved Lodge", isApproved: true });
    expect(await storedFiles(v.id)).toEqual(files);
    const page = await (await http.fetch(`/account/venues/${v.id}`, { cookie: owner.cookie })).text();
    expect(page).toContain("Manage this venue");
    expect(page).not.toContain('name="addressLine1"');
  });

  it("an approval that lands while an edit streams in wins: the edit is refused and its new photo deleted", async () => {
    const owner = await t.signUp();
    const ownerUser = toAppUser({ id: owner.id, name: "Test User", email: owner.email, role: "user" });
    const v = await submit(owner.cookie, "Raced Lodge");
    const before = await storedFiles(v.id);
    const form = await editForm(v, { name: "Raced Lodge Edited", keepImages: v.images });
    form.append("images", await file("#0a0"), "late.png");
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    let pulled!: () => void;
    const started = new Promise<void>((resolve) => (pulled = resolve));
    let release!: () => void;
    const approved = new Promise<void>((resolve) => (release = resolve));
    const half = Math.floor(bytes.length / 2);
    let step = 0;
    // No read ahead (high-water mark 0): the first pull is the service reading the body, after
    // its checks, and the second waits for the approval.
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (step === 0) {
            step = 1;
            controller.enqueue(bytes.slice(0, half));
            pulled();
            return;
          }
          await approved;
          controller.enqueue(bytes.slice(half));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const request = new Request(`${SITE_URL}/account/venues/${v.id}`, {
      method: "POST",
      body,
      headers: { "content-type": encoded.headers.get("content-type")! },
      duplex: "half",
    } as RequestInit);
    const saving = updateOwnSubmission(t.app, ownerUser, v.id, request);
    await started;
    expect(await approveVenue(t.app, adminUser, v.id)).toMatchObject({ ok: true });
    release();
    const result = await saving;
    // Refused under the row's lock (the check before the body passed): the form's own refusal.
    expect(result).toMatchObject({
      ok: false,
      status: 409,
      errors: { form: expect.stringContaining("This venue has been approved") },
    });
    expect((await venueRow(v.id))!.name).toBe("Raced Lodge");
    expect(await storedFiles(v.id)).toEqual(before);
    expect(await claims()).toBe(0);
  });

  it("withdrawing removes the venue and every stored file, and records who did it", async () => {
    const owner = await t.signUp();
    const v = await submit(owner.cookie, "Withdrawn Lodge");
    // Two photos and a logo, each at several widths.
    expect((await storedFiles(v.id)).length).toBeGreaterThanOrEqual(7);
    const res = await withdraw(owner.cookie, v.id);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/venues");
    expect(await venueRow(v.id)).toBeUndefined();
    expect(await storedFiles(v.id)).toEqual([]);
    expect(await claims()).toBe(0);
    expect((await http.fetch(v.images[0]!)).status).toBe(404);
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, v.id));
    expect(entries.map((e) => [e.action, e.actorId])).toEqual([["venue.withdraw", owner.id]]);
    // Gone: its page says so, and a second withdrawal finds nothing.
    const page = await http.fetch(`/account/venues/${v.id}`, { cookie: owner.cookie });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain("This submission no longer exists");
    expect((await withdraw(owner.cookie, v.id)).status).toBe(404);
  });
});
