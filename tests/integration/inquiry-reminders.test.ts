import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { emailOptOuts, inquiries, inquiryReplies } from "../../database/schema";
import * as dashboardRoute from "../../app/routes/manager/dashboard";
import { createJobQueue, type JobQueue } from "../../app/infra/jobs.server";
import { createLogger } from "../../app/infra/logger.server";
import type { MailMessage } from "../../app/infra/mail.server";
import { backgroundTasks } from "../../app/services/background.server";
import { replyToInquiry, setInquiryStatus } from "../../app/services/inquiries.server";
import { REMINDER_TASK, remindVenue, scheduleReminder } from "../../app/services/inquiry-reminders.server";
import { createVenue } from "../setup/factories";
import type { HttpTestApp } from "../setup/http-app";
import { asUser, oneClickPath, postOneClick, withInquiryApp, type Account } from "../setup/inquiries";
import { run, type TestApp } from "../setup/test-app";

// Issue 44, point 4: an inquiry unanswered 24 hours after it was sent reminds the venue's managers
// by mail, and again after 48 hours; a venue reply or a status other than 'new' stops them. The
// reminders are jobs on a queue of the test's own: time passes by moving a job's start_after to
// now, never by sleeping. Then the dashboard's median reply time.

let t: TestApp;
let http: HttpTestApp;
let queue: JobQueue;

const { fields, send, inquiriesOf, mailsTo, managedVenue } = withInquiryApp(async (app) => {
  ({ t, http } = app);
  queue = createJobQueue(t.database, createLogger("error"));
  // The reminder task alone, asking for its jobs every half second.
  const tasks = backgroundTasks(t.app).filter((task) => task.name === REMINDER_TASK);
  await queue.start(tasks.map((task) => ({ ...task, pollSeconds: 0.5 })));
});
afterAll(() => queue.stop(1000));

type JobRow = { n: number; state: string; after: number };

/** The inquiry's reminder jobs, with their due times in seconds after the inquiry. */
async function jobsOf(inquiryId: string): Promise<JobRow[]> {
  const { rows } = await t.database.executeSql(
    `select (j.data->>'n')::int as n, j.state::text as state,
       extract(epoch from j.start_after - i.created_at)::float8 as after
     from pgboss.job j join inquiries i on i.id = (j.data->>'inquiryId')::uuid
     where j.name = $1 and j.data->>'inquiryId' = $2 order by n`,
    [REMINDER_TASK, inquiryId],
  );
  return rows as JobRow[];
}

/** Reminder `n`'s time comes now. */
const due = (inquiryId: string, n: number) =>
  t.database.executeSql("update pgboss.job set start_after = now() where name = $1 and singleton_key = $2", [
    REMINDER_TASK,
    `${REMINDER_TASK}:${inquiryId}:${n}`,
  ]);

const stateOf = async (inquiryId: string, n: number) =>
  (await jobsOf(inquiryId)).find((j) => j.n === n)?.state;

/** Makes reminder `n` due now and waits until its job has run. */
const dueAndDone = async (inquiryId: string, n: number) => {
  await due(inquiryId, n);
  await expect.poll(() => stateOf(inquiryId, n), { timeout: 30_000, interval: 200 }).toBe("completed");
};

const remindersTo = (account: Account) => mailsTo(account.email).filter((m) => /^Reminder/.test(m.subject));

/** A venue of `managers` and an inquiry to it from Avery Couple, through the form's action. */
async function inquiryTo(managers: Account[], name: string) {
  const venue = await managedVenue(managers, { name });
  expect((await send(venue, fields(venue.id))).status).toBe(200);
  const [inquiry] = await inquiriesOf(venue.id);
  return { venue, inquiry: inquiry! };
}

