import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql, type SQL } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import fs from "node:fs";
import path from "node:path";
import pg from "pg";
import { createLogger, type Logger } from "./logger.server";
import * as schema from "../../database/schema";

export type Schema = typeof schema;
/** Both drivers expose the same query builder; services only ever see this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the migrations this database lacks; answers how many it applied. */
  migrate(): Promise<number>;
  /**
   * Runs `work` (migrations, seeding) while no other process does the same on this database:
   * servers starting together on one PostgreSQL take turns, and `onWait` is called first when
   * another one holds the turn. PGlite has one process per folder: the work just runs.
   */
  withStartupLock<T>(work: () => Promise<T>, onWait?: () => void): Promise<T>;
  close(): Promise<void>;
  /** The connections at this moment, for /metrics: busy, idle, and queries waiting for one. */
  connections(): Connections;
  /**
   * Plain SQL, as the job queue sends it (jobs.server.ts): with values, one statement; without,
   * any number of them (the queue's own migrations), answering the last one's rows.
   */
  executeSql(text: string, values?: unknown[]): Promise<{ rows: unknown[] }>;
};

export type Connections = { max: number; busy: number; idle: number; waiting: number };

/** Rows of a raw SQL query; both drivers answer with `{ rows }`. */
export async function queryRows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

/** The content version that page caches compare against (bumped by triggers on every change). */
export async function readContentVersion(db: Db): Promise<number> {
  const [row] = await queryRows<{ version: string | number }>(
    db,
    sql`select version from cache_versions where name = 'content'`,
  );
  return Number(row?.version ?? 0);
}

/** Rows of drizzle's migrations table: the migrations applied so far (none before the first). */
async function appliedMigrations(db: Db): Promise<number> {
  const [table] = await queryRows<{ name: string | null }>(
    db,
    sql`select to_regclass('drizzle.__drizzle_migrations')::text as name`,
  );
  if (!table?.name) return 0;
  const [row] = await queryRows<{ n: number }>(
    db,
    sql`select count(*)::int as n from drizzle.__drizzle_migrations`,
  );
  return row!.n;
}

async function migrated(db: Db, apply: () => Promise<void>): Promise<number> {
  const before = await appliedMigrations(db);
  await apply();
  return (await appliedMigrations(db)) - before;
}

// Any constant of ours: pg_advisory_lock keys are shared by everything on the database.
const STARTUP_LOCK = 724_031_118;

export const migrationsFolder = path.resolve(import.meta.dirname, "../../database/migrations");

export function newPglite(dataDir?: string, loadDataDir?: Blob): PGlite {
  return new PGlite({ dataDir, loadDataDir, extensions: { pg_trgm } });
}

/**
 * PGlite is one connection that runs one query (or transaction) at a time and queues the rest,
 * and it says nothing about its queue: the queries and transactions in flight are counted here.
 */
function countQueries(client: PGlite): () => number {
  let inFlight = 0;
  const counted =
    <A extends unknown[], R>(run: (...args: A) => Promise<R>) =>
    async (...args: A): Promise<R> => {
      inFlight++;
      try {
        return await run(...args);
      } finally {
        inFlight--;
      }
    };
  client.query = counted(client.query.bind(client)) as PGlite["query"];
  client.exec = counted(client.exec.bind(client));
  client.transaction = counted(client.transaction.bind(client)) as PGlite["transaction"];
  return () => inFlight;
}

export function databaseFromPglite(client: PGlite): Database {
  const inFlight = countQueries(client);
  const db = drizzlePglite({ client, schema });
  return {
    db: db as unknown as Db,
    kind: "pglite",
    // drizzle-kit's migrate cannot create pg_trgm in PGlite; drizzle-orm's migrator can.
    migrate: () => migrated(db as unknown as Db, () => migratePglite(db, { migrationsFolder })),
    withStartupLock: (work) => work(),
    close: () => client.close(),
    connections: () => {
      const n = inFlight();
      return { max: 1, busy: Math.min(n, 1), idle: n > 0 ? 0 : 1, waiting: Math.max(n - 1, 0) };
    },
    // PGlite's query takes one statement with parameters, its exec several without.
    executeSql: async (text, values) =>
      values?.length ? client.query(text, values) : ((await client.exec(text)).at(-1) ?? { rows: [] }),
  };
}

const POOL_MAX = 10;

export function databaseFromUrl(url: string, logger: Logger = createLogger("warn")): Database {
  const pool = new pg.Pool({ connectionString: url, max: POOL_MAX });
  // An idle connection the database server closes (a restart, an administrator, a failover)
  // is dropped by the pool, which opens a new one when needed; unheard, the error would stop
  // the process.
  pool.on("error", (err) => logger.warn("an idle database connection closed", { error: String(err) }));
  const db = drizzlePg({ client: pool, schema });
  return {
    db: db as unknown as Db,
    kind: "postgres",
    migrate: () => migrated(db as unknown as Db, () => migratePg(db, { migrationsFolder })),
    // drizzle's migrator takes no lock (PgDialect.migrate in drizzle-orm 0.45): servers migrating
    // one database at once all run the first migration, and all but one fail. A session-level
    // advisory lock is held on a connection of its own for the whole start-up; closing that
    // connection ends the session and so releases the lock, also when this process dies holding it.
    async withStartupLock(work, onWait) {
      const client = await pool.connect();
      try {
        const { rows } = await client.query<{ taken: boolean }>("select pg_try_advisory_lock($1) as taken", [
          STARTUP_LOCK,
        ]);
        if (!rows[0]!.taken) {
          onWait?.();
          await client.query("select pg_advisory_lock($1)", [STARTUP_LOCK]);
        }
        return await work();
      } finally {
        client.release(true);
      }
    },
    close: () => pool.end(),
    connections: () => ({
      max: POOL_MAX,
      busy: pool.totalCount - pool.idleCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    executeSql: (text, values) => pool.query(text, values),
  };
}

/**
 * A PostgreSQL connection of its own, outside any pool, for work that needs one session from
 * start to end (a backup's lock and snapshot).
 */
export async function connectOnce(url: string): Promise<{ db: Db; client: pg.Client; end(): Promise<void> }> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  return { db: drizzlePg({ client, schema }) as unknown as Db, client, end: () => client.end() };
}

export class DatabaseInUseError extends Error {}

/**
 * PGlite does not lock its folder, and two processes writing to it corrupt it: a lock file with
 * our process id keeps a second server or script out while this one runs (a stale lock, left by a
 * process that no longer exists, is taken over).
 */
export function lockDataFolder(dir: string): () => void {
  const lock = path.join(dir, "vows.lock");
  for (;;) {
    try {
      fs.writeFileSync(lock, String(process.pid), { flag: "wx" });
      return () => fs.rmSync(lock, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== "EEXIST") throw err;
      const pid = Number(fs.readFileSync(lock, "utf8"));
      if (pid && pid !== process.pid && isRunning(pid)) {
        throw new DatabaseInUseError(
          `The embedded database in ${dir} is in use by process ${pid}: stop the server first.`,
        );
      }
      fs.rmSync(lock, { force: true });
    }
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

export function openDatabase(opts: { databaseUrl?: string; dataDir: string; logger?: Logger }): Database {
  if (opts.databaseUrl) return databaseFromUrl(opts.databaseUrl, opts.logger);
  const dir = path.join(opts.dataDir, "db");
  fs.mkdirSync(dir, { recursive: true });
  const unlock = lockDataFolder(dir);
  const database = databaseFromPglite(newPglite(dir));
  return {
    ...database,
    close: async () => {
      await database.close();
      unlock();
    },
  };
}
