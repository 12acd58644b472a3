import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOptOuts, inquiries, type EmailKind } from "../../database/schema";
import * as emailsRoute from "../../app/routes/account/emails";
import * as resetPassword from "../../app/routes/auth/reset-password";
import { approveVenue, rejectVenue } from "../../app/services/approvals.server";
import { replyToInquiry } from "../../app/services/inquiries.server";
import { notifyNewReview } from "../../app/services/notifications.server";
import { assignVenues } from "../../app/services/users.server";
import type { CaughtMail } from "../setup/mail-catcher";
import { createVenue } from "../setup/factories";
import { asUser, header, oneClickPath, postOneClick, withInquiryApp, type Account } from "../setup/inquiries";
import { run, SITE_URL, type TestApp } from "../setup/test-app";
import type { HttpTestApp } from "../setup/http-app";

// Issue 44, point 5 (ADR 043): every mail other than an account mail has a one-click unsubscribe
// (RFC 8058) that works signed out, the sender's postal address and a link to /account/emails;
// a kind turned off is not sent; account mails have none of it. And the /account/emails page.

const ADDRESS = "12 Aspen Way, Denver, CO 80202";
let t: TestApp;
let http: HttpTestApp;
let admin: Account;
const { fields, send, mailsTo, managedVenue } = withInquiryApp(
  async (app) => {
    ({ t, http } = app);
    admin = await t.signUp({ role: "admin" });
  },
  { MAIL_POSTAL_ADDRESS: ADDRESS },
);
const adminUser = () => asUser(admin, "admin");

const kindsOff = async (userId: string) =>
  (await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, userId))).map((r) => r.kind);
const othersOff = async (kind: EmailKind, userId: string) =>
  (await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.kind, kind))).filter(
    (r) => r.userId !== userId,
  ).length;

/** The footer and headers, then the one-click POST (no session, no Origin): exactly that kind, exactly them. */
async function expectLeavable(mail: CaughtMail, user: Account, kind: EmailKind) {
  expect(mail.text).toContain(`Our postal address: ${ADDRESS}`);
  expect(mail.text).toContain(`Choose which emails you get: ${SITE_URL}/account/emails`);
  const others = await othersOff(kind, user.id);
  expect((await postOneClick(http, oneClickPath(mail.raw))).status).toBe(200);
  expect(await kindsOff(user.id)).toEqual([kind]);
  expect(await othersOff(kind, user.id)).toBe(others);
}

