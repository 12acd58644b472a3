// `npm run backup -- FILE` and `npm run restore -- FILE [--force]` (issue 25, ADR 033). One tar
// archive holds manifest.json, the database (PGlite's data folder, or pg_dump's custom format)
// and the stored files the database names (files/{key}). The manifest carries what the restore
// checks the result against: each table's row count and checksum, each file's size and sha256.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import os from "node:os";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { promisify } from "node:util";
import zlib from "node:zlib";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import { z } from "zod";
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

// Every table's row count and the md5 of its rows as text in one fixed order (bytewise, so that
// the database's collation does not matter), with the session settings that shape that text
// pinned. Tables come from the catalog, so a table added later is covered without a change here.
// The backup runs these from here, the restore inside the database (verifyTablesSql): one text.
const PINNED = `set_config('timezone', 'UTC', true), set_config('datestyle', 'ISO, YMD', true),
  set_config('extra_float_digits', '1', true)`;
const TABLES = `select format('%I.%I', schemaname, tablename) as name from pg_catalog.pg_tables
  where schemaname not in ('pg_catalog', 'information_schema') order by 1`;
/** `table` is a name as TABLES gives it (quoted where needed). */
const tableSum = (table: string) =>
  `select count(*)::int as rows, md5(coalesce(string_agg(t::text, chr(10) order by t::text collate "C"), '')) as md5 from ${table} t`;

