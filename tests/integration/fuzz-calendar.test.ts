import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  addDays,
  addMonths,
  availabilityMessages,
  firstDay,
  ICS_LIMITS,
  monthOf,
  utcDay,
} from "../../app/lib/availability";
import { previewIcsFile } from "../../app/services/ics-import.server";
import { ON_POSTGRES, runsOf } from "../setup/fuzz/engines";

// Issue 39: no calendar file stops the reading. fast-check writes hostile .ics files (recurrence
// rules of every frequency with odd intervals, counts, far-away ends and BYxxx lists; time zones
// with hostile rules, unknown TZIDs and broken offsets; many events, long lines, deep nesting)
// and each goes through the reading's worker as an upload does. For each we assert it answers,
// without throwing: a preview whose ranges are real days inside the window, in order and within
// the limits, or a refusal with one of the import's messages. FUZZ_SEED replays a run;
// FUZZ_RUNS changes its size.

// 100 files in all, shared between the engines (tests/setup/fuzz/engines.ts).
const RUNS = Number(process.env.FUZZ_RUNS ?? runsOf(100));
const SEED = Number(process.env.FUZZ_SEED ?? (ON_POSTGRES ? 20_261_130 : 20_261_129));
/**
 * How long one file may take to answer: the worker's time limit, and room for starting a new
 * worker after one was stopped on a busy machine. Generous: it catches a reading that hangs.
 */
const ANSWER_MS = ICS_LIMITS.timeMs + 10_000;

const TODAY = utcDay();
const HORIZON = addDays(firstDay(addMonths(monthOf(TODAY), 24)), -1);

// ---------------------------------------------------------------------------------------------
// Hostile pieces
// ---------------------------------------------------------------------------------------------

// Each value is mostly one ical.js reads: it refuses a whole file for one broken value, and a
// file refused at once tests little. Broken ones come now and then (`mostly`), and stray lines.

/** Mostly `valid`, sometimes `broken`. */
const mostly = <T>(valid: fc.Arbitrary<T>, broken: fc.Arbitrary<T>, weight = 30) =>
  fc.oneof({ weight, arbitrary: valid }, { weight: 1, arbitrary: broken });
const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const year = fc.oneof(
  { weight: 6, arbitrary: fc.integer({ min: 2018, max: 2030 }) },
  { weight: 1, arbitrary: fc.integer({ min: 1, max: 9999 }) },
  { weight: 1, arbitrary: fc.constantFrom(1601, 1970, 9999) },
);
const date = fc
  .record({
    y: year,
    m: mostly(fc.integer({ min: 1, max: 12 }), fc.constantFrom(0, 13), 10),
    d: mostly(fc.integer({ min: 1, max: 28 }), fc.constantFrom(0, 29, 30, 31, 32), 5),
  })
  .map(({ y, m, d }) => `${pad(y, 4)}${pad(m)}${pad(d)}`);
const time = fc
  .record({
    h: mostly(fc.integer({ min: 0, max: 23 }), fc.constant(24), 10),
    mi: fc.integer({ min: 0, max: 59 }),
    s: mostly(fc.integer({ min: 0, max: 59 }), fc.constant(60), 10),
  })
  .map(({ h, mi, s }) => `T${pad(h)}${pad(mi)}${pad(s)}`);
