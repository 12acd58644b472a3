import type { RawResponse } from "./raw-http";

// Where an answer sends the browser, and whether that is still our site.

/** Where a response sends the browser: Location, or a single-fetch (.data) redirect. */
export function redirectTarget(res: Extract<RawResponse, { status: number }>): string | null {
  const location = res.headers.location ?? res.headers["x-remix-redirect"];
  if (typeof location === "string") return location;
  // React Router answers a .data request's redirect with 202 and the target in its turbo-stream
  // body, a flat array where an object's "_i": j means key values[i], value values[j]:
  // [{"_1":2,...},"redirect","/target",...] or [["SingleFetchRedirect",1],{"_2":3,...},"redirect",...].
  if (res.status === 202 && res.headers["x-remix-response"]) {
    const text = res.body.toString("utf8");
    try {
      const values = JSON.parse(text.split("\n")[0]!) as unknown[];
      for (const v of values)
        if (v && typeof v === "object" && !Array.isArray(v))
          for (const [key, at] of Object.entries(v as Record<string, number>))
            if (values[Number(key.slice(1))] === "redirect") return String(values[at]);
    } catch {
      // reported below
    }
    return `<unreadable single-fetch redirect: ${text.slice(0, 200)}>`;
  }
  return null;
}

/** A path on our own origin, as a browser would read it (tabs and newlines dropped, \ as /). */
export function isOnSite(location: string, origin: string): boolean {
  // eslint-disable-next-line no-control-regex -- control characters are what we look for
  if (/[\u0000-\u001F\u007F]/.test(location)) return false;
  const asBrowser = location.replace(/\\/g, "/");
  if (!asBrowser.startsWith("/") || asBrowser.startsWith("//")) return false;
  try {
    return new URL(location, origin).origin === origin;
  } catch {
    return false;
  }
}
