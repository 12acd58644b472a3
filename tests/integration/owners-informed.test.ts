// Issue 22, items 11 and 13, over the real routes, database, storage and SMTP catcher: the
// rejection's optional reason in the mail, the approval and assignment mails with the manager
// dashboard's address, and the manager's FAQ edit and reorder on their own venues only. The
// owner's edit and withdrawal of a pending submission (item 12): owners-pending-submission.test.ts.
import { asc, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it, vi } from "vitest";
import { auditLog, venueFaqs, venueManagers } from "../../database/schema";
import * as managerEditRoute from "../../app/routes/manager/edit-venue";
import type { AppUser } from "../../app/lib/user";
import { approveVenue } from "../../app/services/approvals.server";
import { pendingAction, usersAction } from "../setup/admin-area";
import { linkIn } from "../setup/mail-catcher";
import { createFaq, createVenue } from "../setup/factories";
import { withOwnersApp } from "../setup/owners-informed";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

let t: TestApp;
let admin: Awaited<ReturnType<TestApp["signUp"]>>;
let adminUser: AppUser;

const { submit, venueRow, storedFiles } = withOwnersApp((app) => ({ t, admin, adminUser } = app));

const DASHBOARD = `${SITE_URL}/venue-manager/dashboard`;

const reject = (venueId: string, reason?: string) =>
  pendingAction(t, admin.cookie, { intent: "reject", venueId, ...(reason === undefined ? {} : { reason }) });

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
      usersAction(t, admin.cookie, { intent: "assign", userId: manager.id, venueIds: ids.join(",") });
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
      (await usersAction(t, admin.cookie, { intent: "assign", userId: other.id, venueIds: a!.id })).data,
    ).toMatchObject({ ok: true });
    await t.mail.waitFor(other.email);
    expect(mailsTo()).toHaveLength(2);
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
