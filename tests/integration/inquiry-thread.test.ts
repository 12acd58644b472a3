import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { emailOptOuts, inquiryReplies, users } from "../../database/schema";
import * as login from "../../app/routes/auth/login";
import * as emailChanged from "../../app/routes/auth/email-changed";
import { checkClaim } from "../../app/services/couple-inquiries.server";
import {
  countNewInquiries,
  getInquiry,
  replyToInquiry,
  setInquiryStatus,
} from "../../app/services/inquiries.server";
import { listOwnThreads } from "../../app/services/inquiry-thread.server";
import type { HttpTestApp } from "../setup/http-app";
import { asUser, header, oneClickPath, postOneClick, withInquiryApp, type Account } from "../setup/inquiries";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// Issue 41, items 7 and 8 (ADR 037): the couple reads the whole conversation in My Inquiries and
// answers there; the venue's managers see the answer, the inquiry is new again for them, and they
// are mailed with a one-click unsubscribe. Only the inquiry's account reads or answers it; a
// closed one is read-only. Guest inquiries join an account once its address is verified.

let t: TestApp;
let http: HttpTestApp;

const { fields, send, inquiriesOf, mailsTo, managedVenue } = withInquiryApp(async (app) => {
  ({ t, http } = app);
});

/** The account page's answer form, posted as a browser without scripts posts it. */
const postAnswer = (who: Account, inquiryId: string, answer: string) =>
  http.fetch("/account/inquiries", {
    method: "POST",
    cookie: who.cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
    body: new URLSearchParams({ intent: "answer", inquiryId, answer }),
  });

/** A manager's venue and a signed-in couple's inquiry to it, answered once by the manager. */
async function answeredInquiry() {
  const manager = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
  const couple = await t.signUp({ name: "Riley Couple" });
  const venue = await managedVenue([manager], { name: `Thread Lodge ${crypto.randomUUID().slice(0, 6)}` });
  expect(
    (await send(venue, fields(venue.id, { name: "Riley Couple" }), { cookie: couple.cookie })).status,
  ).toBe(200);
  const id = (await inquiriesOf(venue.id))[0]!.id;
  const asManager = asUser(manager, "venue_manager", "Morgan Manager");
  expect(await replyToInquiry(t, asManager, id, "June is open. Would you like to visit?")).toEqual({
    ok: true,
  });
  return { manager, asManager, couple, venue, id };
}

describe("the conversation in the couple's account", () => {
  it("shows every reply, takes the couple's answer, and the manager sees it as new and gets it by email", async () => {
    const { manager, asManager, couple, id } = await answeredInquiry();
    expect(await countNewInquiries(t.db, asManager)).toBe(0);
    const page = await (await http.fetch("/account/inquiries", { cookie: couple.cookie })).text();
    expect(page).toContain("June is open. Would you like to visit?");
    expect(page).toContain("Morgan Manager of Thread Lodge");

    const res = await postAnswer(couple, id, "Yes please, a Saturday in May.");
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/account/inquiries");
    const [thread] = await listOwnThreads(t.db, couple.id);
    expect(thread).toMatchObject({
      status: "new",
      replies: [
        { author: "venue", authorName: "Morgan Manager", body: "June is open. Would you like to visit?" },
        { author: "couple", authorName: "Riley Couple", body: "Yes please, a Saturday in May." },
      ],
    });
    // The inbox's unread mark: new again, counted beside Inquiries, and the thread shows both sides.
    expect(await countNewInquiries(t.db, asManager)).toBe(1);
    expect(await getInquiry(t.db, asManager, id)).toMatchObject({
      ok: true,
      inquiry: { status: "new" },
      replies: [{ author: "venue" }, { author: "couple", body: "Yes please, a Saturday in May." }],
    });
    const inbox = await (
      await http.fetch(`/venue-manager/inquiries/${id}`, { cookie: manager.cookie })
    ).text();
    expect(inbox).toContain("Yes please, a Saturday in May.");

    // The manager's mail: Reply-To the couple, with a one-click unsubscribe (RFC 8058).
    const mail = await t.mail.waitFor(manager.email, 10_000, /answered about/);
    expect(mail.text).toContain("Yes please, a Saturday in May.");
    expect(header(mail.raw, "Reply-To")).toMatch(/@couple\.example$/);
    const path = oneClickPath(mail.raw);

    // Opening the link changes nothing; the mail program's POST (from no page of ours) does.
    expect((await http.fetch(path)).status).toBe(200);
    const optedOut = () =>
      t.db
        .select()
        .from(emailOptOuts)
        .where(and(eq(emailOptOuts.userId, manager.id), eq(emailOptOuts.kind, "inquiry")));
    expect(await optedOut()).toEqual([]);
    expect((await postOneClick(http, path.replace(/t=[^&]+/, "t=1.AAAA"))).status).toBe(400);
    expect(await optedOut()).toEqual([]);
    expect((await postOneClick(http, path)).status).toBe(200);
    expect(await optedOut()).toHaveLength(1);
    // Unsubscribed: the next answer is kept and shown, and mails nobody.
    const before = mailsTo(manager.email).length;
    expect((await postAnswer(couple, id, "And 90 guests now.")).status).toBe(302);
    expect((await listOwnThreads(t.db, couple.id))[0]!.replies).toHaveLength(3);
    expect(mailsTo(manager.email)).toHaveLength(before);
  });

  it("is the inquiry's own account's only; a closed inquiry is read-only, a booked one stays booked", async () => {
    const { asManager, couple, id } = await answeredInquiry();
    const stranger = await t.signUp();
    const replies = () => t.db.select().from(inquiryReplies).where(eq(inquiryReplies.inquiryId, id));
    expect(await listOwnThreads(t.db, stranger.id)).toEqual([]);
    expect((await postAnswer(stranger, id, "Not mine to answer")).status).toBe(404);
    expect((await postAnswer(couple, crypto.randomUUID(), "Unknown")).status).toBe(404);
    expect(await replies()).toHaveLength(1);
    // Bounded as the venue's replies are; a blank answer is refused.
    expect((await postAnswer(couple, id, "x".repeat(5001))).status).toBe(400);
    expect((await postAnswer(couple, id, "   ")).status).toBe(400);
    expect(await replies()).toHaveLength(1);

    await setInquiryStatus(t.db, asManager, id, "booked");
    expect((await postAnswer(couple, id, "Thank you, see you in June!")).status).toBe(302);
    expect((await listOwnThreads(t.db, couple.id))[0]).toMatchObject({ status: "booked" });

    await setInquiryStatus(t.db, asManager, id, "closed");
    const closed = await postAnswer(couple, id, "One more question");
    expect(closed.status).toBe(409);
    expect(await replies()).toHaveLength(2);
    const page = await (await http.fetch("/account/inquiries", { cookie: couple.cookie })).text();
    expect(page).toContain("This inquiry is closed.");
    expect(page).toContain("Thank you, see you in June!");
  });
});

