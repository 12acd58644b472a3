// Watching the server (issue 25, point 3; ADR 034): /readyz, /metrics in Prometheus's text
// format behind METRICS_TOKEN, and a request id on every answer and on every line logged for it.
// Served by the production server build over a real database, as the other HTTP tests are.
import fs from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { describe, expect, it, vi } from "vitest";
import { createAppContext } from "../../app/infra/context.server";
import { databaseFromUrl } from "../../app/infra/db.server";
import { createLogger } from "../../app/infra/logger.server";
import { createFsStorage } from "../../app/infra/storage.server";
import { toAppUser } from "../../app/lib/user";
import { venuePath } from "../../app/lib/venue-url";
import { authEmails } from "../../app/services/emails.server";
import { previewImport, runImport } from "../../app/services/imports.server";
import { currentIndex, dropSearchIndex, loadIndexThenReady } from "../../app/services/search-index.server";
import { csvFile } from "../setup/csv-import";
import { createCategory, createVenue } from "../setup/factories";
import { startHttpApp, withHttpApp, type HttpTestApp } from "../setup/http-app";
import { heldGeocoder } from "../setup/held-import";
import { freePort } from "../setup/server-process";
import { type TestApp } from "../setup/test-app";

const TOKEN = "observe-test-token-0123456789";
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const PAGE = { accept: "text/html" };

let t: TestApp;
let web: HttpTestApp;
let venue: { id: string; name: string };
withHttpApp(
  async (app) => {
    ({ t, http: web } = app);
    await createCategory(t.db, { name: "Barn" });
    venue = await createVenue(t.db, { name: "Metrics Meadow" });
  },
  { timeout: 120_000, env: { METRICS_TOKEN: TOKEN } },
);

// ---- Prometheus's text exposition format, read strictly: any line out of form fails the test.

type Sample = { name: string; labels: Record<string, string>; value: number };

const NAME = "[a-zA-Z_:][a-zA-Z0-9_:]*";
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\\n]|\\[\\"n])*)"\s*(?:,|$)/y;

function parseLabels(text: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const m = LABEL.exec(text);
    if (!m) throw new Error(`bad labels: {${text}}`);
    if (m[1]! in labels) throw new Error(`label ${m[1]} twice: {${text}}`);
    labels[m[1]!] = m[2]!.replace(/\\(.)/g, (_, c: string) => (c === "n" ? "\n" : c));
  }
  return labels;
}

// A value is what Go's strconv.ParseFloat reads, as the format says: its special values in any
// case (prom-client writes "Nan" for an event-loop figure before its first sample).
function parseValue(text: string): number {
  if (/^\+?inf(inity)?$/i.test(text)) return Infinity;
  if (/^-inf(inity)?$/i.test(text)) return -Infinity;
  if (/^nan$/i.test(text)) return NaN;
  const value = Number(text);
  if (!/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(text) || Number.isNaN(value))
    throw new Error(`bad value: ${text}`);
  return value;
}

function parseExposition(text: string) {
  const types = new Map<string, string>();
  const samples: Sample[] = [];
  const familyOf = (name: string) => {
    if (types.has(name)) return name;
    const base = name.replace(/_(bucket|sum|count)$/, "");
    if (base !== name && ["histogram", "summary"].includes(types.get(base) ?? "")) return base;
    throw new Error(`sample of an undeclared metric: ${name}`);
  };
  if (!text.endsWith("\n")) throw new Error("the text does not end with a line break");
  for (const line of text.slice(0, -1).split("\n")) {
    if (line === "") continue;
    let m = new RegExp(`^# HELP (${NAME}) (.*)$`).exec(line);
    if (m) continue;
    m = new RegExp(`^# TYPE (${NAME}) (counter|gauge|histogram|summary|untyped)$`).exec(line);
    if (m) {
      if (types.has(m[1]!)) throw new Error(`TYPE twice: ${m[1]}`);
      types.set(m[1]!, m[2]!);
      continue;
    }
    m = new RegExp(`^(${NAME})(?:\\{(.*)\\})? (\\S+)(?: -?\\d+)?$`).exec(line);
    if (!m || line.startsWith("#")) throw new Error(`not a sample: ${line}`);
    familyOf(m[1]!);
    samples.push({ name: m[1]!, labels: parseLabels(m[2] ?? ""), value: parseValue(m[3]!) });
  }
  return { types, samples };
}

async function scrape() {
  const res = await web.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
  expect(res.status).toBe(200);
  const parsed = parseExposition(await res.text());
  /** The value of the one sample of `name` with these labels (and maybe others), or undefined. */
  const value = (name: string, labels: Record<string, string> = {}) => {
    const found = parsed.samples.filter(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    );
    if (found.length > 1) throw new Error(`${found.length} samples of ${name} ${JSON.stringify(labels)}`);
    return found[0]?.value;
  };
  return { ...parsed, value };
}

