import { describe, expect, it } from "vitest";
import { adminSearchQuery, isUserIdShaped } from "./admin";

describe("adminSearchQuery", () => {
  const q = (query: string) => adminSearchQuery(new URLSearchParams(query));

  it("turns NUL and other control characters into spaces, so the database never sees them", () => {
    expect(q("q=%00")).toBe(" ");
    expect(q("q=Barn%00Hall")).toBe("Barn Hall");
    expect(q("q=a%09b%0Ac%7F")).toBe("a b c ");
  });

  it("keeps what was typed otherwise, up to 100 characters", () => {
    expect(q("")).toBe("");
    expect(q("q=Zo%C3%AB%27s%20%25_barn")).toBe("Zoë's %_barn");
    expect(q(`q=${"x".repeat(300)}`)).toHaveLength(100);
  });
});

describe("isUserIdShaped", () => {
  it("takes better-auth's ids, not empty, overlong or control-character ones", () => {
    expect(isUserIdShaped("m7izf4fG870jaLhO4wlhJX8K6Rsh9ksS")).toBe(true);
    expect(isUserIdShaped("")).toBe(false);
    expect(isUserIdShaped("\u0000")).toBe(false);
    expect(isUserIdShaped("abc\u0000def")).toBe(false);
    expect(isUserIdShaped("x".repeat(101))).toBe(false);
  });
});
