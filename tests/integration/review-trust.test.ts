import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  auditLog,
  emailOptOuts,
  inquiries,
  reviewReports,
  reviews,
  venueManagers,
  venues,
} from "../../database/schema";
import * as venuePage from "../../app/routes/public/venue";
import * as reportPage from "../../app/routes/public/report-review";
import { createJobQueue, type JobQueue } from "../../app/infra/jobs.server";
import { createLogger } from "../../app/infra/logger.server";
import type { PublicReview } from "../../app/lib/venue";
import { venuePath } from "../../app/lib/venue-url";
import { backgroundTasks } from "../../app/services/background.server";
import { setInquiryStatus } from "../../app/services/inquiries.server";
import { LIMITS } from "../../app/services/rate-limit.server";
import {
  coloradoMidnight,
  INVITE_TASK,
  inviteTime,
  sendReviewInvite,
} from "../../app/services/review-invites.server";
import { moderateReview, reportReview, reviewQueue } from "../../app/services/review-moderation.server";
import { listReviews, saveReview } from "../../app/services/reviews.server";
import { createVenue } from "../setup/factories";
import { asUser, nextYear, type Account } from "../setup/inquiries";
import { createTestApp, run, type TestApp } from "../setup/test-app";

// Issue 45, items 1 and 2 (ADR 045): "Verified booking" follows the booked status of the
// reviewer's inquiry at the venue and only it; a booked inquiry queues one invitation to review,
// mailed once; reports hide nothing on their own, and each moderation decision resolves the open
// reports, writes its activity entry and (for proof) mails the reviewer. A hidden review leaves
// the page and the rating for everyone but its author, who is shown why.

let t: TestApp;
let queue: JobQueue;
let admin: Account;

beforeAll(async () => {
  t = await createTestApp();
  queue = createJobQueue(t.database, createLogger("error"));
  // The invitation task alone, asking for its jobs every half second.
  const tasks = backgroundTasks(t.app).filter((task) => task.name === INVITE_TASK);
  await queue.start(tasks.map((task) => ({ ...task, pollSeconds: 0.5 })));
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
}, 120_000);
afterAll(async () => {
  await queue.stop(1000);
  await t.close();
});

const tag = () => crypto.randomUUID().slice(0, 6);

/** A venue with its manager. */
async function managedVenue() {
  const manager = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
  const venue = await createVenue(t.db, { name: `Trust Lodge ${tag()}` });
  await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
  return { venue, manager, asManager: asUser(manager, "venue_manager", "Morgan Manager") };
}

async function inquiryOf(venueId: string, couple: Account | null, weddingDate: string | null = nextYear()) {
  const [row] = await t.db
    .insert(inquiries)
    .values({
      venueId,
      userId: couple?.id ?? null,
      name: "Riley Couple",
      email: couple?.email ?? `guest-${tag()}@couple.example`,
      weddingDate,
      message: "Is June free?",
    })
    .returning({ id: inquiries.id });
  return row!.id;
}

async function review(venueId: string, who: Account, rating = 4, comment = "A lovely day in the meadow.") {
  expect(await saveReview(t.db, { venueId, userId: who.id, rating, comment })).toMatchObject({ ok: true });
  const [row] = await t.db
    .select({ id: reviews.id })
    .from(reviews)
    .where(and(eq(reviews.venueId, venueId), eq(reviews.userId, who.id)));
  return row!.id;
}

/** The venue page's reviews as `cookie`'s owner (or a guest) gets them, `query` after the path. */
async function pageReviews(venue: { id: string; name: string }, query = "?tab=reviews", cookie?: string) {
  const path = venuePath(venue);
  const out = await run(async () =>
    venuePage.loader(await t.args(t.request(`${path}${query}`, { cookie }), { slugId: path.split("/")[2]! })),
  );
  expect(out.status).toBe(200);
  return (out.data as { reviews: PublicReview[] }).reviews;
}

const ratingOf = async (venueId: string) =>
  (
    await t.db
      .select({ rating: venues.rating, n: venues.reviewCount })
      .from(venues)
      .where(eq(venues.id, venueId))
  )[0]!;

const auditOf = (action: string, targetId: string) =>
  t.db
    .select({ details: auditLog.details, actorId: auditLog.actorId })
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, targetId)));

const invitesTo = (email: string) =>
  t.mail.messages.filter(
    (m) => m.to.includes(email.toLowerCase()) && /^How was your wedding/.test(m.subject),
  );

