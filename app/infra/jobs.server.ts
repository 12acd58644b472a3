import PgBoss from "pg-boss";
import type { Database } from "./db.server";
import type { Logger } from "./logger.server";

// The job queue (issue 44, ADR 042): pg-boss on the database we already run, PostgreSQL or the
// embedded PGlite, in its own schema. A job is a row: it outlives a crash, is retried with
// back-off, and is taken by one server however many run. Tasks by the clock are cron schedules,
// sent once a minute slot across all servers. services/background.server.ts lists our tasks.

export type Task = {
  name: string;
  /** When it runs by the clock: a cron expression in UTC (none: only when sent). */
  cron?: string;
  /** Further tries of a failed run, each after a longer wait (retryDelay doubled, with jitter). */
  retries?: number;
  /** Seconds before the first retry. */
  retryDelay?: number;
  /** How often an idle server asks for this task's jobs. */
  pollSeconds?: number;
  run(data: unknown): Promise<void>;
};

/** One queue's jobs in the database, all servers together. */
export type QueueState = {
  name: string;
  /** Jobs waiting to run, their time come. */
  waiting: number;
  /** Jobs that failed their last try (kept for 7 days). */
  failed: number;
  /** Seconds the oldest waiting job has waited since its time came (0: none waits). */
  oldestSeconds: number;
};

export type JobQueue = {
  /** Creates the tasks' queues and schedules, and works on their jobs (server.ts; tests). */
  start(tasks: Task[]): Promise<void>;
  /** A job for `name`'s task, run once by some server. */
  send(name: string, data?: object, options?: PgBoss.SendOptions): Promise<string | null>;
  /** The queues as /metrics shows them. */
  state(): Promise<QueueState[]>;
  /**
   * Takes no new job; a running one has `timeoutMs` to finish, then fails and is tried again
   * later, by this server or another (SIGTERM).
   */
  stop(timeoutMs?: number): Promise<void>;
};

const SCHEMA = "pgboss";

export function createJobQueue(database: Database, logger: Logger): JobQueue {
  const boss = new PgBoss({
    db: { executeSql: (text, values) => database.executeSql(text, values) },
    schema: SCHEMA,
    // Its own check of expired and archived jobs: every two minutes, by one server at a time.
    maintenanceIntervalSeconds: 120,
    // Which schedules are due: every 10 s, by one server at a time. (Its first look, as it starts,
    // comes before our schedules are written.)
    cronMonitorIntervalSeconds: 10,
  });
  boss.on("error", (err) => logger.error("job queue", { error: String(err) }));
  let started = false;
  return {
    async start(tasks) {
      // Servers starting together take turns (ADR 032): two creating one queue at once deadlock.
      await database.withStartupLock(async () => {
        await boss.start();
        for (const task of tasks) {
          await boss.createQueue(task.name, {
            name: task.name,
            retryLimit: task.retries ?? 3,
            retryDelay: task.retryDelay ?? 60,
            retryBackoff: true,
          });
          if (task.cron) await boss.schedule(task.name, task.cron, {}, { tz: "UTC" });
        }
      });
      started = true;
      for (const task of tasks) {
        await boss.work(task.name, { pollingIntervalSeconds: task.pollSeconds ?? 2 }, async ([job]) => {
          try {
            await task.run(job!.data);
          } catch (err) {
            logger.error("a job failed", { task: task.name, job: job!.id, error: String(err) });
            throw err;
          }
        });
      }
    },
    send: (name, data = {}, options = {}) => boss.send(name, data, options),
    async state() {
      const { rows } = await database.executeSql(
        `select to_regclass('${SCHEMA}.job') is not null as present`,
      );
      if (!(rows[0] as { present: boolean }).present) return [];
      const waiting = "j.state in ('created', 'retry') and j.start_after <= now()";
      const result = await database.executeSql(
        `select q.name,
           count(j.id) filter (where ${waiting})::int as waiting,
           count(j.id) filter (where j.state = 'failed')::int as failed,
           coalesce(extract(epoch from now() - min(j.start_after) filter (where ${waiting})), 0)::float8
             as "oldestSeconds"
         from ${SCHEMA}.queue q left join ${SCHEMA}.job j on j.name = q.name
         where q.name not like '\\_\\_pgboss%'
         group by q.name order by q.name`,
      );
      return result.rows as QueueState[];
    },
    async stop(timeoutMs = 10_000) {
      if (started) await boss.stop({ graceful: true, wait: true, timeout: timeoutMs, close: false });
      started = false;
    },
  };
}
