// The .ics import's reading (issue 24, ADR 030), with a budget (issue 39): a file is read in a
// worker thread with a heap and a time limit, one file at a time per process, and inside it
// every recurrence rule is walked a counted number of steps, time zones included. Whatever a
// file holds, the answer is a preview or a refusal that says which limit it hit.
import { Worker } from "node:worker_threads";
import ICAL from "ical.js";
import {
  addDays,
  addMonths,
  availabilityMessages,
  firstDay,
  ICS_LIMITS,
  monthOf,
  rangeLength,
  utcDay,
  NOTE_MAX,
  type IcsEvent,
  type IcsPreview,
  type ImportRange,
} from "~/lib/availability";

/** Venues are in Colorado: a timed event blocks the days it covers there. */
export const VENUE_TIME_ZONE = "America/Denver";
/** An import reads recurring events this far ahead. */
export const IMPORT_MONTHS = 24;

export type IcsOutcome = { ok: true; preview: IcsPreview } | { ok: false; status: number; error: string };

/** A file the reading refuses, with the message that says why. */
class Refusal extends Error {}

const refused = (error: string, status = 400): IcsOutcome => ({ ok: false, status, error });
/** An event's or a zone's name in a message: short, on one line. */
const named = (v: unknown, fallback: string) =>
  String(v ?? "")
    .replace(/\s+/g, " ")
    .trim()
    .slice(0, 80) || fallback;

// ---------------------------------------------------------------------------------------------
// Days and the window
// ---------------------------------------------------------------------------------------------

