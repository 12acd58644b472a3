// The production guide's examples (README, "Running in production"; ADR 032): nginx checks
// docs/deploy/nginx.conf, then serves the site through it over TLS in front of two listeners of the
// app, and systemd checks docs/deploy/vows-and-vistas@.service. Each part is skipped, saying so,
// where its program is not installed (`npm test` installs nginx where it can: scripts/ensure-nginx.ts).
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import http from "node:http";
import https from "node:https";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { createHttpApp as CreateHttpApp } from "../../app/infra/http.server";
import {
  checkConfig,
  findNginx,
  localSite,
  selfSignedCertificate,
  SHIPPED_SITE,
  startNginx,
  withCertificate,
  writeMainConfig,
} from "../../scripts/local-nginx";
import { freePort } from "../setup/server-process";
import { SERVER_BUILD } from "../setup/server-build";
import { createTestApp, type TestApp } from "../setup/test-app";

const NGINX = findNginx();
const SYSTEMD_ANALYZE = spawnSync("systemd-analyze", ["--version"]).status === 0;
const UNIT = path.resolve(import.meta.dirname, "../../docs/deploy/vows-and-vistas@.service");

describe.skipIf(!NGINX)("docs/deploy/nginx.conf (skipped: no nginx on the PATH)", () => {
  let dir: string;
  let cert: string;
  let t: TestApp;
  const listeners: http.Server[] = [];
  const hits = [0, 0];
  let origin: string;
  let nginx: Awaited<ReturnType<typeof startNginx>>;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-nginx-"));
    cert = selfSignedCertificate(dir).cert;
    t = await createTestApp();
    const port = await freePort();
    origin = `https://127.0.0.1:${port}`;
    const { createHttpApp } = (await import(/* @vite-ignore */ pathToFileURL(SERVER_BUILD).href)) as {
      createHttpApp: typeof CreateHttpApp;
    };
    // As the guide sets them: nginx on this machine is trusted, and the site is its https address.
    const config = { ...t.app.config, trustProxy: "loopback", siteAliases: [origin] };
    const app = createHttpApp({ ...t.app, config }, { pageViews: () => {} });
    for (const i of [0, 1]) {
      const server = http.createServer((req, res) => {
        hits[i]!++;
        void app(req, res);
      });
      server.listen(0, "127.0.0.1");
      await new Promise((resolve) => server.once("listening", resolve));
      listeners.push(server);
    }
    const upstreams = listeners.map((s) => (s.address() as AddressInfo).port);
    const site = localSite(fs.readFileSync(SHIPPED_SITE, "utf8"), { port, upstreams, certDir: dir });
    nginx = await startNginx(NGINX!, dir, writeMainConfig(dir, site), port);
  }, 60_000);
  afterAll(async () => {
    await nginx?.stop();
    await Promise.all(listeners.map((s) => new Promise((resolve) => s.close(resolve))));
    await t?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("passes `nginx -t` as shipped, its certificate paths pointed at a real certificate", () => {
    const checked = fs.mkdtempSync(path.join(dir, "as-shipped-"));
    const site = withCertificate(fs.readFileSync(SHIPPED_SITE, "utf8"), dir);
    expect(checkConfig(NGINX!, checked, writeMainConfig(checked, site))).toContain("test is successful");
  });

  it("serves the site over TLS from two app servers: pages, a sign-up and its session", async () => {
    const home = await send("/", { accept: "text/html" });
    expect(home.status).toBe(200);
    expect(home.body).toContain("<html");
    // The form is the app's own only if the Host and the scheme reach it as the visitor sent them.
    const password = "a-long-enough-password-1";
    const signUp = await send(
      "/login",
      { origin, "content-type": "application/x-www-form-urlencoded" },
      new URLSearchParams({
        intent: "register",
        name: "Proxied Pat",
        email: "pat@test.example",
        password,
        confirmPassword: password,
      }).toString(),
    );
    expect(signUp.status).toBe(302);
    const cookie = signUp.cookies.map((c) => c.split(";")[0]).join("; ");
    const account = await send("/account", { accept: "text/html", cookie });
    expect(account.status).toBe(200);
    expect(account.body).toContain("Proxied Pat");
    expect(hits.every((n) => n > 0)).toBe(true);
  });

  it("refuses a body over the app's largest limit itself, before it reaches the app", async () => {
    const before = [...hits];
    const res = await send(
      "/api/venue-submissions",
      { origin, "content-length": String(57 * 1024 * 1024) },
      "",
      "POST",
    );
    expect(res.status).toBe(413);
    expect(hits).toEqual(before);
  });

  /** One request through nginx, trusting only the test's certificate. */
  function send(pathname: string, headers: Record<string, string>, body?: string, method?: string) {
    return new Promise<{ status: number; body: string; cookies: string[] }>((resolve, reject) => {
      const req = https.request(
        `${origin}${pathname}`,
        { method: method ?? (body === undefined ? "GET" : "POST"), headers, ca: cert },
        (res) => {
          let text = "";
          res.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
          res.on("end", () =>
            resolve({ status: res.statusCode!, body: text, cookies: res.headers["set-cookie"] ?? [] }),
          );
        },
      );
      req.on("error", reject);
      req.end(body);
    });
  }
});

describe.skipIf(!SYSTEMD_ANALYZE)(
  "docs/deploy/vows-and-vistas@.service (skipped: no systemd-analyze)",
  () => {
    it("passes `systemd-analyze verify` as an instance, without a warning", () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vv-unit-"));
      try {
        fs.copyFileSync(UNIT, path.join(dir, path.basename(UNIT)));
        const result = spawnSync(
          "systemd-analyze",
          ["verify", path.join(dir, "vows-and-vistas@3001.service")],
          {
            encoding: "utf8",
          },
        );
        expect(result.stderr + result.stdout).toBe("");
        expect(result.status).toBe(0);
      } finally {
        fs.rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
