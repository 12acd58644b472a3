import { eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { emailOptOuts, inquiries, inquiryReplies } from "../../database/schema";
import * as venueRoute from "../../app/routes/public/venue";
import * as emailsRoute from "../../app/routes/account/emails";
import * as myInquiriesRoute from "../../app/routes/account/inquiries";
import { queryRows } from "../../app/infra/db.server";
import { venuePath } from "../../app/lib/venue-url";
import { listOwnInquiries } from "../../app/services/couple-inquiries.server";
import {
  countNewInquiries,
  getInquiry,
  listInquiries,
  replyToInquiry,
  setInquiryStatus,
} from "../../app/services/inquiries.server";
import { managerDashboard } from "../../app/services/manager-venues.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { asUser, header, oneClickPath, postOneClick, withInquiryApp, type Account } from "../setup/inquiries";
import { run, SITE_URL, type TestApp } from "../setup/test-app";

// Issue 23, items 1, 2 and 4, after the sending (inquiries.test.ts): the inbox shows a manager only
// their venues' inquiries (an admin all), replies go by email and are kept, statuses change, the
// CSV is formula-safe, the dashboard counts inquiries waiting more than 48 hours, and managers'
// email opt-outs are honoured.

let t: TestApp;
let http: HttpTestApp;
let admin: Account;

const { fields, send, inquiriesOf, mailsTo, managedVenue } = withInquiryApp(async (app) => {
  ({ t, http } = app);
  admin = await t.signUp({ role: "admin", name: "Erin Admin" });
});

describe("the inbox", () => {
  // Managers of their own here, so that the venues of the tests above stay out of their inboxes.
  let ownerA: Account;
  let ownerB: Account;
  let venueA: { id: string; name: string };
  let venueB: { id: string; name: string };
  let idA: string;
  let idB: string;
  beforeAll(async () => {
    ownerA = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
    ownerB = await t.signUp({ role: "venue_manager", name: "Blake Manager" });
    venueA = await managedVenue([ownerA], { name: "Alpine A" });
    venueB = await managedVenue([ownerB], { name: "Birch B" });
    await send(
      venueA,
      fields(venueA.id, { name: "Casey A", phone: "+1 303 555 0100", message: '=HYPERLINK("http://x")' }),
    );
    await send(venueB, fields(venueB.id, { name: "Dana B" }));
    idA = (await inquiriesOf(venueA.id))[0]!.id;
    idB = (await inquiriesOf(venueB.id))[0]!.id;
  });

  it("lists a manager's venues' inquiries only, an admin's every venue's, with the new count", async () => {
    // A manager and an inquiry of its own: the tests below answer idA, which is then no longer new.
    const owner = await t.signUp({ role: "venue_manager", name: "Lee Lister" });
    const venue = await managedVenue([owner], { name: "Larch L" });
    await send(venue, fields(venue.id, { name: "Lane L" }));
    const id = (await inquiriesOf(venue.id))[0]!.id;
    const a = asUser(owner, "venue_manager");
    const inbox = await listInquiries(t.db, a, { venueId: null, status: null, page: 1 });
    expect(inbox.inquiries.map((i) => i.id)).toEqual([id]);
    expect(inbox.counts).toMatchObject({ all: 1, new: 1 });
    expect(await countNewInquiries(t.db, a)).toBe(1);
    const all = await listInquiries(t.db, asUser(admin, "admin"), { venueId: null, status: null, page: 1 });
    expect(all.inquiries.map((i) => i.id)).toEqual(expect.arrayContaining([id, idA, idB]));
  });

  it("a manager cannot read or change another venue's inquiry: not in the service, not over HTTP", async () => {
    // An inquiry of its own to another venue than B's, still new whatever the tests below did to
    // venue A's (and out of venue A's manager's export).
    const [fresh] = await t.db
      .insert(inquiries)
      .values({
        venueId: (await createVenue(t.db, { name: "Aspen Refused" })).id,
        name: "Casey A",
        email: "casey-a@couple.example",
        message: "Still free?",
      })
      .returning();
    const idA = fresh!.id;
    const b = asUser(ownerB, "venue_manager");
    expect(await getInquiry(t.db, b, idA)).toEqual({ ok: false, reason: "forbidden" });
    const refused = {
      init: { status: 403 },
      data: { error: "You do not have permission to manage this venue" },
    };
    await expect(setInquiryStatus(t.db, b, idA, "closed")).rejects.toMatchObject(refused);
    const mails = t.mail.messages.length;
    await expect(replyToInquiry(t, b, idA, "Sorry, we are full")).rejects.toMatchObject(refused);
    await expect(listInquiries(t.db, b, { venueId: venueA.id, status: null, page: 1 })).rejects.toMatchObject(
      {
        init: { status: 403 },
      },
    );

    const page = await http.fetch(`/venue-manager/inquiries/${idA}`, { cookie: ownerB.cookie });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toBe("/venue-manager/dashboard");
    const posts: Record<string, string>[] = [
      { intent: "status", status: "closed" },
      { intent: "reply", reply: "Hello" },
    ];
    for (const body of posts) {
      const post = await http.fetch(`/venue-manager/inquiries/${idA}`, {
        method: "POST",
        cookie: ownerB.cookie,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(body),
      });
      expect(post.status, body.intent).toBe(403);
    }
    const csv = await http.fetch(`/venue-manager/inquiries/export.csv?venue=${venueA.id}`, {
      cookie: ownerB.cookie,
    });
    expect(csv.status).toBe(403);
    const own = await (
      await http.fetch("/venue-manager/inquiries/export.csv", { cookie: ownerB.cookie })
    ).text();
    expect(own).toContain("Dana B");
    expect(own).not.toContain("Casey A");

    const [row] = await t.db.select().from(inquiries).where(eq(inquiries.id, idA));
    expect(row!.status).toBe("new");
    expect(await t.db.select().from(inquiryReplies).where(eq(inquiryReplies.inquiryId, idA))).toEqual([]);
    expect(t.mail.messages.length).toBe(mails);
    expect(await getInquiry(t.db, asUser(ownerA, "venue_manager"), crypto.randomUUID())).toEqual({
      ok: false,
      reason: "not-found",
    });
  });

  it("a reply goes to the couple by email, Reply-To the manager, is kept, and marks the inquiry replied; then booked", async () => {
    const a = asUser(ownerA, "venue_manager", "Morgan Manager");
    const [inquiry] = await inquiriesOf(venueA.id);
    const res = await http.fetch(`/venue-manager/inquiries/${idA}`, {
      method: "POST",
      cookie: ownerA.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "text/html" },
      body: new URLSearchParams({ intent: "reply", reply: "Yes, June is open. Shall we talk?" }),
    });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(`/venue-manager/inquiries/${idA}`);
    const mail = await t.mail.waitFor(inquiry!.email);
    expect(mail.subject).toBe("Alpine A answered your inquiry");
    expect(header(mail.raw, "Reply-To")).toBe(ownerA.email);
    expect(mail.text).toContain("Yes, June is open. Shall we talk?");
    const found = await getInquiry(t.db, a, idA);
    expect(found).toMatchObject({
      ok: true,
      inquiry: { status: "replied", replyCount: 1 },
      replies: [{ body: "Yes, June is open. Shall we talk?", authorName: "Morgan Manager" }],
    });
    expect(await setInquiryStatus(t.db, a, idA, "booked")).toEqual({ ok: true });
    expect((await getInquiry(t.db, a, idA)) as { inquiry: { status: string } }).toMatchObject({
      inquiry: { status: "booked" },
    });
    // An empty reply is refused and sends nothing.
    const mails = t.mail.messages.length;
    const empty = await http.fetch(`/venue-manager/inquiries/${idA}`, {
      method: "POST",
      cookie: ownerA.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ intent: "reply", reply: "  " }),
    });
    expect(empty.status).toBe(400);
    expect(t.mail.messages.length).toBe(mails);
  });

  it("exports the list as CSV with formulas defused", async () => {
    const res = await http.fetch("/venue-manager/inquiries/export.csv", { cookie: ownerA.cookie });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    const text = await res.text();
    const [head, line] = text.replace(/^\uFEFF/, "").split("\r\n");
    expect(head).toBe(
      "Received,Venue,Status,Name,Email,Phone,Wedding date,Date flexible,Guests,Message,Replies",
    );
    expect(line).toContain(",Alpine A,");
    expect(line).toContain('"\'=HYPERLINK(""http://x"")"');
    expect(line).toContain(",'+1");
  });
});

