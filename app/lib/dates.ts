// Days and months for the whole site, pure and isomorphic (issue 39, ADR 030). Days are UTC
// `YYYY-MM-DD`, months `YYYY-MM`, always four-digit years: the arithmetic throws rather than leave
// them, and every loop over days is counted. Windows: storage (1900–2200), the calendars (12
// months back to 36 ahead), the search and compare date (today to 36 months ahead).

/** Days are UTC calendar days, `YYYY-MM-DD`, as the rest of the site dates things. */
export const utcDay = (at: Date = new Date()): string => at.toISOString().slice(0, 10);

const DAY_MS = 86_400_000;
const pad = (n: number, width = 2) => String(n).padStart(width, "0");
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH = /^(\d{4})-(\d{2})$/;
const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const leap = (y: number) => (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
const monthLength = (y: number, m: number) => (m === 2 && leap(y) ? 29 : DAYS_IN_MONTH[m - 1]!);

/** A real calendar month `YYYY-MM` of any four-digit year (0000-01 is one, 2027-13 is not). */
export function isCalendarMonth(v: unknown): v is string {
  const m = typeof v === "string" ? MONTH.exec(v) : null;
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12;
}

/** A real calendar day `YYYY-MM-DD` of any four-digit year (2027-02-30 is not one). */
export function isCalendarDay(v: unknown): v is string {
  const m = typeof v === "string" ? DAY.exec(v) : null;
  if (!m || !isCalendarMonth(`${m[1]}-${m[2]}`)) return false;
  const d = Number(m[3]);
  return d >= 1 && d <= monthLength(Number(m[1]), Number(m[2]));
}

// ---------------------------------------------------------------------------------------------
// Windows
// ---------------------------------------------------------------------------------------------

/** Days from `first` to `last`, both included. */
export type DayWindow = { first: string; last: string };

/** No day outside it is stored or asked of the database: 1900 to 2200 holds every real wedding. */
export const STORAGE_WINDOW: DayWindow = { first: "1900-01-01", last: "2200-12-31" };

/** Four-digit days compare as strings. */
export const within = (day: string, w: DayWindow) => day >= w.first && day <= w.last;
export const monthWithin = (month: string, w: DayWindow) =>
  month >= monthOf(w.first) && month <= monthOf(w.last);

/** A real day inside the storage window: what a date field or parameter may be at all. */
export const isDay = (v: unknown): v is string => isCalendarDay(v) && within(v, STORAGE_WINDOW);

/** A real month inside the storage window. */
export const isMonth = (v: unknown): v is string => isCalendarMonth(v) && monthWithin(v, STORAGE_WINDOW);

/** The calendars show and mark from this many months back (the feed lists a year back too)... */
export const CALENDAR_MONTHS_BACK = 12;
/** ...to this many ahead: the last month a couple can search for. */
export const CALENDAR_MONTHS_AHEAD = 36;

/** The availability calendars' days: from 12 months before this month to 36 months after it. */
export function calendarWindow(today: string = utcDay()): DayWindow {
  const month = monthOf(today);
  return {
    first: firstDay(addMonths(month, -CALENDAR_MONTHS_BACK)),
    last: lastDay(addMonths(month, CALENDAR_MONTHS_AHEAD)),
  };
}

/** How far ahead the date filter looks: venues plan two years out at most. */
export const MAX_FILTER_YEARS = 3;

/** The search's and the compare page's date: from today to the end of the 36th month ahead. */
export function searchWindow(today: string = utcDay()): DayWindow {
  return { first: today, last: lastDay(addMonths(monthOf(today), 12 * MAX_FILTER_YEARS)) };
}

// ---------------------------------------------------------------------------------------------
// Arithmetic
// ---------------------------------------------------------------------------------------------

const FIRST_MS = Date.parse("0000-01-01T00:00:00Z");
const LAST_MS = Date.parse("9999-12-31T00:00:00Z");

/** The day `days` after `day` (before, when negative). A RangeError beyond four-digit years. */
export function addDays(day: string, days: number): string {
  const at = (isCalendarDay(day) ? Date.parse(`${day}T00:00:00Z`) : NaN) + days * DAY_MS;
  if (!(at >= FIRST_MS && at <= LAST_MS))
    throw new RangeError(`No four-digit day is ${days} days from ${day}`);
  return utcDay(new Date(at));
}

/** The month `n` after `month` (before, when negative). A RangeError beyond four-digit years. */
export function addMonths(month: string, n: number): string {
  const k = isCalendarMonth(month) ? Number(month.slice(0, 4)) * 12 + Number(month.slice(5, 7)) - 1 + n : NaN;
  if (!(Number.isInteger(k) && k >= 0 && k < 10_000 * 12))
    throw new RangeError(`No four-digit month is ${n} months from ${month}`);
  return `${pad(Math.floor(k / 12), 4)}-${pad((k % 12) + 1)}`;
}

export const monthOf = (day: string) => day.slice(0, 7);
export const firstDay = (month: string) => `${month}-01`;
export const daysInMonth = (month: string) =>
  monthLength(Number(month.slice(0, 4)), Number(month.slice(5, 7)));
export const lastDay = (month: string) => `${month}-${pad(daysInMonth(month))}`;
/** 1 to 12. */
export const monthNumber = (dayOrMonth: string) => Number(dayOrMonth.slice(5, 7));
/** 0 (Sunday) to 6. */
export const weekday = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

/** Days from `from` to `to`, both included. */
export function rangeLength(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS) + 1;
}

