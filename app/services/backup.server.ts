// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (issue 25, ADR 033). One tar
// archive holds manifest.json, the database (PGlite's data folder, or pg_dump's custom format)
// and the stored files the database names (files/{key}). The manifest carries what the restore
// checks the result against: each table's row count and checksum, each file's size and sha256.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { createTarWriter, openTar, type TarReader, type TarWriter } from "~/infra/archive.server";
import type { Config } from "~/infra/config.server";
import {
  connectOnce,
  databaseFromPglite,
  lockDataFolder,
  migrationsFolder,
  newPglite,
  queryRows,
  type Db,
} from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import { BACKUP_LOCK, fileKeysOf, fileUrls } from "./pending-files.server";

export const BACKUP_FORMAT = 1;
const MANIFEST = "manifest.json";
const DATABASE_ENTRY = { pglite: "database/pglite-datadir.tar.gz", postgres: "database/postgres.pgdump" };
const ENGINE_NAMES = { pglite: "the embedded database (PGlite)", postgres: "PostgreSQL" };

type Engine = keyof typeof DATABASE_ENTRY;
export type TableChecksums = Record<string, { rows: number; md5: string }>;
type StoredFile = { key: string; bytes: number; sha256: string };

export type Manifest = {
  format: number;
  engine: Engine;
  /** When the database's state was taken (its snapshot). */
  createdAt: string;
  /** The last migration applied (database/migrations): a restore needs code that knows it. */
  migration: string;
  serverVersion: string;
  database: { entry: string; bytes: number; sha256: string };
  tables: TableChecksums;
  files: StoredFile[];
  /** Files a row names that storage did not have when the backup ran (storage:check lists them too). */
  missing: string[];
};

const gzip = promisify(zlib.gzip);
const sha256 = (body: Buffer) => crypto.createHash("sha256").update(body).digest("hex");

/**
 * Every table's row count and the md5 of its rows as text in one fixed order (bytewise, so that
 * the database's collation does not matter), with the session settings that shape that text
 * pinned. Tables come from the catalog, so a table added later is covered without a change here.
 */
async function checksumsInTransaction(db: Db): Promise<TableChecksums> {
  await db.execute(sql`set local timezone to 'UTC'`);
  await db.execute(sql`set local datestyle to 'ISO, YMD'`);
  await db.execute(sql`set local extra_float_digits to 1`);
  const tables = await queryRows<{ name: string }>(
    db,
    sql`select format('%I.%I', schemaname, tablename) as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const result: TableChecksums = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(
      db,
      sql`select count(*)::int as rows,
                 md5(coalesce(string_agg(t::text, E'\n' order by t::text collate "C"), '')) as md5
          from ${sql.raw(name)} t`,
    );
    result[name] = row!;
  }
  return result;
}

export async function tableChecksums(db: Db): Promise<TableChecksums> {
  return db.transaction((tx) => checksumsInTransaction(tx));
}

function journal(): { when: number; tag: string }[] {
  const file = path.join(migrationsFolder, "meta", "_journal.json");
  return (JSON.parse(fs.readFileSync(file, "utf8")) as { entries: { when: number; tag: string }[] }).entries;
}

async function migrationOf(db: Db): Promise<string> {
  const [applied] = await queryRows<{ at: string | null }>(
    db,
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is not null
          then (select max(created_at)::text from drizzle.__drizzle_migrations) end as at`,
  );
  const tag = applied?.at ? journal().find((e) => e.when === Number(applied.at))?.tag : undefined;
  if (!tag) throw new Error("The database has not been migrated by this site: nothing to back up.");
  return tag;
}

/** What the database at hand says: its tables, migration, version and the file URLs its rows hold. */
async function readState(db: Db) {
  // In the backup's transaction, now() is the moment of its snapshot.
  const [server] = await queryRows<{ version: string; at: Date | string }>(
    db,
    sql`select version() as version, now() as at`,
  );
  return {
    takenAt: new Date(server!.at).toISOString(),
    tables: await checksumsInTransaction(db),
    migration: await migrationOf(db),
    serverVersion: server!.version,
    urls: await fileUrls(db),
  };
}