describe("verified reviews", () => {
  it("labels a review while the reviewer's inquiry at the venue is booked, and only then", async () => {
    const { venue, asManager } = await managedVenue();
    const couple = await t.signUp({ name: "Riley Couple" });
    const other = await t.signUp({ name: "Sam Other" });
    await review(venue.id, couple);
    const inquiry = await inquiryOf(venue.id, couple);
    const verified = async () =>
      (await listReviews(t.db, venue.id)).find((r) => r.authorName === "Riley Couple")!.verified;

    for (const status of ["replied", "closed", "declined"] as const) {
      await t.db.update(inquiries).set({ status }).where(eq(inquiries.id, inquiry));
      expect(await verified()).toBe(false);
    }
    expect(await setInquiryStatus(t.db, asManager, inquiry, "booked")).toEqual({ ok: true });
    expect(await verified()).toBe(true);
    expect(await setInquiryStatus(t.db, asManager, inquiry, "replied")).toEqual({ ok: true });
    expect(await verified()).toBe(false);

    // Another user's booked inquiry does not verify this reviewer.
    await t.db
      .update(inquiries)
      .set({ status: "booked" })
      .where(eq(inquiries.id, await inquiryOf(venue.id, other)));
    expect(await verified()).toBe(false);
    // Nor does the reviewer's booked inquiry at another venue.
    const elsewhere = await createVenue(t.db);
    await t.db
      .update(inquiries)
      .set({ status: "booked" })
      .where(eq(inquiries.id, await inquiryOf(elsewhere.id, couple)));
    expect(await verified()).toBe(false);
  });

  it("the venue page labels verified reviews and filters to them with ?reviews=verified", async () => {
    const { venue } = await managedVenue();
    const booked = await t.signUp({ name: "Blair Booked" });
    const visitor = await t.signUp({ name: "Val Visitor" });
    await review(venue.id, booked, 5, "We married here.");
    await review(venue.id, visitor, 2, "Only visited.");
    await t.db
      .update(inquiries)
      .set({ status: "booked" })
      .where(eq(inquiries.id, await inquiryOf(venue.id, booked)));

    const all = await pageReviews(venue);
    expect(all.map((r) => [r.authorName, r.verified ?? false])).toEqual(
      expect.arrayContaining([
        ["Blair Booked", true],
        ["Val Visitor", false],
      ]),
    );
    expect(all).toHaveLength(2);
    // A signed-out visitor's page carries no review ids (no Report links); a signed-in one does.
    expect(all.map((r) => r.id)).toEqual([undefined, undefined]);
    const signedIn = await pageReviews(venue, "?tab=reviews", (await t.signUp()).cookie);
    expect(signedIn.map((r) => typeof r.id)).toEqual(["string", "string"]);
    const only = await pageReviews(venue, "?tab=reviews&reviews=verified");
    expect(only.map((r) => r.authorName)).toEqual(["Blair Booked"]);
  });
});

