// The production server as its own process, run as the README tells a supervisor to run it
// (`node build/server/start.js`), on an embedded database in a temporary data folder, or on the
// PostgreSQL database and bucket its settings name: for the tests that signal or kill it
// (tests/integration/shutdown.test.ts, kill-9.test.ts, several-servers.test.ts).
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import readline from "node:readline";
import { inject } from "vitest";
import { databaseFromPglite, newPglite, type Db } from "../../app/infra/db.server";
import { SERVER_ENTRY } from "./server-build";

const ROOT = path.resolve(import.meta.dirname, "../..");

/** A data folder with a migrated embedded database (`fill` adds rows) and an uploads folder. */
export async function migratedDataDir(prefix: string, fill: (db: Db) => Promise<void>): Promise<string> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const migrated = inject("pgliteTemplate");
  if (migrated) fs.cpSync(migrated, path.join(dataDir, "db"), { recursive: true });
  const database = databaseFromPglite(newPglite(path.join(dataDir, "db")));
  if (!migrated) await database.migrate();
  await fill(database.db);
  await database.close();
  fs.mkdirSync(path.join(dataDir, "uploads"));
  return dataDir;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
    probe.on("error", reject);
  });
}

/**
 * Starts the production server on `dataDir` and follows its JSON log lines. `env` adds or
 * overrides settings (DATABASE_URL, STORAGE and S3_*, SITE_URL, TRUST_PROXY...).
 */
export function startServer(dataDir: string, port: number, env: Record<string, string> = {}) {
  const child = spawn(process.execPath, [SERVER_ENTRY], {
    cwd: ROOT,
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATA_DIR: dataDir,
      PORT: String(port),
      DATABASE_URL: "",
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "info",
      ...env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  const log: Array<Record<string, unknown>> = [];
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  const lines = readline.createInterface({ input: child.stdout });
  lines.on("line", (line) => log.push(JSON.parse(line) as Record<string, unknown>));

  /** The first log line with this message, once the server has written it. */
  function logLine(msg: string): Promise<Record<string, unknown>> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const entry = log.find((e) => e.msg === msg);
        if (!entry) return;
        lines.off("line", check);
        resolve(entry);
      };
      lines.on("line", check);
      check();
      void exited.then(() => reject(new Error(`the server exited before "${msg}":\n${stderr}`)));
    });
  }
  return { child, exited, log, logLine, stderr: () => stderr };
}

type RawAnswer = { status: number; headers: Record<string, string>; body: string };

/**
 * A GET on a connection of its own whose last line is held back until `finish()`: the server
 * has begun reading it, so its connection is not idle and survives a shutdown's start, and it
 * handles the request only once the rest arrives. A first request on the same connection makes
 * sure the server has accepted it. Answers are read by their Content-Length.
 */
export async function heldGet(port: number, pathname: string) {
  const socket = net.connect(port, "127.0.0.1");
  socket.setEncoding("latin1");
  let received = "";
  let waiting: (() => void) | undefined;
  let ended = false;
  socket.on("data", (chunk: string) => {
    received += chunk;
    waiting?.();
  });
  let error = "";
  // A reset (the server killed) ends the connection like a close; `answer` says so.
  socket.on("error", (err: NodeJS.ErrnoException) => (error = ` (${err.code ?? err.message})`));
  socket.on("close", () => {
    ended = true;
    waiting?.();
  });
  async function answer(): Promise<RawAnswer> {
    for (;;) {
      const head = received.indexOf("\r\n\r\n");
      if (head >= 0) {
        const [statusLine, ...lines] = received.slice(0, head).split("\r\n");
        const headers = Object.fromEntries(
          lines.map((l) => [l.slice(0, l.indexOf(":")).toLowerCase(), l.slice(l.indexOf(":") + 1).trim()]),
        );
        const end = head + 4 + Number(headers["content-length"] ?? 0);
        if (received.length >= end) {
          const body = received.slice(head + 4, end);
          received = received.slice(end);
          return { status: Number(statusLine!.split(" ")[1]), headers, body };
        }
      }
      if (ended)
        throw new Error(`the connection closed${error} before an answer: ${JSON.stringify(received)}`);
      await new Promise<void>((resolve) => (waiting = resolve));
    }
  }
  const request = `GET ${pathname} HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`;
  socket.write(`${request}\r\n`);
  const first = await answer();
  socket.write(request);
  return {
    /** The answer to the same request sent whole, before the held one. */
    first,
    /** Sends the held request's last line; its answer. */
    async finish(): Promise<RawAnswer> {
      socket.write("\r\n");
      try {
        return await answer();
      } finally {
        socket.destroy();
      }
    },
  };
}
