import type { Config } from "./config.server";

/**
 * CSP whose inline scripts (hydration data, the deferred loader, analytics snippet) are allowed by
 * `scripts`: a per-response `'nonce-…'`, or for a page served from the page cache the hashes of its
 * scripts, so that the header of a revalidated (304) copy still matches the body the browser or a
 * CDN kept (docs/decisions/010-page-cache.md).
 */
export function contentSecurityPolicy(config: Config, scripts: string[], production: boolean): string {
  const analytics = config.analytics.gaMeasurementId || config.analytics.gtmId;
  const tagHosts = analytics ? " https://www.googletagmanager.com https://www.google-analytics.com" : "";
  const tiles = originsOf(config.mapTileUrl);
  const dev = production ? "" : " 'unsafe-eval'";
  return [
    "default-src 'self'",
    `script-src 'self' ${scripts.join(" ")}${tagHosts}${dev}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: https:${production ? "" : " http:"}`,
    "font-src 'self'",
    `connect-src 'self'${tagHosts}${production ? "" : " ws: wss:"}${tiles}`,
    "frame-ancestors 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "object-src 'none'",
  ].join("; ");
}

function originsOf(template: string): string {
  try {
    return " " + new URL(template.replace(/\{[a-z]\}/g, "a")).origin;
  } catch {
    return "";
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * State-changing requests must come from our own pages: their Origin (or, failing that, Referer)
 * must be one of ours. Requests with neither are refused too (browsers always send Origin on POST).
 */
export function isAllowedOrigin(
  method: string,
  headers: { origin?: string; referer?: string },
  allowedOrigins: string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return true;
  const source = headers.origin ?? headers.referer;
  if (!source || source === "null") return false;
  try {
    return allowedOrigins.includes(new URL(source).origin);
  } catch {
    return false;
  }
}