describe("/metrics", () => {
  it("is not there without METRICS_TOKEN: 404, cheaply, before any page is rendered", async () => {
    const plain = await createAppContext({ ...t.app.config, metricsToken: undefined }, t.database, {
      emails: authEmails,
      mailer: t.mailer,
      logger: t.logger,
    });
    expect(plain.metrics).toBeUndefined();
    const other = await startHttpApp(t, plain);
    try {
      const res = await other.fetch("/metrics", { headers: { authorization: `Bearer ${TOKEN}` } });
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toMatch(/^text\/plain/);
    } finally {
      await other.close();
    }
  });

  it("asks for the token: 401 without it, with another one, or not as a bearer token", async () => {
    for (const authorization of [undefined, `Bearer ${TOKEN}x`, "Bearer short", `Basic ${TOKEN}`, TOKEN]) {
      const res = await web.fetch("/metrics", { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get("www-authenticate")).toBe('Bearer realm="metrics"');
      expect(await res.text()).toBe("Unauthorized");
    }
  });

  it("with the token: the registry's text, each request under its route pattern, the page cache, the pool", async () => {
    const before = await scrape();
    const page = venuePath(venue);
    for (let i = 0; i < 2; i++) {
      expect((await web.fetch("/venues", { headers: PAGE })).status).toBe(200);
      expect((await web.fetch(page, { headers: PAGE })).status).toBe(200);
    }
    expect((await web.fetch(`${page}.data`)).status).toBe(200);
    expect((await web.fetch("/wp-login.php", { headers: PAGE })).status).toBe(404);
    expect((await web.fetch("/uploads/venues/none.webp")).status).toBe(404);
    expect((await web.fetch("/favicon.svg")).status).toBe(200);

    const res = await web.fetch("/metrics", { headers: { authorization: `bearer ${TOKEN}` } });
    expect(res.headers.get("content-type")).toBe(t.app.metrics!.registry.contentType);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const after = await scrape();
    const moved = (name: string, labels: Record<string, string>) =>
      (after.value(name, labels) ?? 0) - (before.value(name, labels) ?? 0);

    // The route pattern, never the address: one series for every venue page.
    const venuePage = { method: "GET", route: "/venue/:slugId", status: "200" };
    expect(moved("http_requests_total", venuePage)).toBe(3); // two pages and their data
    expect(moved("http_requests_total", { method: "GET", route: "/venues", status: "200" })).toBe(2);
    expect(moved("http_requests_total", { method: "GET", route: "unknown", status: "404" })).toBe(1);
    expect(moved("http_requests_total", { method: "GET", route: "uploads", status: "404" })).toBe(1);
    expect(moved("http_requests_total", { method: "GET", route: "static", status: "200" })).toBe(1);
    const routes = new Set(after.samples.map((s) => s.labels.route).filter(Boolean));
    expect([...routes].filter((r) => !/^(\/|static$|uploads$|unknown$)/.test(r!))).toEqual([]);
    expect([...routes].filter((r) => r!.includes(venue.id) || r!.includes("wp-login"))).toEqual([]);
    expect(after.types.get("http_requests_total")).toBe("counter");

    // The histogram's buckets add up, and its count is the counter's.
    expect(after.types.get("http_request_duration_seconds")).toBe("histogram");
    const buckets = after.samples.filter(
      (s) =>
        s.name === "http_request_duration_seconds_bucket" &&
        s.labels.route === venuePage.route &&
        s.labels.method === "GET" &&
        s.labels.status === "200",
    );
    expect(buckets.at(-1)!.labels.le).toBe("+Inf");
    expect(buckets.map((b) => b.value)).toEqual(buckets.map((b) => b.value).sort((a, b) => a - b));
    expect(buckets.at(-1)!.value).toBe(after.value("http_requests_total", venuePage));
    expect(after.value("http_request_duration_seconds_count", venuePage)).toBe(
      after.value("http_requests_total", venuePage),
    );

    // Each page missed the cache once, then was served from it.
    expect(moved("page_cache_requests_total", { result: "miss" })).toBeGreaterThanOrEqual(2);
    expect(moved("page_cache_requests_total", { result: "hit" })).toBeGreaterThanOrEqual(2);

    const max = t.database.kind === "pglite" ? 1 : 10;
    expect(after.value("db_pool_max_connections")).toBe(max);
    const busy = after.value("db_pool_connections", { state: "busy" })!;
    const idle = after.value("db_pool_connections", { state: "idle" })!;
    expect(busy + idle).toBeLessThanOrEqual(max);
    expect(after.value("db_pool_waiting")).toBe(0);
    expect(after.value("uploads_in_progress")).toBe(0);
    expect(after.value("imports_in_progress")).toBe(0);
    // prom-client's process figures.
    expect(after.value("process_cpu_user_seconds_total")).toBeGreaterThan(0);
    expect(after.types.get("nodejs_eventloop_lag_seconds")).toBe("gauge");
    console.log(
      `metrics: ${after.samples.length} samples in ${after.types.size} metrics; ` +
        `${after.samples.filter((s) => s.name === "http_requests_total").length} request series`,
    );
  });

  it("counts an upload while it is sent, and an import while it writes", async () => {
    const user = await t.signUp();
    const port = Number(new URL(web.origin).port);
    // A photo form whose body stops half-way: the server is reading it.
    const upload = http.request({
      host: "127.0.0.1",
      port,
      method: "POST",
      path: "/api/venue-submissions",
      headers: {
        origin: web.origin,
        cookie: user.cookie,
        "content-type": "multipart/form-data; boundary=held",
        "content-length": 100_000,
      },
    });
    upload.on("error", () => {});
    upload.write('--held\r\nContent-Disposition: form-data; name="name"\r\n\r\nHalf');
    await vi.waitFor(async () => expect((await scrape()).value("uploads_in_progress")).toBe(1), {
      timeout: 10_000,
    });
    upload.destroy();
    await vi.waitFor(async () => expect((await scrape()).value("uploads_in_progress")).toBe(0), {
      timeout: 10_000,
    });

    // An import of one venue whose address is placed only once released: it is writing meanwhile.
    const admin = toAppUser({ ...(await t.signUp({ role: "admin" })), name: "Admin", role: "admin" });
    const file = csvFile("held.csv", [
      "name,description,location,region,category,phone,capacity",
      'Held,Desc,"1 Main St, Boulder, Colorado 80302",Front Range North,Barn,,',
    ]);
    const preview = await previewImport(t.db, admin, file);
    if (!preview.ok) throw new Error(JSON.stringify(preview));
    const { geocoder, asked, release } = heldGeocoder(t);
    const running = runImport({ ...t.app, geocoder }, admin, file, preview.preview.token);
    await asked;
    expect((await scrape()).value("imports_in_progress")).toBe(1);
    release();
    expect((await running).ok).toBe(true);
    expect((await scrape()).value("imports_in_progress")).toBe(0);
  });
});

describe("/readyz", () => {
  it("200 with its checks when ready; 503 while starting", async () => {
    const res = await web.fetch("/readyz");
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    expect(await res.json()).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
    t.app.readiness.state = "starting";
    try {
      const starting = await web.fetch("/readyz");
      expect(starting.status).toBe(503);
      expect(await starting.json()).toEqual({ status: "starting" });
      // /healthz only says the process answers.
      expect((await web.fetch("/healthz")).status).toBe(200);
    } finally {
      t.app.readiness.state = "ready";
    }
  });

  it("says ready only once the search index is loaded, and not at all once stopping (issue 42)", async () => {
    for (const [during, after] of [
      ["starting", "ready"],
      ["stopping", "stopping"],
    ] as const) {
      dropSearchIndex(t.app.db);
      t.app.readiness.state = "starting";
      const loading = loadIndexThenReady(t.app);
      expect(t.app.readiness.state).toBe("starting");
      t.app.readiness.state = during;
      await loading;
      expect(t.app.readiness.state).toBe(after);
    }
    t.app.readiness.state = "ready";
  });

  it("the pages search the index loaded at start, though the server's entry and the routes each bundle its module", async () => {
    // This file's copy of the module loads it; the page is served by the build's own copy. With
    // one index per copy, the page loaded a second one (7.7 s at 100,000 venues; issue 42).
    dropSearchIndex(t.app.db);
    await loadIndexThenReady(t.app);
    (await currentIndex(t.app.db)).store.remove(venue.id);
    try {
      const res = await web.fetch(`/venues?view=list&venueName=${encodeURIComponent(venue.name)}`, {
        headers: PAGE,
      });
      expect(await res.text()).toContain("No venues found");
    } finally {
      dropSearchIndex(t.app.db);
    }
  });

  it("is ready with an uploads folder whose data folder is not made yet: the first upload makes both", async () => {
    const parent = await fs.mkdtemp(path.join(os.tmpdir(), "vv-readyz-"));
    const other = await startHttpApp(t, {
      ...t.app,
      storage: createFsStorage(path.join(parent, "data", "uploads")),
    });
    try {
      const res = await other.fetch("/readyz");
      expect(res.status).toBe(200);
      expect(await res.json()).toMatchObject({ checks: { storage: "ok" } });
    } finally {
      await other.close();
      await fs.rm(parent, { recursive: true, force: true });
    }
  });

  it("503 when the database does not answer, or the uploads folder cannot take a file", async () => {
    const unreachable = databaseFromUrl(`postgres://postgres@127.0.0.1:${await freePort()}/none`, quiet);
    const noFolder = path.join(await fs.mkdtemp(path.join(os.tmpdir(), "vv-readyz-")), "uploads");
    await fs.writeFile(noFolder, "a file where the folder should be");
    const cases = [
      { app: { database: unreachable, db: unreachable.db }, checks: { database: "failed", storage: "ok" } },
      { app: { storage: createFsStorage(noFolder) }, checks: { database: "ok", storage: "failed" } },
    ];
    try {
      for (const c of cases) {
        const other = await startHttpApp(t, { ...t.app, ...c.app, readiness: { state: "starting" } });
        try {
          const res = await other.fetch("/readyz");
          expect(res.status).toBe(503);
          expect(await res.json()).toEqual({ status: "unavailable", checks: c.checks });
        } finally {
          await other.close();
        }
      }
    } finally {
      await unreachable.close();
      await fs.rm(path.dirname(noFolder), { recursive: true, force: true });
    }
  });
});

const quiet = createLogger("error");

describe("X-Request-Id", () => {
  it("is on every answer: pages, data, files, a refusal, /readyz and /metrics", async () => {
    const answers = [
      await web.fetch("/", { headers: PAGE }),
      await web.fetch("/venues.data"),
      await web.fetch("/api/venues/map"),
      await web.fetch("/no-such-page", { headers: PAGE }),
      await web.fetch("/uploads/venues/none.webp"),
      await web.fetch("/login", {
        method: "POST",
        body: "intent=login",
        headers: { origin: "https://evil.example" },
      }),
      await web.fetch("/readyz"),
      await web.fetch("/metrics"),
    ];
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 404, 404, 403, 200, 401]);
    for (const res of answers) expect(res.headers.get("x-request-id"), res.url).toMatch(UUID);
    const ids = new Set(answers.map((r) => r.headers.get("x-request-id")));
    expect(ids.size).toBe(answers.length);
  });

  it("keeps a proxy's sane id and replaces anything else", async () => {
    for (const id of [
      "4f1c2a9e7b3d4c5e8f6a7b8c9d0e1f2a",
      "a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d",
      "lb:1.2_3-x",
    ]) {
      const res = await web.fetch("/", { headers: { ...PAGE, "x-request-id": id } });
      expect(res.headers.get("x-request-id")).toBe(id);
    }
    for (const id of ["x".repeat(65), "two words", 'say "hi"', "<script>", "a/b", "%0d%0a", "{}"]) {
      const res = await web.fetch("/", { headers: { ...PAGE, "x-request-id": id } });
      expect(res.headers.get("x-request-id"), id).toMatch(UUID);
    }
  });

  it("is on each line logged while handling the request, errors included", async () => {
    // A database that does not answer: the page cache (Express) and a route's loader (React
    // Router) each fail and log, each under its own request's id.
    const unreachable = databaseFromUrl(`postgres://postgres@127.0.0.1:${await freePort()}/none`, quiet);
    const broken = await startHttpApp(t, {
      ...t.app,
      database: unreachable,
      db: unreachable.db,
      readiness: { state: "starting" },
    });
    const lines: Record<string, unknown>[] = [];
    const write = process.stderr.write.bind(process.stderr);
    const spy = vi
      .spyOn(process.stderr, "write")
      .mockImplementation((chunk: string | Uint8Array, ...rest) => {
        const text = String(chunk);
        if (!text.startsWith('{"time"')) return write(chunk, ...(rest as []));
        for (const line of text.trim().split("\n")) lines.push(JSON.parse(line) as Record<string, unknown>);
        return true;
      });
    try {
      const page = await broken.fetch("/venues", { headers: { ...PAGE, "x-request-id": "page-cache-1" } });
      const data = await broken.fetch("/venues.data", { headers: { "x-request-id": "router-2" } });
      const ready = await broken.fetch("/readyz", { headers: { "x-request-id": "readyz-3" } });
      expect([page.status, data.status, ready.status]).toEqual([500, 500, 503]);
      expect(page.headers.get("x-request-id")).toBe("page-cache-1");
      expect(data.headers.get("x-request-id")).toBe("router-2");
    } finally {
      spy.mockRestore();
      await broken.close();
      await unreachable.close();
    }
    const errors = lines.filter((l) => l.level === "error");
    expect(errors.filter((l) => l.requestId === "page-cache-1").length).toBeGreaterThanOrEqual(1);
    expect(errors.filter((l) => l.requestId === "router-2").length).toBeGreaterThanOrEqual(1);
    expect(errors.filter((l) => !l.requestId)).toEqual([]);
  });
});
