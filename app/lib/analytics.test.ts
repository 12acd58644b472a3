import { afterEach, describe, expect, it, vi } from "vitest";
import { asksNotToTrack, track } from "./analytics";

const event = { name: "venue_view", params: { venue_id: "v1", venue_name: "Elk Barn" } } as const;

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("track", () => {
  it("sends events to gtag when Google Analytics is configured", () => {
    const gtag = vi.fn();
    vi.stubGlobal("window", { gtag });
    track(event);
    expect(gtag).toHaveBeenCalledWith("event", "venue_view", { venue_id: "v1", venue_name: "Elk Barn" });
  });

  it("pushes to the Tag Manager data layer when that is configured", () => {
    const dataLayer: unknown[] = [];
    vi.stubGlobal("window", { dataLayer });
    track({ name: "page_view", params: { page_path: "/", page_title: "Home" } });
    expect(dataLayer).toEqual([{ event: "page_view", page_path: "/", page_title: "Home" }]);
  });

  it("does nothing without a tag or outside the browser", () => {
    vi.stubGlobal("window", {});
    expect(() => track(event)).not.toThrow();
    vi.unstubAllGlobals();
    expect(() => track(event)).not.toThrow();
  });
});

describe("asksNotToTrack", () => {
  it("reads the Sec-GPC header: only 1 asks", () => {
    expect(asksNotToTrack("1")).toBe(true);
    expect(asksNotToTrack(" 1 ")).toBe(true);
    for (const value of [null, undefined, "", "0", "true", "yes"]) expect(asksNotToTrack(value)).toBe(false);
  });
});
