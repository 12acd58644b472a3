import { describe, expect, it } from "vitest";
import { adminSearchQuery } from "./admin";

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
