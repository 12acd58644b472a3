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
    const [, mac] = stamp.split(".");
    expect(stamps.age("inquiry:a", `${now - 60_000}.${mac}`, now)).toBeNull();
    expect(stamps.age("inquiry:a", `${now - 5000}.${"A".repeat(43)}`, now)).toBeNull();
    for (const junk of ["", "123", "x.y", `${stamp}.extra`])
      expect(stamps.age("inquiry:a", junk, now)).toBeNull();
    expect(stamps.age("inquiry:a", stamps.issue("inquiry:a", now + 120_000), now)).toBeNull();
    expect(stamps.age("inquiry:a", stamps.issue("inquiry:a", now + 10_000), now)).toBe(0);
  });
});
