import { eq } from "drizzle-orm";
import crypto from "node:crypto";
import path from "node:path";
import { appSettings } from "../../database/schema";
import { createAuth, type Auth } from "./auth.server";
import type { Config } from "./config.server";
import type { Database, Db } from "./db.server";
import { createLogger, type Logger } from "./logger.server";
import { createMailer, type Mailer } from "./mail.server";
import { createFsStorage, type Storage } from "./storage.server";

/** Everything a loader or action may use, built once per process (per test file in tests). */
export type AppContext = {
  config: Config;
  database: Database;
  db: Db;
  auth: Auth;
  mailer: Mailer;
  storage: Storage;
  logger: Logger;
};

/** Per request: the CSP nonce for inline scripts. */
export type RequestContext = AppContext & { cspNonce: string };

declare module "react-router" {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface AppLoadContext extends RequestContext {}
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

/** Builds the context once the database is migrated. */
export async function createAppContext(
  config: Config,
  database: Database,
  overrides: Partial<AppContext> = {},
): Promise<AppContext> {
  const logger = overrides.logger ?? createLogger(config.logLevel);
  const mailer =
    overrides.mailer ??
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: path.join(config.dataDir, "outbox"),
      logger,
    });
  const storage = overrides.storage ?? createFsStorage(path.join(config.dataDir, "uploads"));
  const secret = await authSecret(config, database.db);
  const auth = createAuth({ config, secret, db: database.db, mailer });
  return { config, database, db: database.db, auth, mailer, storage, logger };
}
