import { and, count, eq, inArray, isNull, lte, or, sql } from "drizzle-orm";
import {
  appSettings,
  savedSearches,
  savedSearchVenues,
  users,
  venueFreedDays,
  venues,
} from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import type { Tx } from "./calendar-days.server";
import { firstDay, lastDay, utcDay } from "~/lib/dates";
import { Refusal } from "~/lib/refusal";
import {
  ALERT_INTERVAL_HOURS,
  ALERT_VENUES_MAX,
  MAX_SAVED_SEARCHES,
  savedFilters,
  type AlertFrequency,
} from "~/lib/saved-searches";
import { searchUrl } from "~/lib/search";
import type { SearchStore } from "~/lib/search-store";
import { venuePath } from "~/lib/venue-url";
import { confirmSearchEmail, searchAlertEmail } from "./alert-emails.server";
import { optOutOf } from "./notifications.server";
import { searchIndex } from "./search-index.server";

// Saved searches and their alerts (issue 44, ADR 044). A check finds the venues that are news
// for each search: approved, or their calendar or prices changed, since the last check, and now
// matching it; each is news once (saved_search_venues). The search's next mail, an hour, a day or
// a week after its last one, names them. A search's results when it was saved are not news.

export const ALERTS_TASK = "saved-search-alerts";
/** A saved search's own results, when it is saved, are kept as seen up to this many. */
const SEEN_AT_SAVE = 500;
/** Where the last check stopped (app_settings): changes after it are the next check's. */
const CHECKED_UNTIL = "saved_search_alerts_checked_until";
const OVERLAP_MS = 5 * 60_000;

export type SavedSearch = typeof savedSearches.$inferSelect;

const limitReached = () =>
  new Refusal(409, `You can keep up to ${MAX_SAVED_SEARCHES} saved searches. Delete one to save this one.`);

/** The live venues matching a search's filters, in slot order (at most `max`). */
function matching(store: SearchStore, query: string, max = Infinity): number[] {
  const q = store.query(savedFilters(new URLSearchParams(query)));
  const out: number[] = [];
  if (!q) return out;
  for (let s = 0; s < store.slots && out.length < max; s++) if (store.alive[s] && q.test(s)) out.push(s);
  return out;
}

/**
 * Saves a search for a signed-in couple (mails go to their account's address) or for a guest's
 * address, which first gets a link to confirm. Its current results are seen, not news.
 */
export async function saveSearch(
  app: Pick<AppContext, "db" | "mailer" | "config" | "stamps">,
  owner: { userId: string } | { email: string },
  input: { name: string; query: string; frequency: AlertFrequency },
): Promise<SavedSearch> {
  const { db } = app;
  const mine =
    "userId" in owner ? eq(savedSearches.userId, owner.userId) : eq(savedSearches.email, owner.email);
  const [{ n }] = (await db.select({ n: count() }).from(savedSearches).where(mine)) as [{ n: number }];
  if (n >= MAX_SAVED_SEARCHES) throw limitReached();
  const seen = await resultsNow(db, input.query);
  const search = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(savedSearches)
      .values({ ...owner, ...input, confirmedAt: "userId" in owner ? new Date() : null })
      .returning();
    await markSeen(tx, row!.id, seen);
    return row!;
  });
  if ("email" in owner) {
    const url = `${app.config.siteUrl}/saved-searches/confirm?${searchLink(app, search.id, "confirm")}`;
    await app.mailer.send(confirmSearchEmail(app.config.siteName, owner.email, search, url));
  }
  return search;
}

export async function listSavedSearches(db: Db, userId: string): Promise<SavedSearch[]> {
  return db
    .select()
    .from(savedSearches)
    .where(eq(savedSearches.userId, userId))
    .orderBy(savedSearches.createdAt);
}

/** Renames a couple's saved search or changes how often it mails; another's is not found. */
export async function updateSavedSearch(
  db: Db,
  userId: string,
  id: string,
  change: { name: string; frequency: AlertFrequency },
): Promise<void> {
  const done = await db
    .update(savedSearches)
    .set(change)
    .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
    .returning({ id: savedSearches.id });
  if (done.length === 0) throw new Refusal(404, "This saved search no longer exists");
}

