// npm run restore -- FILE [--force]
// Puts a backup (npm run backup) back into an empty database and storage, or, with --force, in
// place of what is there; then checks every table and file against the backup's manifest.
// Stop the server first.
import { parseArgs } from "node:util";
import { loadConfig } from "~/infra/config.server";
import { createStorage } from "~/infra/storage.server";
import { restore } from "~/services/backup.server";

const { values, positionals } = parseArgs({
  options: { force: { type: "boolean", default: false } },
  allowPositionals: true,
});
if (positionals.length !== 1) {
  console.error("usage: npm run restore -- FILE [--force]");
  process.exit(1);
}
const [file] = positionals as [string];

try {
  const config = loadConfig();
  const report = await restore(config, createStorage(config), file, { force: values.force });
  console.log(
    `Restored ${file} (${report.manifest.engine}, taken ${report.manifest.createdAt}) in ${report.ms} ms; verified against its manifest: ${report.tables} tables (${report.rows} rows: counts and checksums) and ${report.files} files (sha256)`,
  );
} catch (err) {
  console.error(`restore failed: ${(err instanceof Error ? err.message : String(err)).split("\n")[0]}`);
  process.exit(1);
}
