import crypto from "node:crypto";
import fs from "node:fs";
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
  STORAGE: z.enum(["fs", "s3"]).default("fs"),
  S3_BUCKET: optional,
  S3_REGION: optional,
  S3_ENDPOINT: optional,
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional,
  GEOCODER: z.enum(["offline", "nominatim", "google"]).default("offline"),
  GEOCODER_API_KEY: optional,
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
  authSecret: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  storage: "fs" | "s3";
  s3: { bucket?: string; region?: string; endpoint?: string; accessKeyId?: string; secretAccessKey?: string; publicUrl?: string };
  geocoder: "offline" | "nominatim" | "google";
  geocoderApiKey: string | undefined;
  mapTileUrl: string;
  analytics: { gaMeasurementId: string | undefined; gtmId: string | undefined };
  logLevel: "debug" | "info" | "warn" | "error";
};

/** The secret is generated once into DATA_DIR so sessions survive restarts without any set-up. */
function loadOrCreateSecret(dataDir: string): string {
  const file = path.join(dataDir, "auth-secret");
  if (fs.existsSync(file)) return fs.readFileSync(file, "utf8").trim();
  fs.mkdirSync(dataDir, { recursive: true });
  const secret = crypto.randomBytes(32).toString("base64url");
  fs.writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid configuration: ${problems}`);
  }
  const e = parsed.data;
  const dataDir = path.resolve(e.DATA_DIR);
  if (e.NODE_ENV === "production" && e.DATABASE_URL && !e.BETTER_AUTH_SECRET) {
    throw new Error("BETTER_AUTH_SECRET is required when NODE_ENV=production and DATABASE_URL is set");
  }
  if (e.STORAGE === "s3" && !e.S3_BUCKET) throw new Error("STORAGE=s3 needs S3_BUCKET");
  const siteUrl = (e.SITE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, "");
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    dataDir,
    databaseUrl: e.DATABASE_URL,
    siteUrl,
    siteName: e.SITE_NAME,
    authSecret: e.BETTER_AUTH_SECRET ?? loadOrCreateSecret(dataDir),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    storage: e.STORAGE,
    s3: {
      bucket: e.S3_BUCKET,
      region: e.S3_REGION,
      endpoint: e.S3_ENDPOINT,
      accessKeyId: e.S3_ACCESS_KEY_ID,
      secretAccessKey: e.S3_SECRET_ACCESS_KEY,
      publicUrl: e.S3_PUBLIC_URL,
    },
    geocoder: e.GEOCODER,
    geocoderApiKey: e.GEOCODER_API_KEY,
    mapTileUrl: e.MAP_TILE_URL,
    analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, gtmId: e.GTM_ID },
    logLevel: e.LOG_LEVEL,
  };
}
