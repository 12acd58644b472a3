import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import path from "node:path";
import { createContext, createCookie, RouterContextProvider, type Cookie } from "react-router";
import { appSettings } from "../../database/schema";
import type { AppUser } from "~/lib/user";
import { createAuth, type Auth, type AuthEmails } from "./auth.server";
import type { Config } from "./config.server";
import type { Database, Db } from "./db.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import { createMetrics, type Metrics } from "./metrics.server";
import { createFormStamps, type FormStamps } from "./form-stamp.server";
import { createGeocoder, type Geocoder } from "./geocoder.server";
import { createJobQueue, type JobQueue } from "./jobs.server";
import { createStorage, type Storage } from "./storage.server";

/** Everything a loader or action may use, built once per process (per test file in tests). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  geocoder: Geocoder;
  logger: Logger;
  /** Signed with the session secret, so a toast cannot be forged by a crafted cookie. */
  flashCookie: Cookie;
  /** Signed times a form was handed out, signed with the session secret (the inquiry form). */
  stamps: FormStamps;
  /**
   * Whether this process takes traffic, as /readyz tells a load balancer: server.ts makes it
   * "ready" once it listens and "stopping" on SIGTERM (ADR 034).
   */
  readiness: { state: "starting" | "ready" | "stopping" };
  /** This process's Prometheus metrics, when METRICS_TOKEN is set. */
  metrics: Metrics | undefined;
  /** The job queue (ADR 042): server.ts starts its work; anyone may send a job. */
  jobs: JobQueue;
};

// Typed router context (React Router middleware): loaders, actions and middleware read these
// with `context.get(...)`. The process-wide services come from getLoadContext; the signed-in
// user is put there once per request by the root's session middleware.
export const appContext = createContext<AppContext>();
export const nonceContext = createContext<string>("");
export const userContext = createContext<AppUser | null>(null);

/**
 * What the HTTP layer learns back from the router about a request: the signed-in user's id, once
 * the root's session middleware has read the session (the page views of ADR 029 count an account
 * as one visitor). Absent for the page cache's renders, which have no session.
 */
export type RequestNotes = { userId: string | null };
export const requestNotesContext = createContext<RequestNotes | null>(null);

/** In a page's own render (not a data request), what its loaders keep out of the hydration data. */
export const sentOnceContext = createContext<Map<string, unknown> | null>(null);

export function getLoadContext(
  app: AppContext,
  nonce: string,
  { notes, page = false }: { notes?: RequestNotes; page?: boolean } = {},
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(appContext, app);
  context.set(nonceContext, nonce);
  if (notes) context.set(requestNotesContext, notes);
  if (page) context.set(sentOnceContext, new Map());
  return context;
}

/**
 * `value` for the browser's data; in a page's own render, nothing: the server renders the value
 * into the page's HTML (`<SentOnce id>`), and the hydration data does not carry it a second time
 * (ADR 052). `undefined` is not a value here: it is what the browser reads as "in the HTML".
 */
export function sendOnce<T>(context: Readonly<RouterContextProvider>, id: string, value: T): T | undefined {
  const kept = context.get(sentOnceContext);
  if (!kept || value === undefined) return value;
  kept.set(id, value);
  return undefined;
}

/**
 * The session-signing secret: BETTER_AUTH_SECRET when set, otherwise one generated on first start
 * and kept in the database, so every instance (and every restart) shares it with no set-up.
 */
async function authSecret(config: Config, db: Db): Promise<string> {
  if (config.authSecret) return config.authSecret;
  await db
    .insert(appSettings)
    .values({ key: "auth_secret", value: crypto.randomBytes(32).toString("base64url") })
    .onConflictDoNothing();
  const [row] = await db.select().from(appSettings).where(eq(appSettings.key, "auth_secret"));
  return row!.value;
}

/**
 * Builds the context once the database is migrated. The auth's emails are passed in (infra does
 * not know what our emails say; services/emails.server.ts does).
 */
export async function createAppContext(
  config: Config,
  database: Database,
  options: { emails: AuthEmails } & Partial<Pick<AppContext, "mailer" | "storage" | "geocoder" | "logger">>,
): Promise<AppContext> {
  const logger = options.logger ?? createLogger(config.logLevel);
  const mailer =
    options.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, "outbox"),
      logger,
    });
  const storage = options.storage ?? createStorage(config);
  const geocoder = options.geocoder ?? createGeocoder(config, { logger });
  const secret = await authSecret(config, database.db);
  const auth = await createAuth({ config, secret, db: database.db, mailer, emails: options.emails, logger });
  const flashCookie = createFlashCookie(config, secret);
  const stamps = createFormStamps(secret);
  const jobs = createJobQueue(database, logger);
  const metrics = config.metricsToken ? createMetrics(database, jobs, config.metricsToken) : undefined;
  return {
    config,
    database,
    db: database.db,
    auth,
    mailer,
    storage,
    geocoder,
    logger,
    flashCookie,
    stamps,
    readiness: { state: "starting" },
    metrics,
    jobs,
  };
}

/**
 * The toast cookie, `Secure` when the site is https: as the session cookie, by SITE_URL, since
 * behind a TLS proxy the request itself reaches us over plain http.
 */
export function createFlashCookie(config: Pick<Config, "siteUrl">, secret: string): Cookie {
  return createCookie("vv_flash", {
    httpOnly: true,
    sameSite: "lax",
    path: "/",
    maxAge: 60,
    secure: config.siteUrl.startsWith("https://"),
    secrets: [secret],
  });
}
