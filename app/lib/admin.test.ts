import { describe, expect, it } from "vitest";
import {
  ADMIN_EXPORT_PATH,
  adminListParams,
  adminListUrl,
  ADMIN_PENDING_PATH,
  adminSearchQuery,
  isNarrowed,
  isUserIdShaped,
  venueListReturn,
  withReturnTo,
} from "./admin";
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
    for (const id of ["", "\u0000", "abc\u0000def", "x".repeat(101)])
      expect(isUserIdShaped(id), JSON.stringify(id)).toBe(false);
  });
});

describe("the admin's edit form and where it goes back to", () => {
  it("goes back to the pending venues it was opened from (the pending cards' Edit)", () => {
    expect(withReturnTo("/admin/edit-venue/v1", ADMIN_PENDING_PATH)).toBe(
      "/admin/edit-venue/v1?returnTo=%2Fadmin%2Fpending",
    );
    expect(venueListReturn("/admin/pending")).toBe("/admin/pending");
    expect(venueListReturn("/administrator")).toBe("/admin/venues");
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

describe("the venue list's state in its address (issue 22)", () => {
  const TYPE = "0b6f7c1e-5d1a-4c2b-9a9e-3f1d2c4b5a6e";
  const read = (query: string) => adminListParams(new URLSearchParams(query));

  it("reads every part, and ignores what is not one of the choices", () => {
    expect(read("")).toEqual({
      q: "",
      sort: "name",
      dir: "asc",
      page: 1,
      size: 50,
      status: "approved",
      coords: null,
      category: null,
      region: null,
      importId: null,
    });
    expect(
      read(
        `q=barn&status=pending&coords=missing&category=${TYPE}&region=foothills&sort=capacity&dir=desc&size=100&page=3`,
      ),
    ).toEqual({
      q: "barn",
      sort: "capacity",
      dir: "desc",
      page: 3,
      size: 100,
      status: "pending",
      coords: "missing",
      category: TYPE,
      region: "Foothills",
      importId: null,
    });
    expect(read("status=all&coords=yes&category=barn&region=Mars&sort=id&size=30&page=-2")).toEqual(read(""));
    expect(read("page=1e3").page).toBe(1);
    expect(read("page=0").page).toBe(1);
  });

  it("writes one address per state, defaults left out, and reads it back", () => {
    expect(adminListUrl({})).toBe("/admin/venues");
    expect(adminListUrl(read("size=50&page=1&status=approved&dir=asc"))).toBe("/admin/venues");
    const state = read(`page=2&q=Zo%C3%AB%27s&region=Foothills&category=${TYPE}&coords=missing&size=25`);
    const url = adminListUrl(state);
    expect(url).toBe(
      `/admin/venues?q=Zo%C3%AB%27s&coords=missing&category=${TYPE}&region=Foothills&size=25&page=2`,
    );
    expect(adminListParams(new URL(url, "http://x").searchParams)).toEqual(state);
    expect(adminListUrl({ q: "a", page: 4 }, ADMIN_EXPORT_PATH)).toBe("/admin/venues/export.csv?q=a&page=4");
  });

  it("tells when the search or a filter narrows the list (the status is its scope)", () => {
    expect(isNarrowed(read(""))).toBe(false);
    expect(isNarrowed(read("status=pending&size=25&page=2&sort=location"))).toBe(false);
    for (const q of ["q=x", "coords=missing", `category=${TYPE}`, "region=Foothills"])
      expect(isNarrowed(read(q))).toBe(true);
  });

  it("comes back only to the venue list, rebuilt from what the list reads: never another site", () => {
    expect(venueListReturn("/admin/venues?q=barn&page=2&status=pending")).toBe(
      "/admin/venues?q=barn&status=pending&page=2",
    );
    expect(venueListReturn("/admin/venues?q=a&intent=delete&evil=1")).toBe("/admin/venues?q=a");
    for (const bad of [
      null,
      "",
      "https://evil.example/admin/venues",
      "//evil.example/admin/venues",
      "/\\evil.example/admin/venues",
      "\\\\evil.example",
      "/admin/users",
      "/admin/venues/../users",
      "/admin/venuesx?q=a",
      "javascript:alert(1)",
      "admin/venues?q=a",
    ])
      expect(venueListReturn(bad)).toBe("/admin/venues");
    expect(withReturnTo("/admin/edit-venue/1", "/admin/venues")).toBe("/admin/edit-venue/1");
    expect(withReturnTo("/admin/edit-venue/1", "/admin/venues?q=a&page=2")).toBe(
      "/admin/edit-venue/1?returnTo=%2Fadmin%2Fvenues%3Fq%3Da%26page%3D2",
    );
  });
});