const tzid = mostly(
  fc.constantFrom("America/Denver", "Europe/Paris", "Evil", "Unknown/Zone", "UTC", "Z"),
  fc.string({ maxLength: 300 }).map((s) => s.replace(/[\r\n:;",]/g, "")),
  10,
);
const offset = mostly(
  fc
    .record({
      sign: fc.constantFrom("+", "-"),
      h: fc.integer({ min: 0, max: 14 }),
      m: fc.constantFrom(0, 30, 45),
    })
    .map(({ sign, h, m }) => `${sign}${pad(h)}${pad(m)}`),
  fc.constantFrom("+9999", "-2400", "0700", "garbage", ""),
);

const list = (arb: fc.Arbitrary<number | string>, max = 60) =>
  fc.array(arb, { minLength: 1, maxLength: max }).map((xs) => xs.join(","));
/** A non-zero integer from -max to max, as BYMONTHDAY, BYYEARDAY, BYWEEKNO and BYSETPOS take. */
const signed = (max: number) => fc.integer({ min: 1, max }).chain((n) => fc.constantFrom(n, -n));
const weekday = fc.constantFrom("MO", "TU", "WE", "TH", "FR", "SA", "SU");
/** Every frequency; odd intervals and counts, far-away ends, BYxxx lists of every kind, a few at a time. */
const rule = fc
  .tuple(
    fc.constantFrom("SECONDLY", "MINUTELY", "HOURLY", "DAILY", "WEEKLY", "MONTHLY", "YEARLY"),
    fc
      .record(
        {
          INTERVAL: fc.oneof(fc.integer({ min: 1, max: 1000 }), fc.constant(999_999_999)),
          COUNT: fc.oneof(fc.integer({ min: 1, max: 100_000 }), fc.constant(2 ** 31)),
          UNTIL: fc.tuple(date, fc.option(time, { nil: "" })).map(([d, t]) => `${d}${t}${t ? "Z" : ""}`),
          BYSECOND: list(fc.integer({ min: 0, max: 59 })),
          BYMINUTE: list(fc.integer({ min: 0, max: 59 })),
          BYHOUR: list(fc.integer({ min: 0, max: 23 })),
          BYDAY: list(
            fc.tuple(fc.option(signed(53), { nil: undefined }), weekday).map(([n, d]) => `${n ?? ""}${d}`),
            14,
          ),
          BYMONTHDAY: list(signed(31)),
          BYYEARDAY: list(signed(366)),
          BYWEEKNO: list(signed(53)),
          BYMONTH: list(fc.integer({ min: 1, max: 12 }), 13),
          BYSETPOS: list(signed(366), 5),
          WKST: weekday,
        },
        { requiredKeys: [] },
      )
      // ical.js refuses some pairs (BYYEARDAY in a monthly rule): a few parts keep most rules readable.
      .chain((parts) => fc.subarray(Object.entries(parts), { maxLength: 3 })),
  )
  .map(([freq, parts]) => [`FREQ=${freq}`, ...parts.map(([k, v]) => `${k}=${v}`)].join(";"));

/** A DTSTART/DTEND-like value: a date, a time in UTC, floating, or in a zone. */
const stamp = (name: string) =>
  fc.oneof(
    date.map((d) => `${name};VALUE=DATE:${d}`),
    fc.tuple(date, time).map(([d, t]) => `${name}:${d}${t}Z`),
    fc.tuple(date, time).map(([d, t]) => `${name}:${d}${t}`),
    fc.tuple(tzid, date, time).map(([z, d, t]) => `${name};TZID=${z}:${d}${t}`),
  );

const zonePart = fc
  .record({
    kind: fc.constantFrom("STANDARD", "DAYLIGHT", "OTHER"),
    start: fc.tuple(date, time).map(([d, t]) => `DTSTART:${d}${t}`),
    from: offset,
    to: offset,
    rrule: fc.option(rule, { nil: undefined }),
    rdates: fc.array(
      fc.tuple(date, time).map(([d, t]) => `${d}${t}`),
      { maxLength: 5 },
    ),
  })
  .map((p) => [
    `BEGIN:${p.kind}`,
    p.start,
    `TZOFFSETFROM:${p.from}`,
    `TZOFFSETTO:${p.to}`,
    ...(p.rrule ? [`RRULE:${p.rrule}`] : []),
    ...(p.rdates.length ? [`RDATE:${p.rdates.join(",")}`] : []),
    `END:${p.kind}`,
  ]);
const zone = fc
  .tuple(fc.option(tzid, { nil: undefined }), fc.array(zonePart, { maxLength: 4 }))
  .map(([id, parts]) => [
    "BEGIN:VTIMEZONE",
    ...(id === undefined ? [] : [`TZID:${id}`]),
    ...parts.flat(),
    "END:VTIMEZONE",
  ]);

const eventWith = (summary: fc.Arbitrary<string>) =>
  fc
    .record({
      uid: fc.constantFrom("a@x", "b@x", "c@x", ""),
      start: fc.option(stamp("DTSTART"), { nil: undefined }),
      end: fc.option(
        fc.oneof(stamp("DTEND"), fc.constantFrom("DURATION:PT1H", "DURATION:P400W", "DURATION:-P1D")),
        {
          nil: undefined,
        },
      ),
      rrules: fc.array(rule, { maxLength: 2 }),
      exdates: fc.array(stamp("EXDATE"), { maxLength: 3 }),
      rdates: fc.array(stamp("RDATE"), { maxLength: 3 }),
      recurrenceId: fc.option(stamp("RECURRENCE-ID"), { nil: undefined }),
      status: fc.constantFrom("CONFIRMED", "CANCELLED", "TENTATIVE"),
      summary,
    })
    .map((e) => [
      "BEGIN:VEVENT",
      `UID:${e.uid}`,
      ...(e.start ? [e.start] : []),
      ...(e.end ? [e.end] : []),
      ...e.rrules.map((r) => `RRULE:${r}`),
      ...e.exdates,
      ...e.rdates,
      ...(e.recurrenceId ? [e.recurrenceId] : []),
      `STATUS:${e.status}`,
      `SUMMARY:${e.summary.replace(/[\r\n]/g, " ")}`,
      "END:VEVENT",
    ]);
const event = eventWith(fc.oneof(fc.string({ maxLength: 40 }), fc.constant("x".repeat(20_000))));

/** Sizes: many copies of an event, deep nesting, a long folded line, stray lines. */
const bulk = fc.oneof(
  {
    weight: 3,
    arbitrary: fc
      .tuple(eventWith(fc.string({ maxLength: 20 })), fc.integer({ min: 1, max: ICS_LIMITS.events + 500 }))
      .map(([e, n]) => Array(n).fill(e).flat()),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 20_000 })
      .map((depth) => [...Array(depth).fill("BEGIN:X"), ...Array(depth).fill("END:X")]),
  },
  {
    weight: 1,
    arbitrary: fc
      .integer({ min: 1, max: 20_000 })
      .map((n) => [`X-LONG:${"y".repeat(74)}`, ...Array(n).fill(` ${"z".repeat(74)}`)]),
  },
  { weight: 1, arbitrary: fc.array(fc.string({ maxLength: 80 }), { maxLength: 20 }) },
);

const file = fc
  .tuple(
    fc.array(zone, { maxLength: 3 }),
    fc.array(event, { maxLength: 8 }),
    fc.option(bulk, { nil: undefined, freq: 2 }),
    mostly(fc.constant("BEGIN:VCALENDAR"), fc.constantFrom("BEGIN:VCARD", "")),
  )
  .map(([zones, events, extra, begin]) =>
    [begin, "VERSION:2.0", ...zones.flat(), ...events.flat(), ...(extra ?? []), "END:VCALENDAR", ""]
      .join("\r\n")
      // What an upload lets through at most (a longer file is refused before it is read).
      .slice(0, ICS_LIMITS.bytes),
  );

// ---------------------------------------------------------------------------------------------
// What every answer must be
// ---------------------------------------------------------------------------------------------

const STATIC_MESSAGES = new Set<string>(
  Object.values(availabilityMessages).filter((m) => typeof m === "string"),
);
/** The messages that name an event or a zone, as patterns. */
const NAMED_MESSAGES = [availabilityMessages.repeatsTooOften, availabilityMessages.badTimeZone].map((m) => {
  const [before, after] = m("\u0000").split("\u0000") as [string, string];
  return (error: string) => error.startsWith(before) && error.endsWith(after);
});
const isRefusal = (error: string) =>
  STATIC_MESSAGES.has(error) || NAMED_MESSAGES.some((match) => match(error));

describe(`fuzzing the calendar import (seed ${SEED}, ${RUNS} runs)`, () => {
  // Each file has its own limit (ANSWER_MS), which catches a reading that hangs; the test as a
  // whole may take as long as that allows, or a busy machine fails it with no file too slow.
  it(
    "answers every file with a preview inside the window or a refusal with its message",
    { timeout: RUNS * ANSWER_MS },
    async () => {
      await fc.assert(
        fc.asyncProperty(file, async (text) => {
          const started = performance.now();
          const outcome = await previewIcsFile(text, TODAY);
          expect(performance.now() - started).toBeLessThan(ANSWER_MS);
          if (!outcome.ok) {
            expect([400, 413, 503]).toContain(outcome.status);
            expect(isRefusal(outcome.error), outcome.error).toBe(true);
            return;
          }
          const { ranges, events, days } = outcome.preview;
          expect(ranges.length).toBeLessThanOrEqual(ICS_LIMITS.ranges);
          let last = "";
          let counted = 0;
          for (const r of ranges) {
            expect(r.from >= TODAY && r.to <= HORIZON && r.from <= r.to, JSON.stringify(r)).toBe(true);
            expect(r.from > last, "in order, apart").toBe(true);
            last = addDays(r.to, 1);
            counted += (Date.parse(r.to) - Date.parse(r.from)) / 86_400_000 + 1;
          }
          expect(days).toBe(counted);
          for (const e of events) expect(e.occurrences).toBeLessThanOrEqual(ICS_LIMITS.eventDates);
        }),
        { seed: SEED, numRuns: RUNS, endOnFailure: true },
      );
    },
  );
});
