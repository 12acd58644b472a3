import { createRequestHandler } from "@react-router/express";
import { toNodeHandler } from "better-auth/node";
import compression from "compression";
import express from "express";
import crypto from "node:crypto";
import path from "node:path";
import type { ServerBuild } from "react-router";
import { seedIfEmpty } from "./database/seed";
import { AUTH_PUBLIC_PATHS } from "./app/infra/auth.server";
import { loadConfig } from "./app/infra/config.server";
import { createAppContext } from "./app/infra/context.server";
import { openDatabase } from "./app/infra/db.server";
import { contentSecurityPolicy, isAllowedOrigin } from "./app/infra/security.server";

const config = loadConfig();
const production = config.env === "production";
const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await database.migrate();
const context = await createAppContext(config, database);
const seed = await seedIfEmpty(database.db, context.storage, { log: (msg) => context.logger.info(msg) });
context.logger.info(seed.seeded ? "demo content seeded" : "database ready", {
  database: database.kind,
  ...seed,
});

const app = express();
app.disable("x-powered-by");
app.set("trust proxy", "loopback, linklocal, uniquelocal");

app.use((req, res, next) => {
  const nonce = crypto.randomBytes(16).toString("base64");
  res.locals.cspNonce = nonce;
  res.setHeader("Content-Security-Policy", contentSecurityPolicy(config, nonce, production));
  res.setHeader("X-Content-Type-Options", "nosniff");
  res.setHeader("Referrer-Policy", "strict-origin-when-cross-origin");
  res.setHeader("X-Frame-Options", "DENY");
  res.setHeader("Permissions-Policy", "camera=(), microphone=(), geolocation=(self)");
  if (config.siteUrl.startsWith("https://")) res.setHeader("Strict-Transport-Security", "max-age=31536000");
  // Rate limits key on this header; never trust a client-supplied one.
  req.headers["x-client-ip"] = req.ip ?? "unknown";
  next();
});

// Cross-site form posts are refused: a state-changing request must come from our own pages.
app.use((req, res, next) => {
  const ours = [new URL(config.siteUrl).origin, `${req.protocol}://${req.get("host")}`];
  if (isAllowedOrigin(req.method, { origin: req.get("origin"), referer: req.get("referer") }, ours))
    return next();
  res.status(403).type("text/plain").send("Forbidden: cross-site request");
});

app.use(compression());
for (const p of AUTH_PUBLIC_PATHS) app.get(p, toNodeHandler(context.auth));
app.use(
  "/uploads",
  express.static(path.join(config.dataDir, "uploads"), { maxAge: "7d", fallthrough: false }),
);

let build: ServerBuild | (() => Promise<ServerBuild>);
if (production) {
  app.use("/assets", express.static("build/client/assets", { immutable: true, maxAge: "1y" }));
  app.use(express.static("build/client", { maxAge: "1h", index: false }));
  // @ts-expect-error the server build exists only after `react-router build`
  build = (await import("./build/server/index.js")) as ServerBuild;
} else {
  const vite = await import("vite").then((v) => v.createServer({ server: { middlewareMode: true } }));
  app.use(vite.middlewares);
  build = () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>;
}

app.all(
  "/{*splat}",
  createRequestHandler({
    build,
    mode: production ? "production" : "development",
    getLoadContext: (_req, res) => ({ ...context, cspNonce: res.locals.cspNonce as string }),
  }),
);

const server = app.listen(config.port, () => {
  context.logger.info(`${config.siteName} listening`, {
    url: `http://localhost:${config.port}`,
    siteUrl: config.siteUrl,
  });
});

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  context.logger.info("shutting down", { signal });
  server.close();
  await database.close();
  process.exit(0);
}
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));
