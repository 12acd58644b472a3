import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { TarReader } from "~/infra/archive.server";
import { migrationsFolder, queryRows, type Db } from "~/infra/db.server";

// What a backup archive holds (ADR 033): its manifest, the tables' checksums it carries, and the
// checks an archive passes before a restore touches anything.

export const BACKUP_FORMAT = 1;
export const MANIFEST = "manifest.json";
export const DATABASE_ENTRY = {
  pglite: "database/pglite-datadir.tar.gz",
  postgres: "database/postgres.pgdump",
};
const ENGINE_NAMES = { pglite: "the embedded database (PGlite)", postgres: "PostgreSQL" };

export type Engine = keyof typeof DATABASE_ENTRY;
export type TableChecksums = Record<string, { rows: number; md5: string }>;
export type StoredFile = { key: string; bytes: number; sha256: string };

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

export const sha256 = (body: Buffer) => crypto.createHash("sha256").update(body).digest("hex");

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

export async function checksumsInTransaction(db: Db): Promise<TableChecksums> {
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

export async function migrationOf(db: Db): Promise<string> {
  const [applied] = await queryRows<{ at: string | null }>(
    db,
    sql`select case when to_regclass('drizzle.__drizzle_migrations') is not null
          then (select max(created_at)::text from drizzle.__drizzle_migrations) end as at`,
  );
  const tag = applied?.at ? journal().find((e) => e.when === Number(applied.at))?.tag : undefined;
  if (!tag) throw new Error("The database has not been migrated by this site: nothing to back up.");
  return tag;
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
export async function checkArchive(file: string, archive: TarReader, engine: Engine): Promise<Manifest> {
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
export function verifyTablesSql(tables: TableChecksums): string {
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
