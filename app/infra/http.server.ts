// The HTTP application: security headers, the cross-site check, better-auth's two public
// endpoints, uploads, built assets and React Router. It is built into the server bundle (see
// vite.config.ts) so that getLoadContext and the route modules share one copy of the router
// context keys; server.ts loads it from the build in production and through Vite in development.
import { createRequestHandler } from "@react-router/express";
import { createRequestHandler as createFetchHandler } from "react-router";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import onHeaders from "on-headers";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import crypto from "node:crypto";
import { STATUS_CODES } from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import * as serverBuild from "virtual:react-router/server-build";
import { AUTH_PUBLIC_PATHS } from "./auth.server";
import { keepDrainListenersRemovable } from "./patches/compression-drain.server";
import { getLoadContext, type AppContext, type RequestNotes } from "./context.server";
import { readContentVersion } from "./db.server";
import { bodyLimitFor, FORM_BODY_LIMIT } from "./form.server";
import { withRequestId } from "./logger.server";
import { createPageCache } from "./page-cache.server";
import { builtFiles } from "./built-files.server";
import { checkReadiness } from "./readiness.server";
import { asksNotToTrack } from "~/lib/analytics";
import { PRIVATE_PREFIX } from "~/lib/privacy";
import { routeMatcher, routePatterns } from "~/lib/route-pattern";
import { contentSecurityPolicy, isAllowedOrigin } from "./security.server";
import { SIGNED_LINK_POSTS } from "~/lib/unsubscribe";

/**
 * A GET answered by the router (a page, its data, a resource), told once its answer is sent: the
 * venue insights count views and 'Visit Website' clicks from it (services/venue-stats.server.ts,
 * ADR 029), wherever the answer came from (page cache, 304, render).
 */
export type PageView = {
  method: string;
  path: string;
  status: number;
  ip: string;
  /** The signed-in user, when the router read a session (the page cache's pages have none). */
  userId: string | null;
  userAgent: string;
  referer: string | undefined;
  /** A speculative load (`<link rel=prefetch>`, speculation rules), not a visit. */
  prefetch: boolean;
};

