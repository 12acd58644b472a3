import { describe, expect, it } from "vitest";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { createPageCache, inlineScriptHashes, type RenderedPage } from "./page-cache.server";

const html = new Headers({ "content-type": "text/html" });
const page = (body: string): RenderedPage => ({ status: 200, headers: html, body });
const rendering = (body: string) => async () => page(body);

describe("the page cache", () => {
  it("keeps a page rendered under the current content, and serves it", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { page: cached, generation } = await cache.get("/a");
    expect(cached).toBeUndefined();
    expect(await cache.fill("/a", generation, rendering("<p>n1</p>"))).toHaveProperty(
      "page.body",
      "<p>n1</p>",
    );
    expect((await cache.get("/a")).page?.body).toBe("<p>n1</p>");
  });

  it("sends but does not keep a page when a write emptied the cache while it rendered", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { generation } = await cache.get("/a");
    const answer = await cache.fill("/a", generation, async () => {
      cache.clear(); // a write finished while the page was rendering
      return page("<p>old</p>");
    });
    expect(answer).toHaveProperty("page.body", "<p>old</p>");
    expect((await cache.get("/a")).page).toBeUndefined();
  });

  it("a request after a write does not wait for a render that began before it", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const before = await cache.get("/a");
    let finish!: () => void;
    const first = cache.fill("/a", before.generation, async () => {
      await new Promise<void>((resolve) => (finish = resolve));
      return page("<p>old</p>");
    });
    await new Promise((resolve) => setTimeout(resolve, 0)); // the first render is under way
    cache.clear(); // a write
    const after = await cache.get("/a");
    const second = await cache.fill("/a", after.generation, rendering("<p>new</p>"));
    finish();
    expect(second).toHaveProperty("page.body", "<p>new</p>");
    expect(await first).toHaveProperty("page.body", "<p>old</p>");
    expect((await cache.get("/a")).page?.body).toBe("<p>new</p>");
  });

  it("reads the content version afresh on a miss, so a page is filed under what it shows", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: async () => version, versionCheckMs: 50 });
    await cache.get("/warm"); // version 1 read
    version = 2; // another instance wrote
    const miss = await cache.get("/a");
    await cache.fill("/a", miss.generation, rendering("<p>v2</p>"));
    await new Promise((resolve) => setTimeout(resolve, 60)); // the next check reads version 2 again
    expect((await cache.get("/a")).page?.body).toBe("<p>v2</p>");
  });

  it("after a write, reads the version at once: a content change empties it, a favourite does not", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: async () => version, versionCheckMs: 60_000 });
    const first = await cache.get("/a");
    await cache.fill("/a", first.generation, rendering("<p>v1</p>"));
    cache.writeStarted()(); // a write that changed no page
    expect((await cache.get("/a")).page?.body).toBe("<p>v1</p>");
    version = 2; // a write that did (the triggers bumped the version)
    cache.writeStarted()();
    expect((await cache.get("/a")).page).toBeUndefined();
  });

  it("while a write is under way, every request reads the version: its change shows at once", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: async () => version, versionCheckMs: 60_000 });
    const first = await cache.get("/a");
    await cache.fill("/a", first.generation, rendering("<p>v1</p>"));
    const ended = cache.writeStarted();
    expect((await cache.get("/a")).page?.body).toBe("<p>v1</p>");
    version = 2; // committed; its answer's headers are out, its body not yet
    expect((await cache.get("/a")).page).toBeUndefined();
    ended();
  });

  it("refuses what is not a plain page, and hands the render back to be sent as it is", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { generation } = await cache.get("/a");
    const missing = { ...page("x"), status: 404 };
    const withCookie = {
      ...page("x"),
      headers: new Headers({ "content-type": "text/html", "set-cookie": "a=b" }),
    };
    expect(await cache.fill("/a", generation, async () => missing)).toEqual({ rendered: missing });
    // A page its route marks as never to be stored (a form with its own signed time, issue 23).
    const noStore = {
      ...page("x"),
      headers: new Headers({ "content-type": "text/html", "cache-control": "private, no-store" }),
    };
    expect(await cache.fill("/a", generation, async () => withCookie)).toEqual({ rendered: withCookie });
    expect(await cache.fill("/a", generation, async () => noStore)).toEqual({ rendered: noStore });
    expect((await cache.get("/a")).page).toBeUndefined();
  });

  it("renders a page once for all the requests that miss it at the same time", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { generation } = await cache.get("/a");
    let renders = 0;
    const slow = async () => {
      renders++;
      await new Promise((resolve) => setTimeout(resolve, 20));
      return page("<p>once</p>");
    };
    const answers = await Promise.all(Array.from({ length: 50 }, () => cache.fill("/a", generation, slow)));
    expect(renders).toBe(1);
    expect(answers.every((a) => "page" in a && a.page.body === "<p>once</p>")).toBe(true);
  });

  it("renders a page that is not kept once per request, and at most maxRenders at a time", async () => {
    const cache = createPageCache({ readVersion: async () => 1, maxRenders: 3 });
    const { generation } = await cache.get("/a");
    let running = 0;
    let most = 0;
    let renders = 0;
    const notFound = async () => {
      renders++;
      most = Math.max(most, ++running);
      await new Promise((resolve) => setTimeout(resolve, 5));
      running--;
      return { ...page("gone"), status: 404 };
    };
    const keys = Array.from({ length: 20 }, (_, i) => `/missing-${i % 10}`);
    const answers = await Promise.all(keys.map((key) => cache.fill(key, generation, notFound)));
    expect(answers.every((a) => "rendered" in a && a.rendered.status === 404)).toBe(true);
    expect(renders).toBe(20); // each request sends its own 404 (with its own nonce)
    expect(most).toBe(3);
  });
});