describe("the invitation to review", () => {
  const jobsOf = async (inquiryId: string) => {
    const { rows } = await t.database.executeSql(
      "select state::text as state, start_after as \"startAfter\" from pgboss.job where name = $1 and data->>'inquiryId' = $2",
      [INVITE_TASK, inquiryId],
    );
    return rows as { state: string; startAfter: Date }[];
  };

  it("waits until the day after the wedding, Colorado time, or goes now", () => {
    expect(coloradoMidnight("2027-01-15").toISOString()).toBe("2027-01-15T07:00:00.000Z");
    expect(coloradoMidnight("2027-07-15").toISOString()).toBe("2027-07-15T06:00:00.000Z");
    const now = new Date("2027-03-01T12:00:00Z");
    expect(inviteTime("2027-06-12", now).toISOString()).toBe("2027-06-13T06:00:00.000Z");
    expect(inviteTime(null, now)).toBe(now);
    expect(inviteTime("2027-02-01", now)).toBe(now);
  });

  it("marking booked queues one job; it mails the couple once, with a way out, and not again", async () => {
    const { venue, asManager } = await managedVenue();
    const couple = await t.signUp({ name: "Riley Couple" });
    const date = nextYear();
    const inquiry = await inquiryOf(venue.id, couple, date);
    expect(await setInquiryStatus(t.db, asManager, inquiry, "booked", t.app)).toEqual({ ok: true });
    const [job] = await jobsOf(inquiry);
    expect(job).toMatchObject({ state: "created" });
    expect(new Date(job!.startAfter).toISOString()).toBe(inviteTime(date).toISOString());
    // Booked again after a change of mind: still one job.
    await setInquiryStatus(t.db, asManager, inquiry, "replied", t.app);
    await setInquiryStatus(t.db, asManager, inquiry, "booked", t.app);
    expect(await jobsOf(inquiry)).toHaveLength(1);

    // Its time comes: the queue runs it, and a run of the task beside it sends nothing more.
    await t.database.executeSql(
      "update pgboss.job set start_after = now() where name = $1 and data->>'inquiryId' = $2",
      [INVITE_TASK, inquiry],
    );
    const [a, b] = await Promise.all([
      t.mail.waitFor(couple.email, 30_000, /^How was your wedding/),
      sendReviewInvite(t.app, { inquiryId: inquiry }),
    ]);
    await expect
      .poll(async () => (await jobsOf(inquiry))[0]?.state, { timeout: 30_000, interval: 200 })
      .toBe("completed");
    expect(b === "sent" || b === "skipped").toBe(true);
    expect(await sendReviewInvite(t.app, { inquiryId: inquiry })).toBe("skipped");
    expect(invitesTo(couple.email)).toHaveLength(1);
    expect(a.subject).toBe(`How was your wedding at ${venue.name}?`);
    expect(a.text).toContain(`${venuePath(venue)}?tab=reviews&review=write#write-review`);
    expect(a.text).toContain("Stop these emails at once:");
    expect(a.raw).toMatch(/List-Unsubscribe:/);
    const [row] = await t.db
      .select({ at: inquiries.reviewInvitedAt })
      .from(inquiries)
      .where(eq(inquiries.id, inquiry));
    expect(row!.at).toBeInstanceOf(Date);
  }, 60_000);

  it("mails nothing once the couple reviewed, when no longer booked, or when they turned invitations off", async () => {
    const { venue } = await managedVenue();
    const reviewed = await t.signUp({ name: "Rae Reviewed" });
    const unbooked = await t.signUp({ name: "Una Unbooked" });
    const off = await t.signUp({ name: "Otto Off" });
    await review(venue.id, reviewed);
    await t.db.insert(emailOptOuts).values({ userId: off.id, kind: "invite" });
    const ids = {
      reviewed: await inquiryOf(venue.id, reviewed),
      unbooked: await inquiryOf(venue.id, unbooked),
      off: await inquiryOf(venue.id, off),
    };
    await t.db.update(inquiries).set({ status: "booked" }).where(eq(inquiries.id, ids.reviewed));
    await t.db.update(inquiries).set({ status: "booked" }).where(eq(inquiries.id, ids.off));
    for (const id of Object.values(ids))
      expect(await sendReviewInvite(t.app, { inquiryId: id })).toBe("skipped");
    for (const who of [reviewed, unbooked, off]) expect(invitesTo(who.email)).toEqual([]);

    // A guest's booked inquiry is invited at its own address, without an account's way out.
    const guest = await inquiryOf(venue.id, null, null);
    await t.db.update(inquiries).set({ status: "booked" }).where(eq(inquiries.id, guest));
    expect(await sendReviewInvite(t.app, { inquiryId: guest })).toBe("sent");
    const [{ email }] = (await t.db
      .select({ email: inquiries.email })
      .from(inquiries)
      .where(eq(inquiries.id, guest))) as [{ email: string }];
    const mail = await t.mail.waitFor(email, 10_000, /^How was your wedding/);
    expect(mail.text).not.toContain("Stop these emails");
  });
});

