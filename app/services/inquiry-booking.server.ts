// 'Booked means booked' (issue 41): marking an inquiry booked blocks its wedding date in the
// venue's calendar in one click, and the calendar remembers which inquiry booked the day
// (`venue_availability.inquiry_id`). The undo frees the day only while it is still that
// inquiry's booking. Permissions are the calendar's: the venue's managers and admins.
import { eq } from "drizzle-orm";
import { inquiries, venueAvailability } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { rangeProblem, utcDay } from "~/lib/availability";
import { bookingMessages, type InquiryDay } from "~/lib/inquiries";
import { Refusal } from "~/lib/refusal";
import type { AppUser } from "~/lib/user";
import { recordCalendarAudit } from "./audit.server";
import { markDays, rangesOverlapping, touchCalendar, type Tx } from "./calendar-days.server";
import { assertCanManageVenue, assertVenueManager } from "./permissions.server";

export type BookingChange = { ok: true; day: string } | { ok: false; status: number; error: string };

/** The inquiry, once the person may manage its venue (a 403 Refusal otherwise; 404 unknown). */
async function inquiryOf(db: Db, actor: AppUser | null | undefined, id: string) {
  assertVenueManager(actor);
  const [row] = await db
    .select({
      id: inquiries.id,
      venueId: inquiries.venueId,
      day: inquiries.weddingDate,
      status: inquiries.status,
    })
    .from(inquiries)
    .where(eq(inquiries.id, id));
  if (!row) throw new Refusal(404, "Inquiry not found");
  await assertCanManageVenue(db, actor, row.venueId);
  return row;
}

/** The range covering the day in the venue's calendar, if any (ranges never overlap). */
async function rangeOn(db: Db | Tx, venueId: string, day: string) {
  const [range] = await db
    .select({ status: venueAvailability.status, inquiryId: venueAvailability.inquiryId })
    .from(venueAvailability)
    .where(rangesOverlapping(venueId, day, day))
    .for("update");
  return range ?? null;
}

/**
 * The block and its undo alike: the day marked by hand (linked to the inquiry only when booked),
 * the calendar touched, the mark audited.
 */
async function markInquiryDay(
  tx: Tx,
  actor: AppUser,
  venueId: string,
  day: string,
  status: "booked" | "available",
  audit: { inquiryId: string; undo?: true },
) {
  await markDays(
    tx,
    venueId,
    day,
    day,
    status,
    "manual",
    status === "booked" ? { inquiryId: audit.inquiryId } : {},
  );
  await touchCalendar(tx, venueId);
  await recordCalendarAudit(tx, actor, venueId, "availability.mark", {
    from: day,
    to: day,
    status,
    ...audit,
  });
}

/** What the inquiry page offers for the wedding date: block it, undo the block, or nothing. */
export async function inquiryDay(
  db: Db,
  actor: AppUser | null | undefined,
  id: string,
  today = utcDay(),
): Promise<InquiryDay | null> {
  const inquiry = await inquiryOf(db, actor, id);
  const day = inquiry.day;
  if (!day || rangeProblem(day, day, today) || day < today) return null;
  const range = await rangeOn(db, inquiry.venueId, day);
  const state = !range ? "free" : range.inquiryId === id ? "this" : range.inquiryId ? "other" : "blocked";
  return { day, state };
}

/**
 * Blocks the booked inquiry's wedding date: booked in the calendar, linked to the inquiry,
 * audited. Refused when the inquiry has no usable date, is not booked, or another inquiry
 * already booked that day.
 */
export async function blockInquiryDay(
  db: Db,
  actor: AppUser | null | undefined,
  id: string,
  today = utcDay(),
): Promise<BookingChange> {
  const inquiry = await inquiryOf(db, actor, id);
  const day = inquiry.day;
  if (!day || day < today || rangeProblem(day, day, today))
    return { ok: false, status: 400, error: bookingMessages.noDay };
  if (inquiry.status !== "booked") return { ok: false, status: 409, error: bookingMessages.notBooked };
  return db.transaction(async (tx): Promise<BookingChange> => {
    const range = await rangeOn(tx, inquiry.venueId, day);
    if (range?.inquiryId && range.inquiryId !== id)
      return { ok: false, status: 409, error: bookingMessages.otherInquiry };
    if (range?.inquiryId === id) return { ok: true, day };
    await markInquiryDay(tx, actor!, inquiry.venueId, day, "booked", { inquiryId: id });
    return { ok: true, day };
  });
}

/**
 * The undo: frees the wedding date again, but only while the calendar still says this inquiry
 * booked it (a day changed since, by hand or by another booking, is left alone and refused).
 */
export async function unblockInquiryDay(
  db: Db,
  actor: AppUser | null | undefined,
  id: string,
): Promise<BookingChange> {
  const inquiry = await inquiryOf(db, actor, id);
  const day = inquiry.day;
  if (!day) return { ok: false, status: 400, error: bookingMessages.noDay };
  return db.transaction(async (tx): Promise<BookingChange> => {
    const range = await rangeOn(tx, inquiry.venueId, day);
    if (range?.inquiryId !== id || range.status !== "booked")
      return { ok: false, status: 409, error: bookingMessages.changedSince };
    await markInquiryDay(tx, actor!, inquiry.venueId, day, "available", { inquiryId: id, undo: true });
    return { ok: true, day };
  });
}
