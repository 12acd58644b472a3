// bench:import — a 5,000-row CSV file through the admin's import over real HTTP, from upload to
// summary: the preview request, then the import request read to its last NDJSON line. Budget
// (issue 12): under 10 s on our machines. Runs the HTTP app of the source through Vite (or the
// production build with --build), after a small warm-up import, on a fresh PGlite folder and,
// when PostgreSQL answers, on a fresh PostgreSQL database too. The same file is imported twice:
// 5,000 new venues, then 5,000 updates of them. Then the preview of 10 MB of line breaks (issue
// 21): it must answer the row-limit error without blocking the server or growing its memory.
// Throughout, a worker thread (its own event loop) asks /healthz every 50 ms and samples the
// process's RSS: budget /healthz under 200 ms and RSS growth under 100 MB for the line breaks.
//
//   npm run bench:import                 # PGlite, then PostgreSQL (BENCH_DATABASE_URL)
//   npm run bench:import -- --rows 10000 --only pglite --build
//   npm run bench:import -- --scenario line-breaks   # only the 10 MB of line breaks
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { Worker } from "node:worker_threads";
import pg from "pg";
import { venueAmenities, venueCategories } from "../../database/schema";
import { TOWNS } from "../../database/seed/towns";
import { loadConfig } from "../../app/infra/config.server";
import { createAppContext } from "../../app/infra/context.server";
import { openDatabase } from "../../app/infra/db.server";
import type { createHttpApp as CreateHttpApp } from "../../app/infra/http.server";
import { AMENITY_NAMES, VENUE_TYPES } from "../../app/lib/catalog";
import { ADMIN_IMPORT_PATH, CSV_COLUMNS, CSV_MAX_BYTES, LIST_SEPARATOR } from "../../app/lib/csv-import/read";
import { csvLine } from "../../app/lib/csv-import/write";
import { authEmails } from "../../app/services/emails.server";
import { setUserRole } from "../../app/services/users.server";
import { createVenueViewCounter } from "../../app/services/venue-stats.server";
import { freePort } from "./production-server";

const { values: args } = parseArgs({
  options: {
    rows: { type: "string", default: "5000" },
    only: { type: "string" },
    build: { type: "boolean", default: false },
    scenario: { type: "string", default: "all" }, // all | import | line-breaks
  },
});
const SCENARIO = args.scenario as "all" | "import" | "line-breaks";
const HEALTH_BUDGET_MS = 200;
const RSS_BUDGET_MB = 100;
const ROWS = Number(args.rows);
const BUDGET_MS = 10_000;
const PG_URL = process.env.BENCH_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A file as a venue list exported from a spreadsheet looks: commas, quotes and line breaks inside values. */
function makeCsv(rows: number): Buffer {
  const lines = [csvLine([...CSV_COLUMNS])];
  for (let i = 0; i < rows; i++) {
    const town = TOWNS[i % TOWNS.length]!;
    const type = VENUE_TYPES[i % VENUE_TYPES.length]!;
    const bad = i % 50 === 49; // 2 % of rows name a type that does not exist
    const amenities = [0, 1, 2, 3].map((k) => AMENITY_NAMES[(i + k * 7) % AMENITY_NAMES.length]);
    const description =
      `${type.name} venue number ${i} in ${town.name}, with "room" for everyone; ` +
      "ceremony lawn, reception hall, bridal suite and parking. ".repeat(4) +
      (i % 20 === 0 ? "\r\nSecond paragraph: catering by arrangement." : "");
    lines.push(
      csvLine([
        `Bench Venue ${i}, ${town.name}`,
        description,
        `${100 + (i % 900)} Main St, ${town.name}, Colorado ${town.zip}`,
        `https://venue-${i}.example`,
        `(303) 555-${String(i % 10000).padStart(4, "0")}`,
        `events@venue-${i}.example`,
        town.region,
        String(2000 + (i % 50) * 100),
        i % 3 === 0 ? "" : String(6000 + (i % 40) * 250),
        String(50 + (i % 300)),
        bad ? "Castle" : type.name,
        amenities.join(LIST_SEPARATOR),
        [`https://img.example.com/${i}-1.jpg`, `https://img.example.com/${i}-2.jpg`].join(LIST_SEPARATOR),
        "",
      ]),
    );
  }
  return Buffer.from(`\uFEFF${lines.join("\r\n")}\r\n`, "utf8");
}

async function loadHttpApp(): Promise<{
  createHttpApp: typeof CreateHttpApp;
  kind: string;
  close(): Promise<void>;
}> {
  if (args.build) {
    if (!fs.existsSync("build/server/index.js"))
      throw new Error("No production build: run `npm run build` first.");
    const mod = (await import(path.resolve("build/server/index.js"))) as {
      createHttpApp: typeof CreateHttpApp;
    };
    return { ...mod, kind: "production build", close: async () => {} };
  }
  const { createServer } = await import("vite");
  const vite = await createServer({
    server: { middlewareMode: true, hmr: false },
    appType: "custom",
    logLevel: "error",
  });
  const mod = (await vite.ssrLoadModule("/app/infra/http.server.ts")) as {
    createHttpApp: typeof CreateHttpApp;
  };
  return { ...mod, kind: "source through Vite", close: () => vite.close() };
}

