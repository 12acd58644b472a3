import { eq } from "drizzle-orm";
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { reviewReplies, reviews, venueFaqs, venueManagers } from "../../database/schema";
import { createFaq, createVenue } from "../setup/factories";
import { startHttpApp, type HttpTestApp } from "../setup/http-app";
import { createTestApp, SITE_URL, type TestApp } from "../setup/test-app";

// Issue 21, part 7: small edges of the HTTP surface. Malformed ids and NUL bytes never reach the
// database, one Cache-Control per response, quiet /uploads refusals, and a cross-site check that
// trusts the configured origins rather than the Host the sender chose.

let t: TestApp;
let server: HttpTestApp;
type Account = Awaited<ReturnType<TestApp["signUp"]>>;
let admin: Account;
let manager: Account;

beforeAll(async () => {
  t = await createTestApp();
  server = await startHttpApp(t);
  admin = await t.signUp({ role: "admin", name: "Ada Admin" });
  manager = await t.signUp({ role: "venue_manager", name: "Morgan Manager" });
}, 120_000);
afterAll(async () => {
  await server?.close();
  await t?.close();
});

const post = (path: string, fields: Record<string, string>, cookie: string, headers: HeadersInit = {}) =>
  server.fetch(path, {
    method: "POST",
    cookie,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body: new URLSearchParams(fields),
  });

describe("a venue id that is not a UUID in the manager's edit actions", () => {
  it("answers 404 for each form of the page, as the venue's manager and as an admin", async () => {
    const venue = await createVenue(t.db, { name: "Id Check Hall" });
    await t.db.insert(venueManagers).values({ userId: manager.id, venueId: venue.id });
    await createFaq(t.db, venue.id, "Parking?", 10);
    const [faq] = await t.db.select().from(venueFaqs).where(eq(venueFaqs.venueId, venue.id));
    const [review] = await t.db
      .insert(reviews)
      .values({ venueId: venue.id, userId: admin.id, rating: 4, comment: "Nice." })
      .returning();
    const forms: Record<string, string>[] = [
      { intent: "faq-add", question: "Dogs?", answer: "Yes." },
      { intent: "faq-delete", faqId: faq!.id },
      { intent: "reply-save", reviewId: review!.id, reply: "Thanks!" },
      { intent: "reply-delete", reviewId: review!.id },
    ];
    for (const who of [manager, admin])
      for (const id of ["not-a-uuid", "x", `${venue.id}x`, "00000000-0000-0000-0000-00000000000g"])
        for (const form of forms) {
          const res = await post(`/venue-manager/edit-venue/${id}.data`, form, who.cookie);
          expect(res.status, `${form.intent} on ${id}`).toBe(404);
          expect(await res.text()).toContain("Venue not found");
        }
    expect(await t.db.select().from(venueFaqs).where(eq(venueFaqs.venueId, venue.id))).toHaveLength(1);
    expect(await t.db.select().from(reviewReplies)).toEqual([]);
  });
});

describe("a review id that is not a UUID on the review's report page", () => {
  it("answers 404, not a query the database refuses, for the page and its form", async () => {
    for (const id of ["not-a-uuid", "..%2F..%2Fetc%2Fpasswd", "'%20OR%201=1"]) {
      const page = await server.fetch(`/reviews/${id}/report`, {
        cookie: manager.cookie,
        headers: { accept: "text/html" },
      });
      expect(page.status, id).toBe(404);
      const form = await post(`/reviews/${id}/report.data`, { reason: "fake", note: "" }, manager.cookie);
      expect(form.status, id).toBe(404);
    }
  });
});

describe("a multipart field in a charset the parser cannot decode", () => {
  it("is a form that cannot be read (400), not a crash", async () => {
    const b = "edgeboundary";
    const body = `--${b}\r\nContent-Disposition: form-data; name="name"\r\nContent-Type: text/plain; charset=utf-16\r\n\r\n\u00ff\u00fe\r\n--${b}--\r\n`;
    const res = await server.fetch("/admin/venue-categories.data?index", {
      method: "POST",
      cookie: admin.cookie,
      headers: { "content-type": `multipart/form-data; boundary=${b}` },
      body: Buffer.from(body, "latin1"),
    });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("The form could not be read");
  });
});

describe("a NUL byte in an admin list's search", () => {
  it("never reaches the database: the lists load and search as if it were a space", async () => {
    await createVenue(t.db, { name: "Nul Search Barn" });
    const user = await t.signUp({ name: "Nul Search Person" });
    const get = async (path: string) => {
      const res = await server.fetch(path, { cookie: admin.cookie, headers: { accept: "text/html" } });
      return { status: res.status, text: await res.text() };
    };
    for (const q of ["%00", "Nul%00", "%00%00Search", "a%00b%00c"]) {
      for (const path of [`/admin/users?q=${q}`, `/admin/venues?q=${q}`]) {
        const page = await get(path);
        expect(page.status, path).toBe(200);
        expect(page.text, path).not.toContain("Failed to load");
      }
      const picker = await get(`/admin/users/${user.id}/venues?q=${q}`);
      expect(picker.status, q).toBe(200);
      expect(JSON.parse(picker.text)).not.toHaveProperty("error");
    }
    // Nor in a user id in the address.
    for (const id of ["%00", `${user.id}%00`])
      expect((await get(`/admin/users/${id}/venues`)).status).toBe(404);
    expect((await get("/admin/users?q=Nul%00Search")).text).toContain("Nul Search Person");
    expect((await get("/admin/venues?q=Nul%00Search")).text).toContain("Nul Search Barn");
  });
});

