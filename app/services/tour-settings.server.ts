// Site visits, the manager's side (issue 45, ADR 046): a venue's weekly hours and closed days for
// visits (its managers and admins, checked here), and the visits booked from now on.
import { and, asc, eq, gt, gte, sql } from "drizzle-orm";
import { tours, venues, venueTourClosedDays, venueTourHours } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { isCalendarDay } from "~/lib/dates";
import { closedDayProblem, parseWeekHours, tourMessages, tourWindow } from "~/lib/tours";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import { recordCalendarAudit } from "./audit.server";
import { assertCanManageVenue } from "./permissions.server";
import { hoursOf } from "./tours.server";

export type UpcomingVisit = { id: string; name: string; email: string; startsAt: string };

/** The booked visits of a venue from now on, soonest first (at most 200). */
async function upcomingVisits(db: Db, venueId: string, now: Date): Promise<UpcomingVisit[]> {
  const rows = await db
    .select({ id: tours.id, name: tours.name, email: tours.email, startsAt: tours.startsAt })
    .from(tours)
    .where(and(eq(tours.venueId, venueId), eq(tours.status, "booked"), gt(tours.startsAt, now)))
    .orderBy(asc(tours.startsAt))
    .limit(200);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString() }));
}

/** The manager's page: the week's hours, the closed days to come and the booked visits. */
export async function getTourSettings(db: Db, actor: AppUser | null, venueId: string, now = new Date()) {
  if (!isUuid(venueId)) return null;
  await assertCanManageVenue(db, actor, venueId);
  const [venue] = await db.select({ name: venues.name }).from(venues).where(eq(venues.id, venueId));
  if (!venue) return null;
  const [hours, closed, visits] = await Promise.all([
    hoursOf(db, venueId),
    db
      .select({ day: venueTourClosedDays.day })
      .from(venueTourClosedDays)
      .where(
        and(eq(venueTourClosedDays.venueId, venueId), gte(venueTourClosedDays.day, tourWindow(now).first)),
      )
      .orderBy(asc(venueTourClosedDays.day)),
    upcomingVisits(db, venueId, now),
  ]);
  return { venueId, venueName: venue.name, hours, closedDays: closed.map((c) => c.day), visits };
}

/** Replaces the week's hours (an empty day: no visits); the refusal says which day is wrong. */
export async function saveTourHours(
  db: Db,
  actor: AppUser | null,
  venueId: string,
  fields: Record<string, string>,
): Promise<{ ok: true } | { ok: false; error: string }> {
  await assertCanManageVenue(db, actor, venueId);
  const parsed = parseWeekHours(fields);
  if (!parsed.ok) return parsed;
  await db.transaction(async (tx) => {
    await tx.delete(venueTourHours).where(eq(venueTourHours.venueId, venueId));
    if (parsed.hours.length)
      await tx.insert(venueTourHours).values(parsed.hours.map((h) => ({ venueId, ...h })));
    await recordCalendarAudit(tx, actor!, venueId, "tours.hours", { days: parsed.hours.length });
  });
  return { ok: true };
}

/** Adds or removes one closed day for visits. */
export async function setClosedDay(
  db: Db,
  actor: AppUser | null,
  venueId: string,
  day: unknown,
  closed: boolean,
  now = new Date(),
): Promise<{ ok: true } | { ok: false; error: string }> {
  await assertCanManageVenue(db, actor, venueId);
  if (closed) {
    const problem = closedDayProblem(day, now);
    if (problem) return { ok: false, error: problem };
  } else if (!isCalendarDay(day)) return { ok: false, error: tourMessages.badDay };
  const d = day as string;
  await db.transaction(async (tx) => {
    if (closed) await tx.insert(venueTourClosedDays).values({ venueId, day: d }).onConflictDoNothing();
    else
      await tx
        .delete(venueTourClosedDays)
        .where(and(eq(venueTourClosedDays.venueId, venueId), eq(venueTourClosedDays.day, d)));
    await recordCalendarAudit(tx, actor!, venueId, "tours.closed", { day: d, closed });
  });
  return { ok: true };
}

/** The dashboard's next visits at the actor's linked venues (the soonest `limit`). */
export async function upcomingManagerVisits(db: Db, actor: AppUser, limit = 5, now = new Date()) {
  const rows = await db
    .select({
      id: tours.id,
      venueId: venues.id,
      venueName: venues.name,
      name: tours.name,
      startsAt: tours.startsAt,
    })
    .from(tours)
    .innerJoin(venues, eq(venues.id, tours.venueId))
    .where(
      and(
        eq(tours.status, "booked"),
        gt(tours.startsAt, now),
        sql`exists (select 1 from venue_managers vm where vm.venue_id = ${tours.venueId} and vm.user_id = ${actor.id})`,
      ),
    )
    .orderBy(asc(tours.startsAt))
    .limit(limit);
  return rows.map((r) => ({ ...r, startsAt: r.startsAt.toISOString() }));
}
