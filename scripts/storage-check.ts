// npm run storage:check [-- --fix] [-- --grace SECONDS]
// Compares the stored files under venues/ and categories/ (the uploads folder or the S3 bucket,
// as STORAGE selects) with the rows that name them, and lists orphans (files no row names,
// older than the grace: 15 minutes by default) and missing files. --fix deletes the orphans and
// sweeps the pending-files ledger (ADR 021). On the embedded database, stop the server first.
import { parseArgs } from "node:util";
import { loadConfig } from "~/infra/config.server";
import { openDatabase } from "~/infra/db.server";
import { createLogger } from "~/infra/logger.server";
import { createStorage } from "~/infra/storage.server";
import {
  checkStorage,
  deleteFiles,
  SWEEP_GRACE_SECONDS,
  sweepPendingFiles,
} from "~/services/pending-files.server";
import { runCli } from "./cli";

const { values: args } = parseArgs({
  options: { fix: { type: "boolean", default: false }, grace: { type: "string" } },
});
const grace = Number(args.grace ?? SWEEP_GRACE_SECONDS);

async function main(): Promise<number> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  try {
    await database.withStartupLock(() => database.migrate());
    const app = { db: database.db, storage: createStorage(config), logger };
    const report = await checkStorage(app, grace);
    console.log(
      `${report.files} stored files, ${report.orphans.length} orphans, ${report.missing.length} missing`,
    );
    for (const key of report.orphans.slice(0, 50)) console.log(`  orphan: ${key}`);
    for (const key of report.missing.slice(0, 50)) console.log(`  missing: ${key}`);
    if (!args.fix) return report.orphans.length > 0 ? 1 : 0;
    const swept = await sweepPendingFiles(app, grace);
    await deleteFiles(app, report.orphans);
    console.log(
      `Deleted ${report.orphans.length} orphans; pending-files sweep: ${swept.deleted} deleted, ${swept.kept} kept`,
    );
    return 0;
  } finally {
    await database.close();
  }
}

runCli("storage:check", main);