async function freshPostgres(): Promise<string | null> {
  const admin = new pg.Client({ connectionString: PG_URL });
  try {
    await admin.connect();
  } catch {
    return null;
  }
  await admin.query("drop database if exists vv_bench_import with (force)");
  await admin.query("create database vv_bench_import");
  await admin.end();
  const url = new URL(PG_URL);
  url.pathname = "/vv_bench_import";
  return url.toString();
}

/** A header and then line breaks up to the file size limit (a byte below it: busboy cuts a file at it). */
const lineBreaks = () => {
  const header = `${CSV_COLUMNS.join(",")}\n`;
  return Buffer.from(header + "\n".repeat(CSV_MAX_BYTES - 1 - header.length));
};

type Health = { polls: number; maxMs: number; p95Ms: number; rssGrowthMb: number; loopBlockMs: number };

// In a worker thread, so that a blocked server event loop shows as slow answers, not as missed polls.
// It asks once before it says it is ready: a worker's first fetch loads undici and connects.
const HEALTH_WORKER = `
const { parentPort, workerData } = require("node:worker_threads");
let base, peak, stop = false, sampler;
const times = [];
parentPort.once("message", () => { stop = true; });
(async () => {
  await (await fetch(workerData.url)).arrayBuffer();
  base = peak = process.memoryUsage.rss();
  sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage.rss()); }, 10);
  parentPort.postMessage("ready");
  while (!stop) {
    const start = performance.now();
    const res = await fetch(workerData.url);
    await res.arrayBuffer();
    const ms = performance.now() - start;
    times.push(ms);
    await new Promise((r) => setTimeout(r, Math.max(0, 50 - ms)));
  }
  clearInterval(sampler);
  parentPort.postMessage({ times, rssGrowth: peak - base });
})();
`;

/** Polls /healthz every 50 ms and samples RSS until stopped; returns the latencies and peak RSS growth. */
async function watchHealth(origin: string): Promise<{ stop(): Promise<Health> }> {
  const worker = new Worker(HEALTH_WORKER, { eval: true, workerData: { url: `${origin}/healthz` } });
  await new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  // The server's own view: the longest its event loop was kept from answering anything.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  return {
    async stop() {
      const done = new Promise<{ times: number[]; rssGrowth: number }>((resolve, reject) => {
        worker.once("message", resolve);
        worker.once("error", reject);
      });
      worker.postMessage("stop");
      const { times, rssGrowth } = await done;
      await worker.terminate();
      loop.disable();
      const sorted = [...times].sort((a, b) => a - b);
      return {
        polls: times.length,
        maxMs: sorted.at(-1) ?? 0,
        p95Ms: sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * 0.95))] ?? 0,
        rssGrowthMb: rssGrowth / 1024 / 1024,
        loopBlockMs: loop.max / 1e6,
      };
    },
  };
}

const healthLine = (h: Health) =>
  `/healthz max ${h.maxMs.toFixed(0)} ms, p95 ${h.p95Ms.toFixed(0)} ms (${h.polls} polls), ` +
  `RSS growth ${h.rssGrowthMb.toFixed(0)} MB, event loop blocked ${h.loopBlockMs.toFixed(0)} ms at most`;

type Timing = {
  previewMs: number;
  importMs: number;
  totalMs: number;
  summary: Record<string, unknown>;
  health?: Health;
};

async function importOnce(origin: string, cookie: string, file: Buffer): Promise<Timing> {
  const send = (fields: Record<string, string>) => {
    const body = new FormData();
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    body.append("file", new Blob([new Uint8Array(file)], { type: "text/csv" }), "bench.csv");
    return fetch(origin + ADMIN_IMPORT_PATH, { method: "POST", body, headers: { cookie, origin } });
  };
  const start = performance.now();
  const previewRes = await send({ intent: "preview" });
  const preview = (await previewRes.json()) as {
    preview?: { token: string; counts: unknown };
    error?: string;
  };
  if (!preview.preview) throw new Error(`preview failed: ${JSON.stringify(preview)}`);
  const afterPreview = performance.now();
  const res = await send({ intent: "import", token: preview.preview.token });
  const lines = (await res.text()).trim().split("\n");
  const end = performance.now();
  const last = JSON.parse(lines.at(-1)!) as { type: string; summary?: Record<string, unknown> };
  if (last.type !== "summary") throw new Error(`import failed: ${lines.at(-1)}`);
  const { rows: _rows, warnings, ...summary } = last.summary!;
  return {
    previewMs: afterPreview - start,
    importMs: end - afterPreview,
    totalMs: end - start,
    summary: { ...summary, warnings: (warnings as unknown[]).length, progressEvents: lines.length - 1 },
  };
}