/** A couple's saved search with other filters (one taken off): its results now are not news. */
export async function changeSavedSearchQuery(
  db: Db,
  userId: string,
  id: string,
  query: string,
): Promise<void> {
  const seen = await resultsNow(db, query);
  await db.transaction(async (tx) => {
    const done = await tx
      .update(savedSearches)
      .set({ query })
      .where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)))
      .returning({ id: savedSearches.id });
    if (done.length === 0) throw new Refusal(404, "This saved search no longer exists");
    await markSeen(tx, id, seen);
  });
}

/** A search's results now, up to SEEN_AT_SAVE ids (none when it has more). */
async function resultsNow(db: Db, query: string): Promise<string[]> {
  const { store } = await searchIndex(db);
  const slots = matching(store, query, SEEN_AT_SAVE + 1);
  return slots.length > SEEN_AT_SAVE ? [] : slots.map((s) => store.ids[s]!);
}

async function markSeen(tx: Tx, searchId: string, venueIds: string[]): Promise<void> {
  if (venueIds.length === 0) return;
  await tx
    .insert(savedSearchVenues)
    .values(venueIds.map((venueId) => ({ searchId, venueId, sentAt: new Date() })))
    .onConflictDoNothing();
}

export async function deleteSavedSearch(db: Db, userId: string, id: string): Promise<void> {
  await db.delete(savedSearches).where(and(eq(savedSearches.id, id), eq(savedSearches.userId, userId)));
}

// ---------------------------------------------------------------------------------------------
// Signed links: a guest's confirmation, and every alert's one-click "stop" (RFC 8058). The
// signature names one search and one act, so the link can do nothing else.
// ---------------------------------------------------------------------------------------------

type LinkAct = "confirm" | "off";
const linkPurpose = (id: string, act: LinkAct) => `saved-search:${act}:${id}`;

function searchLink(app: Pick<AppContext, "stamps">, id: string, act: LinkAct): string {
  return new URLSearchParams({ id, t: app.stamps.issue(linkPurpose(id, act)) }).toString();
}

/** The search a link names, when its signature is ours for `act`. */
export async function searchFromLink(
  app: Pick<AppContext, "db" | "stamps">,
  params: URLSearchParams,
  act: LinkAct,
): Promise<SavedSearch | null> {
  const id = params.get("id") ?? "";
  if (!app.stamps.read(linkPurpose(id, act), params.get("t") ?? "")) return null;
  const [row] = await app.db.select().from(savedSearches).where(eq(savedSearches.id, id));
  return row ?? null;
}

/** Follows a link: confirms a guest's search, or turns a search's alerts off. */
export async function actOnLink(db: Db, id: string, act: LinkAct): Promise<void> {
  await db
    .update(savedSearches)
    .set(
      act === "confirm"
        ? { confirmedAt: sql`coalesce(${savedSearches.confirmedAt}, now())` }
        : { frequency: "off" },
    )
    .where(eq(savedSearches.id, id));
}

// ---------------------------------------------------------------------------------------------
// The check and the mails
// ---------------------------------------------------------------------------------------------

export type AlertRun = { searches: number; changed: number; found: number; mails: number };

/**
 * One check (the alerts task, every minute): the venues changed since the last check, tested
 * against every saved search that mails; the news noted; then a mail for each search that has news
 * and whose wait since its last mail is over. Safe to run twice at once: a venue is news for a
 * search once (its key), and a mail claims its venues before it is sent.
 */
