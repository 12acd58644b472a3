// Venue addresses: /venue/{slug}-{id}. The slug is the name lowercased, spaces turned to hyphens
// and non-word characters removed; the id is the trailing UUID (or the last hyphen segment).

import { isUuid, UUID_PATTERN } from "./uuid";

/** A UUID at the end of `{slug}-{id}`. */
const TRAILING_UUID = new RegExp(`${UUID_PATTERN.source.slice(1)}`, "i");

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/\s+/g, "-")
    .replace(/[^\w-]/g, "")
    .replace(/-+/g, "-")
    .replace(/^-|-$/g, "");
}

export function venuePath(venue: { id: string; name: string }): string {
  const slug = slugify(venue.name);
  return `/venue/${slug ? `${slug}-` : ""}${venue.id}`;
}

/** The id part of `{slug}-{id}` or a bare id. */
export function parseVenueParam(param: string): string {
  const match = TRAILING_UUID.exec(param);
  if (match) return match[0].toLowerCase();
  const parts = param.split("-");
  return parts[parts.length - 1] ?? "";
}

/** The venue page's tabs; Overview, the first, has no `?tab=` of its own. */
export const VENUE_TABS = ["overview", "amenities", "reviews", "faq"] as const;
export type VenueTab = (typeof VENUE_TABS)[number];

/** The tab an address asks for (`?tab=`); anything unknown is the Overview. */
export function venueTab(param: string | null): VenueTab {
  return VENUE_TABS.find((t) => t === param) ?? "overview";
}

/**
 * The venue page with a tab chosen, which the server renders (ADR 020). `writeReview` opens the
 * review form on the Reviews tab.
 */
export function venueTabPath(
  venue: { id: string; name: string },
  tab: VenueTab,
  opts: { writeReview?: boolean } = {},
): string {
  const params = new URLSearchParams();
  if (tab !== "overview") params.set("tab", tab);
  if (opts.writeReview) params.set("review", "write");
  const query = params.toString();
  return venuePath(venue) + (query ? `?${query}` : "");
}

/**
 * A tab's link on the venue page itself: the query alone (`?tab=faq`), as the path is the page's
 * own (shorter HTML: issue 9's budget), and the bare path for the Overview.
 */
export function venueTabHref(venue: { id: string; name: string }, tab: VenueTab): string {
  return tab === "overview" ? venuePath(venue) : `?tab=${tab}`;
}

/** The Reviews tab's filter (issue 45): `?reviews=verified` keeps the verified bookings' reviews. */
export const verifiedReviews = (params: URLSearchParams) => params.get("reviews") === "verified";

/** The venue id of a venue page's address, as a page (`/venue/{slug}-{id}`) or its data (`….data`). */
export function venueIdOfPagePath(path: string): string | null {
  const match = /^\/venue\/([^/]+?)(?:\.data)?$/.exec(path);
  if (!match) return null;
  const id = parseVenueParam(match[1]!);
  return isUuid(id) ? id : null;
}

/** The inquiry form's own page (the dialog's form without the script, ADR 020). */
export const inquiryFormPath = (venue: { id: string; name: string }) => `${venuePath(venue)}/inquiry`;