describe("Cache-Control", () => {
  it("is one header, the route's own, on the sitemaps, robots.txt, /healthz and the submission choices", async () => {
    await createVenue(t.db, { name: "Sitemap Venue" });
    const expected: Record<string, string> = {
      "/sitemap.xml": "public, max-age=300",
      "/sitemap/static.xml": "public, max-age=300",
      "/sitemap/venues-1.xml": "public, max-age=300",
      "/robots.txt": "public, max-age=3600",
      "/healthz": "no-store",
      "/api/venue-submissions": "private, max-age=60",
    };
    // As a crawler or a CDN asks, as a browser asks, and signed in.
    const askers: Record<string, HeadersInit>[] = [
      {},
      { headers: { accept: "text/html,application/xhtml+xml" } },
      { headers: { cookie: admin.cookie } },
    ];
    for (const [path, value] of Object.entries(expected))
      for (const init of askers) {
        const res = await server.fetch(path, init);
        await res.body?.cancel();
        expect(res.status, path).toBe(200);
        // Two headers would read as "a, b" here.
        expect(res.headers.get("cache-control"), `${path} ${JSON.stringify(init)}`).toBe(value);
      }
  });

  it("stays private, no-store on a signed-in page and its data", async () => {
    for (const path of ["/account", "/account.data", "/"]) {
      const res = await server.fetch(path, { cookie: admin.cookie });
      await res.body?.cancel();
      expect(res.headers.get("cache-control"), path).toBe("private, no-store");
    }
  });
});

describe("/uploads refusals", () => {
  it("answer a plain 404 or 403 and write no stack trace, at most one JSON line", async () => {
    // In production Express's default handler prints each such error's stack: start the app as
    // production does (Express reads NODE_ENV when it is created).
    vi.stubEnv("NODE_ENV", "production");
    const production = await startHttpApp(t).finally(() => vi.unstubAllEnvs());
    const written: string[] = [];
    const capture = (stream: NodeJS.WriteStream) =>
      vi.spyOn(stream, "write").mockImplementation((chunk: string | Uint8Array) => {
        written.push(String(chunk));
        return true;
      });
    const spies = [capture(process.stdout), capture(process.stderr), vi.spyOn(console, "error")];
    try {
      for (const [path, status] of [
        ["/uploads/venues/missing/photo-800.webp", 404],
        ["/uploads/.hidden", 404],
        ["/uploads/..%2F..%2Fetc%2Fpasswd", 403],
        ["/uploads/venues/..%2F..%2F..%2Fsecret", 403],
      ] as const) {
        const res = await production.fetch(path);
        expect(res.status, path).toBe(status);
        expect(res.headers.get("content-type"), path).toMatch(/^text\/plain/);
        expect(await res.text(), path).toBe(status === 404 ? "Not Found" : "Forbidden");
      }
      expect(spies[2]).not.toHaveBeenCalled();
    } finally {
      for (const spy of spies) spy.mockRestore();
      await production.close();
    }
    const lines = written.join("").split("\n").filter(Boolean);
    for (const line of lines) expect(() => JSON.parse(line), line).not.toThrow();
    expect(lines.length).toBeLessThanOrEqual(4);
  });
});

describe("the cross-site check", () => {
  /** A POST whose Host header (which the sender chooses) is `host`. */
  function postWithHost(host: string, origin: string): Promise<number> {
    const url = new URL(server.origin);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: url.hostname,
          port: url.port,
          method: "POST",
          path: "/logout",
          headers: {
            host,
            origin,
            "content-type": "application/x-www-form-urlencoded",
            "content-length": "0",
          },
        },
        (res) => {
          res.resume();
          resolve(res.statusCode ?? 0);
        },
      );
      req.on("error", reject);
      req.end();
    });
  }

  it("compares Origin with SITE_URL's origin and the aliases, not with the request's own Host", async () => {
    expect(await postWithHost("evil.example", "http://evil.example")).toBe(403);
    expect(await postWithHost("evil.example:8080", "http://evil.example:8080")).toBe(403);
    expect(await postWithHost("evil.example", SITE_URL)).not.toBe(403);
    // The test server's own address is listed as an alias (tests/setup/http-app.ts).
    expect(await postWithHost("evil.example", server.origin)).not.toBe(403);
  });
});
