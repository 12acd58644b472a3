import { isValidCoordinate } from "./coordinates";
import { WAITING_HOURS } from "./inquiries";
import { countLabel } from "./format";

// What a venue manager should fix on a venue (issue 13: the dashboard's 'Needs attention', in
// place of the spec's 'Pending Issues' fixed at 0). Pure, so the dashboard, the My Venues cards
// and the tests agree on one rule.

/** Fewer photos than this makes a thin gallery (the venue page's grid shows 3 at once). */
export const MIN_GALLERY_IMAGES = 3;

export type AttentionFacts = {
  imageCount: number;
  description: string;
  faqCount: number;
  latitude: number | null;
  longitude: number | null;
  unansweredReviews: number;
  /** New inquiries older than WAITING_HOURS (issue 23). */
  waitingInquiries: number;
  /** Its pricing model or facts were last confirmed over 12 months ago, or never (issue 43). */
  pricesStale: boolean;
};

/** The edit page's tab where the item is fixed. */
export type ManagerTab = "details" | "images" | "faqs" | "reviews" | "inquiries" | "availability";
export const MANAGER_TABS: readonly ManagerTab[] = [
  "details",
  "images",
  "faqs",
  "reviews",
  "inquiries",
  "availability",
];

export type AttentionItem = {
  key:
    | "no-images"
    | "few-images"
    | "no-description"
    | "no-faqs"
    | "no-coordinates"
    | "unanswered-reviews"
    | "waiting-inquiries"
    | "confirm-prices";
  label: string;
  tab: ManagerTab;
};

export function attentionItems(f: AttentionFacts): AttentionItem[] {
  const items: AttentionItem[] = [];
  if (f.imageCount === 0) items.push({ key: "no-images", label: "No photos yet", tab: "images" });
  else if (f.imageCount < MIN_GALLERY_IMAGES)
    items.push({
      key: "few-images",
      label: `Only ${countLabel(f.imageCount, "photo", "photos")}: add at least ${MIN_GALLERY_IMAGES}`,
      tab: "images",
    });
  if (f.description.trim() === "")
    items.push({ key: "no-description", label: "No description", tab: "details" });
  if (f.faqCount === 0) items.push({ key: "no-faqs", label: "No FAQs yet", tab: "faqs" });
  if (!isValidCoordinate(f.latitude, f.longitude))
    items.push({
      key: "no-coordinates",
      label: "Missing map position: check the address",
      tab: "details",
    });
  if (f.unansweredReviews > 0)
    items.push({
      key: "unanswered-reviews",
      label: `${countLabel(f.unansweredReviews, "review", "reviews")} without a reply`,
      tab: "reviews",
    });
  if (f.waitingInquiries > 0)
    items.push({
      key: "waiting-inquiries",
      label: `${countLabel(f.waitingInquiries, "inquiry", "inquiries")} waiting more than ${WAITING_HOURS} hours`,
      tab: "inquiries",
    });
  if (f.pricesStale)
    items.push({
      key: "confirm-prices",
      label: "Prices and facts not confirmed in 12 months: check them",
      tab: "details",
    });
  return items;
}

/** Spec: the mean of the venues' ratings to one decimal; here over rated venues only (none: null). */
export function averageRating(venues: readonly { rating: number; reviewCount: number }[]): number | null {
  const rated = venues.filter((v) => v.reviewCount > 0);
  if (rated.length === 0) return null;
  return Math.round((rated.reduce((sum, v) => sum + v.rating, 0) / rated.length) * 10) / 10;
}

/** The edit page's address, opened on one tab (Venue Details is the default and has no query). */
export function managerVenuePath(venueId: string, tab: ManagerTab = "details"): string {
  return `/venue-manager/edit-venue/${venueId}${tab === "details" ? "" : `?tab=${tab}`}`;
}

export const readTab = (value: string | null): ManagerTab =>
  MANAGER_TABS.find((t) => t === value) ?? "details";
