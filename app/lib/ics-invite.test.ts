import ICAL from "ical.js";
import { describe, expect, it } from "vitest";
import { foldLine, inviteIcs, type Invite } from "./ics-invite";

const INVITE: Invite = {
  method: "REQUEST",
  id: "7c9e6679-7425-40de-944b-e07fc1f90ae7",
  host: "vows.example",
  sequence: 0,
  startsAt: new Date("2027-03-14T16:00:00Z"),
  venue: { name: 'Aspen; Barn, "Lodge"', address: "1 Pine Rd, Estes Park, CO" },
  organizerEmail: "no-reply@vows.example",
  attendee: { name: "Casey Couple", email: "casey@couple.example" },
  url: "https://vows.example/tours/7c9e6679-7425-40de-944b-e07fc1f90ae7?t=x",
  stamp: new Date("2027-03-01T12:00:00Z"),
};

describe("the site visit's invitation", () => {
  it("parses with its method, UID, times in Colorado, organizer and attendee", () => {
    const text = inviteIcs(INVITE);
    expect(text.split("\r\n").every((l) => new TextEncoder().encode(l).length <= 75)).toBe(true);
    const cal = new ICAL.Component(ICAL.parse(text));
    expect(cal.getFirstPropertyValue("method")).toBe("REQUEST");
    const ev = cal.getFirstSubcomponent("vevent")!;
    expect(ev.getFirstPropertyValue("uid")).toBe(`${INVITE.id}@vows.example`);
    expect(ev.getFirstPropertyValue("summary")).toBe('Site visit: Aspen; Barn, "Lodge"');
    const start = ev.getFirstProperty("dtstart")!;
    expect(start.getParameter("tzid")).toBe("America/Denver");
    expect(String(start.getFirstValue())).toBe("2027-03-14T10:00:00");
    expect(String(ev.getFirstPropertyValue("dtend"))).toBe("2027-03-14T11:00:00");
    // The zone the invitation carries turns it into the same instant.
    const zone = new ICAL.Timezone(cal.getFirstSubcomponent("vtimezone")!);
    const t = ev.getFirstPropertyValue("dtstart") as ICAL.Time;
    t.zone = zone;
    expect(t.toJSDate().toISOString()).toBe("2027-03-14T16:00:00.000Z");
    expect(ev.getFirstProperty("organizer")!.getParameter("cn")).toBe("Aspen; Barn, Lodge");
    const attendee = ev.getFirstProperty("attendee")!;
    expect(attendee.getFirstValue()).toBe("mailto:casey@couple.example");
    expect(attendee.getParameter("partstat")).toBe("NEEDS-ACTION");
    expect(attendee.getParameter("rsvp")).toBe("TRUE");
    expect(ev.getFirstPropertyValue("status")).toBe("CONFIRMED");
  });

  it("a cancel names the same event, cancelled", () => {
    const cal = new ICAL.Component(ICAL.parse(inviteIcs({ ...INVITE, method: "CANCEL", sequence: 2 })));
    expect(cal.getFirstPropertyValue("method")).toBe("CANCEL");
    const ev = cal.getFirstSubcomponent("vevent")!;
    expect(ev.getFirstPropertyValue("uid")).toBe(`${INVITE.id}@vows.example`);
    expect(ev.getFirstPropertyValue("sequence")).toBe(2);
    expect(ev.getFirstPropertyValue("status")).toBe("CANCELLED");
  });

  it("folds long lines without splitting a character", () => {
    const line = `SUMMARY:${"é".repeat(100)}`;
    const folded = foldLine(line);
    expect(folded.replace(/\r\n /g, "")).toBe(line);
    for (const part of folded.split("\r\n"))
      expect(new TextEncoder().encode(part).length).toBeLessThanOrEqual(75);
  });
});
