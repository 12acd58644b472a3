import type { Config } from "./config.server";

/** CSP with a per-request nonce for our inline scripts (hydration data, analytics snippet). */
export function contentSecurityPolicy(config: Config, nonce: string, production: boolean): string {
  const analytics = config.analytics.gaMeasurementId || config.analytics.gtmId;
  const tagHosts = analytics ? " https://www.googletagmanager.com https://www.google-analytics.com" : "";
  const tiles = originsOf(config.mapTileUrl);
  const dev = production ? "" : " 'unsafe-eval'";
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${tagHosts}${dev}`,
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