async function checksumsInTransaction(db: Db): Promise<TableChecksums> {
  await db.execute(sql.raw(`select ${PINNED}`));
  const tables = await queryRows<{ name: string }>(db, sql.raw(TABLES));
  const result: TableChecksums = {};
  for (const { name } of tables) {
    const [row] = await queryRows<{ rows: number; md5: string }>(db, sql.raw(tableSum(name)));
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

/**
 * A PostgreSQL client tool, on the URL's database when there is one, with the password in the
 * environment, not argv. `done` fails with the server's error, or the tool's first line.
 */
function pgTool(command: "pg_dump" | "pg_restore" | "psql", args: string[], url?: string) {
  const dbname: string[] = [];
  let password = "";
  if (url) {
    const target = new URL(url);
    password = decodeURIComponent(target.password);
    target.password = "";
    dbname.push(`--dbname=${target}`);
  }
  const child = spawn(command, [...args, ...dbname], {
    // eslint-disable-next-line no-restricted-syntax -- no setting is read: the tool gets our environment as it is, plus the password
    env: password ? { ...process.env, PGPASSWORD: password } : undefined,
    stdio: [command === "pg_dump" ? "ignore" : "pipe", "pipe", "pipe"],
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
    child.once("close", (code, signal) => {
      if (code === 0) return resolve();
      const reason =
        /ERROR:\s+(.*)/.exec(stderr)?.[1] ||
        stderr.trim().split("\n")[0] ||
        (signal ? "stopped" : `exit code ${code}`);
      reject(new Error(`${command} failed: ${reason}`));
    });
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

/** The largest manifest read (a site of some 100,000 photos at every width is well under it). */
const MAX_MANIFEST_BYTES = 64 * 2 ** 20;
/** The largest stored file restored: our widest WebP copy is well under a megabyte. */
const MAX_FILE_BYTES = 64 * 2 ** 20;
/** The most the embedded database's folder may unpack to: PGlite loads it whole into memory. */
const MAX_PGLITE_FOLDER_BYTES = 2 * 2 ** 30;

/**
 * The keys this site writes (ADR 021): `venues/{venue}/[logo-]{uuid}`, `categories/{type}/{uuid}`
 * and `seed/{art|logos}/{name}`, each `-{width}.webp`. Nothing else is restored: no `..`, no
 * absolute path, no backslash or control character, no name of another kind of file.
 */
const STORED_KEY = /^(?:venues|categories|seed)(?:\/[a-z0-9][a-z0-9_-]*)+-\d+\.webp$/i;
const MAX_KEY_LENGTH = 250;

const hex = (length: number) => z.string().regex(new RegExp(`^[0-9a-f]{${length}}$`));
const count = z.number().int().nonnegative();
const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  engine: z.enum(["pglite", "postgres"]),
  createdAt: z.string(),
  migration: z.string(),
  serverVersion: z.string(),
  database: z.object({ entry: z.string(), bytes: count, sha256: hex(64) }),
  // Table names as the catalog's format('%I.%I') gives ours: they go into the restore's SQL.
  tables: z.record(z.string().regex(/^[a-z0-9_."]{1,200}$/i), z.object({ rows: count, md5: hex(32) })),
  files: z.array(z.object({ key: z.string(), bytes: count, sha256: hex(64) })),
  missing: z.array(z.string()),
});

async function hashOf(stream: Readable): Promise<string> {
  const hash = crypto.createHash("sha256");
  for await (const chunk of stream as AsyncIterable<Buffer>) hash.update(chunk);
  return hash.digest("hex");
}

/** Unpacks a gzip stream to nowhere, to see that it unpacks whole and within `limit` bytes. */
async function checkGzip(file: string, stream: Readable, limit: number): Promise<void> {
  let size = 0;
  try {
    for await (const chunk of stream.pipe(zlib.createGunzip()) as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > limit) break;
    }
  } catch (err) {
    throw new Error(`${file} is damaged: its database does not unpack (${(err as Error).message}).`, {
      cause: err,
    });
  } finally {
    stream.destroy();
  }
  if (size > limit)
    throw new Error(`${file} is not safe to restore: its database unpacks to more than ${limit} bytes.`);
}

/**
 * Everything about the archive that can be checked without a database, before the target is
 * touched: the manifest (read with a bound, every field's type), the engine and migration, every
 * stored key against the keys this site writes, and the database entry's and every file's size
 * and sha256 (streamed, one entry at a time).
 */
async function checkArchive(file: string, archive: TarReader, engine: Engine): Promise<Manifest> {
  const entry = (name: string) => {
    const found = archive.entries.get(name);
    if (!found) throw new Error(`${file} is damaged: it has no ${name}.`);
    return found;
  };
  if (entry(MANIFEST).size > MAX_MANIFEST_BYTES)
    throw new Error(
      `${file} is not a backup of this site: its manifest is over ${MAX_MANIFEST_BYTES} bytes.`,
    );
  let raw: unknown;
  try {
    raw = JSON.parse((await archive.read(MANIFEST)).toString("utf8"));
  } catch {
    throw new Error(`${file} is damaged: its manifest is not JSON.`);
  }
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT)
    throw new Error(`${file} is a backup of format ${String(format)}; this version reads ${BACKUP_FORMAT}.`);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new Error(
      `${file} is damaged: its manifest's ${issue!.path.join(".")} is wrong (${issue!.message}).`,
    );
  }
  const manifest = parsed.data;
  if (manifest.engine !== engine)
    throw new Error(
      `${file} is a backup of ${ENGINE_NAMES[manifest.engine]}, and this configuration uses ${ENGINE_NAMES[engine]}: restore it into the engine it came from.`,
    );
  if (!journal().some((e) => e.tag === manifest.migration))
    throw new Error(
      `${file} was made by a newer version of the site (migration ${manifest.migration}): restore it with that version.`,
    );
  if (Object.keys(manifest.tables).length === 0)
    throw new Error(`${file} is damaged: its manifest lists no table.`);

  const keys = new Set<string>();
  for (const { key, bytes } of manifest.files) {
    const name = JSON.stringify(`files/${key}`);
    if (key.length > MAX_KEY_LENGTH || !STORED_KEY.test(key))
      throw new Error(`${file} is not safe to restore: ${name}: not a key this site writes.`);
    if (keys.has(key)) throw new Error(`${file} is damaged: ${name} is listed twice.`);
    keys.add(key);
    if (bytes > MAX_FILE_BYTES)
      throw new Error(`${file} is not safe to restore: ${name} is over ${MAX_FILE_BYTES} bytes.`);
  }
  if (manifest.database.entry !== DATABASE_ENTRY[engine])
    throw new Error(`${file} is damaged: its manifest names ${manifest.database.entry} as the database.`);
  const sized = [
    { name: manifest.database.entry, ...manifest.database },
    ...manifest.files.map((f) => ({ name: `files/${f.key}`, ...f })),
  ];
  for (const { name, bytes } of sized)
    if (entry(name).size !== bytes)
      throw new Error(
        `${file} is damaged: ${name} has ${entry(name).size} bytes; the manifest says ${bytes}.`,
      );
  for (const { name, sha256: expected } of sized)
    if ((await hashOf(archive.stream(name))) !== expected)
      throw new Error(`${file} is damaged: ${name} does not match the manifest's checksum.`);
  if (engine === "pglite")
    await checkGzip(file, archive.stream(manifest.database.entry), MAX_PGLITE_FOLDER_BYTES);
  return manifest;
}

/**
 * SQL that fails, naming them, unless the database's tables are exactly the manifest's, with the
 * same row counts and checksums (the text the backup computed them with, run in the database).
 * The names and checksums were checked by manifestSchema: no quote or backslash among them.
 */
function verifyTablesSql(tables: TableChecksums): string {
  const literal = (text: string) => `'${text.replaceAll("'", "''")}'`;
  return `do $verify$
declare
  expected jsonb := ${literal(JSON.stringify(tables))};
  found jsonb := '{}';
  t record;
  sums record;
  wrong text;
begin
  perform ${PINNED};
  for t in ${TABLES} loop
    execute format(${literal(tableSum("%s"))}, t.name) into sums;
    found := found || jsonb_build_object(t.name, to_jsonb(sums));
  end loop;
  select string_agg(k, ', ' order by k) into wrong
    from (select jsonb_object_keys(expected) as k union select jsonb_object_keys(found)) keys
    where expected -> k is distinct from found -> k;
  if wrong is not null then
    raise exception 'The archive''s tables do not match its manifest: %', wrong;
  end if;
end $verify$;
`;
}

/** A database loaded and checked, not yet in place: `commit` puts it there, `abandon` drops it. */
type Loaded = { commit(): Promise<void>; abandon(): Promise<void> };

type Target = {
  empty: boolean;
  what: string;
  /** Loads the archive's database beside the target's (or in a transaction) and checks its tables. */
  load(archive: TarReader, manifest: Manifest): Promise<Loaded>;
  close(): Promise<void>;
};

/**
 * The embedded database is loaded into a folder beside `db` and checked there; `commit` swaps the
 * two folders (two renames) and deletes the old one.
 */
async function pgliteTarget(dir: string): Promise<Target> {
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataFolder(dir);
  const staging = `${dir}.restoring`;
  const previous = `${dir}.previous`;
  if (fs.existsSync(previous)) {
    unlock();
    throw new Error(
      `${previous} holds the database a restore was replacing when it stopped: if ${dir} is empty or missing, move it back to ${dir}; otherwise delete it. Then restore again.`,
    );
  }
  return {
    empty: fs.readdirSync(dir).every((n) => n === "vows.lock"),
    what: `the embedded database in ${dir}`,
    async load(archive, manifest) {
      // A restore killed before its commit leaves this folder; the target's lock says it is ours.
      fs.rmSync(staging, { recursive: true, force: true });
      fs.mkdirSync(staging);
      // Locked like the target, whose place it takes.
      lockDataFolder(staging);
      const abandon = async () => fs.rmSync(staging, { recursive: true, force: true });
      try {
        const dump = new Blob([new Uint8Array(await archive.read(manifest.database.entry))], {
          type: "application/x-gzip",
        });
        const client = newPglite(staging, dump);
        try {
          await client.waitReady;
          await client.exec(verifyTablesSql(manifest.tables));
        } finally {
          await client.close();
        }
      } catch (err) {
        await abandon();
        throw err;
      }
      return {
        async commit() {
          fs.renameSync(dir, previous);
          try {
            fs.renameSync(staging, dir);
          } catch (err) {
            fs.renameSync(previous, dir);
            throw err;
          }
          fs.rmSync(previous, { recursive: true, force: true });
        },
        abandon,
      };
    },
    close: async () => unlock(),
  };
}

/** Said by the restore's SQL once the tables are checked, before its COMMIT. */
const TABLES_CHECKED = "vows-restore: tables checked";

/**
 * pg_restore turns the dump into SQL and psql runs it in ONE transaction on the target: the old
 * schemas dropped, the dump loaded, the tables checked (verifyTablesSql); `commit` sends COMMIT,
 * `abandon` stops psql, and PostgreSQL rolls everything back. Nothing of it is seen before COMMIT.
 */
async function postgresTarget(url: string): Promise<Target> {
  const conn = await connectOnce(url);
  let tables: number;
  try {
    const { rows } = await conn.client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    tables = rows[0]!.n;
  } finally {
    await conn.end();
  }
  // An empty target keeps its public schema (its owner may not be ours to drop); --force replaces it.
  const clear = `drop schema if exists drizzle cascade;\n${
    tables === 0
      ? "create schema if not exists public;"
      : "drop schema if exists public cascade;\ncreate schema public;"
  }\n`;
  return {
    empty: tables === 0,
    what: `the database (${tables} tables)`,
    async load(archive, manifest) {
      const dump = pgTool("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--file=-"]);
      const psql = pgTool("psql", ["--no-psqlrc", "--quiet", "--set=ON_ERROR_STOP=1", "--file=-"], url);
      const stdin = psql.child.stdin!;
      // psql's exit says why it stopped; a broken pipe to it only follows.
      stdin.on("error", () => {});
      const checked = new Promise<void>((resolve, reject) => {
        let said = "";
        psql.child.stderr!.on("data", (chunk: string) => {
          said += chunk;
          if (said.includes(TABLES_CHECKED)) resolve();
        });
        psql.done.then(() => reject(new Error("psql ended before the tables were checked")), reject);
      });
      const fed = pipeline(archive.stream(manifest.database.entry), dump.child.stdin!);
      fed.catch(() => {});
      async function* script() {
        yield `begin;\nset local client_min_messages to warning;\n${clear}`;
        yield* dump.child.stdout as AsyncIterable<Buffer>;
        await dump.done;
        await fed;
        yield verifyTablesSql(manifest.tables);
        yield `do $$ begin raise warning '${TABLES_CHECKED}'; end $$;\n`;
      }
      const stop = async () => {
        dump.child.kill();
        psql.child.kill();
        await Promise.allSettled([dump.done, psql.done]);
      };
      try {
        // Not ended: COMMIT comes once the files are in place, or never.
        await Promise.all([pipeline(Readable.from(script()), stdin, { end: false }), checked]);
      } catch (err) {
        await stop();
        // The tool that failed says why; a broken pipe or a stop only follows from it.
        const [psqlFailed, dumpFailed] = await Promise.all(
          [psql.done, dump.done].map((p) =>
            p.then(
              () => null,
              (e: Error) => e,
            ),
          ),
        );
        throw [psqlFailed, dumpFailed].find((e) => e && !e.message.endsWith("failed: stopped")) ?? err;
      }
      return {
        async commit() {
          stdin.end("commit;\n");
          await psql.done;
        },
        abandon: stop,
      };
    },
    close: async () => {},
  };
}

/**
 * Puts the archive's files under their keys and reads each back, without losing any of the
 * target's: a key it has with the same bytes is left as it is; one with other bytes (seed art
 * drawn again) has its bytes kept aside first. `undo` deletes what was added and puts back what
 * was replaced; until then the target's database still names only its own files.
 */
async function putFiles(storage: Storage, archive: TarReader, manifest: Manifest, present: Set<string>) {
  const added: string[] = [];
  const aside = fs.mkdtempSync(path.join(os.tmpdir(), "vows-restore-"));
  const replaced = new Map<string, string>();
  const undo = async () => {
    const results = await Promise.allSettled([
      ...added.map((key) => storage.delete(key)),
      ...[...replaced].map(async ([key, kept]) =>
        storage.put(key, fs.readFileSync(kept), "image/webp", { overwrite: true }),
      ),
    ]);
    const failed = results.filter((r) => r.status === "rejected").length;
    // Kept bytes that could not be put back stay in the folder, which the message names.
    if (failed === 0) fs.rmSync(aside, { recursive: true, force: true });
    return failed === 0 ? "" : ` ${failed} files could not be undone (the replaced ones are in ${aside}).`;
  };
  try {
    for (const f of manifest.files) {
      const existing = present.has(f.key) ? await storage.get(f.key) : null;
      if (existing && sha256(existing) === f.sha256) continue;
      if (existing) {
        const kept = path.join(aside, String(replaced.size));
        fs.writeFileSync(kept, existing);
        replaced.set(f.key, kept);
      } else added.push(f.key);
      await storage.put(f.key, await archive.read(`files/${f.key}`), "image/webp", {
        overwrite: existing !== null,
      });
      const body = await storage.get(f.key);
      if (!body || sha256(body) !== f.sha256)
        throw new Error(`The restored file ${f.key} differs from the backup.`);
    }
  } catch (err) {
    throw new Error(`${(err as Error).message}${await undo()}`, { cause: err });
  }
  return { undo, done: () => fs.rmSync(aside, { recursive: true, force: true }) };
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
