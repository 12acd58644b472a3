import { MapPin } from "~/components/ui/icons";
import { logoFallback, type VenueView } from "~/lib/venue";
import { FavoriteHeart } from "./favorite-button";
import { RatingSummary } from "./rating";
import { ShareButton } from "./share-button";
import { VenueImage } from "./venue-image";

/** Logo, name, location, rating, up to 4 tags, and the Save and Share buttons. */
export function VenueHeader({ venue: v }: { venue: VenueView }) {
  return (
    <header className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between lg:flex-col lg:justify-start">
      <div className="flex min-w-0 items-start gap-4">
        {v.logoUrl ? (
          <VenueImage
            src={v.logoUrl}
            width={256}
            height={256}
            alt={`${v.name} logo`}
            className="h-16 w-16 shrink-0 rounded-xl border border-sand bg-white object-contain lg:h-14 lg:w-14"
          />
        ) : (
          <span
            aria-hidden="true"
            data-testid="venue-logo-fallback"
            className="flex h-16 w-16 shrink-0 items-center justify-center rounded-xl bg-primary font-serif text-2xl text-white lg:h-14 lg:w-14"
          >
            {logoFallback(v.name)}
          </span>
        )}
        <div className="min-w-0">
          <h1 className="text-3xl wrap-anywhere sm:text-4xl lg:text-3xl">{v.name}</h1>
          <p className="mt-1 flex items-start gap-1.5 text-ink-soft">
            <MapPin className="mt-1 h-4 w-4 shrink-0" aria-hidden="true" />
            <span className="min-w-0 wrap-anywhere">
              <span className="block">{v.city ? `${v.city}, Colorado` : v.location}</span>
              {v.region ? <span className="block text-sm text-muted">{v.region}</span> : null}
            </span>
          </p>
          <div className="mt-2">
            <RatingSummary rating={v.rating} reviewCount={v.reviewCount} />
          </div>
          {v.tags.length > 0 ? (
            <ul className="mt-3 flex flex-wrap gap-2" aria-label="Highlights">
              {v.tags.map((t) => (
                <li
                  key={t}
                  className="rounded-full bg-primary-soft px-3 py-1 text-xs font-medium text-primary-dark"
                >
                  {t}
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div className="flex shrink-0 gap-2">
        <FavoriteHeart venueId={v.id} venueName={v.name} labelled />
        <ShareButton name={v.name} />
      </div>
    </header>
  );
}