const denverDay = new Intl.DateTimeFormat("en-CA", {
  timeZone: VENUE_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

const pad = (n: number, w = 2) => String(n).padStart(w, "0");
const timeDay = (t: ICAL.Time) => `${pad(t.year, 4)}-${pad(t.month)}-${pad(t.day)}`;
/** A time's date as written (in its own zone, not converted), as a number: years past 9999 sort right. */
const wallDay = (t: ICAL.Time) => t.year * 10_000 + t.month * 100 + t.day;
const dayNumber = (day: string) => Number(day.replaceAll("-", ""));

/**
 * Today to IMPORT_MONTHS ahead, and the same with two days more on each side: a time written
 * outside those is never converted (no conversion moves a time by more than a day).
 */
type Window = { today: string; horizon: string; near: { from: number; to: number } };

function windowFrom(today: string): Window {
  const horizon = addDays(firstDay(addMonths(monthOf(today), IMPORT_MONTHS)), -1);
  return {
    today,
    horizon,
    near: { from: dayNumber(addDays(today, -2)), to: dayNumber(addDays(horizon, 2)) },
  };
}

/**
 * The days an occurrence blocks, both included. All-day: DTSTART up to the day before DTEND.
 * Timed: the days it touches in Colorado (a time in another zone, or in UTC, is converted; a
 * floating time is taken as written). An end at midnight does not block the next day.
 */
function occurrenceDays(start: ICAL.Time, end: ICAL.Time | null): [string, string] {
  if (start.isDate) {
    const first = timeDay(start);
    const last = end && end.isDate ? addDays(timeDay(end), -1) : first;
    return [first, last < first ? first : last];
  }
  const floating = !start.zone || start.zone.tzid === "floating";
  const dayOf = (t: ICAL.Time, minus = 0) => {
    if (floating) {
      const copy = t.clone();
      if (minus) copy.adjust(0, 0, 0, -1);
      return timeDay(copy);
    }
    return denverDay.format(new Date(t.toJSDate().getTime() - minus));
  };
  const first = dayOf(start);
  const last = end && end.compare(start) > 0 ? dayOf(end, 1000) : first;
  return [first, last < first ? first : last];
}

/** The days of an occurrence inside the window (cut to it), or null when it is outside. */
function daysInWindow(start: ICAL.Time, end: ICAL.Time | null, w: Window): [string, string] | null {
  if (wallDay(start) > w.near.to || wallDay(end ?? start) < w.near.from) return null;
  const [from, to] = occurrenceDays(start, end);
  if (to < w.today || from > w.horizon) return null;
  return [from < w.today ? w.today : from, to > w.horizon ? w.horizon : to];
}

/**
 * Merges day ranges that overlap or touch; a merged range keeps the names of its events (issue
 * 41), each once, cut to NOTE_MAX.
 */
function mergeRanges(list: [string, string, string][]): ImportRange[] {
  const sorted = [...list].sort((a, b) => a[0].localeCompare(b[0]));
  const out: (ImportRange & { names: Set<string> })[] = [];
  for (const [from, to, name] of sorted) {
    const last = out.at(-1);
    if (last && from <= addDays(last.to, 1)) {
      if (to > last.to) last.to = to;
      last.names.add(name);
    } else out.push({ from, to, names: new Set([name]) });
  }
  return out.map(({ names, ...r }) => {
    const note = [...names].filter(Boolean).join(", ").slice(0, NOTE_MAX);
    return note ? { ...r, note } : r;
  });
}

// ---------------------------------------------------------------------------------------------
// Counting the steps of recurrence rules
// ---------------------------------------------------------------------------------------------

type Budget = { steps: number };

/** Counts one rule's steps against its own limit (refused with `tooMany`) and the file's. */
function stepper(file: Budget, tooMany: () => string) {
  let walked = 0;
  return () => {
    if (++walked > ICS_LIMITS.ruleSteps) throw new Refusal(tooMany());
    if (++file.steps > ICS_LIMITS.fileSteps) throw new Refusal(availabilityMessages.tooManyRepeats);
  };
}

// ---------------------------------------------------------------------------------------------
// Time zones
// ---------------------------------------------------------------------------------------------

const offsetSeconds = (o: ICAL.UtcOffset) => o.factor * (o.hours * 3600 + o.minutes * 60);

/**
 * The onsets of one STANDARD or DAYLIGHT part the window needs, as ical.js would read them
 * (its first RDATE values, its RRULE from DTSTART, or DTSTART alone), in local time: the last one
 * at or before `from` and every one up to `to`.
 */
function onsets(part: ICAL.Component, from: ICAL.Time, to: ICAL.Time, step: () => void): ICAL.Time[] {
  const dtstart = part.getFirstPropertyValue("dtstart");
  const offsetFrom = part.getFirstPropertyValue("tzoffsetfrom");
  if (!(dtstart instanceof ICAL.Time) || !(offsetFrom instanceof ICAL.UtcOffset)) return [];
  let before: ICAL.Time | null = null;
  const within: ICAL.Time[] = [];
  const keep = (t: ICAL.Time) => {
    step();
    if (t.compare(from) <= 0) {
      if (!before || t.compare(before) > 0) before = t;
    } else if (t.compare(to) <= 0) within.push(t);
  };
  const rrule = part.getFirstPropertyValue("rrule");
  const rdates = part.getAllProperties("rdate");
  if (!(rrule instanceof ICAL.Recur) && rdates.length === 0) keep(dtstart);
  for (const rdate of rdates) {
    const at = rdate.getFirstValue();
    if (!(at instanceof ICAL.Time)) continue;
    const local = at.isDate ? dtstart.clone() : at.clone();
    if (at.isDate) [local.year, local.month, local.day] = [at.year, at.month, at.day];
    else if (at.zone === ICAL.Timezone.utcTimezone) local.adjust(0, 0, 0, offsetSeconds(offsetFrom));
    keep(local);
  }
  if (rrule instanceof ICAL.Recur) {
    // As ical.js does: an UNTIL in UTC is compared in the zone's local time before the change.
    const rule = rrule.clone();
    if (rule.until && rule.until.zone === ICAL.Timezone.utcTimezone) {
      rule.until.adjust(0, 0, 0, offsetSeconds(offsetFrom));
      rule.until.zone = ICAL.Timezone.localTimezone;
    }
    const it = rule.iterator(dtstart);
    for (let at = it.next(); at && at.compare(to) <= 0; at = it.next()) keep(at.clone());
  }
  return before ? [before, ...within] : within;
}

/**
 * A file's time zone cut down to the changes of offset the window needs. ical.js expands a
 * zone's rules itself, from their start to five years past any time it converts, and keeps every
 * change: a STANDARD rule repeating every second is millions of them (issue 39: a 392-byte file
 * took 5 GB). Here each rule is walked once, its steps counted (a zone that changes more often
 * than ICS_LIMITS.ruleSteps times up to the window's end is refused), and the zone becomes its
 * changes from the last one before the window to the window's end, each one a part without a
 * rule, which ical.js reads as it is. The reading converts no time outside the window. Null for
 * a zone without a TZID, which no time can name.
 */
function boundedZone(zone: ICAL.Component, w: Window, budget: Budget): ICAL.Component | null {
  const tzid = zone.getFirstPropertyValue("tzid");
  if (typeof tzid !== "string" || !tzid) return null;
  const from = ICAL.Time.fromDateString(addDays(w.today, -7));
  const to = ICAL.Time.fromDateString(addDays(w.horizon, 8));
  const bounded = new ICAL.Component("vtimezone");
  bounded.addPropertyWithValue("tzid", tzid);
  for (const part of zone.getAllSubcomponents()) {
    if (part.name !== "standard" && part.name !== "daylight") continue;
    const step = stepper(budget, () => availabilityMessages.badTimeZone(named(tzid, "?")));
    for (const at of onsets(part, from, to, step)) {
      const change = new ICAL.Component(part.name);
      change.addPropertyWithValue("dtstart", at);
      for (const name of ["tzoffsetfrom", "tzoffsetto"])
        change.addPropertyWithValue(name, part.getFirstPropertyValue(name) as ICAL.UtcOffset);
      bounded.addSubcomponent(change);
    }
  }
  return bounded;
}

// ---------------------------------------------------------------------------------------------
// Events
// ---------------------------------------------------------------------------------------------

const cancelled = (c: ICAL.Component) =>
  String(c.getFirstPropertyValue("status") ?? "").toUpperCase() === "CANCELLED";

/** The days one event blocks in the window, each occurrence's. */
function eventDays(e: ICAL.Event, w: Window, budget: Budget): [string, string][] {
  if (!e.isRecurring()) {
    const days = daysInWindow(e.startDate, e.endDate ?? null, w);
    return days ? [days] : [];
  }
  const tooOften = () => availabilityMessages.repeatsTooOften(named(e.summary, "Untitled event"));
  const step = stepper(budget, tooOften);
  const spans: [string, string][] = [];
  const it = e.iterator();
  for (let next = it.next(); next; next = it.next()) {
    step();
    // Occurrences come in the order of their first dates: past the window, the rest are too.
    if (wallDay(next) > w.near.to) break;
    const details = e.getOccurrenceDetails(next);
    if (cancelled(details.item.component)) continue;
    const days = daysInWindow(details.startDate, details.endDate, w);
    if (!days) continue;
    spans.push(days);
    if (spans.length > ICS_LIMITS.eventDates) throw new Refusal(tooOften());
  }
  return spans;
}

/** The file's events, each master with its moved or cancelled occurrences (RECURRENCE-ID). */
function eventsOf(root: ICAL.Component): ICAL.Event[] {
  const vevents = root.getAllSubcomponents("vevent");
  if (vevents.length > ICS_LIMITS.events) throw new Refusal(availabilityMessages.tooManyEvents);
  // `exceptions: []`: ical.js would otherwise look through every event of the file for each one.
  const masters = new Map<string, ICAL.Event>();
  const events: ICAL.Event[] = [];
  for (const c of vevents) {
    if (c.hasProperty("recurrence-id")) continue;
    const e = new ICAL.Event(c, { exceptions: [] });
    events.push(e);
    if (e.uid) masters.set(e.uid, e);
  }
  for (const c of vevents) {
    if (!c.hasProperty("recurrence-id")) continue;
    const master = masters.get(String(c.getFirstPropertyValue("uid") ?? ""));
    if (master) master.relateException(c);
    else events.push(new ICAL.Event(c, { exceptions: [] }));
  }
  return events;
}

/** Counted in the text first: a file of 30,000 tiny events is refused before it is parsed. */
function countEvents(text: string): number {
  let n = 0;
  const begin = /^BEGIN:VEVENT\r?$/gim;
  while (begin.exec(text) && n <= ICS_LIMITS.events) n++;
  return n;
}

function readCalendar(text: string, today: string): IcsPreview | null {
  if (countEvents(text) > ICS_LIMITS.events) throw new Refusal(availabilityMessages.tooManyEvents);
  let parsed: unknown;
  try {
    parsed = ICAL.parse(text);
  } catch {
    return null;
  }
  // jCal: [name, properties, components]; several calendars in one file are an array of those.
  if (!Array.isArray(parsed) || parsed[0] !== "vcalendar") return null;
  const [name, properties, components] = parsed as [string, unknown[], unknown[][]];
  const w = windowFrom(today);
  const budget: Budget = { steps: 0 };
  // The time zones are put back bounded, before any time of the file is read.
  const zones = components
    .filter((c) => c[0] === "vtimezone")
    .flatMap((c) => {
      const zone = boundedZone(new ICAL.Component(c), w, budget);
      return zone ? [zone.jCal] : [];
    });
  const root = new ICAL.Component([
    name,
    properties,
    [...zones, ...components.filter((c) => c[0] !== "vtimezone")],
  ]);
  const out: IcsEvent[] = [];
  const all: [string, string, string][] = [];
  for (const e of eventsOf(root)) {
    if (!e.startDate || cancelled(e.component)) continue;
    const spans = eventDays(e, w, budget);
    if (spans.length === 0) continue;
    const summary = named(e.summary, "Untitled event").slice(0, 120);
    // An event without a name leaves none ('Untitled event' is the preview's word only).
    const name = named(e.summary, "");
    for (const [from, to] of spans) all.push([from, to, name.slice(0, 120)]);
    out.push({
      summary,
      from: spans[0]![0],
      to: spans.at(-1)![1],
      occurrences: spans.length,
    });
  }
  const ranges = mergeRanges(all);
  if (ranges.length > ICS_LIMITS.ranges) throw new Refusal(availabilityMessages.tooManyRanges);
  out.sort((a, b) => a.from.localeCompare(b.from));
  return { events: out, ranges, days: ranges.reduce((n, r) => n + rangeLength(r.from, r.to), 0) };
}

/**
 * Reads an .ics file (RFC 5545, as Google Calendar, Outlook or Apple Calendar export it) into
 * the days it would mark booked from `today` to IMPORT_MONTHS ahead: all-day events, timed events
 * in their time zone (the file's VTIMEZONE), recurring events expanded (RRULE, RDATE, EXDATE and
 * moved occurrences). Cancelled events are left out. Synchronous and bounded by ICS_LIMITS but
 * for time and heap: the server runs it in the worker (previewIcsFile).
 */
export function readIcs(text: string, today = utcDay()): IcsOutcome {
  try {
    const preview = readCalendar(text, today);
    return preview ? { ok: true, preview } : refused(availabilityMessages.badFile);
  } catch (err) {
    return refused(err instanceof Refusal ? err.message : availabilityMessages.badFile);
  }
}

// ---------------------------------------------------------------------------------------------
// The worker
// ---------------------------------------------------------------------------------------------

/** The worker's heap: a 2 MB export of a few thousand events takes a fraction of it. */
const WORKER_HEAP_MB = 64;
/** Files that may wait while one is read; more are refused at once. */
const WAITING = 4;

/**
 * The worker's entry: the built copy beside the server bundle (production, the integration
 * tests), or, from the sources (development under tsx, Vitest), a module that has tsx compile it.
 */
const WORKER_ENTRY = new URL(
  import.meta.url.endsWith(".ts") ? "./ics-worker.source.mjs" : "./ics-worker.js",
  import.meta.url,
);

let worker: Promise<Worker> | null = null;
let pending = 0;
let turn: Promise<unknown> = Promise.resolve();

/** The process's worker, started (and ready) on first use and after one was stopped. */
function liveWorker(): Promise<Worker> {
  if (worker) return worker;
  const started = new Promise<Worker>((resolve, reject) => {
    const w = new Worker(WORKER_ENTRY, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
    // An idle worker never keeps the process running.
    w.unref();
    w.once("message", () => resolve(w));
    // Before its first file: it could not start. A worker being stopped may still report running
    // out of memory, which no file waits for any more: heard here, so that it never goes unheard.
    w.on("error", reject);
    w.once("exit", (code) => {
      if (worker === started) worker = null;
      reject(new Error(`the .ics worker stopped (exit code ${code})`));
    });
  });
  worker = started;
  return started;
}

async function readInWorker(text: string, today: string, timeMs: number): Promise<IcsOutcome> {
  const w = await liveWorker();
  return new Promise<IcsOutcome>((resolve) => {
    const settle = (outcome: IcsOutcome, stop: boolean) => {
      clearTimeout(timer);
      w.off("message", onMessage).off("error", onError).off("exit", onExit);
      if (stop) {
        worker = null;
        void w.terminate();
      }
      resolve(outcome);
    };
    const onMessage = (outcome: IcsOutcome) => settle(outcome, false);
    const onError = (err: Error & { code?: string }) =>
      settle(
        refused(
          err.code === "ERR_WORKER_OUT_OF_MEMORY"
            ? availabilityMessages.readTooLarge
            : availabilityMessages.badFile,
        ),
        true,
      );
    const onExit = () => settle(refused(availabilityMessages.badFile), true);
    const timer = setTimeout(() => settle(refused(availabilityMessages.readTooLong), true), timeMs);
    w.on("message", onMessage).on("error", onError).on("exit", onExit);
    w.postMessage({ text, today });
  });
}

/**
 * The preview of an .ics file, read off the main thread: no file blocks other requests or
 * exhausts the server's heap. A file is read at a time per process; WAITING more wait their
 * turn, the rest are refused at once (503). A worker past its time or heap limit is terminated
 * and its file refused; the next file starts a new one. `timeMs` lets a test of the heap limit
 * wait longer on a slow machine.
 */
export function previewIcsFile(
  text: string,
  today = utcDay(),
  timeMs: number = ICS_LIMITS.timeMs,
): Promise<IcsOutcome> {
  if (pending > WAITING) return Promise.resolve(refused(availabilityMessages.readBusy, 503));
  pending++;
  const outcome = turn.then(() => readInWorker(text, today, timeMs)).finally(() => pending--);
  turn = outcome.catch(() => undefined);
  return outcome;
}
