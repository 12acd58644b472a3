import { describe, expect, it } from "vitest";
import { tooManyRequestsMessage } from "./rate-limit";

describe("tooManyRequestsMessage", () => {
  it("says the minutes left, rounded up, never fewer than one", () => {
    expect(tooManyRequestsMessage(3600)).toBe("Too many requests, try again in 60 minutes");
    expect(tooManyRequestsMessage(61)).toBe("Too many requests, try again in 2 minutes");
    expect(tooManyRequestsMessage(60)).toBe("Too many requests, try again in 1 minute");
    expect(tooManyRequestsMessage(1)).toBe("Too many requests, try again in 1 minute");
    expect(tooManyRequestsMessage(0)).toBe("Too many requests, try again in 1 minute");
  });
});
