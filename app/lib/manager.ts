import type { MetaDescriptor } from "react-router";
import { countLabel } from "./format";
import { WAITING_HOURS } from "./inquiries";

/** Every venue-manager page: its title and noindex (spec; the layout also sends X-Robots-Tag). */
export function managerMeta(title: string, siteName = "Vows & Vistas"): MetaDescriptor[] {
  return [
    { title: `${title} | Venue Manager | ${siteName}` },
    { name: "robots", content: "noindex, nofollow" },
  ];
}

/** A rating as the manager screens show it: one decimal, or 'No ratings' without reviews. */
export const ratingLabel = (rating: number, reviewCount: number) =>
  reviewCount > 0 ? rating.toFixed(1) : "No ratings";

/** The area's messages (spec section 8, Manager; issue 13), for the services and the pages. */
export const managerMessages = {
  dashboardFailed: "Failed to load dashboard data",
  venuesFailed: "Failed to load managed venues",
  venueFailed: "Failed to load venue details",
  updated: "Venue updated successfully",
  updateFailed: "Failed to update venue",
  notFound: "Venue not found",
  faqAdded: "FAQ added successfully",
  faqAddFailed: "Failed to add FAQ",
  faqUpdated: "FAQ updated successfully",
  faqUpdateFailed: "Failed to update FAQ",
  faqMoveFailed: "Failed to reorder FAQs",
  faqDeleted: "FAQ deleted successfully",
  faqDeleteFailed: "Failed to delete FAQ",
  imagesAdded: (n: number) => `${countLabel(n, "image", "images")} uploaded`,
  imageRemoved: "Image removed",
  coverSet: "Cover image updated",
  imageMoved: "Image order updated",
  imageFailed: "Failed to update images",
  imageNotFound: "Image not found",
  noImagesChosen: "Please choose at least one image",
  replySaved: "Reply published",
  replyUpdated: "Reply updated",
  replyDeleted: "Reply removed",
  replyFailed: "Failed to save reply",
  confirmed: "Prices and facts confirmed",
  confirmFailed: "Failed to confirm prices and facts",
} as const;

/** A manager's median reply time: minutes under an hour, hours up to 48, then days. */
export function replyTimeLabel(seconds: number): string {
  const minutes = Math.max(1, Math.round(seconds / 60));
  if (minutes < 60) return countLabel(minutes, "minute", "minutes");
  const hours = Math.round(minutes / 60);
  if (hours <= WAITING_HOURS) return countLabel(hours, "hour", "hours");
  return countLabel(Math.round(hours / 24), "day", "days");
}
