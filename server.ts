// The Node entry: configuration, database (migrated on boot, seeded when empty), the HTTP app
// and a graceful shutdown. Production runs it compiled, `node build/server/start.js` (ADR 022).
import type { ServerResponse } from "node:http";
import type { ViteDevServer } from "vite";
import { seedIfEmpty } from "./app/services/seed.server";
import { loadConfig } from "./app/infra/config.server";
import { createAppContext } from "./app/infra/context.server";
import { DatabaseInUseError, openDatabase, type Database } from "./app/infra/db.server";
import { createLogger } from "./app/infra/logger.server";
import { authEmails } from "./app/services/emails.server";
import { backgroundTasks, sweep } from "./app/services/background.server";
import { SWEEP_GRACE_SECONDS } from "./app/services/pending-files.server";
import { loadIndexThenReady, searchIndex } from "./app/services/search-index.server";
import { createVenueViewCounter } from "./app/services/venue-stats.server";
import type { createHttpApp as CreateHttpApp } from "./app/infra/http.server";

const config = loadConfig();
const logger = createLogger(config.logLevel);
if (config.env === "production" && !config.mailPostalAddress)
  logger.warn("MAIL_POSTAL_ADDRESS is not set: mails people can leave go out without a postal address");
let database: Database;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
} catch (err) {
  // A second server (or script) on the same embedded database: say so plainly, no stack.
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
// Servers starting together on one PostgreSQL database take turns (ADR 032): the first migrates
// and seeds; the others wait, then find the work done.
let waitingSince: number | undefined;
const { context, seed } = await database.withStartupLock(
  async () => {
    if (waitingSince !== undefined)
      logger.info("another server's start-up finished", { waitedMs: Date.now() - waitingSince });
    const applied = await database.migrate();
    if (applied > 0) logger.info("database migrated", { database: database.kind, applied });
    // The search index starts loading now, beside the rest of the start (loadIndexThenReady below
    // waits for this load; after a first seed it applies the venues seeded).
    searchIndex(database.db).catch(() => undefined);
    const context = await createAppContext(config, database, { emails: authEmails, logger });
    const seed = await seedIfEmpty(database.db, context.storage, { log: (msg) => logger.info(msg) });
    return { context, seed };
  },
  () => {
    waitingSince = Date.now();
    logger.info("waiting for another server's start-up");
  },
);
context.logger.info(seed.seeded ? "demo content seeded" : "database ready", {
  database: database.kind,
  ...seed,
});
// /readyz says ready once the search index is loaded (ADR 034); a request cannot ask before the
// server listens.
void loadIndexThenReady(context);
// The files a crash left between a row and its files (ADR 021) are swept before the server
// listens, as part of its start: an embedded database has no other server whose uploads could be
// in flight, so nothing waits out the grace. Then hourly, with the other background tasks, on the
// job queue (ADR 042; services/background.server.ts).
await sweep(context, database.kind === "pglite" ? 0 : SWEEP_GRACE_SECONDS).catch((err: unknown) =>
  context.logger.error("the start-up sweep failed", { error: String(err) }),
);
await context.jobs.start(backgroundTasks(context));
const venueViews = createVenueViewCounter(context);

type HttpModule = { createHttpApp: typeof CreateHttpApp };
let http: HttpModule;
let vite: ViteDevServer | undefined;
if (config.env === "production") {
  // package.json "imports": build/server/index.js, found from this file and from its compiled copy.
  // @ts-expect-error the server build exists only after `react-router build`
  http = (await import("#server-build")) as HttpModule;
} else {
  const dev = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  http = (await dev.ssrLoadModule("./app/infra/http.server.ts")) as HttpModule;
  vite = dev;
}

const server = http
  .createHttpApp(context, { pageViews: venueViews.onPageView, devMiddleware: vite?.middlewares })
  .listen(config.port, () => {
    context.logger.info(`${config.siteName} listening`, {
      url: `http://localhost:${config.port}`,
      siteUrl: config.siteUrl,
    });
  });

// An idle keep-alive connection stays open 65 s, not Node's 5: a client sending its next request
// on it just as the server closes it gets a reset, which a proxy or an API client does not retry.
// nginx keeps its upstream connections for 60 s (docs/deploy/nginx.conf), so the app outlasts it.
server.keepAliveTimeout = 65_000;

// Graceful shutdown (ADR 022): stop listening, let the requests in flight finish, closing each
// connection after its response, then close the database.
let stopping = false;
const responses = new Set<ServerResponse>();
server.prependListener("request", (_req, res: ServerResponse) => {
  // Keep-alive clients are told to send no further request on this connection.
  if (stopping) res.setHeader("Connection", "close");
  responses.add(res);
  res.on("close", () => {
    responses.delete(res);
    // A response begun before the signal promised keep-alive: close its connection now rather
    // than after the keep-alive timeout.
    if (stopping) server.closeIdleConnections();
  });
});

async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  // A load balancer asking on a connection still open hears that this process is leaving.
  context.readiness.state = "stopping";
  for (const res of responses) if (!res.headersSent) res.setHeader("Connection", "close");
  // server.close() stops listening and closes the idle keep-alive connections. libuv runs signal
  // handlers after the other I/O of its turn, so a request that reached an open connection before
  // the signal has been read by now: it is in flight, its connection not idle. From the log line
  // on, a new connection is refused. In-flight requests finish before the database closes (at
  // most 10 s).
  const closed = new Promise<void>((resolve) => {
    server.close(() => resolve());
    setTimeout(resolve, 10_000).unref();
  });
  context.logger.info("shutting down", { signal, inFlight: responses.size });
  await closed;
  // A running job has 10 s more to finish; then it is handed back, to be tried again.
  await context.jobs.stop();
  await vite?.close();
  await venueViews.settled();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
