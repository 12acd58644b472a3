import crypto from "node:crypto";
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Database } from "./db.server";
import type { JobQueue, QueueState } from "./jobs.server";

// What /metrics shows (ADR 034), in Prometheus's text format. Each app context has its own
// registry: the tests build several contexts in one process, and prom-client's global registry
// would refuse the second one's metrics (and mix their figures).

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

export function createMetrics(
  database: Pick<Database, "connections">,
  jobs: Pick<JobQueue, "state">,
  token: string,
) {
  const registry = new Registry();
  const registers = [registry];
  collectDefaultMetrics({ register: registry });

  const requests = new Counter({
    name: "http_requests_total",
    help: "HTTP requests answered, by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    registers,
  });
  const durations = new Histogram({
    name: "http_request_duration_seconds",
    help: "Time from a request's arrival to its last byte sent (or its connection closing)",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers,
  });
  const pageCache = new Counter({
    name: "page_cache_requests_total",
    help: "Signed-out page views, by whether the page cache held the page (hit) or it was rendered (miss)",
    labelNames: ["result"] as const,
    registers,
  });
  new Gauge({
    name: "db_pool_connections",
    help: "Database connections by state (PGlite: one connection, busy while a query runs)",
    labelNames: ["state"] as const,
    registers,
    collect() {
      const c = database.connections();
      this.set({ state: "busy" }, c.busy);
      this.set({ state: "idle" }, c.idle);
    },
  });
  new Gauge({
    name: "db_pool_max_connections",
    help: "The most database connections this process opens",
    registers,
    collect() {
      this.set(database.connections().max);
    },
  });
  new Gauge({
    name: "db_pool_waiting",
    help: "Queries and transactions waiting for a database connection",
    registers,
    collect() {
      this.set(database.connections().waiting);
    },
  });
  // The job queue's figures are the database's, all servers together: each server shows the same.
  const queueGauge = (name: string, help: string, value: (q: QueueState) => number) =>
    new Gauge({
      name,
      help,
      labelNames: ["queue"] as const,
      registers,
      async collect() {
        for (const q of await jobs.state()) this.set({ queue: q.name }, value(q));
      },
    });
  queueGauge("jobs_waiting", "Jobs whose time has come, not yet taken by a server", (q) => q.waiting);
  queueGauge("jobs_failed", "Jobs that failed their last try, in the last 7 days", (q) => q.failed);
  queueGauge(
    "jobs_oldest_waiting_seconds",
    "How long the oldest waiting job has waited since its time came (0: none waits)",
    (q) => q.oldestSeconds,
  );
  const uploads = new Gauge({
    name: "uploads_in_progress",
    help: "Requests sending files (photos, a venue type's image, a CSV file) being read or processed",
    registers,
  });
  const imports = new Gauge({
    name: "imports_in_progress",
    help: "CSV imports writing venues (they go on when the admin leaves the page)",
    registers,
  });

  const expected = sha256(token);
  return {
    registry,
    /** A request's answer, once its connection is done with it. */
    request(method: string, route: string, status: number, seconds: number) {
      const labels = { method: METHODS.has(method) ? method : "OTHER", route, status: String(status) };
      requests.inc(labels);
      durations.observe(labels, seconds);
    },
    pageCache(hit: boolean) {
      pageCache.inc({ result: hit ? "hit" : "miss" });
    },
    uploads,
    imports,
    /** Whether an Authorization header bears the token; compared in constant time. */
    authorized(header: string | undefined): boolean {
      const given = /^Bearer +(\S+)$/i.exec(header ?? "")?.[1];
      return given !== undefined && crypto.timingSafeEqual(sha256(given), expected);
    },
  };
}

// Digests have one length, as timingSafeEqual needs, whatever was sent.
const sha256 = (s: string) => crypto.createHash("sha256").update(s).digest();

export type Metrics = ReturnType<typeof createMetrics>;

/** Counts `work` in a gauge while it runs (when metrics are on). */
export async function inProgress<T>(gauge: Gauge | undefined, work: () => Promise<T>): Promise<T> {
  gauge?.inc();
  try {
    return await work();
  } finally {
    gauge?.dec();
  }
}
