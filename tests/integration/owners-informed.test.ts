// Issue 22, items 11 to 13, over the real routes, database, storage and SMTP catcher: the
// rejection's optional reason in the mail, the owner's edit and withdrawal of a pending
// submission (only theirs, only while pending, files claimed and deleted as ADR 021 says), the
// approval and assignment mails with the manager dashboard's address, and the manager's FAQ
// edit and reorder on their own venues only.
import fs from "node:fs/promises";
import path from "node:path";
import { and, asc, count, eq } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, pendingFiles, venueFaqs, venueManagers, venues } from "../../database/schema";
import * as pendingRoute from "../../app/routes/admin/pending";
import * as usersRoute from "../../app/routes/admin/users";
import * as managerEditRoute from "../../app/routes/manager/edit-venue";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { approveVenue } from "../../app/services/approvals.server";
import { updateOwnSubmission } from "../../app/services/own-submissions.server";
import { linkIn } from "../setup/mail-catcher";
import { createCategory, createFaq, createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// Images are encoded for real (sharp): on a busy two-core machine a save can take seconds.
vi.setConfig({ testTimeout: 90_000 });

let t: TestApp;
let http: HttpTestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;
let typeId: string;

const DASHBOARD = `${SITE_URL}/venue-manager/dashboard`;

const png = (color: string, side = 700) =>
  sharp({ create: { width: side, height: side, channels: 3, background: color } })
    .png()
    .toBuffer();
const file = async (color: string, side?: number) =>
  new Blob([new Uint8Array(await png(color, side))], { type: "image/png" });

const FIELDS = {
  description: "Waiting for review.",
  addressLine1: "4 Pine St",
  city: "Estes Park",
  postalCode: "80517",
  region: "Front Range North",
  priceType: "single",
  price: "3100",
  capacity: "90",
};

/** A pending venue through the real submission endpoint, with two images and a logo. */
async function submit(cookie: string, name: string) {
  const form = new FormData();
  for (const [k, v] of Object.entries({ ...FIELDS, name, category: typeId })) form.append(k, v);
  form.append("images", await file("#7a9"), "one.png");
  form.append("images", await file("#a97"), "two.png");
  form.append("logo", await file("#345", 300), "logo.png");
  const res = await http.fetch("/api/venue-submissions", { method: "POST", cookie, body: form });
  const json = (await res.json()) as { ok: boolean; venue: { id: string } };
  expect(json.ok).toBe(true);
  return (await venueRow(json.venue.id))!;
}

const venueRow = async (id: string) => (await t.db.select().from(venues).where(eq(venues.id, id)))[0];

/** Every file stored under the venue's folder (the fs storage of the test app). */
async function storedFiles(venueId: string): Promise<string[]> {
  const dir = path.join(t.config.dataDir, "uploads", "venues", venueId);
  try {
    return (await fs.readdir(dir, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name)
      .sort();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw err;
  }
}
const claims = async () => Number((await t.db.select({ n: count() }).from(pendingFiles))[0]!.n);
const keyOf = (url: string) =>
  url
    .split("/")
    .at(-1)!
    .replace(/-\d+\.webp$/, "");

const reject = (venueId: string, reason?: string) =>
  run(async () =>
    pendingRoute.action(
      await t.args(
        t.request("/admin/pending", {
          form: { intent: "reject", venueId, ...(reason === undefined ? {} : { reason }) },
          cookie: admin.cookie,
        }),
      ),
    ),
  );

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

withHttpApp(async (app) => {
  ({ t, http } = app);
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
  adminUser = toAppUser({ id: admin.id, name: "Ada Admin", email: admin.email, role: "admin" });
  typeId = (await createCategory(t.db, { name: "Chalet" })).id;
  // The first request compiles nothing (the server build) but warms the route modules.
  await (await http.fetch("/admin/pending", { cookie: admin.cookie })).body?.cancel();
});

describe("rejecting with a reason", () => {
  it("puts the reason in the submitter's mail, and nowhere else", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Reasoned Refusal Lodge");
    const reason = "The photos show another venue.\nPlease send photos of your own & resubmit.";
    const r = await reject(v.id, `  ${reason}  `);
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Venue has been rejected and removed" } });
    const mail = await t.mail.waitFor(submitter.email);
    expect(mail.subject).toContain("Reasoned Refusal Lodge");
    expect(mail.text).toContain("The reviewer's reason:");
    expect(mail.text).toContain("The photos show another venue.");
    expect(mail.text).toContain("Please send photos of your own & resubmit.");
    // The HTML part escapes it.
    expect(mail.text).toContain("Please send photos of your own &#38; resubmit.");
    expect(await venueRow(v.id)).toBeUndefined();
    // Stored nowhere: not in the audit trail either.
    const entries = await t.db.select().from(auditLog).where(eq(auditLog.targetId, v.id));
    expect(entries.map((e) => e.action)).toEqual(["venue.reject"]);
    expect(JSON.stringify(entries)).not.toContain("another venue");
  });

  it("without a reason, sends the mail as before", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Plain Refusal Lodge");
    expect((await reject(v.id)).status).toBe(200);
    const mail = await t.mail.waitFor(submitter.email);
    expect(mail.subject).toContain("not approved: Plain Refusal Lodge");
    expect(mail.text).not.toContain("reason");
    expect(await storedFiles(v.id)).toEqual([]);
  });

  it("refuses a reason over 1,000 characters on its field, rejecting nothing and mailing no one", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Long Reason Lodge");
    const mails = t.mail.messages.length;
    const r = await reject(v.id, "x".repeat(1001));
    expect(r.status).toBe(400);
    expect(r.data).toMatchObject({
      ok: false,
      errors: { reason: "Please use at most 1000 characters" },
      toast: { message: "Failed to reject venue" },
    });
    expect(await venueRow(v.id)).toBeDefined();
    expect(t.mail.messages.slice(mails).filter((m) => m.to.includes(submitter.email))).toEqual([]);
  });
});