describe("needs attention: inquiries waiting more than 48 hours", () => {
  it("counts new inquiries older than 48 hours per venue, as a direct SQL count does", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([manager], { name: "Waiting Woods", images: ["a", "b", "c"] });
    const base = { venueId: venue.id, name: "X", email: "x@couple.example", message: "Hello" };
    await t.db.insert(inquiries).values([
      { ...base, status: "new", createdAt: sql`now() - interval '49 hours'` },
      { ...base, status: "new", createdAt: sql`now() - interval '72 hours'` },
      { ...base, status: "new", createdAt: sql`now() - interval '47 hours'` },
      { ...base, status: "replied", createdAt: sql`now() - interval '100 hours'` },
    ]);
    const [direct] = await queryRows<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from inquiries
          where venue_id = ${venue.id} and status = 'new' and created_at < now() - interval '48 hours'`,
    );
    const dashboard = await managerDashboard(t.db, asUser(manager, "venue_manager"));
    const item = dashboard.venues[0]!.attention.find((i) => i.key === "waiting-inquiries");
    expect(direct!.n).toBe(2);
    expect(item).toEqual({
      key: "waiting-inquiries",
      label: "2 inquiries waiting more than 48 hours",
      tab: "inquiries",
    });
  });
});

describe("a couple's own inquiries", () => {
  it("shows what a signed-in couple sent, with its status", async () => {
    const venue = await createVenue(t.db, { name: "Signed Springs" });
    const couple = await t.signUp({ name: "Riley Couple" });
    expect((await send(venue, fields(venue.id), { cookie: couple.cookie })).status).toBe(200);
    expect(await listOwnInquiries(t.db, couple.id)).toMatchObject([
      { venueName: "Signed Springs", status: "new" },
    ]);
    const page = await http.fetch("/account/inquiries", { cookie: couple.cookie });
    const html = await page.text();
    expect(html).toContain("My Inquiries");
    expect(html).toContain("Signed Springs");
  });

  it("a guest's copy links the inquiry to the account that opens it and confirms, once, and a forged link does nothing", async () => {
    const venue = await createVenue(t.db, { name: "Guest Grove" });
    const form = fields(venue.id);
    await send(venue, form);
    const link = /\/account\/inquiries\?claim=[^\s"<>]+/.exec((await t.mail.waitFor(form.email)).text)![0];
    const token = new URL(link, SITE_URL).searchParams.get("claim")!;
    // Opening the link asks (issue 39); the page's form posts the claim.
    const claimBy = (a: Account, claim: string) =>
      run(async () =>
        myInquiriesRoute.action(
          await t.args(t.request("/account/inquiries", { form: { claim }, cookie: a.cookie })),
        ),
      );
    const couple = await t.signUp();
    const asked = await run(async () =>
      myInquiriesRoute.loader(await t.args(t.request(link, { cookie: couple.cookie }))),
    );
    expect(asked.data).toMatchObject({ claim: { ok: true, venueName: "Guest Grove", token } });
    const claim = await claimBy(couple, token);
    expect(claim.status).toBe(302);
    expect(await listOwnInquiries(t.db, couple.id)).toMatchObject([{ venueName: "Guest Grove" }]);

    const stranger = await t.signUp();
    const again = await claimBy(stranger, token);
    expect(again.status).toBe(400);
    expect(await listOwnInquiries(t.db, stranger.id)).toEqual([]);
    const forged = await claimBy(stranger, token.replace(/.{4}$/, "AAAA"));
    expect(forged.status).toBe(400);
    expect(await listOwnInquiries(t.db, stranger.id)).toEqual([]);
    expect(await listOwnInquiries(t.db, couple.id)).toMatchObject([{ venueName: "Guest Grove" }]);
    // Signed out, the link goes to sign in first and comes back.
    const guest = await http.fetch(link);
    expect(guest.headers.get("location")).toBe(`/login?redirectTo=${encodeURIComponent(link)}`);
  });
});

describe("emails to managers and their opt-outs", () => {
  it("a manager who turned inquiry emails off gets none; the others still do", async () => {
    const quiet = await t.signUp({ role: "venue_manager" });
    const loud = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([quiet, loud], { name: "Quiet Quarry" });
    const r = await run(async () =>
      emailsRoute.action(
        await t.args(
          t.request("/account/emails", {
            form: { review: "on", reminder: "on", reply: "on", decision: "on", alert: "on", invite: "on" },
            cookie: quiet.cookie,
          }),
        ),
      ),
    );
    expect(r.status).toBe(200);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, quiet.id))).toMatchObject([
      { kind: "inquiry" },
    ]);
    const form = fields(venue.id);
    await send(venue, form);
    await t.mail.waitFor(form.email);
    expect(mailsTo(loud.email)).toHaveLength(1);
    expect(mailsTo(quiet.email)).toHaveLength(0);
  });

  it("a new review mails the venue's managers who keep review emails on; a rewrite does not", async () => {
    const keeps = await t.signUp({ role: "venue_manager" });
    const off = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([keeps, off], { name: "Review Ridge" });
    await t.db.insert(emailOptOuts).values({ userId: off.id, kind: "review" });
    const reviewer = await t.signUp({ name: "Sam Reviewer" });
    const review = (comment: string) =>
      run(async () =>
        venueRoute.action(
          await t.args(
            t.request(venuePath(venue), { form: { rating: "5", comment }, cookie: reviewer.cookie }),
            { slugId: venuePath(venue).slice(7) },
          ),
        ),
      );
    expect((await review("A dream of a day.")).status).toBe(200);
    const mail = await t.mail.waitFor(keeps.email);
    expect(mail.subject).toBe("New review of Review Ridge: 5 stars");
    expect(mail.text).toContain("A dream of a day.");
    expect(mail.text).toContain(`/venue-manager/edit-venue/${venue.id}?tab=reviews`);
    expect((await review("Still a dream.")).status).toBe(200);
    expect(mailsTo(keeps.email)).toHaveLength(1);
    expect(mailsTo(off.email)).toHaveLength(0);
    // Its one-click unsubscribe turns review mails off for that manager, and nothing else.
    expect((await postOneClick(http, oneClickPath(mail.raw))).status).toBe(200);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, keeps.id))).toMatchObject([
      { kind: "review" },
    ]);
  });

  it("a user without venues cannot turn the managers' kinds off", async () => {
    const user = await t.signUp();
    const form = { reply: "on", decision: "on", alert: "on", invite: "on" };
    const r = await run(async () =>
      emailsRoute.action(await t.args(t.request("/account/emails", { form, cookie: user.cookie }))),
    );
    expect(r.status).toBe(200);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, user.id))).toEqual([]);
  });
});
