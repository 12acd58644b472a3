// Site visits (issue 45, item 4; ADR 046): a venue's weekly hours and closed days become the
// visits a couple may book. Pure and isomorphic: the times are Colorado's (America/Denver), turned
// into instants with Intl so that a day when the clocks change is right; storage and permissions
// are services/tours.server.ts.
import { addDays, daysBetween, isCalendarDay, shortDayLabel, weekday, WEEKDAY_SHORT } from "./dates";

export const TOUR_ZONE = "America/Denver";
/** A visit lasts an hour; visits start on the hour from `opens`. */
export const TOUR_MINUTES = 60;
/** Visits are booked from tomorrow to this many days ahead. */
export const TOUR_WINDOW_DAYS = 60;
/** The booking page shows this many days at a time. */
export const TOUR_PAGE_DAYS = 14;

export const WEEKDAY_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export const tourMessages = {
  taken: "That time was just taken: please choose another",
  already: "You already have a visit booked at this venue: move it from its page instead",
  notOffered: "That time is not open for visits: please choose another",
  chooseTime: "Choose a time for your visit",
  notBookable: "This visit can no longer be changed",
  hoursSaved: "Visit hours saved",
  badHours: "Each day's visits must end after they start, on the hour, at least an hour apart",
  closedAdded: "Closed day added",
  closedRemoved: "Closed day removed",
  badDay: "Choose a day from tomorrow to a year ahead",
  booked: "Your site visit is booked",
  rescheduled: "Your site visit was moved",
  cancelled: "Your site visit was cancelled",
  badLink: "This link is not valid.",
} as const;

/** One weekday's hours, minutes after midnight Colorado time (0 = Sunday). */
export type TourHours = { weekday: number; opens: number; closes: number };

/** A bookable visit: its instant (ISO), its Colorado day and minutes. */
export type TourSlot = { startsAt: string; day: string; minutes: number };
export type TourDay = { day: string; slots: TourSlot[] };

// ---------------------------------------------------------------------------------------------
// Colorado time
// ---------------------------------------------------------------------------------------------

