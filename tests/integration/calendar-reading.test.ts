import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { availabilityMessages } from "../../app/lib/availability";
import { previewIcsFile, readIcs } from "../../app/services/ics-import.server";

// Issue 39, item 2: the .ics reading runs in a worker thread with a heap and a time limit. What
// the reading's own budgets do not stop (ical.js looping inside one step of a rule that no day
// satisfies, a file whose parse alone outgrows the heap) is stopped by the worker's limits: the
// worker is terminated, the file refused with the limit it hit, and the next file is read by a
// new worker. One file is read at a time per process; a few more wait, the rest are refused.

const FIXTURE = path.join(import.meta.dirname, "../fixtures/ics/venue-bookings.ics");

const pad = (n: number) => String(n).padStart(2, "0");
const calendar = (...lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//Probe//EN", ...lines, "END:VCALENDAR", ""].join("\r\n");

/**
 * ical.js never returns from the first step of this rule (a 30 February, every hour), and takes
 * no memory meanwhile.
 */
const endless = calendar(
  "BEGIN:VEVENT",
  "UID:never@probe.example",
  "DTSTART:20270101T100000Z",
  "RRULE:FREQ=HOURLY;BYMONTH=2;BYMONTHDAY=30",
  "SUMMARY:Never",
  "END:VEVENT",
);

/**
 * A yearly event with 225,000 excluded dates (1.9 MB): read, they take twice the heap the worker
 * has, in a moment (a file of 390,000 one-letter properties needs about as much as it has).
 */
const heavy = calendar(
  "BEGIN:VEVENT",
  "UID:heavy@probe.example",
  "DTSTART;VALUE=DATE:20270101",
  "RRULE:FREQ=YEARLY;COUNT=1",
  `EXDATE;VALUE=DATE:${Array.from({ length: 225_000 }, (_, i) => `2027${pad(1 + (i % 12))}${pad(1 + (i % 28))}`).join(",")}`,
  "END:VEVENT",
);

async function expectFixtureRead() {
  const next = await previewIcsFile(await fs.readFile(FIXTURE, "utf8"), "2027-01-01");
  expect(next.ok && next.preview.days).toBe(12);
}

describe("the reading's worker", () => {
  it("stops a file at the time limit, and reads the next file", async () => {
    expect(await previewIcsFile(endless)).toEqual({
      ok: false,
      status: 400,
      error: availabilityMessages.readTooLong,
    });
    await expectFixtureRead();
  });

  it("stops a file at the heap limit, and reads the next file", async () => {
    expect(Buffer.byteLength(heavy)).toBeLessThan(2 * 1024 * 1024);
    // The heap limit, whatever the machine's speed: time enough that the time limit never comes first.
    expect(await previewIcsFile(heavy, undefined, 120_000)).toEqual({
      ok: false,
      status: 400,
      error: availabilityMessages.readTooLarge,
    });
    await expectFixtureRead();
  });

  it("reads one file at a time: four more may wait, the others are refused at once", async () => {
    const text = await fs.readFile(FIXTURE, "utf8");
    // The first holds the worker until its time limit; the next four wait for it.
    const answers = await Promise.all([
      previewIcsFile(endless),
      ...Array.from({ length: 6 }, () => previewIcsFile(text, "2027-01-01")),
    ]);
    expect(answers[0]).toMatchObject({ ok: false, error: availabilityMessages.readTooLong });
    const rest = answers.slice(1);
    expect(rest.filter((a) => a.ok)).toHaveLength(4);
    expect(rest.filter((a) => !a.ok)).toEqual([
      { ok: false, status: 503, error: availabilityMessages.readBusy },
      { ok: false, status: 503, error: availabilityMessages.readBusy },
    ]);
  });
});

describe("time zones, cut to the window", () => {
  // The file's zones are replaced by their changes in the window: a time in a zone with daylight
  // saving still converts with the offset of its season. Outlook writes its zones from 1601.
  const paris = [
    "BEGIN:VTIMEZONE",
    "TZID:W. Europe Standard Time",
    "BEGIN:STANDARD",
    "DTSTART:16010101T030000",
    "TZOFFSETFROM:+0200",
    "TZOFFSETTO:+0100",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=10",
    "END:STANDARD",
    "BEGIN:DAYLIGHT",
    "DTSTART:16010101T020000",
    "TZOFFSETFROM:+0100",
    "TZOFFSETTO:+0200",
    "RRULE:FREQ=YEARLY;BYDAY=-1SU;BYMONTH=3",
    "END:DAYLIGHT",
    "END:VTIMEZONE",
  ];
  const at = (summary: string, local: string) => [
    "BEGIN:VEVENT",
    `UID:${summary}@probe.example`,
    `DTSTART;TZID=W. Europe Standard Time:${local}`,
    `SUMMARY:${summary}`,
    "END:VEVENT",
  ];

  it("converts a time in summer and in winter by the offset of its season", () => {
    const read = readIcs(
      calendar(
        ...paris,
        // 07:30 in Paris in July (UTC+2) is 05:30 UTC, 23:30 the day before in Colorado (UTC-6).
        ...at("Summer", "20270710T073000"),
        // 08:00 in Paris in January (UTC+1) is 07:00 UTC, midnight in Colorado (UTC-7).
        ...at("Winter", "20270110T080000"),
      ),
      "2027-01-01",
    );
    expect(read.ok && read.preview.events.map((e) => [e.summary, e.from, e.to])).toEqual([
      ["Winter", "2027-01-10", "2027-01-10"],
      ["Summer", "2027-07-09", "2027-07-09"],
    ]);
  });
});
