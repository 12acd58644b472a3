import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, inject } from "vitest";
import { loadConfig } from "../../../app/infra/config.server";
import {
  databaseFromPglite,
  databaseFromUrl,
  newPglite,
  queryRows,
  type Db,
} from "../../../app/infra/db.server";
import { createStorage, type Storage } from "../../../app/infra/storage.server";
import { tableChecksums } from "../../../app/services/backup-archive.server";
import { adminUrl, onServer } from "../global-setup";

// What the backup tests (tests/integration/backup*.test.ts) work in: a folder of their own, and
// on PostgreSQL databases of their own and an S3 bucket server (s3rver on 127.0.0.1).

const ROOT = path.resolve(import.meta.dirname, "../../..");
export const postgresUrl = inject("postgresUrl");
export const engine = postgresUrl ? "postgres" : "pglite";
export const S3_PUBLIC_URL = "https://photos.test.example";

export type BackupEnv = {
  work: string;
  s3Endpoint: string;
  databases: string[];
  /** Data folders made outside `work`. */
  folders: string[];
};

/** The test file's folder, databases and buckets (`buckets` on PostgreSQL), removed after it. */
export function backupEnv(buckets: string[]): BackupEnv {
  const env: BackupEnv = { work: "", s3Endpoint: "", databases: [], folders: [] };
  let s3: S3rver | undefined;
  beforeAll(async () => {
    env.work = fs.mkdtempSync(path.join(os.tmpdir(), "vv-backup-"));
    if (engine === "postgres" && buckets.length) {
      s3 = new S3rver({
        address: "127.0.0.1",
        port: 0,
        silent: true,
        directory: path.join(env.work, "s3"),
        configureBuckets: buckets.map((name) => ({ name })),
      });
      env.s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
    }
  });
  afterAll(async () => {
    await s3?.close();
    if (env.databases.length > 0)
      await onServer(
        postgresUrl,
        ...env.databases.map((name) => `drop database if exists ${name} with (force)`),
      );
    for (const dir of [env.work, ...env.folders]) fs.rmSync(dir, { recursive: true, force: true });
  });
  return env;
}

/**
 * A PostgreSQL database of this file: migrated (a clone of the run's template), a clone of
 * another database of the file (its name), or empty.
 */
export async function pgDatabase(env: BackupEnv, from: boolean | string): Promise<string> {
  const name = `vv_test_backup_${crypto.randomBytes(5).toString("hex")}`;
  const template = from === true ? inject("postgresTemplate") : from || undefined;
  await onServer(postgresUrl, `create database ${name}${template ? ` template ${template}` : ""}`);
  env.databases.push(name);
  return adminUrl(postgresUrl, name);
}

/** The environment of a server (or command) on one data folder, database and bucket. */
export function settings(
  env: BackupEnv,
  dataDir: string,
  databaseUrl: string | undefined,
  bucket: string,
): Record<string, string> {
  const base = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "error" };
  if (engine === "pglite") return { ...base, STORAGE: "fs" };
  return {
    ...base,
    STORAGE: "s3",
    S3_ENDPOINT: env.s3Endpoint,
    S3_BUCKET: bucket,
    S3_PUBLIC_URL,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
}

/** Runs `npm run backup` or `npm run restore` as the operator does (tsx, a process of its own). */
export function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each stored file's sha256, by key. */
export async function fileHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const { key } of await storage.list(""))
    hashes[key] = crypto
      .createHash("sha256")
      .update((await storage.get(key))!)
      .digest("hex");
  return Object.fromEntries(Object.entries(hashes).sort());
}

export type Target = Awaited<ReturnType<typeof emptyTarget>>;

/**
 * An empty target: a data folder, and on PostgreSQL an empty database (or a clone of `from`)
 * with a bucket of its own.
 */
export async function emptyTarget(env: BackupEnv, name: string, from: string | false = false) {
  const dataDir = path.join(env.work, name);
  const url = engine === "postgres" ? await pgDatabase(env, from) : undefined;
  const vars = settings(env, dataDir, url, name);
  /** Works on the database (a PGlite folder is opened only while no command holds it). */
  const onDb = async <T>(fn: (db: Db) => Promise<T>) => {
    const database = url ? databaseFromUrl(url) : databaseFromPglite(newPglite(path.join(dataDir, "db")));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  return {
    dataDir,
    url,
    env: vars,
    config: loadConfig(vars),
    storage: createStorage(loadConfig(vars)),
    onDb,
  };
}

/** Every stored file's key and bytes, and the database's tables (none on an empty target). */
export async function stateOf(target: Target) {
  const dbFolder = path.join(target.dataDir, "db");
  const fresh = target.url
    ? (
        await target.onDb((db) =>
          queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
          ),
        )
      )[0]!.n === 0
    : !fs.existsSync(dbFolder) || fs.readdirSync(dbFolder).length === 0;
  return {
    tables: fresh ? "no tables" : await target.onDb(tableChecksums),
    files: await fileHashes(target.storage),
    // A restore leaves nothing of its own in the data folder (a folder it loaded into, files it kept).
    dataFolder: fs.existsSync(target.dataDir)
      ? fs.readdirSync(target.dataDir).filter((n) => n !== "db" && n !== "uploads")
      : [],
  };
}
