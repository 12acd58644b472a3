import { describe, expect, it } from "vitest";
import { askedAtLabel, coloradoToday, maxGuestsFor, readInboxFilter, weddingDateLabel } from "./inquiries";

describe("inquiries", () => {
  it("reads today in Colorado, whatever the server's zone", () => {
    // 05:00 UTC on the 27th is still the evening of the 26th in Denver (UTC-7 in November).
    expect(coloradoToday(new Date("2026-11-27T05:00:00Z"))).toBe("2026-11-26");
    expect(coloradoToday(new Date("2026-11-27T08:00:00Z"))).toBe("2026-11-27");
  });

  it("names a wedding date, flexible or not", () => {
    expect(weddingDateLabel("2027-06-12", false)).toBe("June 12, 2027");
    expect(weddingDateLabel("2027-06-12", true)).toBe("June 12, 2027 (flexible)");
    expect(weddingDateLabel(null, true)).toBe("Flexible");
    expect(weddingDateLabel(null, false)).toBe("Not decided yet");
  });

  it("names when a couple asked in Colorado's time", () => {
    expect(askedAtLabel(new Date("2026-11-30T10:38:00Z"))).toBe("November 30, 2026 at 3:38 AM");
  });

  it("allows ten guests per seat of capacity", () => {
    expect(maxGuestsFor(120)).toBe(1200);
    expect(maxGuestsFor(null)).toBe(100_000);
    expect(maxGuestsFor(0)).toBe(100_000);
  });

  it("reads the inbox's filter from its address, dropping what it cannot read", () => {
    const id = "3f2b8c1e-9a4d-4e6f-8b2a-1c3d5e7f9a0b";
    expect(readInboxFilter(new URLSearchParams(`venue=${id}&status=new&page=3`))).toEqual({
      venueId: id,
      status: "new",
      page: 3,
    });
    expect(readInboxFilter(new URLSearchParams("venue=x%00&status=read&page=-1"))).toEqual({
      venueId: null,
      status: null,
      page: 1,
    });
  });
});
