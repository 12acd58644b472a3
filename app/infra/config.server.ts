import path from "node:path";
import { z } from "zod";

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  SITE_URL: optional,
  SITE_NAME: z.string().default("Vows & Vistas"),
  BETTER_AUTH_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  GA_MEASUREMENT_ID: optional,
  GTM_ID: optional,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
});

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  siteName: string;
  /** Unset: generated once and kept in the database (see infra/context.server.ts). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  mapTileUrl: string;
  analytics: { gaMeasurementId: string | undefined; gtmId: string | undefined };
  logLevel: "debug" | "info" | "warn" | "error";
};

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    siteUrl,
    siteName: e.SITE_NAME,
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    mapTileUrl: e.MAP_TILE_URL,
    analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, gtmId: e.GTM_ID },
    logLevel: e.LOG_LEVEL,
  };
}
