import path from "node:path";
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

export function createAppContext(
  config: Config,
  database: Database,
  overrides: Partial<AppContext> = {},
): AppContext {
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
  const auth = createAuth({ config, db: database.db, mailer });
  return { config, database, db: database.db, auth, mailer, storage, logger };
}