export function createHttpApp(
  app: AppContext,
  opts: { pageViews: (view: PageView) => void; devMiddleware?: RequestHandler },
) {
  const { config } = app;
  const production = config.env === "production";
  const http = express();
  http.disable("x-powered-by");
  // Behind a proxy, the client's address comes from X-Forwarded-For only as far as TRUST_PROXY
  // says (docs/decisions/007); otherwise it is the socket's, whatever the headers claim.
  http.set("trust proxy", config.trustProxy);
  // React Router derives its route tables (every route flattened, ranked and its pattern
  // compiled) once from a build, but on every request from a function returning one (a rendered
  // page: 80 -> 97 requests/s in bench:ssr). Development passes the function, so that Vite's
  // reloads reach the routes.
  const build =
    config.env === "development" ? () => import("virtual:react-router/server-build") : serverBuild;

  // Every answer names its request, and every line logged while handling it carries the same id
  // (ADR 034): the proxy's id when it sent a sane one, else a new one.
  http.use((req, res, next) => {
    const given = req.get("x-request-id");
    const id = given && REQUEST_ID.test(given) ? given : crypto.randomUUID();
    res.setHeader("X-Request-Id", id);
    withRequestId(id, next);
  });
  if (app.metrics) http.use(measureRequests(app.metrics, serverBuild.routes));

  // An answer sent before its request's body has all arrived (a refusal: 403, a redirect, a 413,
  // a 429) closes the connection: the rest of the body is not read (issue 39). See closeLingering.
  http.use((req, res, next) => {
    if (req.get("transfer-encoding") === undefined && !(Number(req.get("content-length")) > 0)) return next();
    onHeaders(res, () => {
      if (req.complete) return;
      res.setHeader("Connection", "close");
      closeLingering(req);
    });
    next();
  });

  // A declared body above the path's limit is refused before it is read, and the connection
  // closed, so a huge upload costs neither memory nor time (undeclared ones stop at the same
  // limit while streaming, in readFormValues and readUploadForm). Only upload routes take more
  // than a form (bodyLimitFor).
  http.use((req, res, next) => {
    if (Number(req.get("content-length") ?? 0) <= bodyLimitFor(req.path)) return next();
    res.set("Connection", "close").status(413).type("text/plain").send("Request body too large");
  });

  http.use((req, res, next) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    res.locals.cspNonce = nonce;
    res.setHeader("Content-Security-Policy", contentSecurityPolicy(config, [`'nonce-${nonce}'`], production));
    res.setHeader("X-Content-Type-Options", "nosniff");
    res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
    res.setHeader("X-Frame-Options", "DENY");
    res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
    if (config.siteUrl.startsWith("https://")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
    // Rate limits key on this header; never trust a client-supplied one.
    req.headers["x-client-ip"] = req.ip ?? "unknown";
    next();
  });

  // For load balancers: 503 unless this process is ready and its database and storage answer.
  http.get("/readyz", async (_req, res) => {
    const { ready, body } = await checkReadiness(app);
    res
      .status(ready ? 200 : 503)
      .set("Cache-Control", "no-store")
      .json(body);
  });
  // For Prometheus, with METRICS_TOKEN as a bearer token; without the setting there is no such page.
  http.get("/metrics", async (req, res) => {
    const { metrics } = app;
    res.setHeader("Cache-Control", "no-store");
    if (!metrics) return void res.status(404).type("text/plain").send("Not Found");
    if (!metrics.authorized(req.get("authorization")))
      return void res
        .status(401)
        .set("WWW-Authenticate", 'Bearer realm="metrics"')
        .type("text/plain")
        .send("Unauthorized");
    const text = await metrics.registry.metrics();
    res.setHeader("Content-Type", metrics.registry.contentType);
    res.end(text);
  });

  // One address per page: `/venues/` answers 301 to `/venues`, as `/venue/{slug}/` always did
  // (issue 27). Leading slashes collapse too, so `//host/` can never become `//host`, an address on
  // another site.
  http.use((req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || req.path === "/" || !req.path.endsWith("/"))
      return next();
    const q = req.originalUrl.indexOf("?");
    res.redirect(301, `/${req.path.replace(/^\/+|\/+$/g, "")}${q < 0 ? "" : req.originalUrl.slice(q)}`);
  });

  // Cross-site form posts are refused: a state-changing request must come from our own pages. Ours
  // are the configured origins, not the request's Host, which the sender chooses.
  const ours = [new URL(config.siteUrl).origin, ...config.siteAliases];
  http.use((req, res, next) => {
    if (isAllowedOrigin(req.method, { origin: req.get("origin"), referer: req.get("referer") }, ours))
      return next();
    // A mail program's one-click unsubscribe (RFC 8058) posts from elsewhere, as may a saved
    // search's confirmation; the signed link is the credential and can do one thing only
    // (routes/public/unsubscribe.tsx, routes/public/saved-search-link.tsx).
    if (req.method === "POST" && SIGNED_LINK_POSTS.has(req.path)) return next();
    res.status(403).type("text/plain").send("Forbidden: cross-site request");
  });

  // Built assets are compressed at build time (builtFiles below); the rest per response.
  http.use(
    compression({
      filter: (req, res) => !req.path.startsWith("/assets/") && compression.filter(req, res),
      // A 256 KB window instead of 4 MB: each Brotli stream's native buffers are a fraction of the
      // size, and pages are under 200 KB anyway (200 streams at once held ~1 GB, bench:load).
      brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18 } },
    }),
    keepDrainListenersRemovable,
  );
  for (const p of AUTH_PUBLIC_PATHS) http.get(p, toNodeHandler(app.auth));
  // A person's data download is served only to them, by its route (issue 46), never as a public file.
  http.use(
    `/uploads/${PRIVATE_PREFIX}`,
    (_req, res) => void res.status(404).type("text/plain").send("Not Found"),
  );
  http.use(
    "/uploads",
    // Stored files never change under their key (new content gets a new key): cache for good.
    express.static(path.join(config.dataDir, "uploads"), {
      immutable: true,
      maxAge: "1y",
      fallthrough: false,
    }),
    // A missing or refused file is the client's business: a plain answer, no stack in the log
    // (Express's default handler prints one for each).
    (err: { status?: unknown }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
      const status = typeof err.status === "number" && err.status >= 400 && err.status < 500 ? err.status : 0;
      if (!status || res.headersSent) return next(err);
      res
        .status(status)
        .type("text/plain")
        .send(STATUS_CODES[status] ?? "Error");
    },
  );

  // A built file answered here is labelled "static" in the metrics; a path that falls through to
  // the router is labelled by its route.
  const labelled =
    (route: string | undefined): RequestHandler =>
    (_req, res, next) => {
      res.locals.route = route;
      next();
    };
  if (opts.devMiddleware) {
    http.use(labelled("static"), opts.devMiddleware, labelled(undefined));
  } else {
    const assets = { immutable: true, maxAge: "1y" };
    http.use("/assets", builtFiles("build/client/assets", assets));
    http.use(labelled("static"), builtFiles("build/client", { maxAge: "1h" }), labelled(undefined));
  }

  // After the answer is sent, so that counting never delays it and sees its final status.
  http.use((req, res, next) => {
    if (req.method !== "GET") return next();
    // The router's session middleware notes the signed-in user here.
    const notes: RequestNotes = { userId: null };
    res.locals.notes = notes;
    res.on("finish", () => {
      try {
        opts.pageViews({
          method: req.method,
          path: req.path,
          status: res.statusCode,
          ip: req.ip ?? "unknown",
          userId: notes.userId,
          userAgent: req.get("user-agent") ?? "",
          referer: req.get("referer"),
          prefetch: /prefetch|prerender/i.test(`${req.get("sec-purpose") ?? ""} ${req.get("purpose") ?? ""}`),
        });
      } catch (err) {
        app.logger.error("a page view listener failed", { error: String(err) });
      }
    });
    next();
  });

  const mode = production ? "production" : "development";
  // Signed-out page views come from the page cache (not in development, where code changes).
  if (config.env !== "development")
    http.use(servePagesFromCache(app, createFetchHandler(build, mode), production));

  http.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode,
      getLoadContext: (req, res) =>
        getLoadContext(app, res.locals.cspNonce as string, {
          notes: res.locals.notes as RequestNotes | undefined,
          // React Router's data requests end in `.data`; everything else renders a page.
          page: !req.path.endsWith(".data"),
        }),
    }),
  );
  http.use(logFailure(app));
  return http;
}

