import path from "node:path";
import { z } from "zod";
import { DEFAULT_PASSWORD_COST, PASSWORD_COSTS } from "./passwords.server";

const optional = z
  .string()
  .optional()
  .transform((v) => (v && v.trim() !== "" ? v.trim() : undefined));

const PROXY_ENTRY = /^(loopback|linklocal|uniquelocal|[\d.]+(\/\d+)?|[\da-f:]+(\/\d+)?)$/i;

const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: z.coerce.number().int().positive().default(3000),
  DATA_DIR: z.string().default("./data"),
  DATABASE_URL: optional,
  SITE_URL: optional,
  // Other origins the site answers on (comma-separated), whose pages may post forms here.
  SITE_ALIASES: optional.refine(
    (v) => v === undefined || v.split(",").every((o) => /^https?:\/\/[^/\s]+\/?$/.test(o.trim())),
    "origins such as https://www.example.com, https://example.com",
  ),
  SITE_NAME: z.string().default("Vows & Vistas"),
  // The site's X (Twitter) account, for the `twitter:site` tag of shared links.
  TWITTER_SITE: optional.refine(
    (v) => v === undefined || /^@?\w{1,15}$/.test(v),
    "a handle such as @vowsandvistas",
  ),
  BETTER_AUTH_SECRET: optional,
  SMTP_URL: optional,
  MAIL_FROM: optional,
  // The sender's postal address in the footer of mails people can leave (anti-spam law, ADR 043).
  MAIL_POSTAL_ADDRESS: optional,
  // The mailbox the moderators read: a reviewer asked for proof of a booking replies to it (issue 45).
  CONTACT_EMAIL: optional,
  MAP_TILE_URL: z.string().default("https://tile.openstreetmap.org/{z}/{x}/{y}.png"),
  GA_MEASUREMENT_ID: optional,
  GTM_ID: optional,
  LOG_LEVEL: z.enum(["debug", "info", "warn", "error"]).default("info"),
  // A hop count ("1") or addresses and CIDRs ("10.0.0.0/8, loopback"); unset trusts no proxy.
  TRUST_PROXY: optional.refine(
    (v) => v === undefined || /^\d+$/.test(v) || v.split(",").every((p) => PROXY_ENTRY.test(p.trim())),
    'a hop count such as "1", or addresses/CIDRs such as "10.0.0.0/8, loopback"',
  ),
  // Where uploaded images go: a folder under DATA_DIR (one server) or S3-compatible storage.
  STORAGE: z.enum(["fs", "s3"]).default("fs"),
  S3_ENDPOINT: optional.refine((v) => v === undefined || /^https?:\/\//.test(v), "an http(s):// URL"),
  S3_BUCKET: optional,
  S3_REGION: z.string().default("us-east-1"),
  S3_ACCESS_KEY_ID: optional,
  S3_SECRET_ACCESS_KEY: optional,
  S3_PUBLIC_URL: optional.refine((v) => v === undefined || /^https?:\/\//.test(v), "an http(s):// URL"),
  // Addresses to coordinates (infra/geocoder.server.ts): offline ZIP/town centroids, or a network
  // service in front of them. Nominatim's usage policy asks for at most one request a second and a
  // User-Agent that identifies the application (default: SITE_NAME and SITE_URL).
  GEOCODER: z.enum(["offline", "nominatim", "google"]).default("offline"),
  NOMINATIM_URL: z
    .string()
    .default("https://nominatim.openstreetmap.org")
    .refine((v) => /^https?:\/\//.test(v), "an http(s):// URL"),
  GEOCODER_USER_AGENT: optional,
  GEOCODER_EMAIL: optional,
  GOOGLE_GEOCODING_API_KEY: optional,
  // The least time between opening the inquiry form and sending it: faster is a script (issue 23).
  // Empty is the default, never "off" (Number("") is 0), and only plain digits are read: Number()
  // would take "0x10" as 16 and " 5" as 5 (issue 39).
  INQUIRY_MIN_SECONDS: z
    .string()
    .optional()
    .refine(
      (v) => !v || (/^\d{1,4}$/.test(v) && Number(v) <= 3600),
      "a whole number of seconds from 0 to 3600",
    )
    .transform((v) => (v ? Number(v) : 3)),
  // scrypt's work factor for passwords, log2 of N (infra/passwords.server.ts). Lower only for tests.
  PASSWORD_HASH_COST: z
    .string()
    .optional()
    .refine(
      (v) =>
        !v || (/^\d{1,2}$/.test(v) && Number(v) >= PASSWORD_COSTS.min && Number(v) <= PASSWORD_COSTS.max),
      `a whole number from ${PASSWORD_COSTS.min} to ${PASSWORD_COSTS.max} (default ${DEFAULT_PASSWORD_COST})`,
    )
    .transform((v) => (v ? Number(v) : DEFAULT_PASSWORD_COST)),
  // Turns /metrics on, for scrapers that send it as a bearer token: long enough not to be guessed.
  METRICS_TOKEN: optional.refine(
    (v) => v === undefined || /^[\x21-\x7e]{16,}$/.test(v),
    "at least 16 characters without spaces, e.g. the output of `openssl rand -hex 32`",
  ),
});

export type GeocoderSettings =
  | { driver: "offline" }
  | { driver: "nominatim"; url: string; userAgent: string; email: string | undefined }
  | { driver: "google"; apiKey: string };

export type S3Settings = {
  /** Unset: AWS itself. Set for MinIO, R2, s3rver...; such servers get path-style addresses. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Unset: the AWS SDK's default credential chain (environment, instance role...). */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  /** Where browsers read the objects: `{publicUrl}/{key}`. */
  publicUrl: string;
};

export type Config = {
  env: "development" | "production" | "test";
  port: number;
  dataDir: string;
  databaseUrl: string | undefined;
  siteUrl: string;
  /** SITE_ALIASES: other origins of the site, trusted like SITE_URL's by the cross-site check. */
  siteAliases: string[];
  siteName: string;
  /** The site's X handle with its @, when configured. */
  twitterSite: string | undefined;
  /** Unset: generated once and kept in the database (see infra/context.server.ts). */
  authSecret: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Unset: the footers have no address line (and production warns at start). */
  mailPostalAddress: string | undefined;
  /** Where replies to the moderators go (Reply-To of the request for proof). */
  contactEmail: string;
  mapTileUrl: string;
  analytics: { gaMeasurementId: string | undefined; gtmId: string | undefined };
  logLevel: "debug" | "info" | "warn" | "error";
  /** Express's `trust proxy`: false (use the socket's address), a hop count, or trusted addresses. */
  trustProxy: false | number | string;
  storage: { driver: "fs" } | { driver: "s3"; s3: S3Settings };
  geocoder: GeocoderSettings;
  /** Seconds an inquiry form must have been open before it is sent (0, set explicitly, turns the check off). */
  inquiryMinSeconds: number;
  /** Unset: no /metrics (404). Set: /metrics answers requests bearing it. */
  metricsToken: string | undefined;
  /** scrypt's N is 2 to this power. */
  passwordHashCost: number;
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
    siteAliases: (e.SITE_ALIASES?.split(",") ?? []).map((o) => new URL(o.trim()).origin),
    siteName: e.SITE_NAME,
    twitterSite: e.TWITTER_SITE && `@${e.TWITTER_SITE.replace(/^@/, "")}`,
    authSecret: e.BETTER_AUTH_SECRET,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? `${e.SITE_NAME} <no-reply@${new URL(siteUrl).hostname}>`,
    mailPostalAddress: e.MAIL_POSTAL_ADDRESS,
    contactEmail: e.CONTACT_EMAIL ?? `contact@${new URL(siteUrl).hostname}`,
    mapTileUrl: e.MAP_TILE_URL,
    analytics: { gaMeasurementId: e.GA_MEASUREMENT_ID, gtmId: e.GTM_ID },
    logLevel: e.LOG_LEVEL,
    trustProxy: !e.TRUST_PROXY ? false : /^\d+$/.test(e.TRUST_PROXY) ? Number(e.TRUST_PROXY) : e.TRUST_PROXY,
    storage: e.STORAGE === "s3" ? { driver: "s3", s3: s3Settings(e) } : { driver: "fs" },
    geocoder: geocoderSettings(e, siteUrl),
    inquiryMinSeconds: e.INQUIRY_MIN_SECONDS,
    metricsToken: e.METRICS_TOKEN,
    passwordHashCost: e.PASSWORD_HASH_COST,
  };
}

