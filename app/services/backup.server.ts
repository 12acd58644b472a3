// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (issue 25, ADR 033). One tar
// archive holds manifest.json, the database (PGlite's data folder, or pg_dump's custom format)
// and the stored files the database names (files/{key}). The manifest carries what the restore
// checks the result against: each table's row count and checksum, each file's size and sha256.
// Its parts: ./backup-archive.server.ts (manifest, checks), -database (dump, load), -files.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { createTarWriter, openTar, type TarWriter } from "~/infra/archive.server";
import type { Config } from "~/infra/config.server";
import {
  connectOnce,
  databaseFromPglite,
  lockDataFolder,
  newPglite,
  queryRows,
  type Db,
} from "~/infra/db.server";
import type { Storage } from "~/infra/storage.server";
import {
  BACKUP_FORMAT,
  checkArchive,
  checksumsInTransaction,
  DATABASE_ENTRY,
  MANIFEST,
  migrationOf,
  sha256,
  type Engine,
  type Manifest,
  type StoredFile,
} from "./backup-archive.server";
import { pgDump, pgliteTarget, postgresTarget } from "./backup-database.server";
import { copyFiles, putFiles } from "./backup-files.server";
import { BACKUP_LOCK, fileUrls } from "./pending-files.server";

const gzip = promisify(zlib.gzip);

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

export type RestoreReport = { ms: number; tables: number; rows: number; files: number; manifest: Manifest };

/**
 * Puts a backup back into an empty target (database and storage), or, with `force`, in place of
 * what is there, so that any failure leaves the target as it was (ADR 033):
 * 1. the archive is checked whole (checkArchive), and the target found empty or `force` given;
 * 2. its database is loaded beside the target's and its tables checked against the manifest;
 * 3. its files are written (none of the target's lost: putFiles) and read back;
 * 4. the database takes the target's place (PGlite: folders swapped; PostgreSQL: COMMIT);
 * 5. only then are the target's files the backup does not have deleted.
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
    const manifest = await checkArchive(file, archive, config.databaseUrl ? "postgres" : "pglite");
    const target = config.databaseUrl
      ? await postgresTarget(config.databaseUrl)
      : await pgliteTarget(path.join(config.dataDir, "db"));
    try {
      const present = (await storage.list("")).map((f) => f.key);
      const occupied = [
        ...(target.empty ? [] : [target.what]),
        ...(present.length > 0 ? [`the storage (${present.length} files)`] : []),
      ];
      if (occupied.length > 0 && !opts.force)
        throw new Error(
          `Not restoring: ${occupied.join(" and ")} ${occupied.length > 1 ? "are" : "is"} not empty. Restore into an empty data folder or database and storage, or pass --force to replace what is there.`,
        );
      const loaded = await target.load(archive, manifest);
      let files: Awaited<ReturnType<typeof putFiles>>;
      try {
        files = await putFiles(storage, archive, manifest, new Set(present));
      } catch (err) {
        await loaded.abandon();
        throw err;
      }
      try {
        await loaded.commit();
      } catch (err) {
        throw new Error(`${(err as Error).message}${await files.undo()}`, { cause: err });
      }
      files.done();
      // A file the backup lacked but its rows name (`missing`) is kept if the target has it.
      const kept = new Set([...manifest.files.map((f) => f.key), ...manifest.missing]);
      const old = present.filter((key) => !kept.has(key));
      const results = await Promise.allSettled(old.map((key) => storage.delete(key)));
      const left = old.filter((_, i) => results[i]!.status === "rejected");
      if (left.length > 0)
        throw new Error(
          `The backup is restored and checked, but ${left.length} files of the site it replaced could not be deleted (no row names them; ${left[0]} is one): delete them, or restore again with --force.`,
        );
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
