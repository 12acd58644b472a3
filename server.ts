// The Node entry: configuration, database (migrated on boot, seeded when empty), the HTTP app
// and a graceful shutdown.
import type { ViteDevServer } from "vite";
import { seedIfEmpty } from "./database/seed";
import { loadConfig } from "./app/infra/config.server";
import { createAppContext } from "./app/infra/context.server";
import { DatabaseInUseError, openDatabase, type Database } from "./app/infra/db.server";
import { createLogger } from "./app/infra/logger.server";
import { authEmails } from "./app/services/emails.server";
import { SWEEP_GRACE_SECONDS, sweepPendingFiles } from "./app/services/pending-files.server";
import type { createHttpApp as CreateHttpApp } from "./app/infra/http.server";

const config = loadConfig();
const logger = createLogger(config.logLevel);
let database: Database;
try {
  database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, logger });
} catch (err) {
  // A second server (or script) on the same embedded database: say so plainly, no stack.
  if (!(err instanceof DatabaseInUseError)) throw err;
  console.error(err.message);
  process.exit(1);
}
await database.migrate();
const context = await createAppContext(config, database, { emails: authEmails, logger });
const seed = await seedIfEmpty(database.db, context.storage, { log: (msg) => context.logger.info(msg) });
context.logger.info(seed.seeded ? "demo content seeded" : "database ready", {
  database: database.kind,
  ...seed,
});
// Files a crash left between a row and its files (ADR 021): at start-up, then hourly. An embedded
// database has no other server whose uploads could be in flight, so nothing waits out the grace.
const sweep = (graceSeconds: number) =>
  sweepPendingFiles(context, graceSeconds).then(
    (swept) => swept.deleted + swept.kept > 0 && context.logger.info("pending files swept", swept),
    (err: unknown) => context.logger.error("sweeping pending files failed", { error: String(err) }),
  );
await sweep(database.kind === "pglite" ? 0 : SWEEP_GRACE_SECONDS);
setInterval(() => void sweep(SWEEP_GRACE_SECONDS), 60 * 60 * 1000).unref();

type HttpModule = { createHttpApp: typeof CreateHttpApp };
let http: HttpModule;
let vite: ViteDevServer | undefined;
if (config.env === "production") {
  // @ts-expect-error the server build exists only after `react-router build`
  http = (await import("./build/server/index.js")) as HttpModule;
} else {
  const dev = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  http = (await dev.ssrLoadModule("./app/infra/http.server.ts")) as HttpModule;
  vite = dev;
}

const server = http.createHttpApp(context, { devMiddleware: vite?.middlewares }).listen(config.port, () => {
  context.logger.info(`${config.siteName} listening`, {
    url: `http://localhost:${config.port}`,
    siteUrl: config.siteUrl,
  });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  context.logger.info("shutting down", { signal });
  // In-flight requests finish before the database closes (at most 10 s); idle keep-alive
  // connections close now.
  await new Promise<void>((resolve) => {
    server.close(() => resolve());
    server.closeIdleConnections();
    setTimeout(resolve, 10_000).unref();
  });
  await vite?.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
