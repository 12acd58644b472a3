import crypto from "node:crypto";
import { describe, expect, it } from "vitest";
import { createFormStamps } from "./form-stamp.server";

describe("form stamps", () => {
  const stamps = createFormStamps("a-secret");
  const now = 1_800_000_000_000;

  it("tells how long ago a stamp was issued, for its own purpose only", () => {
    const stamp = stamps.issue("inquiry:a", now - 5000);
    expect(stamps.age("inquiry:a", stamp, now)).toBe(5000);
    expect(stamps.age("inquiry:b", stamp, now)).toBeNull();
    expect(createFormStamps("another-secret").age("inquiry:a", stamp, now)).toBeNull();
  });

  it("refuses a changed time, a made-up signature, garbage and a stamp from the future", () => {
    const stamp = stamps.issue("inquiry:a", now - 5000);
    const [, nonce, mac] = stamp.split(".");
    expect(stamps.age("inquiry:a", `${now - 60_000}.${nonce}.${mac}`, now)).toBeNull();
    expect(stamps.age("inquiry:a", `${now - 5000}.${"B".repeat(16)}.${mac}`, now)).toBeNull();
    expect(stamps.age("inquiry:a", `${now - 5000}.${nonce}.${"A".repeat(43)}`, now)).toBeNull();
    for (const junk of ["", "123", "x.y", `${stamp}.extra`])
      expect(stamps.age("inquiry:a", junk, now)).toBeNull();
    expect(stamps.age("inquiry:a", stamps.issue("inquiry:a", now + 120_000), now)).toBeNull();
    expect(stamps.age("inquiry:a", stamps.issue("inquiry:a", now + 10_000), now)).toBe(0);
  });

  it("gives each stamp an id of its own, even two of one moment, so that a use can be recorded", () => {
    const [a, b] = [stamps.issue("inquiry:a", now), stamps.issue("inquiry:a", now)];
    expect(a).not.toBe(b);
    const [readA, readB] = [stamps.read("inquiry:a", a, now), stamps.read("inquiry:a", b, now)];
    expect(readA).toMatchObject({ issuedAt: now, age: 0 });
    expect(readA!.id).not.toBe(readB!.id);
    expect(stamps.read("inquiry:b", a, now)).toBeNull();
  });

  it("still reads a stamp issued before stamps had a nonce (a claim link in a sent mail)", () => {
    const key = crypto.createHmac("sha256", "a-secret").update("vv form stamps").digest();
    const at = now - 5000;
    const mac = crypto.createHmac("sha256", key).update(`inquiry:a\n${at}`).digest("base64url");
    expect(stamps.age("inquiry:a", `${at}.${mac}`, now)).toBe(5000);
    expect(stamps.age("inquiry:b", `${at}.${mac}`, now)).toBeNull();
  });
});
