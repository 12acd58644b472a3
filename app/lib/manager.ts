import type { MetaDescriptor } from "react-router";

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
