// Site visits (issue 45, item 4; ADR 046): the free visits a couple sees, and booking, moving and
// cancelling one (the hours' side is tour-settings.server.ts). A visit's slot is
// one row of `tours`: the partial unique index tours_slot_key refuses a second booked visit at the
// same start, so two couples racing for one slot cannot both get it, whatever the servers.
import { and, asc, eq, gt, gte, lte, sql } from "drizzle-orm";
import {
  tours,
  venueAvailability,
  venueClosures,
  venues,
  venueTourClosedDays,
  venueTourHours,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { daysBetween, isCalendarDay, monthNumber, addDays } from "~/lib/dates";
import { Refusal } from "~/lib/refusal";
import {
  freeSlots,
  slotDay,
  tourMessages,
  tourWindow,
  TOUR_PAGE_DAYS,
  type TourDay,
  type TourHours,
} from "~/lib/tours";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { venuePath } from "~/lib/venue-url";
import { canManageVenue } from "./permissions.server";

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" ||
  (err as { cause?: { code?: string } })?.cause?.code === "23505";

/** A venue's weekly hours for visits. */
export async function hoursOf(db: Db, venueId: string): Promise<TourHours[]> {
  return db
    .select({ weekday: venueTourHours.weekday, opens: venueTourHours.opens, closes: venueTourHours.closes })
    .from(venueTourHours)
    .where(eq(venueTourHours.venueId, venueId))
    .orderBy(asc(venueTourHours.weekday));
}

// ---------------------------------------------------------------------------------------------
// The couple's side
// ---------------------------------------------------------------------------------------------

/** Whether the venue page offers "Book a site visit": it has hours (one indexed lookup). */
export async function venueHasTours(db: Db, venueId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql<number>`1` })
    .from(venueTourHours)
    .where(eq(venueTourHours.venueId, venueId))
    .limit(1);
  return !!row;
}

type BookableVenue = { id: string; name: string; location: string; email: string | null; path: string };

async function bookableVenue(db: Db, venueId: string): Promise<BookableVenue | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await db
    .select({ id: venues.id, name: venues.name, location: venues.location, email: venues.email })
    .from(venues)
    .where(and(eq(venues.id, venueId), eq(venues.isApproved, true)))
    .limit(1);
  return row ? { ...row, path: venuePath(row) } : null;
}

/**
 * The free visits of a venue from `from` to `to` (bounded to the window): its hours, less its
 * closed days, the days its calendar has booked or closed, and the visits already booked.
 */
export async function venueSlots(db: Db, venueId: string, from: string, to: string, now = new Date()) {
  const w = tourWindow(now);
  const [first, last] = [from > w.first ? from : w.first, to < w.last ? to : w.last];
  if (first > last) return [];
  const [hours, closed, ranges, closures, taken] = await Promise.all([
    hoursOf(db, venueId),
    db
      .select({ day: venueTourClosedDays.day })
      .from(venueTourClosedDays)
      .where(
        and(
          eq(venueTourClosedDays.venueId, venueId),
          gte(venueTourClosedDays.day, first),
          lte(venueTourClosedDays.day, last),
        ),
      ),
    db
      .select({ startsOn: venueAvailability.startsOn, endsOn: venueAvailability.endsOn })
      .from(venueAvailability)
      .where(
        and(
          eq(venueAvailability.venueId, venueId),
          eq(venueAvailability.status, "booked"),
          lte(venueAvailability.startsOn, last),
          gte(venueAvailability.endsOn, first),
        ),
      ),
    db.select({ month: venueClosures.month }).from(venueClosures).where(eq(venueClosures.venueId, venueId)),
    db
      .select({ startsAt: tours.startsAt })
      .from(tours)
      .where(
        and(
          eq(tours.venueId, venueId),
          eq(tours.status, "booked"),
          gte(tours.startsAt, new Date(`${addDays(first, -1)}T00:00:00Z`)),
          lte(tours.startsAt, new Date(`${addDays(last, 2)}T00:00:00Z`)),
        ),
      ),
  ]);
  const shut = new Set(closures.map((c) => c.month));
  const blocked = [
    ...ranges.flatMap((r) =>
      daysBetween(r.startsOn > first ? r.startsOn : first, r.endsOn < last ? r.endsOn : last),
    ),
    ...daysBetween(first, last).filter((d) => shut.has(monthNumber(d))),
  ];
  return freeSlots(
    {
      hours,
      closedDays: closed.map((c) => c.day),
      blockedDays: blocked,
      taken: taken.map((t) => t.startsAt.getTime()),
    },
    first,
    last,
    now,
  );
}