/** Each day from `from` to `to`, both included: as many as rangeLength counts, never more. */
export function daysBetween(from: string, to: string): string[] {
  return Array.from({ length: Math.max(0, rangeLength(from, to) || 0) }, (_, i) => addDays(from, i));
}

/** The weeks of a month, Sunday first; days outside the month are null. */
export function monthWeeks(month: string): (string | null)[][] {
  const cells: (string | null)[] = Array.from({ length: weekday(firstDay(month)) }, () => null);
  for (let d = 1; d <= daysInMonth(month); d++) cells.push(`${month}-${pad(d)}`);
  while (cells.length % 7) cells.push(null);
  const weeks: (string | null)[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

// ---------------------------------------------------------------------------------------------
// Words
// ---------------------------------------------------------------------------------------------

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

export function monthLabel(month: string): string {
  return `${MONTH_NAMES[monthNumber(month) - 1]} ${month.slice(0, 4)}`;
}

/**
 * An English date format, made on first use and kept: `toLocaleDateString` with options makes a
 * new one on each call, about 100 µs against 1 (a month of the calendar labels 30 days on each
 * key press; issue 42).
 */
export function dateFormat(options: Intl.DateTimeFormatOptions): (date: Date) => string {
  let format: Intl.DateTimeFormat | undefined;
  return (date) => (format ??= new Intl.DateTimeFormat("en-US", options)).format(date);
}

/** A format of days (`2027-06-12`), which are UTC like every date of the site. */
export function dayFormat(options: Intl.DateTimeFormatOptions): (day: string) => string {
  const format = dateFormat({ timeZone: "UTC", ...options });
  return (day) => format(new Date(`${day}T00:00:00Z`));
}

/** 'Saturday, June 12, 2027'. */
export const dayLabel = dayFormat({ weekday: "long", month: "long", day: "numeric", year: "numeric" });

/** 'Sat, Jun 12, 2027'. */
export const shortDayLabel = dayFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** 'June 12, 2027'. */
export const plainDayLabel = dayFormat({ month: "long", day: "numeric", year: "numeric" });

// ---------------------------------------------------------------------------------------------
// Checks with their messages
// ---------------------------------------------------------------------------------------------

export const BAD_DATE_MESSAGE = "Enter a date as YYYY-MM-DD, for example 2027-06-12.";
export const BAD_MONTH_MESSAGE = "Enter a month as YYYY-MM, for example 2027-06.";
export const PAST_DATE_MESSAGE = "Choose a date from today on: that date has already passed.";
export const PAST_MONTH_MESSAGE = "Choose this month or a later one: that month has already passed.";
export const FAR_DATE_MESSAGE = `Choose a date within the next ${MAX_FILTER_YEARS} years.`;

/**
 * Why a date or month a visitor asked the search (or the compare page, or a venue's estimate)
 * for cannot be used (malformed, in the past or too far ahead), or null. A date wins over a
 * month, as the search reads them.
 */
export function dateFilterProblem(
  raw: { date?: string | null; month?: string | null },
  today: string = utcDay(),
): string | null {
  const w = searchWindow(today);
  if (raw.date) {
    if (!isCalendarDay(raw.date)) return BAD_DATE_MESSAGE;
    if (raw.date < w.first) return PAST_DATE_MESSAGE;
    if (raw.date > w.last) return FAR_DATE_MESSAGE;
    return null;
  }
  if (raw.month) {
    if (!isCalendarMonth(raw.month)) return BAD_MONTH_MESSAGE;
    if (raw.month < monthOf(w.first)) return PAST_MONTH_MESSAGE;
    if (raw.month > monthOf(w.last)) return FAR_DATE_MESSAGE;
  }
  return null;
}

/**
 * The month an availability calendar shows for its `?month=`: this month when none is asked,
 * the one asked when the calendar goes there, else why not (the page answers 400 with it).
 */
export function calendarMonth(
  raw: string | null,
  today: string = utcDay(),
): { month: string; error?: undefined } | { month?: undefined; error: string } {
  if (!raw) return { month: monthOf(today) };
  if (!isCalendarMonth(raw)) return { error: BAD_MONTH_MESSAGE };
  const w = calendarWindow(today);
  if (!monthWithin(raw, w))
    return {
      error: `Choose a month from ${monthLabel(monthOf(w.first))} to ${monthLabel(monthOf(w.last))}.`,
    };
  return { month: raw };
}

/** Why a real day cannot be marked on a calendar (outside its window), or null. */
export function calendarDayProblem(day: string, today: string = utcDay()): string | null {
  const w = calendarWindow(today);
  return within(day, w) ? null : `Choose dates from ${plainDayLabel(w.first)} to ${plainDayLabel(w.last)}.`;
}
