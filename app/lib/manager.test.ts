import { describe, expect, it } from "vitest";
import { replyTimeLabel } from "./manager";

describe("manager", () => {
  it("names a reply time in minutes under an hour, hours up to 48, then days", () => {
    expect(replyTimeLabel(10)).toBe("1 minute");
    expect(replyTimeLabel(25 * 60)).toBe("25 minutes");
    expect(replyTimeLabel(59.7 * 60)).toBe("1 hour");
    expect(replyTimeLabel(5 * 3600 + 600)).toBe("5 hours");
    expect(replyTimeLabel(48 * 3600)).toBe("48 hours");
    expect(replyTimeLabel(49 * 3600)).toBe("2 days");
    expect(replyTimeLabel(10 * 86400)).toBe("10 days");
  });
});