/** The preview of 10 MB of line breaks: it must refuse the file as too many rows. */
async function previewLineBreaks(origin: string, cookie: string, file: Blob) {
  const body = new FormData();
  body.append("intent", "preview");
  body.append("file", file, "breaks.csv");
  const start = performance.now();
  const res = await fetch(origin + ADMIN_IMPORT_PATH, { method: "POST", body, headers: { cookie, origin } });
  const answer = (await res.json()) as { detail?: string };
  return { ms: performance.now() - start, status: res.status, detail: answer.detail ?? "" };
}

async function bench(kind: "pglite" | "postgresql", file: Buffer) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-bench-import-"));
  const databaseUrl = kind === "postgresql" ? await freshPostgres() : undefined;
  if (kind === "postgresql" && !databaseUrl) {
    console.log(`postgresql: skipped (no server at ${PG_URL})`);
    return null;
  }
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const config = loadConfig({
    NODE_ENV: "production",
    DATA_DIR: dataDir,
    DATABASE_URL: databaseUrl ?? undefined,
    PORT: String(port),
    // The address the bench posts from: forms from any other origin are refused.
    SITE_URL: origin,
    LOG_LEVEL: "warn",
    BETTER_AUTH_SECRET: "bench-import-secret-0123456789abcdef",
  });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  const app = await createAppContext(config, database, { emails: authEmails });
  await app.db.insert(venueCategories).values(VENUE_TYPES.map((t) => ({ name: t.name })));
  await app.db.insert(venueAmenities).values(AMENITY_NAMES.map((name) => ({ name })));
  const { headers, response } = await app.auth.api.signUpEmail({
    body: { email: "bench-admin@bench.example", password: "bench-import-password-1", name: "Bench Admin" },
    returnHeaders: true,
  });
  await setUserRole(app.db, { id: response.user.id }, "admin");
  const cookie = headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .join("; ");

  const http = await loadHttpApp();
  const server = http
    .createHttpApp(app, { pageViews: createVenueViewCounter(app).onPageView })
    .listen(port, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const watched = async <T>(run: () => Promise<T>): Promise<T & { health: Health }> => {
    const health = await watchHealth(origin);
    const result = await run();
    return { ...result, health: await health.stop() };
  };
  try {
    // Warm-up: the first request compiles and loads the route modules.
    await importOnce(origin, cookie, makeCsv(10));
    const imports =
      SCENARIO === "line-breaks"
        ? []
        : ([
            ["new venues", await watched(() => importOnce(origin, cookie, file))],
            ["same file again (updates)", await watched(() => importOnce(origin, cookie, file))],
          ] as const);
    // The file is made before the watch starts: the bench's own work is not the server's.
    const breakFile = new Blob([new Uint8Array(lineBreaks())], { type: "text/csv" });
    const breaks =
      SCENARIO === "import" ? null : await watched(() => previewLineBreaks(origin, cookie, breakFile));
    return { kind, server: http.kind, imports, breaks };
  } finally {
    await new Promise((resolve) => server.close(resolve));
    await http.close();
    await database.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

const file = makeCsv(ROWS);
console.log(
  `bench:import — ${ROWS.toLocaleString("en-US")} rows, ${(file.length / 1024 / 1024).toFixed(1)} MB; ` +
    `node ${process.version}; ${os.cpus().length} CPUs; load average ${os
      .loadavg()
      .map((n) => n.toFixed(2))
      .join(" ")}`,
);
let failed = false;
for (const kind of ["pglite", "postgresql"] as const) {
  if (args.only && args.only !== kind) continue;
  const result = await bench(kind, file);
  if (!result) continue;
  for (const [label, t] of result.imports) {
    const ok = t.totalMs < BUDGET_MS;
    failed ||= !ok;
    console.log(
      `${kind} (${result.server}), ${label}: upload to summary ${(t.totalMs / 1000).toFixed(2)} s ` +
        `(preview ${(t.previewMs / 1000).toFixed(2)} s, import ${(t.importMs / 1000).toFixed(2)} s) ` +
        `${ok ? "within" : "OVER"} the ${BUDGET_MS / 1000} s budget; ${healthLine(t.health)}; ` +
        JSON.stringify(t.summary),
    );
  }
  if (result.breaks) {
    const b = result.breaks;
    const ok = b.health.maxMs < HEALTH_BUDGET_MS && b.health.rssGrowthMb < RSS_BUDGET_MB;
    failed ||= !ok;
    console.log(
      `${kind} (${result.server}), preview of 10 MB of line breaks: ${b.status} in ${(b.ms / 1000).toFixed(2)} s ` +
        `("${b.detail}"); ${healthLine(b.health)}; ${ok ? "within" : "OVER"} the budget ` +
        `(/healthz < ${HEALTH_BUDGET_MS} ms, RSS growth < ${RSS_BUDGET_MB} MB)`,
    );
  }
}
process.exit(failed ? 1 : 0);