export async function runAlerts(
  app: Pick<AppContext, "db" | "mailer" | "config" | "stamps" | "logger">,
  { overlapMs = OVERLAP_MS } = {},
): Promise<AlertRun> {
  const { db } = app;
  // The database's clock, as the venues' change times are.
  const [{ ms }] = (await queryRows<{ ms: string }>(
    db,
    sql`select extract(epoch from now()) * 1000 as ms`,
  )) as [{ ms: string }];
  const now = new Date(Number(ms));
  const [mark] = await db.select().from(appSettings).where(eq(appSettings.key, CHECKED_UNTIL));
  // A little before the last check: a change whose transaction began before it but committed after
  // it was not seen then (a venue is news once however often it is seen).
  const since = new Date((mark ? Date.parse(mark.value) : now.getTime()) - overlapMs);
  const run: AlertRun = { searches: 0, changed: 0, found: 0, mails: 0 };

  const window = sql`between ${since.toISOString()}::timestamptz and ${now.toISOString()}::timestamptz`;
  const changed = await db
    .select({
      id: venues.id,
      // Newly approved, or its details changed (prices, capacity, amenities...): news for any search.
      anySearch: sql<boolean>`coalesce(greatest(${venues.updatedAt}, ${venues.approvedAt}) ${window}, false)`,
    })
    .from(venues)
    .where(
      and(
        eq(venues.isApproved, true),
        sql`greatest(${venues.updatedAt}, ${venues.approvedAt}, ${venues.calendarUpdatedAt}) ${window}`,
      ),
    );
  run.changed = changed.length;
  if (changed.length > 0) {
    const { store } = await searchIndex(db);
    // A calendar's change is news only for a search of a day it may have freed.
    const freed = await db
      .select({ venueId: venueFreedDays.venueId, from: venueFreedDays.startsOn, to: venueFreedDays.endsOn })
      .from(venueFreedDays)
      .where(sql`${venueFreedDays.changedAt} ${window}`);
    const inIndex = changed.flatMap((v) => {
      const slot = store.slotOf(v.id);
      const days = freed.filter((f) => f.venueId === v.id);
      return slot === undefined ? [] : [{ slot, anySearch: v.anySearch, days }];
    });
    const today = utcDay(now);
    const searches = await db
      .select({ id: savedSearches.id, query: savedSearches.query })
      .from(savedSearches)
      .where(and(sql`${savedSearches.confirmedAt} is not null`, sql`${savedSearches.frequency} <> 'off'`));
    run.searches = searches.length;
    // Equal queries are tested once.
    const found = new Map<string, string[]>();
    const news: { searchId: string; venueId: string }[] = [];
    for (const s of searches) {
      let hits = found.get(s.query);
      if (!hits) {
        const filters = savedFilters(new URLSearchParams(s.query));
        // A date gone by finds nothing any more.
        const q = filters.date && filters.date < today ? null : store.query(filters, today);
        // The search's days: its date, or its month's first and last.
        const [first, last] = filters.date
          ? [filters.date, filters.date]
          : filters.month
            ? [firstDay(filters.month), lastDay(filters.month)]
            : [null, null];
        const freedFor = (days: { from: string; to: string }[]) =>
          first !== null && days.some((d) => d.from <= last! && d.to >= first);
        hits = q
          ? inIndex
              .filter((v) => (v.anySearch || freedFor(v.days)) && q.test(v.slot))
              .map((v) => store.ids[v.slot]!)
          : [];
        found.set(s.query, hits);
      }
      for (const venueId of hits) news.push({ searchId: s.id, venueId });
    }
    for (let i = 0; i < news.length; i += 1000) {
      const added = await db
        .insert(savedSearchVenues)
        .values(news.slice(i, i + 1000))
        .onConflictDoNothing()
        .returning({ venueId: savedSearchVenues.venueId });
      run.found += added.length;
    }
  }
  await db
    .insert(appSettings)
    .values({ key: CHECKED_UNTIL, value: now.toISOString() })
    .onConflictDoUpdate({ target: appSettings.key, set: { value: now.toISOString() } });
  run.mails = await mailNews(app, now);
  return run;
}

