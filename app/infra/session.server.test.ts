import { describe, expect, it } from "vitest";
import { createFlashCookie } from "./context.server";
import { flashHeaders, readFlash } from "./session.server";

const toast = { type: "success" as const, message: "Saved" };
const setCookies = (h: Headers) => h.getSetCookie();

describe("the flash cookie", () => {
  it("is Secure when the site is https, though a TLS proxy reached us over http", async () => {
    const app = { flashCookie: createFlashCookie({ siteUrl: "https://vows.example" }, "secret") };
    const behindProxy = new Request("http://10.0.0.5:3000/admin");
    const [set] = setCookies(await flashHeaders(app, behindProxy, toast));
    expect(set).toMatch(/; Secure(;|$)/);
    expect(set).toMatch(/HttpOnly/);
    // Reading it clears it, with the same attributes.
    const request = new Request("http://10.0.0.5:3000/", { headers: { Cookie: set!.split(";")[0]! } });
    const read = await readFlash(app, request);
    expect(read.toast).toEqual(toast);
    expect(setCookies(read.headers)[0]).toMatch(/; Secure(;|$)/);
  });

  it("is not Secure on a plain-http site (local development)", async () => {
    const app = { flashCookie: createFlashCookie({ siteUrl: "http://localhost:3000" }, "secret") };
    const local = new Request("http://localhost:3000/admin");
    expect(setCookies(await flashHeaders(app, local, toast))[0]).not.toMatch(/Secure/);
  });
});