// A request id from the proxy is kept when it is short and plain (a UUID, nginx's $request_id):
// it goes into every log line and back out as a header.
const REQUEST_ID = /^[\w.:-]{1,64}$/;

/**
 * Counts each request and its time under its method, status and route pattern (ADR 034), and the
 * requests sending files while they run. The label is worked out once the connection is done
 * with the request, so it costs the answer nothing.
 */
function measureRequests(
  metrics: NonNullable<AppContext["metrics"]>,
  routes: Parameters<typeof routePatterns>[0],
): RequestHandler {
  const ours = ["/readyz", "/metrics", ...AUTH_PUBLIC_PATHS].map((pattern) => ({ pattern }));
  const route = routeMatcher([...routePatterns(routes), ...ours]);
  return (req, res, next) => {
    const start = performance.now();
    const path = req.path;
    const upload =
      req.method === "POST" &&
      bodyLimitFor(path) > FORM_BODY_LIMIT &&
      /^multipart\/form-data/i.test(req.get("content-type") ?? "");
    if (upload) metrics.uploads.inc();
    res.once("close", () => {
      if (upload) metrics.uploads.dec();
      const label =
        (res.locals.route as string | undefined) ??
        (path.startsWith("/uploads/") ? "uploads" : path.startsWith("/assets/") ? "static" : undefined) ??
        route(path) ??
        "unknown";
      // 499, as nginx logs it: the client went away before any answer.
      const status = res.headersSent ? res.statusCode : 499;
      metrics.request(req.method, label, status, (performance.now() - start) / 1000);
    });
    next();
  };
}

/**
 * An error no route answered (the page cache's, a file's): one log line, with the request's id,
 * and a plain answer, instead of Express's default stack on stderr.
 */
function logFailure(app: AppContext): ErrorRequestHandler {
  return (err: { status?: unknown }, req, res, next) => {
    const status = typeof err.status === "number" && err.status >= 400 && err.status < 600 ? err.status : 500;
    if (status >= 500)
      app.logger.error("request failed", {
        method: req.method,
        path: req.path,
        error: err instanceof Error ? (err.stack ?? err.message) : String(err),
      });
    if (res.headersSent) return next(err);
    res
      .status(status)
      .type("text/plain")
      .send(STATUS_CODES[status] ?? "Error");
  };
}

/**
 * A page view without a session is answered from the page cache, or rendered once (through
 * React Router's fetch handler) and kept. A new content version empties the cache; after a write
 * on this instance it is read at once. A cached page is sent as it was rendered, its scripts
 * allowed by their hashes: the ETag and the CSP header are both functions of the body, so a 304
 * never pairs a kept body with a header that refuses its scripts (ADR 010).
 */