describe("guest inquiries and a new account", () => {
  const register = (email: string) =>
    run(async () =>
      login.action(
        await t.args(
          t.request("/login", {
            form: {
              intent: "register",
              name: "Jo Guest",
              email,
              password: "secret12",
              confirmPassword: "secret12",
            },
          }),
        ),
      ),
    );

  it("join the account once its address is verified, not before; the claim link still answers", async () => {
    const venue = await managedVenue([]);
    const email = `jo.guest-${crypto.randomUUID().slice(0, 6)}@couple.example`;
    // Typed with capitals as a guest; the account is signed up in lower case.
    await send(venue, fields(venue.id, { email: email.replace("jo.guest", "Jo.Guest") }));
    const copy = await t.mail.waitFor(email, 10_000, /^Your inquiry to/);
    const claim = new URL(
      /\/account\/inquiries\?claim=[^\s"<>]+/.exec(copy.text)![0],
      SITE_URL,
    ).searchParams.get("claim")!;

    const reg = await register(email);
    expect(reg.status).toBe(302);
    const [account] = await t.db.select().from(users).where(eq(users.email, email));
    expect(account!.emailVerified).toBe(false);
    // Not before verification: anyone can sign up with any address.
    expect(await listOwnThreads(t.db, account!.id)).toEqual([]);

    const verify = await t.mail.waitFor(email, 10_000, /^Confirm your .* email address$/);
    const link = /https?:\/\/\S+\/auth\/email-changed\?token=[^\s"<>]+/.exec(verify.text)![0];
    const opened = await run(async () =>
      emailChanged.loader(await t.args(t.request(link.slice(SITE_URL.length)))),
    );
    expect(opened.status).toBe(302);
    expect(opened.response!.headers.get("location")).toBe("/account/inquiries");
    expect((await t.db.select().from(users).where(eq(users.id, account!.id)))[0]!.emailVerified).toBe(true);
    expect(await listOwnThreads(t.db, account!.id)).toMatchObject([{ venueName: venue.name }]);

    // The claim link of the guest's copy still works: the inquiry is this account's already.
    const asAccount = asUser({ ...account!, cookie: "", password: "" }, "user");
    expect(await checkClaim(t, asAccount, claim)).toMatchObject({ ok: true, yours: true });
    // A sign-up whose address sent no inquiry gets no confirmation mail.
    const quiet = `quiet-${crypto.randomUUID().slice(0, 6)}@couple.example`;
    expect((await register(quiet)).status).toBe(302);
    expect(mailsTo(quiet)).toEqual([]);
  });
});
