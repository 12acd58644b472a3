// The load benchmark (issue 7). Not part of `npm test`; needs `npm run build` first.
//   npm run bench:load                         60 s, 200 browsing connections, 20 signed-in ones
//   npm run bench:load -- --seconds 20 --browsers 50 --accounts 5
//   npm run bench:load -- --servers 2          two servers on the database, behind nginx
//   npm run bench:load -- --nginx              one server, behind nginx
// The production server (or N of them behind docs/deploy/nginx.conf, as the production guide sets
// them up) on a fresh PostgreSQL database `vv_load` (BENCH_DATABASE_URL's server), seeded with the
// demo content; after a warm-up, two autocannon loads at once: browsing (home, venue and category
// pages) and signed-in users (sign in, saved venues, save a favourite, write a review). The sign-ins
// stay under the per-address limit: a 429 is counted apart, not as an error. It prints latencies
// per scenario and the server's memory, fresh to settled. Exits 1 on any error, when the settled
// RSS is more than 150 MB above the fresh one, or when RSS went over 800 MB.
import { spawn, type ChildProcess } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import autocannon from "autocannon";
import { findNginx, localSite, SHIPPED_SITE, startNginx, writeMainConfig } from "../local-nginx";
import { freePort, freshDatabase, sitemapPaths } from "./production-server";
import { hooked, loadAverage, percentile, record, row, sessionCookie } from "./lib/latency";
import { memory, rssMb, settle, waitForHealth, type Memory } from "./lib/server-memory";

const { values: args } = parseArgs({
  options: {
    seconds: { type: "string" },
    browsers: { type: "string" },
    accounts: { type: "string" },
    servers: { type: "string" },
    nginx: { type: "boolean" },
  },
});
const SECONDS = Number(args.seconds ?? 60);
const DB_NAME = "vv_load";
const BROWSERS = Number(args.browsers ?? 200);
const ACCOUNTS = Number(args.accounts ?? 20);
const SERVERS = Number(args.servers ?? 1);
const NGINX = args.nginx ?? SERVERS > 1;
const SIGN_INS_PER_ACCOUNT = 3;
/** A connection signs in on these rounds of its loop (and opens its saved venues otherwise). */
const SIGN_IN_ROUNDS = [1, 4, 8];
/**
 * Memory budgets (issue 39): the RSS once the server has settled after the load, against the
 * fresh server's before its first request, and the highest RSS sampled during the load.
 */
const RSS_GROWTH_LIMIT_MB = 150;
const RSS_PEAK_LIMIT_MB = 800;
/** A request without an answer after this long counts as an error (a timeout). */
const TIMEOUT_SECONDS = 30;
/** Unmeasured warm-up: every page once, then this long at a tenth of the load. */
const WARM_UP_SECONDS = 5;
/** Lets the benchmark read each server's memory breakdown from /metrics. */
const METRICS_TOKEN = crypto.randomBytes(16).toString("hex");