describe("mails that point to the manager dashboard", () => {
  it("the approval mail's button is the dashboard, its text links the venue too", async () => {
    const submitter = await t.signUp();
    const v = await submit(submitter.cookie, "Dashboard Link Lodge");
    expect(await approveVenue(t.app, adminUser, v.id)).toMatchObject({ ok: true });
    const mail = await t.mail.waitFor(submitter.email);
    expect(mail.subject).toBe("Your venue is live: Dashboard Link Lodge");
    expect(linkIn(mail)).toBe(DASHBOARD);
    expect(mail.text).toContain(`href="${DASHBOARD}"`);
    expect(mail.text).toContain(`${SITE_URL}/venue/dashboard-link-lodge-${v.id}`);
  });

  it("assigning venues mails the manager the venues new to them, with the dashboard's address", async () => {
    const [a, b, c] = await Promise.all(
      ["Assigned Aspen Barn", "Assigned Boulder Hall", "Assigned Crested Inn"].map((name) =>
        createVenue(t.db, { name, location: `1 Main St, ${name.split(" ")[1]}, Colorado 80302` }),
      ),
    );
    const manager = await t.signUp();
    const assign = (ids: string[]) =>
      run(async () =>
        usersRoute.action(
          await t.args(
            t.request("/admin/users", {
              form: { intent: "assign", userId: manager.id, venueIds: ids.join(",") },
              cookie: admin.cookie,
            }),
          ),
        ),
      );
    const mailsTo = () => t.mail.messages.filter((m) => m.to.includes(manager.email));

    expect((await assign([a!.id, b!.id])).data).toMatchObject({ ok: true });
    const first = await t.mail.waitFor(manager.email);
    expect(first.subject).toBe("You now manage 2 venues");
    expect(first.text).toContain("- Assigned Aspen Barn (1 Main St, Aspen, Colorado 80302)");
    expect(first.text).toContain("- Assigned Boulder Hall");
    expect(first.text).toContain(`Open your dashboard: ${DASHBOARD}`);
    expect(linkIn(first)).toBe(DASHBOARD);

    // One more: the mail names only the new one.
    expect((await assign([a!.id, b!.id, c!.id])).data).toMatchObject({ ok: true });
    await vi.waitFor(() => expect(mailsTo()).toHaveLength(2));
    const second = mailsTo()[1]!;
    expect(second.subject).toBe("You now manage Assigned Crested Inn");
    expect(second.text).not.toContain("Assigned Aspen Barn");

    // Only taking venues away: no mail (the links are what the admin chose).
    expect((await assign([c!.id])).data).toMatchObject({ ok: true });
    const links = await t.db
      .select({ v: venueManagers.venueId })
      .from(venueManagers)
      .where(eq(venueManagers.userId, manager.id));
    expect(links.map((l) => l.v)).toEqual([c!.id]);
    // A later mail to someone else arrives after anything still on its way to the manager.
    const other = await t.signUp();
    expect(
      (
        await run(async () =>
          usersRoute.action(
            await t.args(
              t.request("/admin/users", {
                form: { intent: "assign", userId: other.id, venueIds: a!.id },
                cookie: admin.cookie,
              }),
            ),
          ),
        )
      ).data,
    ).toMatchObject({ ok: true });
    await t.mail.waitFor(other.email);
    expect(mailsTo()).toHaveLength(2);
  });
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

describe("the manager's FAQs", () => {
  let venueId: string;
  let otherVenueId: string;
  let manager: Awaited<ReturnType<TestApp["signUp"]>>;
  let stranger: Awaited<ReturnType<TestApp["signUp"]>>;

  const faqList = async (id = venueId) =>
    t.db
      .select({ id: venueFaqs.id, q: venueFaqs.question, a: venueFaqs.answer, order: venueFaqs.displayOrder })
      .from(venueFaqs)
      .where(eq(venueFaqs.venueId, id))
      .orderBy(asc(venueFaqs.displayOrder));
  const post = (cookie: string, form: Record<string, string>, id = venueId) =>
    run(async () =>
      managerEditRoute.action(
        await t.args(t.request(`/venue-manager/edit-venue/${id}`, { form, cookie }), { venueId: id }),
      ),
    );

  beforeAll(async () => {
    venueId = (await createVenue(t.db, { name: "FAQ Manor" })).id;
    otherVenueId = (await createVenue(t.db, { name: "Other Manor" })).id;
    manager = await t.signUp({ role: "venue_manager" });
    stranger = await t.signUp({ role: "venue_manager" });
    await t.db.insert(venueManagers).values([
      { userId: manager.id, venueId },
      { userId: stranger.id, venueId: otherVenueId },
    ]);
    for (const [i, q] of ["Parking?", "Catering?", "Rain plan?"].entries())
      await createFaq(t.db, venueId, q, i);
  });

  it("edits a question and answer; a blank one is refused with the spec's message", async () => {
    const [first] = await faqList();
    const r = await post(manager.cookie, {
      intent: "faq-save",
      faqId: first!.id,
      question: "Is there parking on site?",
      answer: "Yes, for 80 cars.",
    });
    expect(r.data).toMatchObject({
      ok: true,
      target: first!.id,
      toast: { message: "FAQ updated successfully" },
    });
    expect((await faqList())[0]).toMatchObject({
      q: "Is there parking on site?",
      a: "Yes, for 80 cars.",
      order: 0,
    });

    const blank = await post(manager.cookie, {
      intent: "faq-save",
      faqId: first!.id,
      question: " ",
      answer: "x",
    });
    expect(blank.status).toBe(400);
    expect(blank.data).toMatchObject({
      toast: { message: "Failed to update FAQ", description: "Please provide both question and answer" },
    });
    expect((await faqList())[0]!.q).toBe("Is there parking on site?");
  });

  it("moves one up or down (the manager's numbering); the first cannot move up", async () => {
    // A venue of its own, its first FAQ as the edit above leaves it: whichever test runs first.
    const own = (await createVenue(t.db, { name: "FAQ Move Manor" })).id;
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: own });
    for (const [i, q] of ["Is there parking on site?", "Catering?", "Rain plan?"].entries())
      await createFaq(t.db, own, q, i);
    const list = await faqList(own);
    const r = await post(manager.cookie, { intent: "faq-move", faqId: list[2]!.id, direction: "up" }, own);
    expect(r.data).toMatchObject({ ok: true, target: list[2]!.id });
    expect((await faqList(own)).map((f) => [f.q, f.order])).toEqual([
      ["Is there parking on site?", 0],
      ["Rain plan?", 1],
      ["Catering?", 2],
    ]);
    const top = await post(manager.cookie, { intent: "faq-move", faqId: list[0]!.id, direction: "up" }, own);
    expect(top.status).toBe(409);
    expect(top.data).toMatchObject({
      toast: { message: "Failed to reorder FAQs", description: "The first FAQ cannot move up" },
    });
  });

  it("a manager of another venue can do neither (403 from the service), and nothing changes", async () => {
    const before = await faqList();
    for (const form of <Record<string, string>[]>[
      { intent: "faq-save", faqId: before[0]!.id, question: "Hijacked?", answer: "Yes." },
      { intent: "faq-move", faqId: before[0]!.id, direction: "down" },
    ]) {
      const r = await post(stranger.cookie, form);
      expect(r.status).toBe(403);
      expect(JSON.stringify(r.data)).toContain("You do not have permission to manage this venue");
    }
    // Their own venue's address with this venue's FAQ: the FAQ is not found there.
    const foreign = await post(
      stranger.cookie,
      { intent: "faq-save", faqId: before[0]!.id, question: "Hijacked?", answer: "Yes." },
      otherVenueId,
    );
    expect(foreign.status).toBe(404);
    expect(await faqList()).toEqual(before);
  });
});