describe("reminders to venues", () => {
  it("reminds the managers who keep reminders on after 24 and 48 hours, with a one-click way out", async () => {
    const keeps = await t.signUp({ role: "venue_manager", name: "Kim Keeps" });
    const off = await t.signUp({ role: "venue_manager", name: "Otto Off" });
    await t.db.insert(emailOptOuts).values({ userId: off.id, kind: "reminder" });
    const { inquiry } = await inquiryTo([keeps, off], "Juniper Barn");

    // Waiting, due a day after the inquiry; sent again, it is still one job.
    expect(await jobsOf(inquiry.id)).toEqual([{ n: 1, state: "created", after: expect.closeTo(86_400, 0) }]);
    await scheduleReminder(t.app, inquiry, 1);
    expect(await jobsOf(inquiry.id)).toHaveLength(1);

    await due(inquiry.id, 1);
    const first = await t.mail.waitFor(keeps.email, 30_000, /^Reminder/);
    expect(first.subject).toBe("Reminder: Avery Couple is waiting for an answer from Juniper Barn");
    expect(first.text).toContain("Avery Couple asked Juniper Barn a question");
    expect(first.text).toContain("has had no answer for 24 hours");
    expect(first.text).toContain(`/venue-manager/inquiries/${inquiry.id}`);
    await expect.poll(() => stateOf(inquiry.id, 1), { timeout: 30_000, interval: 200 }).toBe("completed");
    expect(await jobsOf(inquiry.id)).toEqual([
      { n: 1, state: "completed", after: expect.any(Number) },
      { n: 2, state: "created", after: expect.closeTo(172_800, 0) },
    ]);
    expect(remindersTo(keeps)).toHaveLength(1);
    expect(remindersTo(off)).toEqual([]);

    await dueAndDone(inquiry.id, 2);
    const reminders = remindersTo(keeps);
    expect(reminders).toHaveLength(2);
    expect(reminders[1]!.text).toContain("has had no answer for 48 hours");
    // Two reminders, no third.
    expect(await jobsOf(inquiry.id)).toHaveLength(2);
    expect(remindersTo(off)).toEqual([]);

    // The one-click unsubscribe, posted with no session, turns reminders off for that manager.
    const path = oneClickPath(first.raw);
    expect(path).toContain("kind=reminder");
    expect((await postOneClick(http, path)).status).toBe(200);
    expect(await t.db.select().from(emailOptOuts).where(eq(emailOptOuts.userId, keeps.id))).toMatchObject([
      { kind: "reminder" },
    ]);
  }, 90_000);

  it("a venue reply before the time stops the reminders, even when the couple answers again", async () => {
    const manager = await t.signUp({ role: "venue_manager", name: "Riley Replies" });
    const { inquiry } = await inquiryTo([manager], "Quick Answer Lodge");
    const replied = await replyToInquiry(
      t.app,
      asUser(manager, "venue_manager"),
      inquiry.id,
      "Yes, the garden is free.",
    );
    expect(replied).toEqual({ ok: true });
    // The couple's answer makes it new again for the inbox, but the venue has answered.
    await t.db.update(inquiries).set({ status: "new" }).where(eq(inquiries.id, inquiry.id));
    await dueAndDone(inquiry.id, 1);
    expect(await jobsOf(inquiry.id)).toHaveLength(1);
    expect(remindersTo(manager)).toEqual([]);
  }, 60_000);

  it("an inquiry no longer new (closed: declined) is not reminded of", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const { inquiry } = await inquiryTo([manager], "Declined Dell");
    expect(await setInquiryStatus(t.db, asUser(manager, "venue_manager"), inquiry.id, "closed")).toEqual({
      ok: true,
    });
    await dueAndDone(inquiry.id, 1);
    expect(await jobsOf(inquiry.id)).toHaveLength(1);
    expect(remindersTo(manager)).toEqual([]);
  }, 60_000);

  it("a run fails, to be tried again, only when no mail went out: a retry repeats none", async () => {
    const [a, b] = [await t.signUp({ role: "venue_manager" }), await t.signUp({ role: "venue_manager" })];
    const { inquiry } = await inquiryTo([a, b], "Flaky Falls");
    const job = { inquiryId: inquiry.id, n: 1 };
    /** The app with a mail server that refuses the mails to `refused`, and a quiet log. */
    const refusing = (...refused: Account[]) => ({
      ...t.app,
      logger: { ...createLogger("error"), error: () => {} },
      mailer: {
        send: (m: MailMessage) =>
          refused.some((r) => r.email === m.to) ? Promise.reject(new Error("refused")) : t.mailer.send(m),
      },
    });
    await expect(remindVenue(refusing(a, b), job)).rejects.toThrow("no reminder mail was sent");
    // One mail out, one refused: done, so that a retry does not mail `a` again.
    await remindVenue(refusing(b), job);
    expect(remindersTo(a)).toHaveLength(1);
    expect(remindersTo(b)).toEqual([]);
  });

  it("a venue with no manager gets no reminder", async () => {
    const venue = await createVenue(t.db, { name: "Nobody's Hall", email: "hello@nobody.example" });
    expect((await send(venue, fields(venue.id))).status).toBe(200);
    const [inquiry] = await inquiriesOf(venue.id);
    await dueAndDone(inquiry!.id, 1);
    expect(await jobsOf(inquiry!.id)).toHaveLength(1);
    expect(mailsTo("hello@nobody.example").map((m) => m.subject)).toEqual([
      "New inquiry for Nobody's Hall from Avery Couple",
    ]);
  }, 60_000);
});