describe("the page cache's memory", () => {
  it("keeps each page compressed once, Brotli and gzip, the same text as the body", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const body = `<main>${"Aspen meadow — ceremony lawn. ".repeat(500)}</main>`;
    const answer = await cache.fill("/a", 0, rendering(body));
    if (!("page" in answer)) throw new Error("not kept");
    expect(zlib.brotliDecompressSync(answer.page.encoded.br).toString()).toBe(body);
    expect(zlib.gunzipSync(answer.page.encoded.gzip).toString()).toBe(body);
    expect(answer.page.encoded.br.length).toBeLessThan(body.length / 10);
  });

  it("drops the oldest pages when the kept pages weigh more than maxBytes", async () => {
    // Each page weighs about 2 x 10,000 bytes of text plus its two small compressed copies.
    const cache = createPageCache({ readVersion: async () => 1, maxBytes: 50_000 });
    const body = (n: number) => `<p>${String(n).repeat(10_000)}</p>`;
    const { generation } = await cache.get("/");
    for (const n of [1, 2, 3, 4]) await cache.fill(`/${n}`, generation, rendering(body(n)));
    const kept = [];
    for (const n of [1, 2, 3, 4]) if ((await cache.get(`/${n}`)).page) kept.push(n);
    expect(kept).toEqual([3, 4]);
  });
});

describe("inlineScriptHashes", () => {
  const sha = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;

  it("hashes the exact text of every inline script, once each, and skips external ones", () => {
    const html = [
      '<script nonce="a">window.x = 1;</script>',
      '<script type="text/plain">import("/assets/a.js")</script>',
      '<script src="/assets/b.js" nonce="a"></script>',
      '<SCRIPT type="module">\n  go();\n</SCRIPT>',
      '<script nonce="b">window.x = 1;</script>',
    ].join("");
    expect(inlineScriptHashes(html)).toEqual([
      sha("window.x = 1;"),
      sha('import("/assets/a.js")'),
      sha("\n  go();\n"),
    ]);
  });

  it("a cached page carries them, and its ETag changes with any byte of the body", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const made = async (body: string) => {
      const answer = await cache.fill(body, 0, rendering(body));
      return "page" in answer ? answer.page : undefined;
    };
    const one = await made('<script nonce="n1">go()</script>');
    const two = await made('<script nonce="n2">go()</script>');
    expect(one?.scriptHashes).toEqual([sha("go()")]);
    expect(one?.etag).not.toBe(two?.etag);
  });
});
