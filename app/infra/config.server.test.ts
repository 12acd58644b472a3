import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.server";

const base = { DATA_DIR: "/tmp/vv-config-test", SITE_URL: "https://vows.example" };

describe("SITE_ALIASES", () => {
  it("reads a comma-separated list of origins", () => {
    expect(loadConfig(base).siteAliases).toEqual([]);
    expect(
      loadConfig({ ...base, SITE_ALIASES: "https://www.vows.example/, http://vows.example:8080" })
        .siteAliases,
    ).toEqual(["https://www.vows.example", "http://vows.example:8080"]);
  });

  it("refuses anything but origins", () => {
    for (const bad of [
      "www.vows.example",
      "https://vows.example/path",
      "ftp://vows.example",
      "https://a.example,",
    ])
      expect(() => loadConfig({ ...base, SITE_ALIASES: bad }), bad).toThrow(/SITE_ALIASES/);
  });
});

describe("METRICS_TOKEN", () => {
  it("is off unless set, and refuses a token short enough to guess", () => {
    expect(loadConfig(base).metricsToken).toBeUndefined();
    expect(loadConfig({ ...base, METRICS_TOKEN: " 0123456789abcdef " }).metricsToken).toBe(
      "0123456789abcdef",
    );
    for (const bad of ["short", "0123456789abcde", "0123456789 abcdef"])
      expect(() => loadConfig({ ...base, METRICS_TOKEN: bad }), bad).toThrow(/METRICS_TOKEN: at least 16/);
  });
});
