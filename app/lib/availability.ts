// Venue availability (issue 24, ADR 030): days, months and the month grid of the calendar, a
// day's status from a venue's ranges and recurring closures, and the date filter's checks. Pure
// and isomorphic; storage, permissions and the .ics work are services/availability.server.ts.

/** Days are UTC calendar days, `YYYY-MM-DD`, as the rest of the site dates things. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return utcDay(at);
}

export const AVAILABILITY_STATUSES = ["available", "held", "booked"] as const;
export type AvailabilityStatus = (typeof AVAILABILITY_STATUSES)[number];
/** What a stored range can say: 'available' is the absence of a range. */
export type BlockedStatus = Exclude<AvailabilityStatus, "available">;

export const STATUS_LABELS: Record<AvailabilityStatus, string> = {
  available: "Available",
  held: "Held",
  booked: "Booked",
};

export const MONTH_NAMES = [
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
] as const;
export const WEEKDAY_SHORT = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;

/** A stored range of whole days, both ends included (`YYYY-MM-DD`). */
export type DayRange = { startsOn: string; endsOn: string; status: BlockedStatus };

/** The longest range one gesture or one imported event may mark, in days. */
export const MAX_RANGE_DAYS = 731;

/** A real calendar day written `YYYY-MM-DD` (2027-02-30 is not). */
export function isDay(v: unknown): v is string {
  if (typeof v !== "string" || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return false;
  const at = new Date(`${v}T00:00:00Z`);
  return !Number.isNaN(at.getTime()) && utcDay(at) === v;
}

/** A month written `YYYY-MM`. */
export function isMonth(v: unknown): v is string {
  return typeof v === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(v) && Number(v.slice(0, 4)) >= 1970;
}

export const monthOf = (day: string) => day.slice(0, 7);
export const firstDay = (month: string) => `${month}-01`;

export function addMonths(month: string, n: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const at = new Date(Date.UTC(y, m - 1 + n, 1));
  return utcDay(at).slice(0, 7);
}

export function lastDay(month: string): string {
  return addDays(firstDay(addMonths(month, 1)), -1);
}

export const daysInMonth = (month: string) => Number(lastDay(month).slice(8));
/** 1 to 12. */
export const monthNumber = (dayOrMonth: string) => Number(dayOrMonth.slice(5, 7));
/** 0 (Sunday) to 6. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export function monthLabel(month: string): string {
  return `${MONTH_NAMES[monthNumber(month) - 1]} ${month.slice(0, 4)}`;
}

/** 'Saturday, June 12, 2027'. */
export function dayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
  });
}

/** 'Sat, Jun 12, 2027'. */
export function shortDayLabel(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", {
    timeZone: "UTC",
    weekday: "short",
    month: "short",
    day: "numeric",
    year: "numeric",
  });
}

/** The weeks of a month, Sunday first; days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const first = firstDay(month);
  const cells: (string | null)[] = Array.from({ length: weekday(first) }, () => null);
  for (let d = first; monthOf(d) === month; d = addDays(d, 1)) cells.push(d);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** A day as the calendars show it: a recurring closure reads 'closed', apart from held and booked. */
export type DayStatus = AvailabilityStatus | "closed";

export const DAY_STATUS_LABELS: Record<DayStatus, string> = { ...STATUS_LABELS, closed: "Closed" };

/**
 * Each day of a span with its status: a recurring closure first (the venue is shut), then a range
 * covering the day, else available. `ranges` never overlap (the service keeps them apart).
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
  for (let d = from; d <= to; d = addDays(d, 1)) {
    while (k < sorted.length && sorted[k]!.endsOn < d) k++;
    const r = sorted[k];
    out.set(d, closed.has(monthNumber(d)) ? "closed" : r && r.startsOn <= d ? r.status : "available");
  }
  return out;
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
 * A month of the venue page's calendar in words: 'Booked 10–14, 20. Held 22. The other 25 days
 * are free.', 'Every day is free.', or 'Closed all month.'
 */
export function monthInWords(m: CompactMonth): string {
  if (/^c+$/.test(m.days)) return "Closed all month.";
  const free = [...m.days].filter((l) => l === "a").length;
  if (free === m.days.length) return "Every day is free.";
  const parts = (["b", "h", "c"] as const)
    .map((l) => [DAY_STATUS_LABELS[FROM_LETTER[l]!], dayRuns(m.days, l)] as const)
    .filter(([, runs]) => runs)
    .map(([label, runs]) => `${label} ${runs}.`);
  const rest = free === 0 ? "No free day." : `The other ${free} ${free === 1 ? "day is" : "days are"} free.`;
  return `${parts.join(" ")} ${rest}`;
}

export type ManagerAvailability = {
  venueId: string;
  venueName: string;
  /** The month the grid shows. */
  month: CalendarMonth;
  today: string;
  closedMonths: number[];
  /** Held and booked ranges from today on, soonest first (the list under the grid). */
  upcoming: (DayRange & { source: string })[];
  feedUrl: string;
};

export type IcsEvent = { summary: string; from: string; to: string; occurrences: number };
export type IcsPreview = { events: IcsEvent[]; ranges: { from: string; to: string }[]; days: number };

// ---------------------------------------------------------------------------------------------
// The date filter's checks
// ---------------------------------------------------------------------------------------------

export const PAST_DATE_MESSAGE = "Choose a date from today on: that date has already passed.";
export const PAST_MONTH_MESSAGE = "Choose this month or a later one: that month has already passed.";
export const BAD_DATE_MESSAGE = "Enter a date as YYYY-MM-DD, for example 2027-06-12.";
export const BAD_MONTH_MESSAGE = "Enter a month as YYYY-MM, for example 2027-06.";
/** How far ahead the filter looks: venues plan two years out at most. */
export const MAX_FILTER_YEARS = 3;
export const FAR_DATE_MESSAGE = `Choose a date within the next ${MAX_FILTER_YEARS} years.`;

/**
 * Why a date or month the visitor asked for cannot be searched (malformed, in the past or too
 * far ahead), or null. `today` is the server's UTC day.
 */
export function dateFilterProblem(
  raw: { date?: string | null; month?: string | null },
  today: string = utcDay(),
): string | null {
  const limit = addMonths(monthOf(today), 12 * MAX_FILTER_YEARS);
  if (raw.date) {
    if (!isDay(raw.date)) return BAD_DATE_MESSAGE;
    if (raw.date < today) return PAST_DATE_MESSAGE;
    if (monthOf(raw.date) > limit) return FAR_DATE_MESSAGE;
    return null;
  }
  if (raw.month) {
    if (!isMonth(raw.month)) return BAD_MONTH_MESSAGE;
    if (raw.month < monthOf(today)) return PAST_MONTH_MESSAGE;
    if (raw.month > limit) return FAR_DATE_MESSAGE;
  }
  return null;
}

// ---------------------------------------------------------------------------------------------
// The calendar form's checks
// ---------------------------------------------------------------------------------------------

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
} as const;

/** Days from `from` to `to`, both included. */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Why a range from the calendar form cannot be marked, or null. */
export function rangeProblem(from: unknown, to: unknown): string | null {
  if (!isDay(from) || !isDay(to)) return availabilityMessages.badRange;
  if (to < from) return availabilityMessages.endBeforeStart;
  if (rangeLength(from, to) > MAX_RANGE_DAYS) return availabilityMessages.tooLong;
  return null;
}
