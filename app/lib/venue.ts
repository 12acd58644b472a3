// The venue as the screens use it (spec, public side section 3), built from a database row.
import type { Estimate, PricingModel } from "./estimate";
import type { VenueFacts } from "./venue-facts";
import { dateFormat } from "./dates";
import { formatCurrency, formatNumber, shortened } from "./format";
import { META_DESCRIPTION_MAX } from "./seo";

/** One amenity of a venue, as stored in `venues.amenities` (jsonb). */
export type AmenityItem = { name: string; included: boolean };

export type VenueCardData = {
  id: string;
  name: string;
  /** The street address, for a venue without a city (the card shows the city when there is one). */
  location?: string;
  city: string | null;
  capacity: number;
  rating: number;
  reviewCount: number;
  images: string[];
  featured?: true;
  /** 'About $X for N guests' when the search has a guest count (issue 24). */
  estimate?: Estimate | null;
  /** A search with a date: the calendar confirms the free day, or nobody keeps it (issue 41). */
  availability?: "free" | "unconfirmed";
};

/**
 * The venue as its page shows it, and its meta tags and JSON-LD read it. The page's hydration data
 * carries it, so it has what the page reads and nothing else (issue 42): not the venue type, the
 * website's address (the page links to /out/{id}) or the time of the last edit.
 */
export type VenueView = Omit<VenueCardData, "location" | "featured"> & {
  location: string;
  description: string;
  region: string | null;
  price: number | null;
  priceLow: number | null;
  priceHigh: number | null;
  priceRange: string | null;
  /** The manager's pricing model (issue 24), when there is one: for the estimate, on the server. */
  pricingModel?: PricingModel | null;
  amenities: AmenityItem[];
  tags: string[];
  phone: string | null;
  email: string | null;
  /** The venue has a website ('Visit Website' goes through /out/{id}: ADR 029). */
  hasWebsite: boolean;
  logoUrl: string | null;
  status: "approved" | "pending";
  latitude: number;
  longitude: number;
  street: string | null;
  postalCode: string | null;
  /** Capacity by layout and the house rules it states (issue 43; lib/venue-facts.ts factRows). */
  facts: Partial<VenueFacts>;
  /** When the venue last confirmed its prices and facts (a day), and whether that is over 12
   *  months ago; null when it states no pricing model or facts of its own. */
  confirmed: { on: string | null; stale: boolean } | null;
};

/** A venue's own details in the data export's order: its form's fields, no ratings or moderation state. */
const OWN_DETAILS = [
  "id",
  "name",
  "description",
  "location",
  "addressLine1",
  "addressLine2",
  "city",
  "postalCode",
  "region",
  "pricePerEvent",
  "priceRange",
  "priceLow",
  "priceHigh",
  "pricingModel",
  "capacity",
  "facts",
  "amenities",
  "phone",
  "email",
  "website",
] as const;
type OwnDetail = (typeof OWN_DETAILS)[number];

/** The own details of a venue row or a seed venue (the data export writes them, the seed inserts them). */
export function ownDetails<V extends Record<OwnDetail, unknown>>(v: V): Pick<V, OwnDetail> {
  return Object.fromEntries(OWN_DETAILS.map((k) => [k, v[k]])) as Pick<V, OwnDetail>;
}

/** A review on the venue page, with its author's display name and avatar. */
export type ReviewView = {
  id: string;
  authorName: string;
  authorAvatar: string | null;
  rating: number;
  comment: string;
  createdAt: string;
  /** The venue's public answer (issue 13), written by its manager. */
  reply: { body: string; repliedAt: string } | null;
  /** Its author has an inquiry the venue marked booked (issue 45): derived, never stored. */
  verified: boolean;
  /** The viewer wrote it. */
  own: boolean;
  /** Hidden by the moderators, with the published reason: only its author is shown it. */
  hiddenReason: string | null;
};

/**
 * A review as the venue page shows it: the day it was written (and answered), not the instant,
 * and no empty fields, in the page's hydration data (issue 42); the id only for the Report link.
 */
export type PublicReview = {
  authorName: string;
  authorAvatar?: string;
  rating: number;
  comment: string;
  /** YYYY-MM-DD, in UTC, as the page prints it. */
  date: string;
  reply?: { body: string; date: string };
  /** For the 'Report' link (issue 45), shown to a signed-in viewer: every review but their own.
   *  A signed-out visitor's page has none (its HTML budget; the report page asks for a sign-in). */
  id?: string;
  verified?: true;
  own?: true;
  /** The moderators' published reason, on the author's own hidden review. */
  hidden?: string;
};

