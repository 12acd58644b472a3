// Venue availability (issue 24, ADR 030): held and booked ranges of days, recurring closures, the
// .ics import (with a preview first), and the date filter's question 'which venues are not free
// then?'; the feed of booked days is in calendar-feed.server.ts. Writes are for the venue's managers and
// for admins (any venue), checked here whatever route calls.
import { and, asc, eq, gte, inArray } from "drizzle-orm";
import { inquiries, venueAvailability, venueClosures, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { recordCalendarAudit } from "./audit.server";
import { readUploadForm, UploadRefusal, type IncomingFile, type UploadLimits } from "~/infra/uploads.server";
import { CALENDAR_BODY_LIMIT } from "~/lib/body-limits";
import {
  addMonths,
  availabilityMessages,
  dayStatuses,
  firstDay,
  ICS_LIMITS,
  isDay,
  lastDay,
  monthNumber,
  monthOf,
  rangeLength,
  rangeProblem,
  utcDay,
  type BlockedStatus,
  type CalendarMonth,
  type CompactMonth,
  compactMonth,
  fromToday,
  type DayRange,
  type DayStatus,
  type IcsPreview,
  type ImportRange,
  type ManagerAvailability,
  NOTE_MAX,
  calendarConfirmed,
  publicDayState,
  publicMonth,
} from "~/lib/availability";
import { calendarWindow } from "~/lib/dates";

export type { CalendarMonth, IcsPreview, ManagerAvailability };
import type { AppUser } from "~/lib/user";
import { previewIcsFile } from "./ics-import.server";
import { assertCanManageVenue } from "./permissions.server";
import { assertManagedCalendar, markDays, rangesOverlapping, touchCalendar } from "./calendar-days.server";
import { LIMITS, limitWrite } from "./rate-limit.server";
import { feedToken, feedUrl } from "./calendar-feed.server";

export type MarkResult = { ok: true } | { ok: false; status: 400; error: string };
export { assertManagedCalendar };

// ---------------------------------------------------------------------------------------------
// Writing (the days themselves: calendar-days.server.ts)
// ---------------------------------------------------------------------------------------------

/** The calendar's one gesture: a range of days (inside the calendar's window) and a status. */
export async function markRange(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
  input: { from: unknown; to: unknown; status: unknown },
  today = utcDay(),
): Promise<MarkResult> {
  await assertManagedCalendar(db, actor, venueId);
  const problem = rangeProblem(input.from, input.to, today);
  if (problem) return { ok: false, status: 400, error: problem };
  const status = input.status;
  if (status !== "available" && status !== "held" && status !== "booked")
    return { ok: false, status: 400, error: availabilityMessages.badStatus };
  const [from, to] = [input.from as string, input.to as string];
  await db.transaction(async (tx) => {
    await markDays(tx, venueId, from, to, status, "manual");
    await touchCalendar(tx, venueId);
    await recordCalendarAudit(tx, actor!, venueId, "availability.mark", { from, to, status });
  });
  return { ok: true };
}

/** The months (1-12) the venue is closed every year, replacing the previous list. */
export async function setClosures(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
  months: unknown[],
): Promise<void> {
  await assertManagedCalendar(db, actor, venueId);
  const list = [...new Set(months.map(Number))].filter((m) => Number.isInteger(m) && m >= 1 && m <= 12);
  await db.transaction(async (tx) => {
    await tx.delete(venueClosures).where(eq(venueClosures.venueId, venueId));
    if (list.length > 0) await tx.insert(venueClosures).values(list.map((month) => ({ venueId, month })));
    await touchCalendar(tx, venueId);
    await recordCalendarAudit(tx, actor!, venueId, "availability.closures", {
      months: list.sort((a, b) => a - b),
    });
  });
}

// ---------------------------------------------------------------------------------------------
// Reading
// ---------------------------------------------------------------------------------------------

async function rangesBetween(db: Db, venueId: string, from: string, to: string): Promise<DayRange[]> {
  const rows = await db
    .select({
      startsOn: venueAvailability.startsOn,
      endsOn: venueAvailability.endsOn,
      status: venueAvailability.status,
    })
    .from(venueAvailability)
    .where(rangesOverlapping(venueId, from, to))
    .orderBy(asc(venueAvailability.startsOn));
  return rows.map((r) => ({ ...r, status: r.status as BlockedStatus }));
}

async function closedMonths(db: Db, venueId: string): Promise<number[]> {
  const rows = await db
    .select({ month: venueClosures.month })
    .from(venueClosures)
    .where(eq(venueClosures.venueId, venueId))
    .orderBy(asc(venueClosures.month));
  return rows.map((r) => r.month);
}

function calendarMonths(first: string, count: number, ranges: DayRange[], closed: number[]): CalendarMonth[] {
  const statuses = dayStatuses(firstDay(first), lastDay(addMonths(first, count - 1)), ranges, closed);
  return Array.from({ length: count }, (_, i) => {
    const month = addMonths(first, i);
    const days = [...statuses].filter(([d]) => monthOf(d) === month);
    return { month, days };
  });
}

/** The calendar tab: one month's days, the closures, the coming ranges and the feed's address. */
export async function getManagerAvailability(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
  month: string,
  siteUrl: string,
  today = utcDay(),
): Promise<ManagerAvailability | null> {
  await assertCanManageVenue(db, actor, venueId);
  const [venue] = await db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
  if (!venue) return null;
  const [ranges, closed, upcoming, token] = await Promise.all([
    rangesBetween(db, venueId, firstDay(month), lastDay(month)),
    closedMonths(db, venueId),
    db
      .select({
        startsOn: venueAvailability.startsOn,
        endsOn: venueAvailability.endsOn,
        status: venueAvailability.status,
        source: venueAvailability.source,
        note: venueAvailability.note,
        inquiryId: inquiries.id,
        inquiryName: inquiries.name,
      })
      .from(venueAvailability)
      // The booking inquiry, if it is still this venue's (it always is; the join says so).
      .leftJoin(
        inquiries,
        and(eq(inquiries.id, venueAvailability.inquiryId), eq(inquiries.venueId, venueAvailability.venueId)),
      )
      .where(and(eq(venueAvailability.venueId, venueId), gte(venueAvailability.endsOn, today)))
      .orderBy(asc(venueAvailability.startsOn))
      .limit(50),
    feedToken(db, venueId),
  ]);
  return {
    venueId,
    venueName: venue.name,
    month: calendarMonths(month, 1, ranges, closed)[0]!,
    today,
    window: calendarWindow(today),
    closedMonths: closed,
    upcoming: upcoming.map(({ inquiryId, inquiryName, ...r }) => ({
      ...r,
      status: r.status as BlockedStatus,
      inquiry: inquiryId ? { id: inquiryId, name: inquiryName ?? "" } : null,
    })),
    feedUrl: feedUrl(siteUrl, token),
  };
}

/** Whether each venue's calendar still vouches for its free days (issue 41). */
export async function calendarsConfirmed(db: Db, venueIds: string[], today = utcDay()) {
  const rows =
    venueIds.length === 0
      ? []
      : await db
          .select({ id: venues.id, at: venues.calendarUpdatedAt })
          .from(venues)
          .where(inArray(venues.id, venueIds));
  return new Map(rows.map((r) => [r.id, calendarConfirmed(r.at, today)]));
}

/**
 * The venue page: the next 12 months (this one first), each as one letter per day as couples see
 * it (a, b, c, u: free, booked or held, closed, not confirmed; p: past), which keeps the page's
 * data small.
 */
export async function venueCalendar(db: Db, venueId: string, today = utcDay()): Promise<CompactMonth[]> {
  const first = monthOf(today);
  const [ranges, closed, confirmed] = await Promise.all([
    rangesBetween(db, venueId, firstDay(first), lastDay(addMonths(first, 11))),
    closedMonths(db, venueId),
    calendarsConfirmed(db, [venueId], today),
  ]);
  return calendarMonths(first, 12, ranges, closed).map((m) =>
    fromToday(publicMonth(compactMonth(m), confirmed.get(venueId) ?? false), today),
  );
}

/** What couples see for each venue on one day (issue 41): free only on a confirmed calendar. */
export async function publicStatesOn(db: Db, venueIds: string[], day: string, today = utcDay()) {
  const [statuses, confirmed] = await Promise.all([
    statusesOn(db, venueIds, day),
    calendarsConfirmed(db, venueIds, today),
  ]);
  return new Map(
    venueIds.map((id) => [id, publicDayState(statuses.get(id) ?? "available", confirmed.get(id) ?? false)]),
  );
}

/** Each venue's state on one day (the compare page): closed, held, booked or available. */
export async function statusesOn(db: Db, venueIds: string[], day: string): Promise<Map<string, DayStatus>> {
  if (venueIds.length === 0) return new Map();
  const [ranges, closures] = await Promise.all([
    db
      .select({ venueId: venueAvailability.venueId, status: venueAvailability.status })
      .from(venueAvailability)
      .where(rangesOverlapping(venueIds, day, day)),
    db
      .select({ venueId: venueClosures.venueId })
      .from(venueClosures)
      .where(and(inArray(venueClosures.venueId, venueIds), eq(venueClosures.month, monthNumber(day)))),
  ]);
  const out = new Map<string, DayStatus>(venueIds.map((id) => [id, "available"]));
  for (const r of ranges) out.set(r.venueId, r.status as DayStatus);
  for (const c of closures) out.set(c.venueId, "closed");
  return out;
}

// ---------------------------------------------------------------------------------------------
// .ics import (the reading itself: services/ics-import.server.ts)
// ---------------------------------------------------------------------------------------------

/** The calendar form's body: the file, the `back` field and little else. */
const ICS_UPLOAD_LIMITS: UploadLimits = {
  maxBodyBytes: CALENDAR_BODY_LIMIT,
  maxFileBytes: ICS_LIMITS.bytes,
  files: { file: { max: 1, tooMany: availabilityMessages.badFile } },
  maxFields: 10,
  maxFieldBytes: 4096,
};

export type IcsUploadResult = { back: string | undefined } & (
  | { ok: true; preview: IcsPreview; fileName: string }
  | { ok: false; status: number; error: string; unread?: true }
);

/**
 * The import's first step, a preview: whether the person may manage the venue, and their
 * previews this hour, are checked before a byte of the body is read; the body is read while it
 * streams up to its limit (a file over 2 MB is refused), and the file is read in the worker
 * thread. `back` is the form's field.
 */
export async function previewIcsUpload(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
  request: Request,
): Promise<IcsUploadResult> {
  await assertManagedCalendar(db, actor, venueId);
  const limited = await limitWrite(db, `ics-preview:${actor!.id}`, LIMITS.icsPreviewUser);
  if (limited) return { ...limited, back: undefined, unread: true };
  let file: IncomingFile | undefined;
  let fields: [string, string][];
  try {
    ({ fields } = await readUploadForm(request, ICS_UPLOAD_LIMITS, (f) => void (file = f)));
  } catch (err) {
    if (!(err instanceof UploadRefusal)) throw err;
    const error = err.status === 413 ? availabilityMessages.fileTooLarge : err.message;
    return { ok: false, status: err.status, error, back: undefined, unread: true };
  }
  const back = fields.find(([k]) => k === "back")?.[1];
  if (file?.tooLarge) return { ok: false, status: 413, error: availabilityMessages.fileTooLarge, back };
  if (!file || file.bytes.length === 0)
    return { ok: false, status: 400, error: availabilityMessages.noFile, back };
  const outcome = await previewIcsFile(new TextDecoder().decode(file.bytes));
  if (!outcome.ok) return { ...outcome, back };
  if (outcome.preview.ranges.length === 0)
    return { ok: false, status: 400, error: availabilityMessages.nothingToImport, back };
  return { ok: true, preview: outcome.preview, fileName: file.name, back };
}

/**
 * The ranges a preview's form sends back, checked again: days, in order, from today on; each
 * event name (`note`) trimmed to NOTE_MAX.
 */
export function parseImportRanges(raw: string, today = utcDay()): ImportRange[] | null {
  let list: unknown;
  try {
    list = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(list) || list.length === 0 || list.length > ICS_LIMITS.ranges) return null;
  const out: ImportRange[] = [];
  for (const r of list) {
    const { from, to, note } = (r ?? {}) as { from?: unknown; to?: unknown; note?: unknown };
    if (rangeProblem(from, to) || !isDay(from) || !isDay(to) || to < today) return null;
    const name = typeof note === "string" ? note.replace(/\s+/g, " ").trim().slice(0, NOTE_MAX) : "";
    out.push({ from: from < today ? today : from, to, ...(name ? { note: name } : {}) });
  }
  return out;
}

/** Marks the previewed ranges booked, all or nothing. */
export async function importRanges(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
  ranges: ImportRange[],
): Promise<number> {
  await assertManagedCalendar(db, actor, venueId);
  const days = ranges.reduce((n, r) => n + rangeLength(r.from, r.to), 0);
  await db.transaction(async (tx) => {
    for (const r of ranges) await markDays(tx, venueId, r.from, r.to, "booked", "ics", { note: r.note });
    await touchCalendar(tx, venueId);
    await recordCalendarAudit(tx, actor!, venueId, "availability.import", { days, ranges: ranges.length });
  });
  return days;
}
