// The calendar's writes shared by its forms (availability.server.ts) and the inbox's 'Mark as
// booked' (inquiry-booking.server.ts): marking days (ADR 030) and recording that the calendar
// was touched (issue 41: its free days are 'Not confirmed' once nobody touched it for 90 days).
import { and, eq, gte, inArray, lte, sql } from "drizzle-orm";
import { venueAvailability, venueFreedDays, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { addDays, type AvailabilityStatus } from "~/lib/availability";
import { Refusal } from "~/lib/refusal";
import type { AppUser } from "~/lib/user";
import { assertCanManageVenue } from "./permissions.server";

export type Tx = Parameters<Parameters<Db["transaction"]>[0]>[0];

/** What a marked range remembers beside its status: the booking inquiry, an imported name. */
export type MarkExtra = { inquiryId?: string | null; note?: string | null };

/** The ranges of one venue (or of several) that overlap the days from `from` to `to`, both included. */
export const rangesOverlapping = (venueId: string | string[], from: string, to: string) =>
  and(
    typeof venueId === "string"
      ? eq(venueAvailability.venueId, venueId)
      : inArray(venueAvailability.venueId, venueId),
    lte(venueAvailability.startsOn, to),
    gte(venueAvailability.endsOn, from),
  );

/**
 * Marks every day from `from` to `to` (both included) with a status, replacing what those days
 * said: ranges that overlap are cut back to the days outside (keeping their inquiry and note), so
 * a venue's ranges never overlap. 'available' just clears the days. The caller touches the
 * calendar (touchCalendar), once per change.
 */
export async function markDays(
  tx: Tx,
  venueId: string,
  from: string,
  to: string,
  status: AvailabilityStatus,
  source: "manual" | "ics",
  extra: MarkExtra = {},
): Promise<void> {
  const overlapping = await tx
    .delete(venueAvailability)
    .where(rangesOverlapping(venueId, from, to))
    .returning();
  // Days held or booked until now may be free: a saved search for them may have news (issue 44).
  if (overlapping.length > 0) await tx.insert(venueFreedDays).values({ venueId, startsOn: from, endsOn: to });
  const rows: (typeof venueAvailability.$inferInsert)[] = [];
  for (const r of overlapping) {
    const keep = { venueId, status: r.status, source: r.source, inquiryId: r.inquiryId, note: r.note };
    if (r.startsOn < from) rows.push({ ...keep, startsOn: r.startsOn, endsOn: addDays(from, -1) });
    if (r.endsOn > to) rows.push({ ...keep, startsOn: addDays(to, 1), endsOn: r.endsOn });
  }
  if (status !== "available")
    rows.push({
      venueId,
      startsOn: from,
      endsOn: to,
      status,
      source,
      inquiryId: extra.inquiryId ?? null,
      note: extra.note ?? null,
    });
  if (rows.length > 0) await tx.insert(venueAvailability).values(rows);
}

/**
 * The calendar was changed now: its free days are confirmed for CALENDAR_FRESH_DAYS. Raw SQL so
 * the venue's updated_at (its details) stays; the search index re-reads the venue (migration
 * 0005's log), even when the change rewrote no range (days already free marked available).
 */
export async function touchCalendar(tx: Tx, venueId: string): Promise<void> {
  await tx.execute(sql`update venues set calendar_updated_at = now() where id = ${venueId}`);
  await tx.execute(sql`select record_changed_venues(array[${venueId}]::uuid[])`);
}

/**
 * Every change to a calendar: the person may manage the venue (a 403 answer), and the venue is
 * there (a 404 answer: an admin may manage any id, and a row of an unknown venue would fail).
 * The calendar's page checks it before it reads a byte of a form's body (issue 39).
 */
export async function assertManagedCalendar(db: Db, actor: AppUser | null | undefined, venueId: string) {
  await assertCanManageVenue(db, actor, venueId);
  const [venue] = await db.select({ id: venues.id }).from(venues).where(eq(venues.id, venueId));
  if (!venue) throw new Refusal(404, "Venue not found");
}
