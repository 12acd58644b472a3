import { describe, expect, it } from "vitest";
import { normalizeEmail, tooManyRequestsMessage } from "./rate-limit";

describe("tooManyRequestsMessage", () => {
  it("says the minutes left, rounded up, never fewer than one", () => {
    expect(tooManyRequestsMessage(3600)).toBe("Too many requests, try again in 60 minutes");
    expect(tooManyRequestsMessage(61)).toBe("Too many requests, try again in 2 minutes");
    expect(tooManyRequestsMessage(60)).toBe("Too many requests, try again in 1 minute");
    expect(tooManyRequestsMessage(1)).toBe("Too many requests, try again in 1 minute");
    expect(tooManyRequestsMessage(0)).toBe("Too many requests, try again in 1 minute");
  });
});

describe("normalizeEmail", () => {
  it("folds what reaches one mailbox: case, +tags, and Gmail's dots and second domain", () => {
    for (const email of [" Victim+1@Example.COM ", "victim+a+b@example.com"])
      expect(normalizeEmail(email)).toBe("victim@example.com");
    for (const email of ["vic.tim+2@gmail.com", "V.I.C.T.I.M@googlemail.com"])
      expect(normalizeEmail(email)).toBe("victim@gmail.com");
    // Elsewhere dots may tell mailboxes apart.
    for (const email of ["j.o@mail.example", "jo@mail.example"]) expect(normalizeEmail(email)).toBe(email);
    // An @ inside a quoted local part: the domain is after the last one.
    expect(normalizeEmail('"a@b"+x@gmail.com')).toBe('"a@b"@gmail.com');
  });
});
