import { describe, expect, it } from "vitest";
import { createPageCache } from "./page-cache.server";

const ok = { status: 200, headers: new Headers({ "content-type": "text/html" }) };

describe("the page cache", () => {
  it("keeps a page rendered under the current content, and serves it", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { page, generation } = await cache.get("/a");
    expect(page).toBeUndefined();
    cache.store("/a", ok, "<p>n1</p>", "n1", generation);
    expect((await cache.get("/a")).page?.body).toBe("<p>n1</p>");
  });

  it("does not keep a page whose render began before a write emptied the cache", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { generation } = await cache.get("/a");
    cache.clear(); // a write finished while the page was rendering
    expect(cache.store("/a", ok, "<p>old</p>", "n1", generation)).toBeUndefined();
    expect((await cache.get("/a")).page).toBeUndefined();
  });

  it("reads the content version afresh on a miss, so a page is filed under what it shows", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: async () => version, versionCheckMs: 50 });
    await cache.get("/warm"); // version 1 read
    version = 2; // another instance wrote
    const miss = await cache.get("/a");
    cache.store("/a", ok, "<p>v2</p>", "n1", miss.generation);
    await new Promise((resolve) => setTimeout(resolve, 60)); // the next check reads version 2 again
    expect((await cache.get("/a")).page?.body).toBe("<p>v2</p>");
  });

  it("after a write, reads the version at once: a content change empties it, a favourite does not", async () => {
    let version = 1;
    const cache = createPageCache({ readVersion: async () => version, versionCheckMs: 60_000 });
    const first = await cache.get("/a");
    cache.store("/a", ok, "<p>v1</p>", "n1", first.generation);
    cache.recheck(); // a write that changed no page
    expect((await cache.get("/a")).page?.body).toBe("<p>v1</p>");
    version = 2; // a write that did (the triggers bumped the version)
    cache.recheck();
    expect((await cache.get("/a")).page).toBeUndefined();
  });

  it("refuses what is not a plain page", async () => {
    const cache = createPageCache({ readVersion: async () => 1 });
    const { generation } = await cache.get("/a");
    const withCookie = {
      status: 200,
      headers: new Headers({ "content-type": "text/html", "set-cookie": "a=b" }),
    };
    expect(cache.store("/a", { ...ok, status: 404 }, "x", "n", generation)).toBeUndefined();
    expect(cache.store("/a", withCookie, "x", "n", generation)).toBeUndefined();
  });
});