const FORMAT = new Intl.DateTimeFormat("en-US", {
  timeZone: TOUR_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** The Colorado wall clock at an instant: its day and minutes after midnight. */
export function coloradoClock(at: Date): { day: string; minutes: number; offsetMs: number } {
  const p = Object.fromEntries(FORMAT.formatToParts(at).map((x) => [x.type, x.value]));
  const [y, mo, d, h, mi, s] = [p.year, p.month, p.day, p.hour, p.minute, p.second].map(Number) as number[];
  const wall = Date.UTC(y!, mo! - 1, d!, h!, mi!, s!);
  const whole = Math.floor(at.getTime() / 1000) * 1000;
  return { day: `${p.year}-${p.month}-${p.day}`, minutes: h! * 60 + mi!, offsetMs: wall - whole };
}

/** Today in Colorado. */
export const coloradoToday = (now: Date = new Date()) => coloradoClock(now).day;

/**
 * The instant of a Colorado wall time (a day and minutes after midnight). The offset is read at
 * a first guess and again at the answer, which settles it across a change of the clocks.
 */
export function coloradoInstant(day: string, minutes: number): Date {
  const wall = Date.parse(`${day}T00:00:00Z`) + minutes * 60_000;
  let at = wall - coloradoClock(new Date(wall)).offsetMs;
  const again = wall - coloradoClock(new Date(at)).offsetMs;
  if (again !== at) at = again;
  return new Date(at);
}

/** The days visits can be booked on, from tomorrow (Colorado) to TOUR_WINDOW_DAYS ahead. */
export function tourWindow(now: Date = new Date()): { first: string; last: string } {
  const today = coloradoToday(now);
  return { first: addDays(today, 1), last: addDays(today, TOUR_WINDOW_DAYS) };
}

// ---------------------------------------------------------------------------------------------
// Slots
// ---------------------------------------------------------------------------------------------

/** The start minutes of a day's visits: every hour from `opens` while a visit ends by `closes`. */
export function slotMinutes(hours: Pick<TourHours, "opens" | "closes"> | undefined): number[] {
  if (!hours) return [];
  const out: number[] = [];
  for (let m = hours.opens; m + TOUR_MINUTES <= hours.closes && m < 1440; m += TOUR_MINUTES) out.push(m);
  return out;
}

export type SlotSources = {
  hours: TourHours[];
  /** The venue's closed days for visits. */
  closedDays: Iterable<string>;
  /** Days the availability calendar has booked or closed (a wedding that day: no visits). */
  blockedDays: Iterable<string>;
  /** Instants (ISO or ms) of visits already booked. */
  taken: Iterable<string | number>;
};

/**
 * The free visits on each day from `from` to `to`, bounded to the window: a closed day, a day
 * the calendar has booked and a visit already booked are left out; days without one are too.
 */
export function freeSlots(src: SlotSources, from: string, to: string, now: Date = new Date()): TourDay[] {
  const w = tourWindow(now);
  const first = from > w.first ? from : w.first;
  const last = to < w.last ? to : w.last;
  if (first > last) return [];
  const byDay = new Map(src.hours.map((h) => [h.weekday, h]));
  const closed = new Set([...src.closedDays, ...src.blockedDays]);
  const taken = new Set([...src.taken].map((t) => new Date(t).getTime()));
  const out: TourDay[] = [];
  for (const day of daysBetween(first, last)) {
    if (closed.has(day)) continue;
    const slots = slotMinutes(byDay.get(weekday(day)))
      .map((minutes) => ({ startsAt: coloradoInstant(day, minutes).toISOString(), day, minutes }))
      .filter((s) => !taken.has(Date.parse(s.startsAt)) && coloradoClock(new Date(s.startsAt)).day === day);
    if (slots.length) out.push({ day, slots });
  }
  return out;
}

/** The Colorado day of a slot's instant as the form sends it (ISO), when it is one. */
export function slotDay(startsAt: unknown): string | null {
  if (typeof startsAt !== "string" || !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{3})?Z$/.test(startsAt))
    return null;
  const at = new Date(startsAt);
  return Number.isNaN(at.getTime()) ? null : coloradoClock(at).day;
}

// ---------------------------------------------------------------------------------------------
// Words and form values
// ---------------------------------------------------------------------------------------------

/** '9:00 AM' for minutes after midnight. */
export function timeLabel(minutes: number): string {
  const h = Math.floor(minutes / 60) % 24;
  const m = minutes % 60;
  return `${h % 12 === 0 ? 12 : h % 12}:${String(m).padStart(2, "0")} ${h < 12 ? "AM" : "PM"}`;
}

/** 'HH:MM' of a time input, for minutes after midnight (1440 is '24:00'). */
export const timeValue = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;

/** Minutes after midnight from a time field ('HH:MM', 24:00 allowed); null when empty or bad. */
export function parseTime(v: unknown): number | null {
  const m = typeof v === "string" ? /^(\d{2}):(\d{2})$/.exec(v.trim()) : null;
  if (!m) return null;
  const minutes = Number(m[1]) * 60 + Number(m[2]);
  return Number(m[2]) < 60 && minutes <= 1440 ? minutes : null;
}

/** The week's hours from the form (`opens-N`, `closes-N`); empty pairs mean no visits that day. */
export function parseWeekHours(
  fields: Record<string, string>,
): { ok: true; hours: TourHours[] } | { ok: false; error: string } {
  const hours: TourHours[] = [];
  for (let d = 0; d < 7; d++) {
    const [o, c] = [fields[`opens-${d}`]?.trim() ?? "", fields[`closes-${d}`]?.trim() ?? ""];
    if (o === "" && c === "") continue;
    const [opens, closes] = [parseTime(o), parseTime(c)];
    if (opens === null || closes === null || opens + TOUR_MINUTES > closes)
      return { ok: false, error: `${WEEKDAY_NAMES[d]}: ${tourMessages.badHours}` };
    hours.push({ weekday: d, opens, closes });
  }
  return { ok: true, hours };
}

/** A closed day the manager may add: a real day from tomorrow (Colorado) to a year ahead. */
export function closedDayProblem(v: unknown, now: Date = new Date()): string | null {
  const today = coloradoToday(now);
  return isCalendarDay(v) && v > today && v <= addDays(today, 366) ? null : tourMessages.badDay;
}

/** 'Sat, Jun 12, 2027 at 10:00 AM (Mountain Time)' for an instant. */
export function visitLabel(startsAt: string | Date): string {
  const c = coloradoClock(new Date(startsAt));
  return `${shortDayLabel(c.day)} at ${timeLabel(c.minutes)} (Mountain Time)`;
}

/** 'Mon' to 'Sun' of a day, for the booking page's headings. */
export const weekdayShort = (day: string) => WEEKDAY_SHORT[weekday(day)];

/** Where a couple books a visit at a venue (its public path + /tour). */
export const tourBookingPath = (venuePath: string) => `${venuePath}/tour`;
export const tourPath = (id: string) => `/tours/${id}`;
