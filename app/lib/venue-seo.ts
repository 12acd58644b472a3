import { absoluteUrl, type SiteInfo } from "./seo";
import { usableImages } from "./images";
import { isValidCoordinate } from "./coordinates";
import { priceDisplay, type VenueView } from "./venue";
import { venuePath } from "./venue-url";

/** schema.org EventVenue for a venue page. */
export function venueJsonLd(site: SiteInfo, v: VenueView, description: string): Record<string, unknown> {
  const price = priceDisplay(v);
  const ld: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "EventVenue",
    name: v.name,
    description,
    url: absoluteUrl(site, venuePath(v)),
    image: usableImages(v.images)
      .filter((i) => !i.startsWith("data:"))
      .slice(0, 5)
      .map((i) => absoluteUrl(site, i)),
    address: {
      "@type": "PostalAddress",
      streetAddress: v.street ?? undefined,
      addressLocality: v.city ?? undefined,
      addressRegion: "CO",
      postalCode: v.postalCode ?? undefined,
      addressCountry: "US",
    },
  };
  if (v.phone) ld.telephone = v.phone;
  if (price !== "Contact for pricing") ld.priceRange = price;
  if (v.capacity > 0) ld.maximumAttendeeCapacity = v.capacity;
  if (isValidCoordinate(v.latitude, v.longitude))
    ld.geo = { "@type": "GeoCoordinates", latitude: v.latitude, longitude: v.longitude };
  if (v.amenities.length > 0)
    ld.amenityFeature = v.amenities.map((a) => ({
      "@type": "LocationFeatureSpecification",
      name: a.name,
      value: a.included,
    }));
  if (v.reviewCount > 0)
    ld.aggregateRating = {
      "@type": "AggregateRating",
      ratingValue: v.rating,
      reviewCount: v.reviewCount,
      // bestRating 5 and worstRating 1 are schema.org's defaults: not repeated on every page.
    };
  return ld;
}
