// npm run backup -- FILE
// One archive of the database and of the stored files it names (ADR 033). On the embedded
// database, stop the server first; on PostgreSQL, the servers keep running.
import { loadConfig } from "~/infra/config.server";
import { createStorage } from "~/infra/storage.server";
import { backup } from "~/services/backup.server";
import { runCli } from "./cli";

async function main(): Promise<number> {
  const [file, ...rest] = process.argv.slice(2);
  if (!file || file.startsWith("-") || rest.length > 0) {
    console.error("usage: npm run backup -- FILE");
    return 1;
  }
  const config = loadConfig();
  const report = await backup(config, createStorage(config), file);
  const { manifest } = report;
  const rows = Object.values(manifest.tables).reduce((sum, t) => sum + t.rows, 0);
  const fileBytes = manifest.files.reduce((sum, f) => sum + f.bytes, 0);
  console.log(
    `Backed up ${manifest.engine}: ${Object.keys(manifest.tables).length} tables (${rows} rows) and ${manifest.files.length} files (${fileBytes} bytes) to ${file}, ${report.bytes} bytes in ${report.ms} ms`,
  );
  if (manifest.missing.length > 0)
    console.warn(
      `Warning: ${manifest.missing.length} files the database names were not in storage (npm run storage:check lists them): ${manifest.missing.slice(0, 5).join(", ")}`,
    );
  return 0;
}

runCli("backup", main);