function servePagesFromCache(
  app: AppContext,
  render: ReturnType<typeof createFetchHandler>,
  production: boolean,
): RequestHandler {
  const cache = createPageCache({ readVersion: () => readContentVersion(app.db) });
  const tagged = !!(app.config.analytics.gaMeasurementId || app.config.analytics.gtmId);
  return async (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      res.on("close", cache.writeStarted());
      return next();
    }
    if (!cache.accepts(req.method, req.path, req.headers)) {
      // Unless the route sets its own (a sitemap a CDN may keep): set up front, the route's header
      // would be appended to it, and two conflicting ones sent.
      onHeaders(res, () => {
        if (!res.hasHeader("Cache-Control")) res.setHeader("Cache-Control", "private, no-store");
      });
      return next();
    }
    const nonce = res.locals.cspNonce as string;
    // With a tag configured, a visitor asking not to be tracked gets a page without it, kept apart (issue 46).
    const gpc = tagged && asksNotToTrack(req.get("sec-gpc"));
    const key = gpc ? `${req.originalUrl}\0gpc` : req.originalUrl;
    try {
      const cached = await cache.get(key);
      let page = cached.page;
      res.setHeader("X-Page-Cache", page ? "hit" : "miss");
      app.metrics?.pageCache(!!page);
      if (!page) {
        const filled = await cache.fill(key, cached.generation, async () => {
          const headers = new Headers();
          for (const [name, value] of Object.entries(req.headers))
            if (typeof value === "string") headers.set(name, value);
          const response = await render(
            new Request(`${req.protocol}://${req.get("host")}${req.originalUrl}`, { headers }),
            getLoadContext(app, nonce, { page: true }),
          );
          return { status: response.status, headers: response.headers, body: await response.text() };
        });
        if ("rendered" in filled) {
          const { status, headers, body } = filled.rendered;
          res.status(status);
          headers.forEach((value, name) => name !== "set-cookie" && res.setHeader(name, value));
          for (const cookie of headers.getSetCookie()) res.append("Set-Cookie", cookie);
          return void res.send(body);
        }
        page = filled.page;
      }
      res.setHeader("Content-Type", page.contentType);
      res.setHeader(
        "Content-Security-Policy",
        contentSecurityPolicy(app.config, page.scriptHashes, production),
      );
      res.setHeader("ETag", page.etag);
      // A shared cache (CDN) may keep it briefly too, but never for someone with a session.
      res.setHeader("Cache-Control", "public, max-age=0, s-maxage=60, stale-while-revalidate=300");
      res.vary("Cookie");
      res.vary("Accept-Encoding");
      if (tagged) res.vary("Sec-GPC");
      if (matchesETag(req.get("if-none-match"), page.etag)) return void res.status(304).end();
      // Our order, not the header's: Brotli is smaller whenever the browser takes it.
      const encoding = (["br", "gzip"] as const).find((e) => req.acceptsEncodings(e) === e);
      if (!encoding) return void res.send(page.body);
      res.setHeader("Content-Encoding", encoding);
      res.send(page.encoded[encoding]);
    } catch (err) {
      next(err);
    }
  };
}

/** If-None-Match compares weakly and may list several tags (a CDN holding versions). */
const matchesETag = (header: string | undefined, etag: string) =>
  !!header && header.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag.replace(/^W\//, ""));

/** How long, and how much, a closing connection's unread body is read and dropped. */
const LINGER = { ms: 2000, bytes: 8 * 1024 * 1024 };

/**
 * Closes the connection of an answer sent before its request's body, in stages (RFC 9112, 9.6):
 * Node would close it at once, and the client, still sending, would be answered by a reset that
 * can erase the answer before it reads it (a browser then says 'connection reset', not why).
 * Here the answer is followed by the end of what the server sends; what the client still sends
 * is dropped (not parsed into the route, not kept) until it stops, for LINGER at most.
 */
function closeLingering(req: express.Request) {
  const socket = req.socket;
  socket.destroySoon = () => {
    socket.end();
    const close = () => socket.destroy();
    const timer = setTimeout(close, LINGER.ms);
    socket.once("close", () => clearTimeout(timer)).once("end", close);
    let dropped = 0;
    req.removeAllListeners("data");
    req.on("data", (chunk: Buffer) => (dropped += chunk.length) > LINGER.bytes && close());
    req.resume();
  };
}