/** `signedIn`: the viewer may report it, so the review's id goes along for its Report link. */
export function publicReview(r: ReviewView, signedIn = false): PublicReview {
  const review: PublicReview = {
    authorName: r.authorName,
    rating: r.rating,
    comment: r.comment,
    date: r.createdAt.slice(0, 10),
  };
  if (r.authorAvatar) review.authorAvatar = r.authorAvatar;
  if (r.reply) review.reply = { body: r.reply.body, date: r.reply.repliedAt.slice(0, 10) };
  if (r.own) review.own = true;
  else if (signedIn) review.id = r.id;
  if (r.verified) review.verified = true;
  if (r.hiddenReason !== null) review.hidden = r.hiddenReason;
  return review;
}

/** A question and answer on the venue page, in display order. */
export type Faq = { id: string; question: string; answer: string; displayOrder: number };

/** A price range as every page, mail and import writes it: '$8,000 - $15,000'. */
export const priceRangeText = (low: number, high: number) =>
  `${formatCurrency(low)} - ${formatCurrency(high)}`;

/** Spec section 9: a range when low and high exist; else the range text, the price, else 'Contact for pricing'. */
export function priceDisplay(v: Pick<VenueView, "priceLow" | "priceHigh" | "priceRange" | "price">): string {
  if (v.priceLow && v.priceHigh) return priceRangeText(v.priceLow, v.priceHigh);
  if (v.priceRange && v.priceRange.trim()) return v.priceRange.trim();
  if (v.price) return formatCurrency(v.price);
  return "Contact for pricing";
}

/** Amenity items are `{ name, included }`; a plain string counts as included. */
export function normalizeAmenities(raw: unknown): AmenityItem[] {
  if (!Array.isArray(raw)) return [];
  return raw.flatMap((a): AmenityItem[] => {
    if (typeof a === "string") return a.trim() ? [{ name: a.trim(), included: true }] : [];
    if (a && typeof a === "object" && typeof (a as AmenityItem).name === "string")
      return [{ name: (a as AmenityItem).name, included: (a as AmenityItem).included !== false }];
    return [];
  });
}

/** Spec: up to 4 tags — the venue's tags, else its amenity names, else none. */
export function venueTags(amenities: AmenityItem[]): string[] {
  return amenities
    .filter((a) => a.included)
    .slice(0, 4)
    .map((a) => a.name);
}

export function websiteUrl(website: string): string {
  const w = website.trim();
  return /^https?:\/\//i.test(w) ? w : `https://${w}`;
}

export function mapsSearchUrl(address: string): string {
  return `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(address)}`;
}

/** A description longer than 20 characters, cut to 160 with the '...' (issue 41); else composed. */
export function venueMetaDescription(
  v: Pick<VenueView, "description" | "name" | "location" | "capacity">,
): string {
  const d = v.description.replace(/\s+/g, " ").trim();
  if (d.length > 20) return shortened(d, META_DESCRIPTION_MAX);
  const parts = [`${v.name} is a wedding venue`];
  if (v.location) parts.push(` in ${v.location}`);
  if (v.capacity > 0) parts.push(` for up to ${v.capacity} guests`);
  return `${parts.join("")}.`;
}

const reviewDate = dateFormat({ month: "long", day: "numeric", year: "numeric", timeZone: "UTC" });
export const formatReviewDate = (date: Date | string): string => reviewDate(new Date(date));

/** The alt text of photo `index` (from 0) of a venue's `count`, in the gallery, the cards and the
 *  social cards alike. */
export function photoAlt(name: string, index: number, count: number): string {
  return `${name}, photo ${index + 1} of ${count}`;
}

/** The logo's stand-in (spec): the first two letters of the name, upper-cased; letters and digits
 *  only, so 'The Copperworks Room' gives 'TH' and '"1880" Hall' gives '18'. */
export function logoFallback(name: string): string {
  return (name.match(/[\p{L}\p{N}]/gu) ?? []).slice(0, 2).join("").toUpperCase() || "?";
}

export function capacityLabel(capacity: number): string | null {
  return capacity > 0 ? `Up to ${formatNumber(capacity)} guests` : null;
}

export function roundRating(n: number): string {
  return (Math.round(n * 10) / 10).toFixed(1);
}