describe("reports and moderation", () => {
  const asAdmin = () => asUser(admin, "admin", "Ada Admin");

  async function reportedReview() {
    const { venue, manager, asManager } = await managedVenue();
    const author = await t.signUp({ name: "Avery Author" });
    const reporter = await t.signUp({ name: "Rory Reporter" });
    const id = await review(venue.id, author, 1, "Cold food and a rude host.");
    return { venue, manager, asManager, author, reporter, id };
  }

  it("a report hides nothing, a manager's included; the queue shows it with the reviewer's history", async () => {
    const { venue, asManager, author, reporter, id } = await reportedReview();
    await review((await createVenue(t.db)).id, author, 5);
    const asReporter = asUser(reporter, "user", "Rory Reporter");
    expect(
      await reportReview(t.db, asReporter, id, { reason: "fake", note: "Never seen them." }),
    ).toMatchObject({ status: "sent" });
    expect(await reportReview(t.db, asReporter, id, { reason: "offensive", note: "" })).toMatchObject({
      status: "updated",
    });
    expect(
      await reportReview(t.db, asManager, id, { reason: "conflict", note: "A competitor." }),
    ).toMatchObject({ status: "sent" });
    // One report per person: the second updated the first.
    expect(await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, id))).toHaveLength(2);
    expect((await pageReviews(venue)).map((r) => r.comment)).toEqual(["Cold food and a rude host."]);
    expect(await ratingOf(venue.id)).toEqual({ rating: 1, n: 1 });
    expect(await auditOf("review.report", id)).toHaveLength(3);

    // Signed out, their own review, or a review that does not exist: refused.
    await expect(reportReview(t.db, null, id, { reason: "fake", note: "" })).rejects.toMatchObject({
      status: 401,
    });
    await expect(
      reportReview(t.db, asUser(author, "user"), id, { reason: "fake", note: "" }),
    ).rejects.toMatchObject({ status: 403 });
    await expect(
      reportReview(t.db, asReporter, crypto.randomUUID(), { reason: "fake", note: "" }),
    ).rejects.toMatchObject({ status: 404 });
    await expect(reviewQueue(t.db, asReporter)).rejects.toMatchObject({ status: 403 });

    // A script reporting review after review is stopped after an hour's worth.
    await t.db.execute(
      sql`insert into rate_limits (key, count, reset_at) values (${`review-report:${reporter.id}`}, ${LIMITS.reviewReportUser.max}, now() + interval '25 minutes')
        on conflict (key) do update set count = excluded.count, reset_at = excluded.reset_at`,
    );
    await expect(reportReview(t.db, asReporter, id, { reason: "fake", note: "" })).rejects.toMatchObject({
      status: 429,
    });

    const queued = (await reviewQueue(t.db, asAdmin())).reviews.find((r) => r.id === id)!;
    expect(queued.author).toMatchObject({
      name: "Avery Author",
      otherReviews: 1,
      hiddenBefore: 0,
      verified: false,
    });
    expect(queued.reports.map((r) => [r.reason, r.reporterName, r.fromManager])).toEqual([
      ["offensive", "Rory Reporter", false],
      ["conflict", "Morgan Manager", true],
    ]);
  });

  it("the report page: a reason is required; a report goes back to the reviews with thanks", async () => {
    const { venue, reporter, id } = await reportedReview();
    const path = `/reviews/${id}/report`;
    const post = (form: Record<string, string>) =>
      run(async () =>
        reportPage.action(await t.args(t.request(path, { form, cookie: reporter.cookie }), { reviewId: id })),
      );
    const page = await run(async () =>
      reportPage.loader(await t.args(t.request(path, { cookie: reporter.cookie }), { reviewId: id })),
    );
    expect(page.data).toMatchObject({ comment: "Cold food and a rude host.", earlier: null });
    const refused = await post({ note: "No reason given." });
    expect(refused.status).toBe(400);
    expect(refused.data).toMatchObject({ errors: { reason: "Please choose a reason" } });
    const sent = await post({ reason: "conflict", note: "The owner's cousin." });
    expect(sent.status).toBe(302);
    expect(sent.response!.headers.get("location")).toBe(`${venuePath(venue)}?tab=reviews`);
    expect(await t.db.select().from(reviewReports).where(eq(reviewReports.reviewId, id))).toMatchObject([
      { reason: "conflict", note: "The owner's cousin.", userId: reporter.id, resolvedAt: null },
    ]);
  });

  it("keep resolves the reports and logs it; the review stays", async () => {
    const { venue, reporter, id } = await reportedReview();
    await reportReview(t.db, asUser(reporter, "user"), id, { reason: "fake", note: "" });
    expect(await moderateReview(t.app, asAdmin(), { intent: "keep", reviewId: id })).toBe("Review kept");
    expect(
      await t.db
        .select({ r: reviewReports.resolution })
        .from(reviewReports)
        .where(eq(reviewReports.reviewId, id)),
    ).toEqual([{ r: "kept" }]);
    expect(await auditOf("review.keep", id)).toEqual([
      { actorId: admin.id, details: expect.objectContaining({ reports: 1, venueId: venue.id }) },
    ]);
    expect((await reviewQueue(t.db, asAdmin())).reviews.map((r) => r.id)).not.toContain(id);
    expect(await pageReviews(venue)).toHaveLength(1);
    // Nothing left to keep; a report after the decision stays decided.
    await expect(moderateReview(t.app, asAdmin(), { intent: "keep", reviewId: id })).rejects.toMatchObject({
      status: 409,
    });
    expect(
      await reportReview(t.db, asUser(reporter, "user"), id, { reason: "offensive", note: "" }),
    ).toMatchObject({ status: "decided" });
  });

  it("proof asks the reviewer by mail, Reply-To the moderators, and logs it", async () => {
    const { venue, author, reporter, id } = await reportedReview();
    await reportReview(t.db, asUser(reporter, "user"), id, { reason: "fake", note: "" });
    await moderateReview(t.app, asAdmin(), { intent: "proof", reviewId: id });
    const mail = await t.mail.waitFor(author.email, 10_000, /^Please show us your booking/);
    expect(mail.subject).toBe(`Please show us your booking at ${venue.name}`);
    expect(mail.text).toContain("a contract or an invoice, within 7 days by replying to this email");
    expect(mail.raw).toMatch(/Reply-To: contact@localhost/i);
    const [row] = await t.db
      .select({ at: reviews.proofRequestedAt, hidden: reviews.hiddenAt })
      .from(reviews)
      .where(eq(reviews.id, id));
    expect(row).toEqual({ at: expect.any(Date), hidden: null });
    expect(await auditOf("review.proof", id)).toHaveLength(1);
    expect(
      await t.db
        .select({ r: reviewReports.resolution })
        .from(reviewReports)
        .where(eq(reviewReports.reviewId, id)),
    ).toEqual([{ r: "proof" }]);
  });

  it("hide takes the review off the page and the rating for others, shows its author why, and can be undone", async () => {
    const { venue, author, reporter, manager, id } = await reportedReview();
    const fan = await t.signUp({ name: "Fran Fan" });
    await review(venue.id, fan, 5, "Perfect.");
    expect(await ratingOf(venue.id)).toEqual({ rating: 3, n: 2 });
    await reportReview(t.db, asUser(reporter, "user"), id, { reason: "offensive", note: "" });
    const reason = "It insults a named member of staff.";
    await expect(
      moderateReview(t.app, asUser(reporter, "user"), { intent: "hide", reviewId: id, reason }),
    ).rejects.toMatchObject({ status: 403 });
    expect(await moderateReview(t.app, asAdmin(), { intent: "hide", reviewId: id, reason })).toBe(
      "Review hidden",
    );
    expect(await auditOf("review.hide", id)).toEqual([
      { actorId: admin.id, details: expect.objectContaining({ reason }) },
    ]);

    expect(await ratingOf(venue.id)).toEqual({ rating: 5, n: 1 });
    for (const cookie of [undefined, reporter.cookie, manager.cookie, fan.cookie])
      expect((await pageReviews(venue, "?tab=reviews", cookie)).map((r) => r.comment)).toEqual(["Perfect."]);
    const own = await pageReviews(venue, "?tab=reviews", author.cookie);
    expect(own.find((r) => r.own)).toMatchObject({ comment: "Cold food and a rude host.", hidden: reason });
    // Nobody reports a hidden review, and its author's edit keeps it hidden.
    await expect(
      reportReview(t.db, asUser(fan, "user"), id, { reason: "fake", note: "" }),
    ).rejects.toMatchObject({ status: 404 });
    await saveReview(t.db, { venueId: venue.id, userId: author.id, rating: 2, comment: "Edited." });
    const [row] = await t.db.select({ hiddenAt: reviews.hiddenAt }).from(reviews).where(eq(reviews.id, id));
    expect(row!.hiddenAt).toBeInstanceOf(Date);
    expect((await pageReviews(venue)).map((r) => r.comment)).toEqual(["Perfect."]);

    // Restored from the hidden list: back on the page and in the rating; nothing was deleted.
    expect((await reviewQueue(t.db, asAdmin())).hidden.map((r) => r.id)).toContain(id);
    expect(await moderateReview(t.app, asAdmin(), { intent: "unhide", reviewId: id })).toBe(
      "Review restored",
    );
    expect(await auditOf("review.unhide", id)).toHaveLength(1);
    expect(await ratingOf(venue.id)).toEqual({ rating: 3.5, n: 2 });
    expect(await pageReviews(venue)).toHaveLength(2);
  });
});