describe("each kind: headers, footer, one-click unsubscribe, and no mail once off", () => {
  it("inquiry: a new inquiry to a manager", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([manager]);
    await send(venue, fields(venue.id));
    await expectLeavable(await t.mail.waitFor(manager.email), manager, "inquiry");
    const form = fields(venue.id);
    await send(venue, form);
    await t.mail.waitFor(form.email);
    expect(mailsTo(manager.email)).toHaveLength(1);
  });

  it("review: a new review to a manager", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([manager]);
    const review = { authorName: "Sam", rating: 5, comment: "Lovely." };
    await notifyNewReview(t.app, venue.id, review);
    await expectLeavable(await t.mail.waitFor(manager.email), manager, "review");
    await notifyNewReview(t.app, venue.id, review);
    expect(mailsTo(manager.email)).toHaveLength(1);
  });

  it("reply: a venue's answer to a couple with an account; a guest's keeps no way out", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const couple = await t.signUp();
    const venue = await managedVenue([manager]);
    await send(venue, fields(venue.id, { email: couple.email }), { cookie: couple.cookie });
    const [inquiry] = await t.db.select().from(inquiries).where(eq(inquiries.venueId, venue.id));
    const answer = (body: string) =>
      replyToInquiry(t.app, asUser(manager, "venue_manager"), inquiry!.id, body);
    expect(await answer("June is open.")).toEqual({ ok: true });
    await expectLeavable(
      await t.mail.waitFor(couple.email, 10_000, /answered your inquiry/),
      couple,
      "reply",
    );
    // Turned off: the answer is kept (the couple reads it in My Inquiries) and mailed to nobody.
    const before = mailsTo(couple.email).length;
    expect(await answer("July too.")).toEqual({ ok: true });
    expect(mailsTo(couple.email)).toHaveLength(before);

    const guest = fields(venue.id);
    await send(venue, guest);
    const [guestInquiry] = await t.db
      .select()
      .from(inquiries)
      .where(and(eq(inquiries.venueId, venue.id), eq(inquiries.email, guest.email)));
    await replyToInquiry(t.app, asUser(manager, "venue_manager"), guestInquiry!.id, "Welcome.");
    const mail = await t.mail.waitFor(guest.email, 10_000, /answered your inquiry/);
    expect(header(mail.raw, "List-Unsubscribe")).toBeUndefined();
  });

  it("decision: approval, rejection and venues given by an administrator", async () => {
    const owner = await t.signUp();
    const approved = await createVenue(t.db, { isApproved: false, userId: owner.id, name: "Aspen Hall" });
    expect(await approveVenue(t.app, adminUser(), approved.id)).toMatchObject({ ok: true });
    const mail = await t.mail.waitFor(owner.email, 10_000, /is live/);
    await expectLeavable(mail, owner, "decision");
    const rejected = await createVenue(t.db, { isApproved: false, userId: owner.id, name: "Birch Barn" });
    expect(await rejectVenue(t.app, adminUser(), rejected.id)).toMatchObject({ ok: true });
    const given = await createVenue(t.db);
    expect(await assignVenues(t.app, adminUser(), owner.id, [approved.id, given.id])).toMatchObject({
      ok: true,
    });
    expect(mailsTo(owner.email)).toHaveLength(1);

    const other = await t.signUp();
    const rejectedToo = await createVenue(t.db, { isApproved: false, userId: other.id });
    expect(await rejectVenue(t.app, adminUser(), rejectedToo.id)).toMatchObject({ ok: true });
    const rejection = await t.mail.waitFor(other.email, 10_000, /not approved/);
    await expectLeavable(rejection, other, "decision");

    const manager = await t.signUp();
    expect(await assignVenues(t.app, adminUser(), manager.id, [given.id])).toMatchObject({ ok: true });
    await expectLeavable(await t.mail.waitFor(manager.email, 10_000, /You now manage/), manager, "decision");
  });

  it("account mails have no unsubscribe", async () => {
    const u = await t.signUp();
    await run(async () =>
      resetPassword.action(await t.args(t.request("/reset-password", { form: { email: u.email } }))),
    );
    const mail = await t.mail.waitFor(u.email);
    expect(header(mail.raw, "List-Unsubscribe")).toBeUndefined();
    expect(mail.text).not.toContain("/account/emails");
  });
});

describe("/account/emails", () => {
  const load = async (a: Account) =>
    (
      await run(async () =>
        emailsRoute.loader(await t.args(t.request("/account/emails", { cookie: a.cookie }))),
      )
    ).data as Awaited<ReturnType<typeof emailsRoute.loader>>;
  const kindsOf = async (a: Account) => (await load(a)).kinds.map((k) => k.kind);

  it("lists the kinds each role can receive", async () => {
    expect(await kindsOf(await t.signUp())).toEqual(["reply", "decision", "alert", "invite"]);
    const all = ["reply", "decision", "alert", "invite", "inquiry", "review", "reminder"];
    expect(await kindsOf(await t.signUp({ role: "venue_manager" }))).toEqual(all);
    expect(await kindsOf(admin)).toEqual(all);
  });

  it("saves the kinds shown: unchecked is off, a kind the page does not show is left alone", async () => {
    const user = await t.signUp();
    await t.db.insert(emailOptOuts).values({ userId: user.id, kind: "review" });
    const save = async (form: Record<string, string>) =>
      run(async () =>
        emailsRoute.action(await t.args(t.request("/account/emails", { form, cookie: user.cookie }))),
      );
    const r = await save({ reply: "on", alert: "on", invite: "on", inquiry: "on" });
    expect(r.data).toMatchObject({ ok: true, toast: { message: "Email settings saved" } });
    expect((await kindsOff(user.id)).sort()).toEqual(["decision", "review"]);
    expect((await load(user)).kinds).toEqual([
      { kind: "reply", on: true },
      { kind: "decision", on: false },
      { kind: "alert", on: true },
      { kind: "invite", on: true },
    ]);
    await save({ decision: "on", reply: "on", alert: "on", invite: "on" });
    expect(await kindsOff(user.id)).toEqual(["review"]);
  });

  it("a plain form's post goes back to the page with the toast", async () => {
    const user = await t.signUp();
    const res = await http.fetch("/account/emails", {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      cookie: user.cookie,
      body: "reply=on",
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/emails");
    expect((await kindsOff(user.id)).sort()).toEqual(["alert", "decision", "invite"]);
  });
});
