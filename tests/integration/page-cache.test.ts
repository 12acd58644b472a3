import crypto from "node:crypto";
import http from "node:http";
import zlib from "node:zlib";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { venues } from "../../database/schema";
import { venuePath } from "../../app/lib/venue-url";
import { createVenue } from "../setup/factories";
import { withHttpApp, type HttpTestApp } from "../setup/http-app";
import { type TestApp } from "../setup/test-app";

let t: TestApp;
let web: HttpTestApp;
withHttpApp((app) => ({ t, http: web } = app), { timeout: 120_000 });

const HTML = { accept: "text/html,application/xhtml+xml" };
const view = (path: string, cookie?: string, headers: Record<string, string> = {}) =>
  web.fetch(path, { cookie, headers: { ...HTML, ...headers } });
/** A GET whose body comes back as sent (fetch would decode it). */
const rawGet = (url: string, headers: Record<string, string>) =>
  new Promise<{ headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on("data", (c: Buffer) => chunks.push(c));
        res.on("end", () => resolve({ headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on("error", reject);
  });
const sha256 = (text: string) => crypto.createHash("sha256").update(text).digest("base64");

describe("the page cache for signed-out visitors", () => {
  it("renders a page once, then serves the same bytes under an ETag", async () => {
    const venue = await createVenue(t.db, { name: "Cached Aspen Barn" });
    const first = await view(venuePath(venue));
    expect(first.headers.get("x-page-cache")).toBe("miss");
    const second = await view(venuePath(venue));
    expect(second.headers.get("x-page-cache")).toBe("hit");
    expect(second.headers.get("cache-control")).toMatch(/s-maxage=\d+/);
    const html = await second.text();
    expect(html).toContain("Cached Aspen Barn");
    expect(await first.text()).toBe(html);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
  });

  // Compressed once when kept, not on every request (bench:load: three times the pages a second).
  it("sends a kept page compressed as the browser asks, Brotli first, the same bytes as plain", async () => {
    const venue = await createVenue(t.db, { name: "Compressed Canyon Hall" });
    await (await view(venuePath(venue))).text();
    const plain = await view(venuePath(venue), undefined, { "accept-encoding": "identity" });
    const html = await plain.text();
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(html).toContain("Compressed Canyon Hall");
    for (const [accept, encoding, decode] of [
      ["gzip, deflate, br", "br", zlib.brotliDecompressSync],
      ["gzip", "gzip", zlib.gunzipSync],
    ] as const) {
      // undici decodes what it asked for itself: a raw Node request sees the bytes as sent.
      const res = await rawGet(web.origin + venuePath(venue), { ...HTML, "accept-encoding": accept });
      expect(res.headers["x-page-cache"]).toBe("hit");
      expect(res.headers["content-encoding"]).toBe(encoding);
      expect(res.headers.vary).toMatch(/Accept-Encoding/i);
      expect(res.headers.etag).toBe(plain.headers.get("etag"));
      expect(decode(res.body).toString()).toBe(html);
    }
  });

  // A browser (or a CDN) that revalidates keeps its body and takes the 304's headers: a new nonce
  // in them refused every inline script of the kept page, which then never hydrated (issue 19).
  it("allows a cached page's scripts by their hashes, the same in a 304 as in the 200", async () => {
    const venue = await createVenue(t.db, { name: "Revalidated Ridge Lodge" });
    await (await view(venuePath(venue))).text();
    const full = await view(venuePath(venue));
    const html = await full.text();
    const csp = full.headers.get("content-security-policy")!;
    expect(csp).not.toMatch(/'nonce-/);
    const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter(
      ([, attributes]) => !/\bsrc=/.test(attributes!),
    );
    expect(scripts.length).toBeGreaterThan(2);
    for (const [, , text] of scripts) expect(csp).toContain(`'sha256-${sha256(text!)}'`);

    const notModified = await view(venuePath(venue), undefined, {
      "if-none-match": full.headers.get("etag")!,
    });
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get("content-security-policy")).toBe(csp);
  });

  it("never serves a cached page to a signed-in visitor", async () => {
    const venue = await createVenue(t.db, { name: "Private View Hall" });
    await (await view(venuePath(venue))).text(); // cached for visitors
    const member = await t.signUp({ name: "Signed In Sam" });
    const res = await view(venuePath(venue), member.cookie);
    expect(res.headers.get("x-page-cache")).toBeNull();
    expect(res.headers.get("cache-control")).toBe("private, no-store");
    const html = await res.text();
    expect(html).toContain("Signed In Sam");
    const anonymous = await (await view(venuePath(venue))).text();
    expect(anonymous).not.toContain("Signed In Sam");
  });

  it("shows a new review at once", async () => {
    const venue = await createVenue(t.db, { name: "Review Fresh Lodge" });
    await (await view(venuePath(venue))).text();
    expect((await view(venuePath(venue))).headers.get("x-page-cache")).toBe("hit");
    const writer = await t.signUp();
    const posted = await web.fetch(venuePath(venue), {
      method: "POST",
      cookie: writer.cookie,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ rating: "5", comment: "Just married here, perfect day" }),
    });
    expect(posted.status).toBe(200);
    const after = await view(venuePath(venue));
    expect(after.headers.get("x-page-cache")).toBe("miss");
    expect(await after.text()).toContain("Just married here, perfect day");
  });

  it("notices a change written by another server or a script", async () => {
    const venue = await createVenue(t.db, { name: "Before Rename Ranch" });
    await (await view(venuePath(venue))).text();
    await t.db
      .update(venues)
      .set({ description: "Renamed elsewhere: a fresh description" })
      .where(eq(venues.id, venue.id));
    // Within the version check's interval (250 ms), however slow the machine.
    await expect
      .poll(async () => (await view(venuePath(venue))).text(), { timeout: 10_000 })
      .toContain("Renamed elsewhere: a fresh description");
  });
});

describe("a page's scripts (ADR 017)", () => {
  it("wait in the HTML for the first paint: no preload or module script, one loader that adds them", async () => {
    const venue = await createVenue(t.db, { name: "Deferred Script Chapel" });
    const res = await view(venuePath(venue));
    const html = await res.text();
    expect(html).toContain("Deferred Script Chapel");
    expect(html).not.toMatch(/<link[^>]+rel="modulepreload"/);
    expect(html).not.toMatch(/<script[^>]+type="module"/);
    const parts =
      /<script type="text\/plain">([\s\S]*?)<\/script><script nonce="([^"]+)">([\s\S]*?)<\/script>/.exec(
        html,
      );
    expect(parts).not.toBeNull();
    const [, start, , loader] = parts!;
    // React Router's module script, inert. It imports the whole route manifest's file rather than
    // carrying part of it (ADR 035).
    expect(start).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/public/venue":route1}',
    );
    expect(start).toMatch(/import "\/assets\/manifest-[\w-]+\.js"/);
    expect(start).not.toContain("window.__reactRouterManifest =");
    // The loader, and the module script it makes of that text, are allowed by the page's CSP; the
    // loader runs once the first contentful paint is reported.
    const csp = res.headers.get("content-security-policy")!;
    expect(csp).toContain(`'sha256-${sha256(loader!)}'`);
    expect(csp).toContain(`'sha256-${sha256(start!)}'`);
    expect(loader).toContain('getEntriesByName("first-contentful-paint")');
    expect(loader).toContain('l.rel="modulepreload"');
    expect(loader).toContain('s.type="module"');
  });
});
