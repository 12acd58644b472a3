// Venue availability (issue 24, ADR 030): a day's status from a venue's ranges and recurring
// closures, the calendar's months in words and the calendar form's checks. Pure and isomorphic;
// storage, permissions and the .ics work are services/availability.server.ts. Days, months and
// their windows are ./dates.ts (issue 39).
import {
  calendarDayProblem,
  daysBetween,
  isCalendarDay,
  monthNumber,
  rangeLength,
  utcDay,
  type DayWindow,
} from "./dates";

// The day and month helpers lived here before issue 39: the .ics import's code and tests, which
// are changing beside this, still import these from here.
export {
  addDays,
  addMonths,
  firstDay,
  isDay,
  lastDay,
  monthLabel,
  monthNumber,
  monthOf,
  PAST_DATE_MESSAGE,
  PAST_MONTH_MESSAGE,
  rangeLength,
  utcDay,
} from "./dates";

export const AVAILABILITY_STATUSES = ["available", "held", "booked"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
/** What a stored range can say: 'available' is the absence of a range. */
export type BlockedStatus = Exclude<AvailabilityStatus, "available">;

export const STATUS_LABELS: Record<AvailabilityStatus, string> = {
  available: "Available",
  held: "Held",
  booked: "Booked",
};

/** A stored range of whole days, both ends included (`YYYY-MM-DD`). */
export type DayRange = { startsOn: string; endsOn: string; status: BlockedStatus };

/** The longest range one gesture or one imported event may mark, in days. */
export const MAX_RANGE_DAYS = 731;

/** A day as the calendars show it: a recurring closure reads 'closed', apart from held and booked. */
export type DayStatus = AvailabilityStatus | "closed";

export const DAY_STATUS_LABELS: Record<DayStatus, string> = { ...STATUS_LABELS, closed: "Closed" };

/**
 * Each day of a span with its status: a recurring closure first (the venue is shut), then a range
 * covering the day, else available. `ranges` never overlap (the service keeps them apart). The
 * span's days are counted first, so no span can make the loop endless.
 */
export function dayStatuses(
  from: string,
  to: string,
  ranges: DayRange[],
  closedMonths: number[],
): Map<string, DayStatus> {
  const out = new Map<string, DayStatus>();
  const closed = new Set(closedMonths);
  const sorted = [...ranges].sort((a, b) => a.startsOn.localeCompare(b.startsOn));
  let k = 0;
  for (const d of daysBetween(from, to)) {
    while (k < sorted.length && sorted[k]!.endsOn < d) k++;
    const r = sorted[k];
    out.set(d, closed.has(monthNumber(d)) ? "closed" : r && r.startsOn <= d ? r.status : "available");
  }
  return out;
}

/**
 * A calendar untouched for this many days (or never touched) no longer vouches for its free days:
 * couples see them as 'Not confirmed' (issue 41), and 'Confirmed free only' leaves the venue out.
 */
export const CALENDAR_FRESH_DAYS = 90;

/** Whether a calendar last changed at `updatedAt` still vouches for its free days on `today`. */
export function calendarConfirmed(updatedAt: Date | string | null | undefined, today: string): boolean {
  if (!updatedAt) return false;
  const at = typeof updatedAt === "string" ? new Date(updatedAt) : updatedAt;
  const day = Math.floor(at.getTime() / 86_400_000);
  return day >= Math.round(Date.parse(`${today}T00:00:00Z`) / 86_400_000) - CALENDAR_FRESH_DAYS;
}

/**
 * A day as couples see it (issue 41): free (a calendar kept up to date says so), booked (held
 * counts: another couple has an option), closed, or not confirmed (free, but by a calendar nobody
 * has touched for CALENDAR_FRESH_DAYS).
 */
export type PublicDayState = "free" | "booked" | "closed" | "unconfirmed";

export const PUBLIC_DAY_LABELS: Record<PublicDayState, string> = {
  free: "Free",
  booked: "Booked",
  closed: "Closed",
  unconfirmed: "Not confirmed",
};

export function publicDayState(status: DayStatus, confirmed: boolean): PublicDayState {
  if (status === "closed") return "closed";
  if (status === "held" || status === "booked") return "booked";
  return confirmed ? "free" : "unconfirmed";
}

/** Whether a day counts as free for the date filter: neither held, booked nor closed. */
export const isFree = (status: DayStatus | undefined) => !status || status === "available";

export type CalendarMonth = { month: string; days: [string, DayStatus][] };

/** A month as one letter per day, the 1st first: a(vailable), h(eld), b(ooked), c(losed). */
export type CompactMonth = { month: string; days: string };
const LETTER: Record<DayStatus, string> = { available: "a", held: "h", booked: "b", closed: "c" };
const FROM_LETTER: Record<string, DayStatus> = { a: "available", h: "held", b: "booked", c: "closed" };

export const compactMonth = (m: CalendarMonth): CompactMonth => ({
  month: m.month,
  days: m.days.map(([, s]) => LETTER[s]).join(""),
});

export const statusOfLetter = (letter: string | undefined): DayStatus =>
  FROM_LETTER[letter ?? "a"] ?? "available";

/** '10–14, 20' for the days of a month at positions 1.. whose letter is `letter`. */
function dayRuns(days: string, letter: string): string {
  const runs: string[] = [];
  for (let i = 0; i < days.length; i++) {
    if (days[i] !== letter) continue;
    let j = i;
    while (days[j + 1] === letter) j++;
    runs.push(i === j ? `${i + 1}` : `${i + 1}–${j + 1}`);
    i = j;
  }
  return runs.join(", ");
}

/**
 * A month as couples see it (issue 41): held reads booked, and without a confirmed calendar a free
 * day is u(nconfirmed).
 */
export const publicMonth = (m: CompactMonth, confirmed: boolean): CompactMonth => ({
  month: m.month,
  days: m.days.replace(/h/g, "b").replace(/a/g, confirmed ? "a" : "u"),
});

/** The days of the month before `today` become p(ast): the venue page counts from today. */
export function fromToday(m: CompactMonth, today: string): CompactMonth {
  if (m.month !== today.slice(0, 7)) return m;
  const past = Number(today.slice(8, 10)) - 1;
  return { month: m.month, days: "p".repeat(past) + m.days.slice(past) };
}

const ordinal = (n: number) =>
  `${n}${n % 10 === 1 && n !== 11 ? "st" : n % 10 === 2 && n !== 12 ? "nd" : n % 10 === 3 && n !== 13 ? "rd" : "th"}`;

/**
 * A month of the venue page's calendar in words: 'Booked 10–14, 20. Held 22. The other 25 days
 * are free.', 'Every day is free.', 'Every day from the 28th is free.' or 'Closed all month.'
 * Past days (p) are not counted.
 */
export function monthInWords(m: CompactMonth): string {
  const past = /^p*/.exec(m.days)![0].length;
  if (/^p*c+$/.test(m.days)) return past ? `Closed from the ${ordinal(past + 1)}.` : "Closed all month.";
  // Free days of a calendar nobody keeps (u) are not claimed free: 'not confirmed' (issue 41).
  const open = m.days.includes("u") ? "u" : "a";
  const word = open === "u" ? "not confirmed" : "free";
  const free = [...m.days].filter((l) => l === open).length;
  if (free === m.days.length - past)
    return open === "u"
      ? past
        ? `Not confirmed from the ${ordinal(past + 1)}.`
        : "Not confirmed."
      : past
        ? `Every day from the ${ordinal(past + 1)} is free.`
        : "Every day is free.";
  const parts = (["b", "h", "c"] as const)
    .map((l) => [DAY_STATUS_LABELS[FROM_LETTER[l]!], dayRuns(m.days, l)] as const)
    .filter(([, runs]) => runs)
    .map(([label, runs]) => `${label} ${runs}.`);
  const rest =
    free === 0 ? "No free day." : `The other ${free} ${free === 1 ? "day is" : "days are"} ${word}.`;
  return `${parts.join(" ")} ${rest}`;
}

export type ManagerAvailability = {
  venueId: string;
  venueName: string;
  /** The month the grid shows. */
  month: CalendarMonth;
  today: string;
  /** The days the calendar shows and marks: its month links and date fields stay inside. */
  window: DayWindow;
  closedMonths: number[];
  /**
   * Held and booked ranges from today on, soonest first (the list under the grid), with the
   * imported event's name and the inquiry that booked them (issue 41): managers and admins only.
   */
  upcoming: (DayRange & {
    source: string;
    note: string | null;
    inquiry: { id: string; name: string } | null;
  })[];
  feedUrl: string;
};

export type IcsEvent = { summary: string; from: string; to: string; occurrences: number };
/** A merged range to import; `note`: the names of the events it covers (issue 41), at most NOTE_MAX. */
export type ImportRange = { from: string; to: string; note?: string };
export type IcsPreview = { events: IcsEvent[]; ranges: ImportRange[]; days: number };

/** The longest note a range keeps (an imported event's name; the column's check). */
export const NOTE_MAX = 200;

// ---------------------------------------------------------------------------------------------
// The calendar form's checks
// ---------------------------------------------------------------------------------------------

/**
 * What one .ics import reads at most (issue 39): a refused file is told which limit it hit. Steps
 * count every occurrence a recurrence rule yields from its start, past ones included, so a rule
 * repeating every second since 2020 is stopped after a few thousand, not after millions.
 */
export const ICS_LIMITS = {
  /** The file, as the page promises. */
  bytes: 2 * 1024 * 1024,
  events: 5_000,
  /** Occurrences of one repeating event from today to 24 months ahead (a daily event has 731). */
  eventDates: 1_000,
  /** Steps through one rule: a repeating event's, or a time zone's changes of offset. */
  ruleSteps: 20_000,
  /** Steps through all the rules of the file together. */
  fileSteps: 50_000,
  /** Separate booked periods once merged: the confirmation sends them back. */
  ranges: 1_000,
  /** The reading's time (a worker thread, terminated past it). */
  timeMs: 5_000,
} as const;

const thousands = (n: number) => n.toLocaleString("en-US");

export const availabilityMessages = {
  badRange: "Choose a start date and an end date.",
  endBeforeStart: "The end date must be on or after the start date.",
  tooLong: `A range can cover at most ${MAX_RANGE_DAYS} days.`,
  badStatus: "Choose Available, Held or Booked.",
  saved: "Availability saved",
  closuresSaved: "Recurring closures saved",
  noFile: "Choose an .ics file to import.",
  badFile: "This file is not a calendar (.ics) we can read.",
  fileTooLarge: "This file is larger than 2 MB: export a shorter period of the calendar.",
  nothingToImport: "The file has no events in the next 24 months.",
  imported: "Calendar imported",
  feedRotated: "New calendar feed address made: the old one no longer works.",
  failed: "Availability could not be saved",
  tooManyEvents: `This calendar has more than ${thousands(ICS_LIMITS.events)} events: export a shorter period (the next 24 months) and try again.`,
  repeatsTooOften: (summary: string) =>
    `A repeating event in this calendar, “${summary}”, repeats more often than an import can read (more than ${thousands(ICS_LIMITS.eventDates)} times in the next 24 months, or ${thousands(ICS_LIMITS.ruleSteps)} since it began): end or remove it in your calendar, then export again.`,
  tooManyRepeats: `The repeating events and time zones of this calendar add up to more than ${thousands(ICS_LIMITS.fileSteps)} dates: export a shorter period, or fewer repeating events.`,
  tooManyRanges: `This calendar would mark more than ${thousands(ICS_LIMITS.ranges)} separate periods booked: export a shorter period.`,
  badTimeZone: (tzid: string) =>
    `A time zone in this calendar, “${tzid}”, changes its clock more often than a real one (more than ${thousands(ICS_LIMITS.ruleSteps)} times): export the calendar again with standard time zones.`,
  readTooLong: `This calendar took too long to read (more than ${ICS_LIMITS.timeMs / 1000} seconds): export a shorter period and try again.`,
  readTooLarge: "This calendar needs too much memory to read: export a shorter period and try again.",
  readBusy: "Other calendars are being read right now: try again in a minute.",
} as const;

/**
 * Why a range from the calendar form cannot be marked, or null: both ends real days inside the
 * calendar's window (ADR 030), in order, and not too long.
 */
export function rangeProblem(from: unknown, to: unknown, today: string = utcDay()): string | null {
  if (!isCalendarDay(from) || !isCalendarDay(to)) return availabilityMessages.badRange;
  const outside = calendarDayProblem(from, today) ?? calendarDayProblem(to, today);
  if (outside) return outside;
  if (to < from) return availabilityMessages.endBeforeStart;
  if (rangeLength(from, to) > MAX_RANGE_DAYS) return availabilityMessages.tooLong;
  return null;
}