/**
 * Copies every stored file the URLs name (each width of an image) into the archive. A file a
 * row names that storage lacks is reported, not fatal: the live site lacks it too.
 */
async function copyFiles(storage: Storage, urls: (string | null)[], out: TarWriter) {
  const wanted = new Set(fileKeysOf(storage, urls));
  const required = new Set(urls.flatMap((url) => (url && storage.keyOf(url)) || []));
  const stored = new Set<string>();
  for (const prefix of new Set([...wanted].map((k) => k.slice(0, k.indexOf("/") + 1))))
    for (const f of await storage.list(prefix)) stored.add(f.key);
  const keys = [...wanted].filter((k) => stored.has(k)).sort();
  const files: StoredFile[] = [];
  // A few reads at a time (S3 round trips), written one after another.
  for (let i = 0; i < keys.length; i += 8) {
    const batch = keys.slice(i, i + 8);
    const bodies = await Promise.all(batch.map((k) => storage.get(k)));
    for (const [j, key] of batch.entries()) {
      const body = bodies[j];
      if (!body) continue;
      await out.add(`files/${key}`, body);
      files.push({ key, bytes: body.length, sha256: sha256(body) });
    }
  }
  const copied = new Set(files.map((f) => f.key));
  return { files, missing: [...required].filter((k) => !copied.has(k)).sort() };
}

