// The secret .ics feed of a venue's booked days (ADR 030): its address, its rotation, and the
// calendar behind a token.
import crypto from "node:crypto";
import ICAL from "ical.js";
import { and, asc, eq, gte } from "drizzle-orm";
import { venueAvailability, venueCalendarFeeds, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { addDays, utcDay } from "~/lib/availability";
import type { AppUser } from "~/lib/user";
import { assertManagedCalendar } from "./calendar-days.server";
import { LIMITS, limitWrite, type WriteRefused } from "./rate-limit.server";

const newToken = () => crypto.randomBytes(24).toString("base64url");
export const feedUrl = (siteUrl: string, token: string) => `${siteUrl}/calendar/${token}.ics`;
/** A token as the URL writes it: 32 characters of base64url. */
export const isFeedToken = (v: string) => /^[A-Za-z0-9_-]{32}$/.test(v);

/** The venue's feed token, made on first use. */
export async function feedToken(db: Db, venueId: string): Promise<string> {
  await db.insert(venueCalendarFeeds).values({ venueId, token: newToken() }).onConflictDoNothing();
  const [row] = await db
    .select({ token: venueCalendarFeeds.token })
    .from(venueCalendarFeeds)
    .where(eq(venueCalendarFeeds.venueId, venueId));
  return row!.token;
}

/** A new secret address for the feed: the old one answers 404 from now on. */
export async function rotateFeed(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
): Promise<string> {
  await assertManagedCalendar(db, actor, venueId);
  const token = newToken();
  await db
    .insert(venueCalendarFeeds)
    .values({ venueId, token })
    .onConflictDoUpdate({ target: venueCalendarFeeds.venueId, set: { token, rotatedAt: new Date() } });
  return token;
}

const icsDate = (day: string) => ICAL.Time.fromDateString(day);

/**
 * The feed behind a token: every booked range from a year ago on, as all-day events (DTEND the
 * day after the last, as RFC 5545 has it). A 404 for an unknown token or a venue not public, a
 * 429 once `client` has missed too often.
 */
export async function calendarFeed(
  db: Db,
  token: string,
  siteUrl: string,
  client: string,
  today = utcDay(),
): Promise<{ ok: true; body: string } | { ok: false; status: 404 } | WriteRefused> {
  // Only a public venue's (an unapproved one's is hidden; a trashed one has no feed row).
  const [feed] = isFeedToken(token)
    ? await db
        .select({ venueId: venueCalendarFeeds.venueId, name: venues.name })
        .from(venueCalendarFeeds)
        .innerJoin(venues, eq(venues.id, venueCalendarFeeds.venueId))
        .where(and(eq(venueCalendarFeeds.token, token), eq(venues.isApproved, true)))
    : [];
  // A miss is a guess, or a retired address: limited per client (clientAddress: an IPv6 /64), so a
  // known address, which a calendar app polls, always answers.
  if (!feed)
    return (
      (await limitWrite(db, `feed-miss:${client}`, LIMITS.feedMissIp)) ?? {
        ok: false,
        status: 404,
      }
    );
  const rows = await db
    .select({
      id: venueAvailability.id,
      startsOn: venueAvailability.startsOn,
      endsOn: venueAvailability.endsOn,
    })
    .from(venueAvailability)
    .where(
      and(
        eq(venueAvailability.venueId, feed.venueId),
        eq(venueAvailability.status, "booked"),
        gte(venueAvailability.endsOn, addDays(today, -365)),
      ),
    )
    .orderBy(asc(venueAvailability.startsOn));
  const host = new URL(siteUrl).host;
  const cal = new ICAL.Component("vcalendar");
  cal.addPropertyWithValue("version", "2.0");
  cal.addPropertyWithValue("prodid", "-//Vows & Vistas//Venue availability//EN");
  cal.addPropertyWithValue("calscale", "GREGORIAN");
  cal.addPropertyWithValue("method", "PUBLISH");
  cal.addPropertyWithValue("x-wr-calname", `${feed.name}: booked dates`);
  const stamp = ICAL.Time.fromJSDate(new Date(), true);
  for (const r of rows) {
    const ev = new ICAL.Component("vevent");
    ev.addPropertyWithValue("uid", `${r.id}@${host}`);
    ev.addPropertyWithValue("dtstamp", stamp);
    ev.addPropertyWithValue("dtstart", icsDate(r.startsOn));
    ev.addPropertyWithValue("dtend", icsDate(addDays(r.endsOn, 1)));
    ev.addPropertyWithValue("summary", "Booked");
    ev.addPropertyWithValue("transp", "OPAQUE");
    cal.addSubcomponent(ev);
  }
  return { ok: true, body: cal.toString().replace(/\r?\n/g, "\r\n") + "\r\n" };
}
