// The production server as the benchmarks run it: built bundle, real PostgreSQL (a fresh
// database, seeded with the demo content on first start), a free port, a temporary data folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";

export const BENCH_DATABASE_URL =
  process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

export function requireBuild(): void {
  if (!fs.existsSync("build/server/start.js")) {
    console.error("No production build: run `npm run build` first.");
    process.exit(1);
  }
}

/** Drops and creates `name` on the benchmark server; returns its URL. */
export async function freshDatabase(name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: BENCH_DATABASE_URL });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(BENCH_DATABASE_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export async function freePort(): Promise<number> {
  const server = net.createServer().listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export type RunningServer = { origin: string; rssMb(): number; stop(): Promise<void> };

/**
 * Starts the build as production does: on PostgreSQL at `databaseUrl`, else on a fresh PGlite
 * folder; `env` adds settings (TRUST_PROXY...).
 */
export async function startProductionServer(
  databaseUrl?: string,
  env: Record<string, string> = {},
): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-bench-"));
  const child = spawn(process.execPath, ["build/server/start.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      DATABASE_URL: databaseUrl ?? "",
      DATA_DIR: dataDir,
      PORT: String(port),
      // The address the benchmarks post from: forms from any other origin are refused.
      SITE_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      ...env,
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const origin = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 300_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    const ok = await fetch(`${origin}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (Date.now() > deadline) throw new Error("the server did not start within 5 minutes");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    origin,
    rssMb: () => {
      const status = fs.readFileSync(`/proc/${child.pid}/status`, "utf8");
      return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
    },
    async stop() {
      child.kill("SIGTERM");
      await new Promise((resolve) => child.once("exit", resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The paths of every page the sitemap lists: /sitemap.xml is an index of files (ADR 014). */
export async function sitemapPaths(origin: string): Promise<string[]> {
  const locs = (xml: string) => [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => m[1]!);
  const paths: string[] = [];
  for (const file of locs(await (await fetch(`${origin}/sitemap.xml`)).text())) {
    const xml = await (await fetch(`${origin}${new URL(file).pathname}`)).text();
    paths.push(...locs(xml).map((url) => new URL(url).pathname));
  }
  return paths;
}