export type BookingPage = {
  venue: { id: string; name: string; path: string };
  days: TourDay[];
  /** The first day shown, and the pages before and after it (null at the window's ends). */
  start: string;
  earlier: string | null;
  later: string | null;
  prefill: { name: string; email: string };
};

/** The booking page: TOUR_PAGE_DAYS days from `start` (a day in the window, else its first). */
export async function bookingPage(
  db: Db,
  venueId: string,
  user: AppUser,
  start: string | null,
  now = new Date(),
): Promise<BookingPage | null> {
  const venue = await bookableVenue(db, venueId);
  if (!venue) return null;
  const w = tourWindow(now);
  const first = isCalendarDay(start) && start >= w.first && start <= w.last ? start : w.first;
  const last = addDays(first, TOUR_PAGE_DAYS - 1);
  const days = await venueSlots(db, venue.id, first, last, now);
  const back = addDays(first, -TOUR_PAGE_DAYS);
  return {
    venue: { id: venue.id, name: venue.name, path: venue.path },
    days,
    start: first,
    earlier: first > w.first ? (back < w.first ? w.first : back) : null,
    later: last < w.last ? addDays(last, 1) : null,
    prefill: { name: user.name, email: user.email },
  };
}

/**
 * `startsAt` when it is one of the venue's free visits now; else why not: another couple has it
 * (taken), or it is no visit at all (outside the hours, the window, a closed day).
 */
async function offered(
  db: Db,
  venueId: string,
  startsAt: unknown,
  now: Date,
): Promise<{ at: Date } | { ok: false; status: 409; error: string }> {
  const day = slotDay(startsAt);
  const notOffered = { ok: false as const, status: 409 as const, error: tourMessages.notOffered };
  if (!day) return notOffered;
  const days = await venueSlots(db, venueId, day, day, now);
  const at = new Date(startsAt as string);
  if (days.some((d) => d.slots.some((s) => Date.parse(s.startsAt) === at.getTime()))) return { at };
  const [taken] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(and(eq(tours.venueId, venueId), eq(tours.startsAt, at), eq(tours.status, "booked")))
    .limit(1);
  return taken ? { ...notOffered, error: tourMessages.taken } : notOffered;
}

export type TourRow = typeof tours.$inferSelect;
export type BookResult =
  { ok: true; tour: TourRow; venue: BookableVenue } | { ok: false; status: number; error: string };

/** Books a visit for a signed-in couple: one insert, refused by the unique index if the slot went. */
export async function bookTour(
  db: Db,
  input: { venueId: string; user: AppUser; name: string; email: string; slot: string },
  now = new Date(),
): Promise<BookResult> {
  const venue = await bookableVenue(db, input.venueId);
  if (!venue) return { ok: false, status: 404, error: "This venue is not taking visits" };
  const slot = await offered(db, venue.id, input.slot, now);
  if (!("at" in slot)) return slot;
  // One coming visit per couple and venue: nobody holds a venue's every time.
  const [coming] = await db
    .select({ id: tours.id })
    .from(tours)
    .where(
      and(
        eq(tours.venueId, venue.id),
        eq(tours.userId, input.user.id),
        eq(tours.status, "booked"),
        gt(tours.startsAt, now),
      ),
    )
    .limit(1);
  if (coming) return { ok: false, status: 409, error: tourMessages.already };
  try {
    const [tour] = await db
      .insert(tours)
      .values({
        venueId: venue.id,
        userId: input.user.id,
        name: input.name,
        email: input.email,
        startsAt: slot.at,
      })
      .returning();
    return { ok: true, tour: tour!, venue };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, status: 409, error: tourMessages.taken };
    throw err;
  }
}

// ---------------------------------------------------------------------------------------------
// One visit: its page, moving and cancelling it
// ---------------------------------------------------------------------------------------------

const linkPurpose = (id: string) => `tour:${id}`;

/** The visit's page with its signed token: opens it, moves and cancels it, with no sign-in. */
export function tourLink(app: Pick<AppContext, "stamps" | "config">, id: string): string {
  return `${app.config.siteUrl}/tours/${id}?${new URLSearchParams({ t: app.stamps.issue(linkPurpose(id)) })}`;
}

