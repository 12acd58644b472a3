// A site visit's calendar invitation (issue 45, ADR 046): iCalendar text (RFC 5545, iTIP RFC 5546)
// written by hand, so that the tests can read it with an independent parser. One event per visit:
// its UID is the visit's id at the site's host and never changes; each reschedule or cancel sends
// it again with SEQUENCE one higher, so that calendars update the same event.
import { coloradoClock, TOUR_MINUTES, TOUR_ZONE } from "./tours";

export type InviteMethod = "REQUEST" | "CANCEL";

export type Invite = {
  method: InviteMethod;
  /** The visit's id; the UID is `${id}@${host}`. */
  id: string;
  host: string;
  sequence: number;
  startsAt: Date;
  venue: { name: string; address: string };
  /** The site's sending address (the organizer, on behalf of the venue). */
  organizerEmail: string;
  attendee: { name: string; email: string };
  /** The visit's page (reschedule, cancel). */
  url: string;
  stamp?: Date;
};

/** TEXT values: backslash, semicolon, comma and line breaks escaped (RFC 5545 3.3.11). */
export const escapeText = (s: string) =>
  s.replace(/\\/g, "\\\\").replace(/;/g, "\\;").replace(/,/g, "\\,").replace(/\r?\n/g, "\\n");

/** A parameter value: quoted, without the quotes and controls it may not hold (3.2). */
// eslint-disable-next-line no-control-regex -- removing control characters is the point
const param = (s: string) => `"${s.replace(/["\u0000-\u001f\u007f]/g, "")}"`;

/** Lines longer than 75 octets folded (3.1), never inside a UTF-8 character. */
export function foldLine(line: string): string {
  const enc = new TextEncoder();
  const parts: string[] = [];
  let cur = "";
  let size = 0;
  for (const ch of line) {
    const n = enc.encode(ch).length;
    const limit = parts.length === 0 ? 75 : 74;
    if (size + n > limit) {
      parts.push(cur);
      cur = "";
      size = 0;
    }
    cur += ch;
    size += n;
  }
  parts.push(cur);
  return parts.join("\r\n ");
}

const pad = (n: number) => String(n).padStart(2, "0");
const utcStamp = (d: Date) =>
  d
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d{3}/, "");
/** A Colorado wall time as DATE-TIME with the zone's TZID. */
function localStamp(at: Date): string {
  const c = coloradoClock(at);
  return `${c.day.replace(/-/g, "")}T${pad(Math.floor(c.minutes / 60))}${pad(c.minutes % 60)}00`;
}

/** America/Denver since 2007: MDT from the second Sunday of March, MST from the first of November. */
const VTIMEZONE = [
  "BEGIN:VTIMEZONE",
  `TZID:${TOUR_ZONE}`,
  "BEGIN:DAYLIGHT",
  "TZOFFSETFROM:-0700",
  "TZOFFSETTO:-0600",
  "TZNAME:MDT",
  "DTSTART:20070311T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU",
  "END:DAYLIGHT",
  "BEGIN:STANDARD",
  "TZOFFSETFROM:-0600",
  "TZOFFSETTO:-0700",
  "TZNAME:MST",
  "DTSTART:20071104T020000",
  "RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU",
  "END:STANDARD",
  "END:VTIMEZONE",
];

/** The invitation's text, CRLF line ends, folded. */
export function inviteIcs(i: Invite): string {
  const ends = new Date(i.startsAt.getTime() + TOUR_MINUTES * 60_000);
  const cancel = i.method === "CANCEL";
  const lines = [
    "BEGIN:VCALENDAR",
    "PRODID:-//Vows & Vistas//Site visits//EN",
    "VERSION:2.0",
    "CALSCALE:GREGORIAN",
    `METHOD:${i.method}`,
    ...VTIMEZONE,
    "BEGIN:VEVENT",
    `UID:${i.id}@${i.host}`,
    `SEQUENCE:${i.sequence}`,
    `DTSTAMP:${utcStamp(i.stamp ?? new Date())}`,
    `DTSTART;TZID=${TOUR_ZONE}:${localStamp(i.startsAt)}`,
    `DTEND;TZID=${TOUR_ZONE}:${localStamp(ends)}`,
    `SUMMARY:${escapeText(`Site visit: ${i.venue.name}`)}`,
    `LOCATION:${escapeText(i.venue.address)}`,
    `DESCRIPTION:${escapeText(`Change or cancel this visit: ${i.url}`)}`,
    `URL:${i.url}`,
    `ORGANIZER;CN=${param(i.venue.name)}:mailto:${i.organizerEmail}`,
    `ATTENDEE;CN=${param(i.attendee.name)};ROLE=REQ-PARTICIPANT;PARTSTAT=NEEDS-ACTION;RSVP=TRUE:mailto:${i.attendee.email}`,
    `STATUS:${cancel ? "CANCELLED" : "CONFIRMED"}`,
    "TRANSP:OPAQUE",
    "END:VEVENT",
    "END:VCALENDAR",
  ];
  return lines.map(foldLine).join("\r\n") + "\r\n";
}

/** The bare address of a From header ('Name <a@b>' or 'a@b'). */
export const addressOf = (from: string) => /<([^>]+)>/.exec(from)?.[1] ?? from.trim();
