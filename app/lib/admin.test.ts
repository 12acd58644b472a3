import { describe, expect, it } from "vitest";
import { adminEditPath, adminReturnPath, adminSearchQuery, isUserIdShaped } from "./admin";
import { bodyLimitFor, FORM_BODY_LIMIT, SUBMISSION_BODY_LIMIT } from "./body-limits";

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

describe("the admin's edit form and where it goes back to", () => {
  const back = (query: string) => adminReturnPath(new URLSearchParams(query));

  it("goes back to the admin page it was opened from (the pending cards' Edit)", () => {
    expect(adminEditPath("v1", "/admin/pending")).toBe("/admin/edit-venue/v1?returnTo=%2Fadmin%2Fpending");
    expect(adminEditPath("v1")).toBe("/admin/edit-venue/v1");
    expect(back("returnTo=%2Fadmin%2Fpending")).toBe("/admin/pending");
    const list = "/admin/venues?q=barn&page=2";
    expect(back(`returnTo=${encodeURIComponent(list)}`)).toBe(list);
  });

  it("never leaves the admin area: other sites and other pages read as the venue list", () => {
    for (const to of [
      "",
      "returnTo=",
      "returnTo=https://evil.example",
      "returnTo=//evil.example/admin/",
      "returnTo=/account",
      "returnTo=/administrator",
    ])
      expect(back(to), to).toBe("/admin/venues");
  });
});

describe("bodyLimitFor", () => {
  it("lets the owner's edit of a submission (photos and logo) through like a submission, not other account pages", () => {
    expect(bodyLimitFor("/account/venues/0b9f0c4e-3c1a-4f4e-9d57-1b2c3d4e5f60")).toBe(SUBMISSION_BODY_LIMIT);
    expect(bodyLimitFor("/account/venues/0b9f0c4e-3c1a-4f4e-9d57-1b2c3d4e5f60.data")).toBe(
      SUBMISSION_BODY_LIMIT,
    );
    expect(bodyLimitFor("/account/venues")).toBe(FORM_BODY_LIMIT);
    expect(bodyLimitFor("/account/venues/x/y")).toBe(FORM_BODY_LIMIT);
  });
});