function geocoderSettings(e: z.infer<typeof envSchema>, siteUrl: string): GeocoderSettings {
  switch (e.GEOCODER) {
    case "offline":
      return { driver: "offline" };
    case "nominatim":
      return {
        driver: "nominatim",
        url: e.NOMINATIM_URL.replace(/\/+$/, ""),
        userAgent: e.GEOCODER_USER_AGENT ?? `${e.SITE_NAME.replace(/[^\x20-\x7e]/g, "")} (+${siteUrl})`,
        email: e.GEOCODER_EMAIL,
      };
    case "google":
      if (!e.GOOGLE_GEOCODING_API_KEY)
        throw new Error("Invalid configuration: GEOCODER=google needs GOOGLE_GEOCODING_API_KEY");
      return { driver: "google", apiKey: e.GOOGLE_GEOCODING_API_KEY };
  }
}

function s3Settings(e: z.infer<typeof envSchema>): S3Settings {
  const missing = (["S3_BUCKET", "S3_PUBLIC_URL"] as const).filter((k) => !e[k]);
  if (missing.length) throw new Error(`Invalid configuration: STORAGE=s3 needs ${missing.join(" and ")}`);
  if (!!e.S3_ACCESS_KEY_ID !== !!e.S3_SECRET_ACCESS_KEY)
    throw new Error("Invalid configuration: set both S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY, or neither");
  return {
    endpoint: e.S3_ENDPOINT?.replace(/\/+$/, ""),
    bucket: e.S3_BUCKET!,
    region: e.S3_REGION,
    credentials:
      e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
        ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
        : undefined,
    publicUrl: e.S3_PUBLIC_URL!.replace(/\/+$/, ""),
  };
}