export type TourAccess = { tour: TourRow; venue: BookableVenue; by: "owner" | "link" | "manager" };

/**
 * A visit for whoever may act on it: its couple (the account that booked it), anyone with its
 * signed link, or the venue's managers (and admins); null for everyone else, as for no visit.
 */
export async function tourFor(
  app: Pick<AppContext, "db" | "stamps">,
  id: string,
  who: { user: AppUser | null; token: string | null },
): Promise<TourAccess | null> {
  if (!isUuid(id)) return null;
  const [row] = await app.db
    .select({
      tour: tours,
      venue: { id: venues.id, name: venues.name, location: venues.location, email: venues.email },
    })
    .from(tours)
    .innerJoin(venues, eq(venues.id, tours.venueId))
    .where(eq(tours.id, id))
    .limit(1);
  if (!row) return null;
  const venue = { ...row.venue, path: venuePath(row.venue) };
  if (who.user && row.tour.userId === who.user.id) return { tour: row.tour, venue, by: "owner" };
  if (who.token && app.stamps.read(linkPurpose(id), who.token)) return { tour: row.tour, venue, by: "link" };
  if (await canManageVenue(app.db, who.user, row.tour.venueId))
    return { tour: row.tour, venue, by: "manager" };
  return null;
}

/** Whether a visit can still be moved or cancelled: booked and not begun. */
export const changeable = (tour: TourRow, now = new Date()) =>
  tour.status === "booked" && tour.startsAt.getTime() > now.getTime();

/**
 * Moves a booked, future visit to another free time: one update (the new start, SEQUENCE + 1),
 * which the unique index refuses when another couple took that time meanwhile.
 */
export async function rescheduleTour(
  db: Db,
  access: TourAccess,
  slot: unknown,
  now = new Date(),
): Promise<{ ok: true; tour: TourRow } | { ok: false; status: number; error: string }> {
  if (access.by === "manager") throw new Refusal(403, "Only the couple can move their visit");
  if (!changeable(access.tour, now)) return { ok: false, status: 409, error: tourMessages.notBookable };
  const free = await offered(db, access.tour.venueId, slot, now);
  if (!("at" in free)) return free;
  try {
    const [tour] = await db
      .update(tours)
      .set({ startsAt: free.at, sequence: sql`${tours.sequence} + 1` })
      .where(and(eq(tours.id, access.tour.id), eq(tours.status, "booked"), gt(tours.startsAt, now)))
      .returning();
    return tour ? { ok: true, tour } : { ok: false, status: 409, error: tourMessages.notBookable };
  } catch (err) {
    if (isUniqueViolation(err)) return { ok: false, status: 409, error: tourMessages.taken };
    throw err;
  }
}

/** Cancels a booked, future visit (SEQUENCE + 1, so that calendars drop the same event). */
export async function cancelTour(
  db: Db,
  access: TourAccess,
  now = new Date(),
): Promise<{ ok: true; tour: TourRow } | { ok: false; status: number; error: string }> {
  if (!changeable(access.tour, now)) return { ok: false, status: 409, error: tourMessages.notBookable };
  const [tour] = await db
    .update(tours)
    .set({ status: "cancelled", sequence: sql`${tours.sequence} + 1` })
    .where(and(eq(tours.id, access.tour.id), eq(tours.status, "booked"), gt(tours.startsAt, now)))
    .returning();
  return tour ? { ok: true, tour } : { ok: false, status: 409, error: tourMessages.notBookable };
}

export type OwnVisit = {
  id: string;
  venueName: string;
  venuePath: string;
  startsAt: string;
  status: "booked" | "cancelled";
};

/** A couple's visits, the latest booked first (at most 100). */
export async function listOwnTours(db: Db, userId: string): Promise<OwnVisit[]> {
  const rows = await db
    .select({
      id: tours.id,
      venueId: venues.id,
      venueName: venues.name,
      startsAt: tours.startsAt,
      status: tours.status,
    })
    .from(tours)
    .innerJoin(venues, eq(venues.id, tours.venueId))
    .where(eq(tours.userId, userId))
    .orderBy(sql`${tours.startsAt} desc`)
    .limit(100);
  return rows.map((r) => ({
    id: r.id,
    venueName: r.venueName,
    venuePath: venuePath({ id: r.venueId, name: r.venueName }),
    startsAt: r.startsAt.toISOString(),
    status: r.status,
  }));
}
