// npm run restore -- FILE [--force]
// Puts a backup (npm run backup) back into an empty database and storage, or, with --force, in
// place of what is there. The whole archive is checked first, the database is loaded and its
// tables checked before it takes the target's place, and a failure at any step leaves the target
// as it was (ADR 033). Stop the servers first.
import { parseArgs } from "node:util";
import { loadConfig } from "~/infra/config.server";
import { createStorage } from "~/infra/storage.server";
import { restore } from "~/services/backup.server";
import { runCli } from "./cli";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { force: { type: "boolean", default: false } },
    allowPositionals: true,
  });
  if (positionals.length !== 1) {
    console.error("usage: npm run restore -- FILE [--force]");
    return 1;
  }
  const file = positionals[0]!;
  const config = loadConfig();
  const report = await restore(config, createStorage(config), file, { force: values.force });
  console.log(
    `Restored ${file} (${report.manifest.engine}, taken ${report.manifest.createdAt}) in ${report.ms} ms, and checked it against the manifest: ${report.tables} tables (${report.rows} rows; counts and checksums) and ${report.files} files (sha256) match`,
  );
  return 0;
}

runCli("restore", main);
