import { describe, expect, it } from "vitest";
import { inquiryProgress, usualReplyLabel } from "./inquiry-progress";

describe("usualReplyLabel", () => {
  it("rounds up to the hour, then to the day past 48 hours; nothing when unknown", () => {
    expect(usualReplyLabel(60)).toBe("Usually replies within 1 hour");
    expect(usualReplyLabel(3600)).toBe("Usually replies within 1 hour");
    expect(usualReplyLabel(3601)).toBe("Usually replies within 2 hours");
    expect(usualReplyLabel(48 * 3600)).toBe("Usually replies within 48 hours");
    expect(usualReplyLabel(49 * 3600)).toBe("Usually replies within 3 days");
    expect(usualReplyLabel(null)).toBeNull();
    expect(usualReplyLabel(Infinity)).toBeNull();
  });
});

describe("inquiryProgress", () => {
  const base = { status: "new" as const, readAt: null, declineReason: null, tourAt: null, replies: [] };
  const keys = (i: Parameters<typeof inquiryProgress>[0]) => inquiryProgress(i).map((s) => s.key);
  it("lists the steps reached, in order", () => {
    expect(keys(base)).toEqual(["sent"]);
    expect(keys({ ...base, readAt: "2031-01-01T00:00:00Z" })).toEqual(["sent", "read"]);
    expect(keys({ ...base, status: "replied" })).toEqual(["sent", "read", "answered"]);
    expect(keys({ ...base, status: "closed" })).toEqual(["sent"]);
    expect(keys({ ...base, status: "booked", tourAt: "2031-05-03T16:00:00Z" })).toEqual([
      "sent",
      "read",
      "answered",
      "tour",
    ]);
    expect(inquiryProgress({ ...base, status: "declined", declineReason: "Full in June." }).at(-1)).toEqual({
      key: "declined",
      label: "Declined: Full in June.",
    });
  });
  it("a couple's own message is not an answer; the venue's is", () => {
    const reply = (author: "venue" | "couple") => ({
      id: "r",
      body: "",
      author,
      authorName: null,
      createdAt: "",
    });
    expect(keys({ ...base, replies: [reply("couple")] })).toEqual(["sent"]);
    expect(keys({ ...base, replies: [reply("venue")] })).toEqual(["sent", "read", "answered"]);
  });
});