if (!fs.existsSync("build/server/start.js")) {
  console.error("bench:load serves the production build: run `npm run build` first.");
  process.exit(1);
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

const dataDir = await fsp.mkdtemp(path.join(os.tmpdir(), "vv-load-"));
const children: ChildProcess[] = [];
let nginx: Awaited<ReturnType<typeof startNginx>> | undefined;

async function stopServer(child: ChildProcess) {
  if (!child.pid || child.exitCode !== null) return;
  const exited = new Promise((r) => child.once("exit", r));
  process.kill(-child.pid, "SIGTERM");
  await Promise.race([exited, new Promise((r) => setTimeout(r, 10_000))]);
  if (child.exitCode === null) process.kill(-child.pid, "SIGKILL");
}
async function stopAll() {
  await nginx?.stop();
  await Promise.all(children.map(stopServer));
}

process.on("SIGINT", () => {
  void stopAll().finally(() => process.exit(130));
});

let exitCode = 0;
try {
  const databaseUrl = await freshDatabase(DB_NAME);
  const ports = await Promise.all(Array.from({ length: SERVERS }, freePort));
  const nginxPort = NGINX ? await freePort() : undefined;
  const origin = `http://127.0.0.1:${nginxPort ?? ports[0]}`;
  console.log(
    `Starting ${SERVERS} production server(s) on port(s) ${ports.join(", ")} (PostgreSQL database ${DB_NAME})` +
      `${NGINX ? `, behind nginx on ${origin}` : ""}; load average ${loadAverage()} ...`,
  );
  const startedAt = performance.now();
  const logFiles = ports.map((_, i) => path.join(dataDir, `server-${i + 1}.log`));
  for (const [i, port] of ports.entries()) {
    const log = fs.openSync(logFiles[i]!, "a");
    const child = spawn(process.execPath, ["build/server/start.js"], {
      env: {
        ...process.env,
        NODE_ENV: "production",
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        PORT: String(port),
        // The address the load posts from: forms from any other origin are refused.
        SITE_URL: origin,
        ...(NGINX ? { TRUST_PROXY: "loopback" } : {}),
        LOG_LEVEL: "warn",
        METRICS_TOKEN,
      },
      stdio: ["ignore", log, log],
      detached: true,
    });
    children.push(child);
  }
  await Promise.all(
    ports.map((port, i) => waitForHealth(`http://127.0.0.1:${port}`, children[i]!, logFiles[i]!)),
  );
  if (nginxPort) {
    const nginxBinary = findNginx();
    if (!nginxBinary) throw new Error("--servers N and --nginx need nginx on the PATH");
    const dir = path.join(dataDir, "nginx");
    fs.mkdirSync(dir);
    const site = localSite(fs.readFileSync(SHIPPED_SITE, "utf8"), { port: nginxPort, upstreams: ports });
    nginx = await startNginx(nginxBinary, dir, writeMainConfig(dir, site, "auto"), nginxPort);
  }
  const pids = children.map((c) => c.pid!);
  const memoryOf = () => Promise.all(pids.map((pid, i) => memory(pid, ports[i]!, METRICS_TOKEN)));
  const fresh = await memoryOf();
  console.log(
    `Ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (server pid ${pids.join(", ")}).`,
  );

  // What there is to browse.
  const venuePaths = (await sitemapPaths(origin)).filter((p) => p.startsWith("/venue/"));
  const categoriesHtml = await (await fetch(`${origin}/categories`)).text();
  const categoryPaths = [
    ...new Set([...categoriesHtml.matchAll(/href="(\/categories\/[^"?#]+)"/g)].map((m) => m[1]!)),
  ];
  const venues = venuePaths.flatMap((p) => {
    const id = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.exec(p)?.[0];
    return id ? [{ path: p, id }] : [];
  });
  if (!venues.length || !categoryPaths.length) throw new Error("no venues or categories to browse");

  // The signed-in users.
  const accounts: { email: string; password: string; cookie: string }[] = [];
  for (let i = 0; i < ACCOUNTS; i++) {
    const email = `load-${i}-${crypto.randomBytes(3).toString("hex")}@bench.example`;
    const password = `Load-${crypto.randomBytes(6).toString("hex")}`;
    const res = await fetch(`${origin}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { origin, "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({
        intent: "register",
        name: `Load ${i}`,
        email,
        password,
        confirmPassword: password,
      }),
    });
    if (res.status !== 302) throw new Error(`registering ${email} answered ${res.status}`);
    const cookie = sessionCookie(res.headers.getSetCookie());
    if (!cookie) throw new Error(`registering ${email} gave no session`);
    accounts.push({ email, password, cookie });
  }
  console.log(
    `${venuePaths.length} venue pages, ${categoryPaths.length} category pages, ${ACCOUNTS} accounts. ` +
      `Loading for ${SECONDS} s: ${BROWSERS} browsing connections and ${ACCOUNTS} signed-in ones ...`,
  );

  const pick = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

  // Warm-up (not measured): JIT, caches and the connection pool, so that RSS "before" is a
  // running server's and growth means memory kept.
  for (const p of ["/", "/categories", ...categoryPaths, ...venuePaths])
    await (await fetch(origin + p)).arrayBuffer();
  await autocannon({
    url: origin,
    connections: Math.max(1, Math.round(BROWSERS / 10)),
    duration: WARM_UP_SECONDS,
    requests: [{ setupRequest: (req) => ({ ...req, path: pick(venuePaths) }) }],
  });
  const warmed = await memoryOf();
  const peak = pids.map(rssMb);
  const sampling = setInterval(
    () => pids.forEach((pid, i) => (peak[i] = Math.max(peak[i]!, rssMb(pid)))),
    1000,
  );
  const common = {
    "accept-encoding": process.env.BENCH_ENCODING ?? "br, gzip",
    "user-agent": "vv-bench-load",
  };

  // Browsing: each request picks a page (home 15 %, venue 55 %, categories 10 %, category 20 %).
  type BrowseContext = { kind: string; at: number };
  const browse = autocannon({
    url: origin,
    connections: BROWSERS,
    duration: SECONDS,
    timeout: TIMEOUT_SECONDS,
    headers: { ...common, accept: "text/html" },
    requests: [
      hooked<BrowseContext>(
        (req, c) => {
          const r = Math.random();
          const [kind, p] =
            r < 0.15
              ? ["home", "/"]
              : r < 0.7
                ? ["venue page", pick(venuePaths)]
                : r < 0.8
                  ? ["categories", "/categories"]
                  : ["category page", pick(categoryPaths)];
          c.kind = kind;
          c.at = performance.now();
          return { ...req, method: "GET", path: p, body: undefined };
        },
        (status, c) => record(c.kind, status, c.at),
      ),
    ],
  });

  // Signed in: one account per connection; the context lives as long as the connection loops
  // through the (long) list of steps below.
  type UserContext = {
    account: (typeof accounts)[number];
    iteration: number;
    signIns: number;
    venue: (typeof venues)[number];
    step: string;
    at: number;
  };
  let nextAccount = 0;
  const form = (values: Record<string, string>) => new URLSearchParams(values).toString();
  const post = (c: UserContext, path: string, values: Record<string, string>) => ({
    method: "POST" as const,
    path,
    headers: {
      ...common,
      origin,
      "content-type": "application/x-www-form-urlencoded",
      cookie: c.account.cookie,
    },
    body: form(values),
  });
  const begin = (c: UserContext, step: string) => {
    c.step = step;
    c.at = performance.now();
  };
  const done = (status: number, c: UserContext) => record(c.step, status, c.at);
  const steps: autocannon.Request[] = [
    hooked<UserContext>(
      (req, c) => {
        c.account ??= accounts[nextAccount++ % accounts.length]!;
        c.iteration = (c.iteration ?? 0) + 1;
        c.signIns ??= 0;
        if (SIGN_IN_ROUNDS.includes(c.iteration) && c.signIns < SIGN_INS_PER_ACCOUNT) {
          c.signIns++;
          begin(c, "sign in");
          const { email, password } = c.account;
          return { ...req, ...post(c, "/login", { intent: "login", email, password }) };
        }
        begin(c, "saved venues page");
        const headers = { ...common, accept: "text/html", cookie: c.account.cookie };
        return { ...req, method: "GET", path: "/favorites", headers, body: undefined };
      },
      (status, c, headers) => {
        done(status, c);
        if (c.step !== "sign in") return;
        const set = headers["set-cookie"];
        const cookie = sessionCookie(Array.isArray(set) ? set : set ? [set] : []);
        if (cookie) c.account.cookie = cookie;
      },
    ),
    hooked<UserContext>((req, c) => {
      c.venue = pick(venues);
      begin(c, "save favourite");
      return { ...req, ...post(c, "/api/favorites", { venueId: c.venue.id, saved: "true" }) };
    }, done),
    hooked<UserContext>((req, c) => {
      begin(c, "write review");
      const rating = String(1 + Math.floor(Math.random() * 5));
      const comment = `Visited on a load test, iteration ${c.iteration}: lovely views and kind staff.`;
      return { ...req, ...post(c, c.venue.path, { rating, comment }) };
    }, done),
    hooked<UserContext>((req, c) => {
      begin(c, "remove favourite");
      return { ...req, ...post(c, "/api/favorites", { venueId: c.venue.id, saved: "false" }) };
    }, done),
  ];
  const users = autocannon({
    url: origin,
    connections: ACCOUNTS,
    duration: SECONDS,
    timeout: TIMEOUT_SECONDS,
    // The context is reset when a connection wraps around the list: make the list outlast the run.
    requests: Array.from({ length: 5000 }, () => steps).flat(),
  });

  const [browseResult, usersResult] = await Promise.all([browse, users]);
  const loadAfter = loadAverage();
  clearInterval(sampling);
  const stopped = await memoryOf();
  const settleStart = performance.now();
  await settle(pids, ports, fresh, METRICS_TOKEN);
  const settledSeconds = (performance.now() - settleStart) / 1000;
  const settled = await memoryOf();

  // ------------------------------------------------------------------------------------------
  // Report
  // ------------------------------------------------------------------------------------------
  const seconds = SECONDS;
  const groups: [string, string[], autocannon.Result][] = [
    ["browsing", ["home", "venue page", "categories", "category page"], browseResult],
    [
      "signed in",
      ["sign in", "saved venues page", "save favourite", "write review", "remove favourite"],
      usersResult,
    ],
  ];
  const fmt = (n: number, w: number, d = 0) => (Number.isFinite(n) ? n.toFixed(d) : "-").padStart(w);
  const header = `${"scenario".padEnd(22)}${"requests".padStart(9)}${"req/s".padStart(8)}${"p50 ms".padStart(9)}${"p95 ms".padStart(9)}${"p99 ms".padStart(9)}${"401/429".padStart(9)}${"errors".padStart(8)}`;
  console.log(`\n${header}\n${"-".repeat(header.length)}`);
  let errors = 0;
  for (const [group, names, result] of groups) {
    const all: number[] = [];
    let expected = 0;
    let groupErrors = 0;
    for (const name of names) {
      const r = row(name);
      const sorted = [...r.latencies].sort((a, b) => a - b);
      for (const ms of sorted) all.push(ms);
      expected += r.expected;
      groupErrors += r.errors;
      console.log(
        `  ${name.padEnd(20)}${fmt(sorted.length, 9)}${fmt(sorted.length / seconds, 8, 1)}${fmt(percentile(sorted, 0.5), 9, 1)}${fmt(percentile(sorted, 0.95), 9, 1)}${fmt(percentile(sorted, 0.99), 9, 1)}${fmt(r.expected, 9)}${fmt(r.errors, 8)}`,
      );
      if (r.errors)
        console.log(`      statuses: ${[...r.statuses].map(([s, n]) => `${s}: ${n}`).join(", ")}`);
    }
    // autocannon's `errors` are socket errors, timeouts included.
    const socket = result.errors;
    groupErrors += socket;
    errors += groupErrors;
    all.sort((a, b) => a - b);
    console.log(
      `${`${group} (all)`.padEnd(22)}${fmt(all.length, 9)}${fmt(all.length / seconds, 8, 1)}${fmt(percentile(all, 0.5), 9, 1)}${fmt(percentile(all, 0.95), 9, 1)}${fmt(percentile(all, 0.99), 9, 1)}${fmt(expected, 9)}${fmt(groupErrors, 8)}` +
        (socket ? `   (${socket} socket errors, ${result.timeouts} of them timeouts)` : ""),
    );
  }
  console.log(`\nLoad average as the load stopped: ${loadAfter} (${os.cpus().length} CPUs).`);
  let growth = 0;
  let highest = 0;
  for (const [i, pid] of pids.entries()) {
    const grew = settled[i]!.rss - fresh[i]!.rss;
    growth = Math.max(growth, grew);
    highest = Math.max(highest, peak[i]!);
    console.log(
      `\nServer ${pids.length > 1 ? `${i + 1} ` : ""}memory (MB; pid ${pid})    RSS   anon   V8 heap used / total   external`,
    );
    const line = (label: string, m: Memory) =>
      console.log(
        `  ${label.padEnd(34)}${fmt(m.rss, 5)}${fmt(m.anon, 7)}${fmt(m.heapUsed, 13)} /${fmt(m.heapTotal, 6)}${fmt(m.external, 11)}`,
      );
    line("fresh, before any request", fresh[i]!);
    line("after the warm-up", warmed[i]!);
    console.log(
      `  ${"highest during the load".padEnd(34)}${fmt(peak[i]!, 5)}   (limit ${RSS_PEAK_LIMIT_MB})`,
    );
    line("as the load stopped", stopped[i]!);
    line(`settled (${settledSeconds.toFixed(0)} s idle)`, settled[i]!);
    console.log(
      `  growth, settled against fresh: ${grew >= 0 ? "+" : ""}${grew.toFixed(0)} MB (limit +${RSS_GROWTH_LIMIT_MB} MB)`,
    );
  }
  if (errors) {
    console.log(`FAILED: ${errors} error(s).`);
    exitCode = 1;
  }
  if (growth > RSS_GROWTH_LIMIT_MB) {
    console.log(`FAILED: RSS grew by more than ${RSS_GROWTH_LIMIT_MB} MB.`);
    exitCode = 1;
  }
  if (highest > RSS_PEAK_LIMIT_MB) {
    console.log(`FAILED: RSS went over ${RSS_PEAK_LIMIT_MB} MB during the load.`);
    exitCode = 1;
  }
} catch (err) {
  console.error(`bench:load failed: ${err instanceof Error ? err.message : String(err)}`);
  exitCode = 1;
} finally {
  await stopAll();
  await fsp.rm(dataDir, { recursive: true, force: true });
}
process.exit(exitCode);