/** pg_dump or pg_restore on the URL's database, with the password in the environment, not argv. */
function pgTool(command: "pg_dump" | "pg_restore", args: string[], url: string) {
  const input = command === "pg_restore";
  const target = new URL(url);
  const password = decodeURIComponent(target.password);
  target.password = "";
  const child = spawn(command, [...args, `--dbname=${target}`], {
    // eslint-disable-next-line no-restricted-syntax -- no setting is read: the tool gets our environment as it is, plus the password
    env: password ? { ...process.env, PGPASSWORD: password } : undefined,
    stdio: [input ? "pipe" : "ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const done = new Promise<void>((resolve, reject) => {
    child.once("error", (err: NodeJS.ErrnoException) =>
      reject(
        err.code === "ENOENT"
          ? new Error(
              `${command} was not found: install the PostgreSQL client tools of your server's version (Debian: apt install postgresql-client) or put them on the PATH.`,
            )
          : err,
      ),
    );
    child.once("close", (code) =>
      code === 0
        ? resolve()
        : reject(new Error(`${command} failed: ${stderr.trim().split("\n")[0] ?? `exit code ${code}`}`)),
    );
  });
  done.catch(() => {});
  return { child, done };
}

async function* pgDump(url: string, snapshot: string, hash: crypto.Hash): AsyncGenerator<Buffer> {
  const { child, done } = pgTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`], url);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    hash.update(chunk);
    yield chunk;
  }
  await done;
}

async function backupPglite(dir: string, storage: Storage, out: TarWriter): Promise<Manifest> {
  const present = fs.existsSync(dir) && fs.readdirSync(dir).some((n) => n !== "vows.lock");
  if (!present) throw new Error(`There is no embedded database in ${dir} to back up.`);
  // The server holds this lock while it runs (one process per data folder): the backup then
  // refuses with "stop the server first". A stopped folder cannot change under the copy.
  const unlock = lockDataFolder(dir);
  let client: PGlite | undefined;
  try {
    client = newPglite(dir);
    const db = databaseFromPglite(client).db;
    const state = await db.transaction((tx) => readState(tx));
    // Mostly empty pages: zlib's fastest level takes the folder from ~40 MB to ~6 MB, in a
    // fraction of the time PGlite's own gzip takes.
    const folder = Buffer.from(await (await client.dumpDataDir("none")).arrayBuffer());
    const dump = await gzip(folder, { level: zlib.constants.Z_BEST_SPEED });
    await out.add(DATABASE_ENTRY.pglite, dump);
    const { files, missing } = await copyFiles(storage, state.urls, out);
    return manifestOf("pglite", state, { bytes: dump.length, sha256: sha256(dump) }, files, missing);
  } finally {
    await client?.close();
    unlock();
  }
}

/**
 * The lock is taken before the snapshot and held until the files are copied: from then on
 * deleteFiles leaves every file to the sweep, so no file the snapshot names can go before it is
 * copied (ADR 033). Files are only ever written before the row that names them (ADR 021).
 */
async function backupPostgres(url: string, storage: Storage, out: TarWriter): Promise<Manifest> {
  const conn = await connectOnce(url);
  try {
    await conn.client.query("select pg_advisory_lock($1::bigint)", [BACKUP_LOCK]);
    await conn.client.query("begin isolation level repeatable read read only");
    const { rows } = await conn.client.query<{ snapshot: string }>("select pg_export_snapshot() as snapshot");
    const state = await readState(conn.db);
    const hash = crypto.createHash("sha256");
    const bytes = await out.addStream(DATABASE_ENTRY.postgres, pgDump(url, rows[0]!.snapshot, hash));
    await conn.client.query("commit");
    const { files, missing } = await copyFiles(storage, state.urls, out);
    return manifestOf("postgres", state, { bytes, sha256: hash.digest("hex") }, files, missing);
  } finally {
    await conn.end();
  }
}

function manifestOf(
  engine: Engine,
  state: Awaited<ReturnType<typeof readState>>,
  database: { bytes: number; sha256: string },
  files: StoredFile[],
  missing: string[],
): Manifest {
  return {
    format: BACKUP_FORMAT,
    engine,
    createdAt: state.takenAt,
    migration: state.migration,
    serverVersion: state.serverVersion,
    database: { entry: DATABASE_ENTRY[engine], ...database },
    tables: state.tables,
    files,
    missing,
  };
}

export type BackupReport = { file: string; bytes: number; ms: number; manifest: Manifest };

/** Writes the archive to FILE.partial and renames it: a failed backup leaves no FILE behind. */
export async function backup(
  config: Pick<Config, "dataDir" | "databaseUrl">,
  storage: Storage,
  file: string,
): Promise<BackupReport> {
  const started = Date.now();
  const partial = `${file}.partial`;
  const out = await createTarWriter(partial);
  try {
    const manifest = config.databaseUrl
      ? await backupPostgres(config.databaseUrl, storage, out)
      : await backupPglite(path.join(config.dataDir, "db"), storage, out);
    await out.add(MANIFEST, Buffer.from(JSON.stringify(manifest, null, 2)));
    await out.finish();
    fs.renameSync(partial, file);
    return { file, bytes: fs.statSync(file).size, ms: Date.now() - started, manifest };
  } catch (err) {
    await out.close().catch(() => {});
    fs.rmSync(partial, { force: true });
    throw err;
  }
}

type Target = {
  empty: boolean;
  what: string;
  clear(): Promise<void>;
  load(archive: TarReader, entry: string): Promise<void>;
  checksums(): Promise<TableChecksums>;
  close(): Promise<void>;
};

async function pgliteTarget(dir: string): Promise<Target> {
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataFolder(dir);
  const contents = () => fs.readdirSync(dir).filter((n) => n !== "vows.lock");
  let client: PGlite | undefined;
  return {
    empty: contents().length === 0,
    what: `the embedded database in ${dir}`,
    async clear() {
      for (const name of contents()) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
    },
    async load(archive, entry) {
      const dump = new Blob([new Uint8Array(await archive.read(entry))], { type: "application/x-gzip" });
      client = newPglite(dir, dump);
      await client.waitReady;
    },
    checksums: () => tableChecksums(databaseFromPglite(client!).db),
    async close() {
      await client?.close();
      unlock();
    },
  };
}

async function postgresTarget(url: string): Promise<Target> {
  const conn = await connectOnce(url);
  const [{ n }] = (
    await conn.client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    )
  ).rows as [{ n: number }];
  return {
    empty: n === 0,
    what: `the database (${n} tables)`,
    async clear() {
      await conn.client.query(
        "drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public",
      );
    },
    async load(archive, entry) {
      const { child, done } = pgTool(
        "pg_restore",
        ["--no-owner", "--no-privileges", "--exit-on-error", "--single-transaction"],
        url,
      );
      child.stdout!.resume();
      const fed = pipeline(archive.stream(entry), child.stdin!).then(
        () => null,
        (err: unknown) => err,
      );
      // pg_restore's own error first: a broken pipe only follows from it.
      await done;
      const failed = await fed;
      if (failed) throw failed;
    },
    checksums: () => tableChecksums(conn.db),
    close: () => conn.end(),
  };
}

async function hashOf(stream: Readable): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}

export type RestoreReport = { ms: number; tables: number; rows: number; files: number; manifest: Manifest };

/**
 * Puts a backup back into an empty target (database and storage), or, with `force`, in place of
 * what is there. Everything that can be refused is checked before the target is touched, the
 * archive's checksums included; afterwards every table and file is checked against the manifest.
 */
export async function restore(
  config: Pick<Config, "dataDir" | "databaseUrl">,
  storage: Storage,
  file: string,
  opts: { force: boolean },
): Promise<RestoreReport> {
  const started = Date.now();
  if (!fs.existsSync(file)) throw new Error(`${file} does not exist.`);
  const archive = await openTar(file);
  try {
    const manifest = JSON.parse((await archive.read(MANIFEST)).toString("utf8")) as Manifest;
    if (manifest.format !== BACKUP_FORMAT)
      throw new Error(
        `${file} is a backup of format ${manifest.format}; this version reads ${BACKUP_FORMAT}.`,
      );
    const engine: Engine = config.databaseUrl ? "postgres" : "pglite";
    if (manifest.engine !== engine)
      throw new Error(
        `${file} is a backup of ${ENGINE_NAMES[manifest.engine]}, and this configuration uses ${ENGINE_NAMES[engine]}: restore it into the engine it came from.`,
      );
    if (!journal().some((e) => e.tag === manifest.migration))
      throw new Error(
        `${file} was made by a newer version of the site (migration ${manifest.migration}): restore it with that version.`,
      );
    if ((await hashOf(archive.stream(manifest.database.entry))) !== manifest.database.sha256)
      throw new Error(`${file} is damaged: its database does not match the manifest's checksum.`);
    for (const f of manifest.files)
      if (sha256(await archive.read(`files/${f.key}`)) !== f.sha256)
        throw new Error(`${file} is damaged: files/${f.key} does not match the manifest's checksum.`);

    const target = config.databaseUrl
      ? await postgresTarget(config.databaseUrl)
      : await pgliteTarget(path.join(config.dataDir, "db"));
    try {
      const present = await storage.list("");
      const occupied = [
        ...(target.empty ? [] : [target.what]),
        ...(present.length > 0 ? [`the storage (${present.length} files)`] : []),
      ];
      if (occupied.length > 0 && !opts.force)
        throw new Error(
          `Not restoring: ${occupied.join(" and ")} ${occupied.length > 1 ? "are" : "is"} not empty. Restore into an empty data folder or database and storage, or pass --force to replace what is there.`,
        );
      if (opts.force) {
        await target.clear();
        for (const f of present) await storage.delete(f.key);
      }
      await target.load(archive, manifest.database.entry);
      for (const { key } of manifest.files)
        await storage.put(
          key,
          await archive.read(`files/${key}`),
          key.endsWith(".webp") ? "image/webp" : "application/octet-stream",
        );

      const restored = await target.checksums();
      const wrong = [...new Set([...Object.keys(restored), ...Object.keys(manifest.tables)])].filter(
        (t) => restored[t]?.rows !== manifest.tables[t]?.rows || restored[t]?.md5 !== manifest.tables[t]?.md5,
      );
      if (wrong.length > 0)
        throw new Error(`The restored tables differ from the backup: ${wrong.join(", ")}`);
      for (const f of manifest.files) {
        const body = await storage.get(f.key);
        if (!body || sha256(body) !== f.sha256)
          throw new Error(`The restored file ${f.key} differs from the backup`);
      }
    } finally {
      await target.close();
    }
    const tables = Object.values(manifest.tables);
    return {
      ms: Date.now() - started,
      tables: tables.length,
      rows: tables.reduce((sum, t) => sum + t.rows, 0),
      files: manifest.files.length,
      manifest,
    };
  } finally {
    await archive.close();
  }
}
