// /compare (issue 24, point 2; ADR 031): up to four approved venues side by side, by id, in the
// order asked, with the estimate for the guest count (on the date, or over the flexible month). Public: only approved venues, whoever asks.
import { and, eq, inArray } from "drizzle-orm";
import { venueCategories, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { calendarConfirmed, publicDayState, type DayStatus, type PublicDayState } from "~/lib/availability";
import { utcDay } from "~/lib/dates";
import { COMPARE_MAX, type TrayItem } from "~/lib/compare";
import { estimateCost, type Estimate } from "~/lib/estimate";
import { usableImages } from "~/lib/images";
import { normalizeAmenities, priceDisplay } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { FACT_LABELS, factRows, readFacts } from "~/lib/venue-facts";
import { statusesOn } from "./availability.server";

export type CompareVenue = {
  id: string;
  name: string;
  path: string;
  image: string | null;
  price: string;
  capacity: number | null;
  estimate: Estimate | null;
  rating: number;
  reviewCount: number;
  /** Included amenities, as the venue spells them. */
  amenities: string[];
  region: string | null;
  city: string | null;
  category: string | null;
  /**
   * On the chosen date, as couples see it (issue 41: free only when the calendar is kept up to
   * date, else not confirmed; held reads booked); null when no date was chosen.
   */
  availability: PublicDayState | null;
  /** Capacity by layout and the house rules it states (issue 43). */
  facts: { label: string; value: string }[];
};

export type Comparison = {
  venues: CompareVenue[];
  /** Ids asked for that are not shown: unknown, not approved, or beyond the fourth. */
  dropped: number;
  /** The facts any of them states (issue 43), in the venue page's order. */
  factLabels: string[];
  /** Every amenity any of them includes, with which venues include it, in name order. */
  amenities: { name: string; has: boolean[]; differs: boolean }[];
};

/** The venues named by `ids` that anyone may see, in that order, at most COMPARE_MAX. */
export async function compareVenues(
  db: Db,
  ids: string[],
  {
    guests = null,
    date = null,
    month = null,
  }: { guests?: number | null; date?: string | null; month?: string | null } = {},
): Promise<Comparison> {
  const asked = [...new Set(ids)];
  const rows =
    asked.length === 0
      ? []
      : await db
          .select({ venue: venues, category: venueCategories.name })
          .from(venues)
          .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
          .where(and(inArray(venues.id, asked.slice(0, 20)), eq(venues.isApproved, true)));
  const byId = new Map(rows.map((r) => [r.venue.id, r]));
  const shown = asked.flatMap((id) => byId.get(id) ?? []).slice(0, COMPARE_MAX);
  const availability = date
    ? await statusesOn(
        db,
        shown.map((r) => r.venue.id),
        date,
      )
    : new Map<string, DayStatus>();
  const list: CompareVenue[] = shown.map(({ venue: v, category }) => ({
    id: v.id,
    name: v.name,
    path: venuePath(v),
    image: usableImages(v.images)[0] ?? null,
    price: priceDisplay({ ...v, price: v.pricePerEvent }),
    capacity: v.capacity,
    estimate: estimateCost(v, guests, date, month),
    rating: v.rating,
    reviewCount: v.reviewCount,
    amenities: normalizeAmenities(v.amenities)
      .filter((a) => a.included)
      .map((a) => a.name),
    region: v.region,
    city: v.city,
    category,
    availability: date
      ? publicDayState(
          availability.get(v.id) ?? "available",
          calendarConfirmed(v.calendarUpdatedAt, utcDay()),
        )
      : null,
    facts: factRows(readFacts(v.facts)),
  }));
  const names = new Map<string, string>();
  for (const v of list)
    for (const a of v.amenities)
      names.set(a.trim().toLowerCase(), names.get(a.trim().toLowerCase()) ?? a.trim());
  const amenities = [...names.entries()]
    .sort((a, b) => a[1].localeCompare(b[1]))
    .map(([key, name]) => {
      const has = list.map((v) => v.amenities.some((a) => a.trim().toLowerCase() === key));
      return { name, has, differs: has.some((h) => h !== has[0]) };
    });
  const factLabels = FACT_LABELS.filter((label) => list.some((v) => v.facts.some((f) => f.label === label)));
  return { venues: list, dropped: asked.length - list.length, factLabels, amenities };
}

/** Tray entries (id and name) for approved venues among `ids`, in that order. */
export async function trayItems(db: Db, ids: string[]): Promise<TrayItem[]> {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: venues.id, name: venues.name })
    .from(venues)
    .where(and(inArray(venues.id, ids.slice(0, 20)), eq(venues.isApproved, true)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}
