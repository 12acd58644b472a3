import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";
import { contentSecurityPolicy, isAllowedOrigin } from "./security.server";

const ours = ["https://vows.example"];

describe("isAllowedOrigin", () => {
  it("lets reads through and state changes only from our origin", () => {
    expect(isAllowedOrigin("GET", {}, ours)).toBe(true);
    expect(isAllowedOrigin("POST", { origin: "https://vows.example" }, ours)).toBe(true);
    expect(isAllowedOrigin("POST", { referer: "https://vows.example/account?tab=x" }, ours)).toBe(true);
    expect(isAllowedOrigin("POST", { origin: "https://evil.example" }, ours)).toBe(false);
    expect(isAllowedOrigin("DELETE", { origin: "null" }, ours)).toBe(false);
    expect(isAllowedOrigin("POST", {}, ours)).toBe(false);
    expect(isAllowedOrigin("POST", { referer: "not a url" }, ours)).toBe(false);
  });
});

describe("contentSecurityPolicy", () => {
  it("allows only our scripts with the request's nonce and forbids framing", () => {
    const config = loadConfig({ DATA_DIR: "/tmp/vv-csp-test", BETTER_AUTH_SECRET: "x" });
    const csp = contentSecurityPolicy(config, ["'nonce-abc123'"], true);
    expect(csp).toContain("script-src 'self' 'nonce-abc123'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).not.toContain("unsafe-eval");
    expect(csp).not.toContain("googletagmanager");
  });

  it("admits the analytics hosts only when a tag is configured", () => {
    const config = loadConfig({
      DATA_DIR: "/tmp/vv-csp-test",
      BETTER_AUTH_SECRET: "x",
      GA_MEASUREMENT_ID: "G-TEST",
    });
    expect(contentSecurityPolicy(config, ["'nonce-n'"], true)).toContain("https://www.googletagmanager.com");
  });
});
