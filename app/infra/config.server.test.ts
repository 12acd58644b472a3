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

describe("MAIL_POSTAL_ADDRESS", () => {
  it("is unset unless given (the footers then have no address line), and trimmed", () => {
    expect(loadConfig(base).mailPostalAddress).toBeUndefined();
    expect(loadConfig({ ...base, MAIL_POSTAL_ADDRESS: " " }).mailPostalAddress).toBeUndefined();
    expect(loadConfig({ ...base, MAIL_POSTAL_ADDRESS: " 1 Main St, Denver " }).mailPostalAddress).toBe(
      "1 Main St, Denver",
    );
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

describe("INQUIRY_MIN_SECONDS", () => {
  it("is 3 unless set, and empty means the default, not off", () => {
    expect(loadConfig(base).inquiryMinSeconds).toBe(3);
    expect(loadConfig({ ...base, INQUIRY_MIN_SECONDS: "" }).inquiryMinSeconds).toBe(3);
    expect(loadConfig({ ...base, INQUIRY_MIN_SECONDS: "0" }).inquiryMinSeconds).toBe(0);
    expect(loadConfig({ ...base, INQUIRY_MIN_SECONDS: "10" }).inquiryMinSeconds).toBe(10);
    expect(loadConfig({ ...base, INQUIRY_MIN_SECONDS: "3600" }).inquiryMinSeconds).toBe(3600);
  });

  it("refuses anything but a whole number of seconds from 0 to 3600", () => {
    for (const bad of ["0x10", "1e1", " 5", "5 ", "-1", "1.5", "3601", "+5", "five"])
      expect(() => loadConfig({ ...base, INQUIRY_MIN_SECONDS: bad }), bad).toThrow(
        /INQUIRY_MIN_SECONDS: a whole number of seconds from 0 to 3600/,
      );
  });
});

describe("PASSWORD_HASH_COST", () => {
  it("is better-auth's 14 unless set, and takes 10 to 16", () => {
    const cost = (v?: string) => loadConfig({ ...base, PASSWORD_HASH_COST: v }).passwordHashCost;
    expect([undefined, "", "10", "16"].map(cost)).toEqual([14, 14, 10, 16]);
    for (const bad of ["9", "17", "0", "12.5", "0xa", "ten"])
      expect(() => cost(bad), bad).toThrow(/PASSWORD_HASH_COST: a whole number from 10 to 16 \(default 14\)/);
  });
});