describe("the dashboard's median reply time", () => {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;

  /** An inquiry sent `daysAgo` days ago and its thread, each message `hours` after it. */
  async function asked(
    venueId: string,
    daysAgo: number,
    thread: [author: "venue" | "couple", hours: number][],
  ) {
    const at = Date.now() - daysAgo * DAY;
    const [row] = await t.db
      .insert(inquiries)
      .values({
        venueId,
        name: "Avery Couple",
        email: "avery@couple.example",
        message: "Free?",
        createdAt: new Date(at),
      })
      .returning({ id: inquiries.id });
    for (const [author, hours] of thread)
      await t.db
        .insert(inquiryReplies)
        .values({ inquiryId: row!.id, author, body: "…", createdAt: new Date(at + hours * HOUR) });
  }

  const dashboardOf = async (manager: Account) =>
    (
      await run(async () =>
        dashboardRoute.loader(
          await t.args(t.request("/venue-manager/dashboard", { cookie: manager.cookie })),
        ),
      )
    ).data as Awaited<ReturnType<typeof dashboardRoute.loader>>;

  it("is the median time to each inquiry's first venue reply over the last 90 days", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const other = await t.signUp({ role: "venue_manager" });
    const [mine, theirs] = [await managedVenue([manager]), await managedVenue([other])];
    // First venue replies after 1, 3, 5 and 7 hours: the median is 4 hours.
    await asked(mine.id, 2, [
      ["venue", 1],
      ["venue", 30],
    ]);
    await asked(mine.id, 10, [
      ["couple", 2],
      ["venue", 3],
    ]);
    await asked(mine.id, 30, [["venue", 5]]);
    await asked(mine.id, 89, [["venue", 7]]);
    // Not counted: older than 90 days, unanswered by the venue, another manager's venue.
    await asked(mine.id, 100, [["venue", 300]]);
    await asked(mine.id, 1, [["couple", 0.1]]);
    await asked(theirs.id, 1, [["venue", 0.01]]);

    const { dashboard } = await dashboardOf(manager);
    expect(dashboard!.medianReplySeconds).toBeCloseTo(4 * 3600, 3);
    const page = await http.fetch("/venue-manager/dashboard", { cookie: manager.cookie });
    expect(await page.text()).toContain("Median reply time: 4 hours");
  });

  it("is not shown when no inquiry was answered", async () => {
    const manager = await t.signUp({ role: "venue_manager" });
    const venue = await managedVenue([manager]);
    await asked(venue.id, 1, [["couple", 1]]);
    expect((await dashboardOf(manager)).dashboard!.medianReplySeconds).toBeNull();
    const page = await http.fetch("/venue-manager/dashboard", { cookie: manager.cookie });
    expect(await page.text()).not.toContain("Median reply time");
  });
});
