import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import type { LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { inject } from "vitest";
import { loadConfig } from "../../app/infra/config.server";
import {
  createAppContext,
  getLoadContext,
  userContext,
  type AppContext,
} from "../../app/infra/context.server";
import { loadUser } from "../../app/infra/session.server";
import { authEmails } from "../../app/services/emails.server";
import { setUserRole } from "../../app/services/users.server";
import { databaseFromPglite, databaseFromUrl, newPglite, type Database } from "../../app/infra/db.server";
import { createMailer } from "../../app/infra/mail.server";
import { createLogger, type Logger } from "../../app/infra/logger.server";
import { adminUrl, onServer } from "./global-setup";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";

export const SITE_URL = "http://localhost:3000";

async function freshDatabase(
  logger: Logger,
): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const postgresUrl = inject("postgresUrl");
  if (postgresUrl) {
    const name = `vv_test_${crypto.randomBytes(6).toString("hex")}`;
    await onServer(postgresUrl, `create database ${name} template ${inject("postgresTemplate")}`);
    const url = adminUrl(postgresUrl, name);
    const database = databaseFromUrl(url, logger);
    return {
      database,
      url,
      drop: () => onServer(postgresUrl, `drop database if exists ${name} with (force)`),
    };
  }
  // In memory: on a copied folder, the PGlite stage spent 86 s more in system calls, a sixth of
  // its wall time (issue 40).
  template ??= fs.readFile(inject("pgliteTarball")).then((b) => new Uint8Array(b));
  return {
    database: databaseFromPglite(newPglite(undefined, new Blob([await template]))),
    drop: async () => {},
  };
}

/** The migrated database's tarball, read once by each worker (its files share its modules). */
let template: Promise<Uint8Array<ArrayBuffer>> | undefined;

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;

/**
 * One per test file: a fresh migrated database, a real SMTP catcher and the app context; `env`
 * adds settings (METRICS_TOKEN...).
 */
export async function createTestApp(env: Record<string, string> = {}) {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "vv-test-"));
  const logger = createLogger("error");
  const { database, url: databaseUrl, drop } = await freshDatabase(logger);
  const mail: MailCatcher = await startMailCatcher();
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    SITE_URL,
    BETTER_AUTH_SECRET: "integration-test-secret-0123456789abcdef",
    LOG_LEVEL: "error",
    PASSWORD_HASH_COST: process.env.PASSWORD_HASH_COST,
    ...env,
  });
  const mailer = createMailer({ smtpUrl: mail.url, from: config.mailFrom, outboxDir: dataDir, logger });
  const app: AppContext = await createAppContext(config, database, { emails: authEmails, mailer, logger });

  let ipCounter = 0;
  /** Each request gets its own client address unless one is given, so per-address limits stay out of the way. */
  function request(
    pathname: string,
    init: {
      method?: string;
      form?: Record<string, string>;
      /** Fields sent as multipart/form-data, as the forms with files send them. */
      multipart?: Record<string, string | string[]>;
      cookie?: string;
      ip?: string;
    } = {},
  ): Request {
    const headers = new Headers({ "x-client-ip": init.ip ?? `10.0.0.${++ipCounter % 250}` });
    if (init.cookie) headers.set("cookie", init.cookie);
    const method = init.method ?? (init.form || init.multipart ? "POST" : "GET");
    let body: URLSearchParams | FormData | undefined;
    if (init.form) {
      body = new URLSearchParams(init.form);
      headers.set("content-type", "application/x-www-form-urlencoded");
    } else if (init.multipart) {
      body = new FormData();
      for (const [k, v] of Object.entries(init.multipart)) for (const one of [v].flat()) body.append(k, one);
    }
    headers.set("origin", SITE_URL);
    return new Request(`${SITE_URL}${pathname}`, { method, headers, body });
  }

  /**
   * The router context of a request, as the server builds it: the app, and the signed-in user
   * that the root's session middleware would have put there.
   */
  async function contextFor(req: Request): Promise<RouterContextProvider> {
    const context = getLoadContext(app, "test-nonce");
    context.set(userContext, await loadUser(app, req));
    return context;
  }

  /**
   * Arguments for calling a route's loader or action directly. Route middleware (the guards)
   * does not run this way: the guards are tested over HTTP (tests/integration/routes.test.ts).
   */
  async function args<P extends Record<string, string>>(req: Request, params?: P) {
    return {
      request: req,
      params: params ?? {},
      context: await contextFor(req),
      unstable_pattern: "",
      matches: [],
    } as unknown as Omit<LoaderFunctionArgs, "params" | "context" | "matches"> & {
      params: P;
      context: RouterContextProvider;
      matches: never[];
    };
  }

  /** Registers a user through better-auth and returns the session cookie for later requests. */
  async function signUp(
    opts: {
      email?: string;
      password?: string;
      name?: string;
      role?: "user" | "venue_manager" | "admin";
    } = {},
  ) {
    const email = opts.email ?? `user-${crypto.randomBytes(4).toString("hex")}@test.example`;
    const password = opts.password ?? "correct-horse-battery";
    const { headers, response } = await app.auth.api.signUpEmail({
      body: { email, password, name: opts.name ?? "Test User" },
      returnHeaders: true,
    });
    if (opts.role && opts.role !== "user") await setUserRole(app.db, { id: response.user.id }, opts.role);
    return { id: response.user.id, email, password, cookie: cookieFrom(headers) };
  }

  return {
    ...app,
    app,
    /** On PostgreSQL, the test database's address (a second server's connection). */
    databaseUrl,
    contextFor,
    mail,
    request,
    args,
    signUp,
    async close() {
      await mail.close();
      await database.close();
      await drop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** Turns Set-Cookie response headers into a Cookie request header. */
export function cookieFrom(headers: Headers): string {
  return headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

type Outcome = { response?: Response; data?: unknown; status: number; headers?: Headers };

function outcome(value: unknown): Outcome | null {
  if (value instanceof Response) return { response: value, status: value.status };
  if (value && typeof value === "object" && (value as { type?: unknown }).type === "DataWithResponseInit") {
    const d = value as { data: unknown; init: ResponseInit | null };
    return { data: d.data, status: d.init?.status ?? 200, headers: new Headers(d.init?.headers) };
  }
  return null;
}

/** Runs a loader or action, whether it returns or throws (redirects, 4xx), as one outcome. */
export async function run(fn: () => unknown): Promise<Outcome> {
  try {
    const value = await fn();
    return outcome(value) ?? { data: value, status: 200 };
  } catch (thrown) {
    const o = outcome(thrown);
    if (o) return o;
    throw thrown;
  }
}
