// The job queue (issue 44, point 1; ADR 042) on the database itself: a failed job is tried again
// and then recorded as failed, a stopping server lets a running job finish or hands it back, and
// on PostgreSQL a task scheduled by two servers runs once. Time passes by the queue's own
// scheduling (retry delays of a second); nothing sleeps. The schedule's test comes first: the
// queue looks at its schedules when it starts, then every 30 s.
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import { createJobQueue, type JobQueue, type Task } from "../../app/infra/jobs.server";
import { databaseFromUrl } from "../../app/infra/db.server";
import { createLogger } from "../../app/infra/logger.server";
import { createMetrics } from "../../app/infra/metrics.server";
import { backgroundTasks } from "../../app/services/background.server";
import { createTestApp, type TestApp } from "../setup/test-app";

let t: TestApp;
const queues: JobQueue[] = [];
/** What the queues logged as errors. */
const errors: { msg: string; data?: Record<string, unknown> }[] = [];
const quiet = {
  ...createLogger("error"),
  error: (msg: string, data?: Record<string, unknown>) => void errors.push({ msg, data }),
};
beforeAll(async () => {
  t = await createTestApp();
}, 120_000);
afterAll(async () => {
  for (const q of queues) await q.stop(1000);
  await t.close();
});

/** A queue of its own on the test's database, started with `tasks`. */
async function started(tasks: Task[], database = t.database) {
  const queue = createJobQueue(database, quiet);
  queues.push(queue);
  await queue.start(tasks);
  return queue;
}

const stateOf = async (id: string) => {
  const { rows } = await t.database.executeSql("select state from pgboss.job where id = $1", [id]);
  return (rows[0] as { state: string } | undefined)?.state;
};

/** A promise and the function that settles it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

it.runIf(inject("postgresUrl") !== "")(
  "a task scheduled by two servers on one PostgreSQL runs once a minute, not twice",
  async () => {
    const second = databaseFromUrl(t.databaseUrl!, quiet);
    const runs: string[] = [];
    const task = (server: string): Task => ({
      name: "every-minute",
      cron: "* * * * *",
      pollSeconds: 0.5,
      run: async () => void runs.push(server),
    });
    try {
      await Promise.all([started([task("A")]), started([task("B")], second)]);
      await expect.poll(() => runs.length, { timeout: 30_000, interval: 200 }).toBeGreaterThanOrEqual(1);
      // Each server, when due, asks for the minute's job; the queue keeps one ask per minute
      // (a slow machine may have reached the next minute), and each ask makes one job.
      const { rows } = await t.database.executeSql(
        `select count(*)::int as asks, count(distinct singleton_on)::int as minutes,
           (select count(*)::int from pgboss.job where name = 'every-minute') as jobs
         from pgboss.job where name = '__pgboss__send-it' and singleton_key = 'every-minute'`,
      );
      const { asks, minutes, jobs } = rows[0] as { asks: number; minutes: number; jobs: number };
      expect(asks).toBe(minutes);
      expect(jobs).toBeLessThanOrEqual(minutes);
      expect(runs.length).toBeLessThanOrEqual(jobs);
    } finally {
      for (const q of queues.splice(0)) await q.stop(1000);
      await second.close();
    }
  },
  60_000,
);

it("tries a failing job again after a delay, then records it as failed, as /metrics counts", async () => {
  const tries: number[] = [];
  const queue = await started([
    {
      name: "always-fails",
      retries: 1,
      retryDelay: 1,
      pollSeconds: 0.5,
      run: async () => {
        tries.push(Date.now());
        throw new Error("the mail server said no");
      },
    },
  ]);
  const id = (await queue.send("always-fails"))!;
  await expect.poll(() => stateOf(id), { timeout: 30_000, interval: 200 }).toBe("failed");
  expect(tries).toHaveLength(2);
  expect(errors.filter((e) => e.data?.job === id)).toEqual([
    { msg: "a job failed", data: { task: "always-fails", job: id, error: "Error: the mail server said no" } },
    { msg: "a job failed", data: { task: "always-fails", job: id, error: "Error: the mail server said no" } },
  ]);
  // The second try waited out the retry delay.
  expect(tries[1]! - tries[0]!).toBeGreaterThanOrEqual(900);
  expect((await queue.state()).find((q) => q.name === "always-fails")).toEqual({
    name: "always-fails",
    waiting: 0,
    failed: 1,
    oldestSeconds: 0,
  });
  const metrics = await createMetrics(t.database, queue, "metrics-token-0123456789").registry.metrics();
  expect(metrics).toContain('jobs_failed{queue="always-fails"} 1');
  expect(metrics).toContain('jobs_waiting{queue="always-fails"} 0');
}, 60_000);

it("a job whose time has come waits in the counts until a server takes it", async () => {
  const queue = createJobQueue(t.database, quiet);
  queues.push(queue);
  // Started with no worker for it: the job is sent and waits.
  await queue.start([]);
  await t.database.executeSql("select pgboss.create_queue('nobody-works', '{}'::json)");
  await queue.send("nobody-works", {}, { startAfter: new Date(Date.now() - 60_000) });
  const [waiting] = (await queue.state()).filter((q) => q.name === "nobody-works");
  expect(waiting).toMatchObject({ waiting: 1, failed: 0 });
  expect(waiting!.oldestSeconds).toBeGreaterThanOrEqual(59);
}, 60_000);

it("on stop, a running job may finish; one that does not is handed back to be tried again", async () => {
  const [finishing, stuck] = [gate(), gate()];
  const running = { finishing: gate(), stuck: gate() };
  const queue = await started([
    {
      name: "finishes",
      pollSeconds: 0.5,
      run: async () => {
        running.finishing.open();
        await finishing.opened;
      },
    },
    {
      name: "never-finishes",
      pollSeconds: 0.5,
      retryDelay: 1,
      run: async () => {
        running.stuck.open();
        await stuck.opened;
      },
    },
  ]);
  const done = (await queue.send("finishes"))!;
  const handedBack = (await queue.send("never-finishes"))!;
  await Promise.all([running.finishing.opened, running.stuck.opened]);
  const stopped = queue.stop(1000);
  finishing.open();
  await stopped;
  expect(await stateOf(done)).toBe("completed");
  expect(await stateOf(handedBack)).toBe("retry");
  stuck.open();
}, 60_000);

it("the server's background tasks are on the queue, by the clock", async () => {
  const queue = await started(backgroundTasks(t.app));
  const { rows } = await t.database.executeSql(
    "select name, cron, timezone from pgboss.schedule order by name",
  );
  expect(rows).toEqual(
    expect.arrayContaining([
      { name: "purge-view-data", cron: "3 * * * *", timezone: "UTC" },
      { name: "sweep", cron: "17 * * * *", timezone: "UTC" },
      { name: "retention", cron: "41 9 * * *", timezone: "UTC" },
    ]),
  );
  // Inquiry reminders are sent, not scheduled: a queue of its own with no schedule.
  expect(rows).not.toContainEqual(expect.objectContaining({ name: "inquiry-reminder" }));
  expect((await queue.state()).map((q) => q.name)).toEqual(
    expect.arrayContaining(["inquiry-reminder", "purge-view-data", "sweep"]),
  );
}, 60_000);
