import { spawn } from "node:child_process";
import type crypto from "node:crypto";
import fs from "node:fs";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { TarReader } from "~/infra/archive.server";
import { connectOnce, lockDataFolder, newPglite } from "~/infra/db.server";
import { verifyTablesSql, type Manifest } from "./backup-archive.server";

// A backup's database: pg_dump out of PostgreSQL, and a restore's load into either engine beside
// the target's database, checked there before it takes its place (ADR 033).

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

export async function* pgDump(url: string, snapshot: string, hash: crypto.Hash): AsyncGenerator<Buffer> {
  const { child, done } = pgTool("pg_dump", ["--format=custom", `--snapshot=${snapshot}`], url);
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    hash.update(chunk);
    yield chunk;
  }
  await done;
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
export async function pgliteTarget(dir: string): Promise<Target> {
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
export async function postgresTarget(url: string): Promise<Target> {
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
  // The job queue's schema (ADR 042) comes back with the dump, its jobs with it.
  const clear = `drop schema if exists drizzle cascade;\ndrop schema if exists pgboss cascade;\n${
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
