import http from "node:http";
import type { AddressInfo } from "node:net";
import { pathToFileURL } from "node:url";
import { afterAll, beforeAll } from "vitest";
import type { AppContext } from "../../app/infra/context.server";
import type { createHttpApp as CreateHttpApp } from "../../app/infra/http.server";
import { createVenueViewCounter } from "../../app/services/venue-stats.server";
import { SERVER_BUILD } from "./server-build";
import { createTestApp, type TestApp } from "./test-app";

export type HttpTestApp = Awaited<ReturnType<typeof startHttpApp>>;

/**
 * The whole HTTP stack of `server.ts` (Express middleware, React Router with its middleware,
 * loaders, actions and rendering) on a free port, over the test app's database and mail
 * catcher. It is the production server build, as `npm start` serves it (the integration suite's
 * global setup builds it when it is older than the sources: tests/setup/server-build.ts).
 * `app` serves another context over the test app's database (another configuration, storage).
 */
export async function startHttpApp(t: TestApp, app: AppContext = t.app) {
  const { createHttpApp } = (await import(/* @vite-ignore */ pathToFileURL(SERVER_BUILD).href)) as {
    createHttpApp: typeof CreateHttpApp;
  };
  const server = http.createServer();
  server.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  // The site is SITE_URL (tests/setup/test-app.ts), reached here at another address: an alias,
  // as SITE_ALIASES lists them, so that the cross-site check lets our own posts through.
  const config = { ...app.config, siteAliases: [...app.config.siteAliases, origin] };
  const views = createVenueViewCounter({ ...app, config });
  server.on("request", createHttpApp({ ...app, config }, { pageViews: views.onPageView }));
  // As server.ts does once it listens.
  app.readiness.state = "ready";

  /** A request as a browser on our site sends it (same-origin, no redirects followed). */
  function fetchPage(path: string, init: RequestInit & { cookie?: string } = {}) {
    const headers = new Headers(init.headers);
    if (init.cookie) headers.set("cookie", init.cookie);
    if (init.method && init.method !== "GET" && !headers.has("origin")) headers.set("origin", origin);
    return fetch(origin + path, { ...init, headers, redirect: "manual" });
  }

  /**
   * A chunked POST of `head`, then `chunk` again and again until the server answers or `limit`
   * bytes went out: the answer's status (-1: the connection closed once bytes were sent) and the bytes sent.
   */
  async function endlessPost(
    path: string,
    headers: Record<string, string>,
    head: string,
    chunk: Buffer,
    limit: number,
  ) {
    let sent = 0;
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(origin + path, { method: "POST", headers: { ...headers, origin } });
      req.on("response", (r) => {
        resolve(r.statusCode!);
        req.destroy();
      });
      req.on("error", (err) => (sent > 0 ? resolve(-1) : reject(err)));
      req.write(head);
      const pump = () => {
        while (sent < limit) {
          sent += chunk.length;
          if (!req.write(chunk)) return void req.once("drain", pump);
        }
        req.end();
      };
      pump();
    });
    return { status, sent };
  }

  return {
    origin,
    fetch: fetchPage,
    endlessPost,
    /** Venue page views are counted after their answers are sent: this waits for those counts. */
    viewsCounted: () => views.settled(),
    async close() {
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

/**
 * A test file's app over HTTP: opened in a beforeAll, then `ready` (the file's own users and
 * data), and closed in an afterAll. `env` adds settings, as createTestApp takes them.
 */
export function withHttpApp(
  ready: (app: { t: TestApp; http: HttpTestApp }) => unknown = () => {},
  opts: { timeout?: number; env?: Record<string, string> } = {},
) {
  let t: TestApp | undefined;
  let server: HttpTestApp | undefined;
  beforeAll(async () => {
    t = await createTestApp(opts.env);
    server = await startHttpApp(t);
    await ready({ t, http: server });
  }, opts.timeout ?? 180_000);
  afterAll(async () => {
    await server?.close();
    await t?.close();
  });
}