/** Mails each search with news whose wait is over; answers how many mails went. */
async function mailNews(app: Pick<AppContext, "db" | "mailer" | "config" | "stamps" | "logger">, now: Date) {
  const { db, config } = app;
  const waitOver = or(
    isNull(savedSearches.sentAt),
    ...(Object.entries(ALERT_INTERVAL_HOURS) as [AlertFrequency, number][]).map(([frequency, hours]) =>
      and(
        eq(savedSearches.frequency, frequency),
        lte(savedSearches.sentAt, new Date(now.getTime() - hours * 3_600_000)),
      ),
    ),
  );
  const due = await db
    .selectDistinct({
      id: savedSearches.id,
      name: savedSearches.name,
      query: savedSearches.query,
      userId: savedSearches.userId,
      to: sql<string>`coalesce(${users.email}, ${savedSearches.email})`,
    })
    .from(savedSearches)
    .innerJoin(
      savedSearchVenues,
      and(eq(savedSearchVenues.searchId, savedSearches.id), isNull(savedSearchVenues.sentAt)),
    )
    .leftJoin(users, eq(users.id, savedSearches.userId))
    .where(
      and(
        sql`${savedSearches.confirmedAt} is not null`,
        sql`${savedSearches.frequency} <> 'off'`,
        waitOver,
        // A couple who turned alerts off in their account gets none.
        sql`not exists (select 1 from email_opt_outs o where o.user_id = ${savedSearches.userId} and o.kind = 'alert')`,
      ),
    );
  // Each due search's news claimed at once, before any mail: a second check running meanwhile
  // finds nothing left to send.
  const claimed: { searchId: string; venueId: string }[] = [];
  for (const ids of chunks(
    due.map((d) => d.id),
    CHUNK,
  ))
    claimed.push(
      ...(await db
        .update(savedSearchVenues)
        .set({ sentAt: now })
        .where(and(inArray(savedSearchVenues.searchId, ids), isNull(savedSearchVenues.sentAt)))
        .returning({ searchId: savedSearchVenues.searchId, venueId: savedSearchVenues.venueId })),
    );
  const venueIds = [...new Set(claimed.map((c) => c.venueId))];
  const shown = new Map<string, { id: string; name: string; place: string }>();
  for (const ids of chunks(venueIds, CHUNK))
    for (const v of await db
      .select({ id: venues.id, name: venues.name, location: venues.location, city: venues.city })
      .from(venues)
      .where(and(inArray(venues.id, ids), eq(venues.isApproved, true))))
      shown.set(v.id, { id: v.id, name: v.name, place: v.city ?? v.location ?? "Colorado" });
  const newsOf = new Map<string, string[]>();
  for (const c of claimed) newsOf.set(c.searchId, [...(newsOf.get(c.searchId) ?? []), c.venueId]);

  const sent: string[] = [];
  const failed: string[] = [];
  const mailOne = async (search: (typeof due)[number]) => {
    const named = (newsOf.get(search.id) ?? [])
      .flatMap((id) => shown.get(id) ?? [])
      .sort((a, b) => a.name.localeCompare(b.name));
    if (named.length === 0) return;
    const filters = savedFilters(new URLSearchParams(search.query));
    const context = new URLSearchParams();
    if (filters.date) context.set("date", filters.date);
    if (filters.guests) context.set("guests", String(filters.guests));
    const suffix = context.size ? `?${context}` : "";
    const off = `${config.siteUrl}/saved-searches/off?${searchLink(app, search.id, "off")}`;
    // The one-click stop turns this search off; an account's settings choose the rest.
    const optOut = search.userId
      ? { ...optOutOf(app, search.userId, "alert"), unsubscribeUrl: off }
      : { settingsUrl: off, unsubscribeUrl: off, postalAddress: config.mailPostalAddress };
    const mail = searchAlertEmail(
      config.siteName,
      search.to,
      { name: search.name, url: `${config.siteUrl}${searchUrl(filters)}` },
      named.slice(0, ALERT_VENUES_MAX).map((v) => ({
        name: v.name,
        place: v.place,
        url: `${config.siteUrl}${venuePath(v)}${suffix}`,
      })),
      Math.max(0, named.length - ALERT_VENUES_MAX),
      optOut,
    );
    try {
      await app.mailer.send(mail);
      sent.push(search.id);
    } catch (err) {
      failed.push(search.id);
      app.logger.error("a saved search alert failed", { search: search.id, error: String(err) });
    }
  };
  // A few mails at a time to the mail server.
  for (const batch of chunks(due, MAILS_AT_ONCE)) await Promise.all(batch.map(mailOne));
  for (const ids of chunks(sent, CHUNK))
    await db.update(savedSearches).set({ sentAt: now }).where(inArray(savedSearches.id, ids));
  // A failed mail's news goes with the next check.
  for (const ids of chunks(failed, CHUNK))
    await db
      .update(savedSearchVenues)
      .set({ sentAt: null })
      .where(and(inArray(savedSearchVenues.searchId, ids), eq(savedSearchVenues.sentAt, now)));
  return sent.length;
}

const CHUNK = 5000;
const MAILS_AT_ONCE = 10;
const chunks = <T>(items: T[], size: number): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, i * size + size));

/** The freed days the alerts' check has long seen (the hourly sweep). */
export async function purgeFreedDays(db: Db): Promise<void> {
  await db.delete(venueFreedDays).where(sql`${venueFreedDays.changedAt} < now() - interval '1 day'`);
}
