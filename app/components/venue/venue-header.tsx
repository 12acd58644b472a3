import { logoFallback, type VenueView } from "~/lib/venue";
import { FavoriteHeart } from "./favorite-button";
import { RatingSummary } from "./rating";
import { ShareButton } from "./share-button";
import { VenueImage } from "./venue-image";

/** Logo, name, location, rating, up to 4 tags, and the Save and Share buttons. Its parts are
 *  styled by `.venue-head` (app/styles/venue-page.css), by their place (issue 42). */
export function VenueHeader({ venue: v }: { venue: VenueView }) {
  return (
    <header className="venue-head">
      <div>
        {v.logoUrl ? (
          <VenueImage
            src={v.logoUrl}
            width={256}
            height={256}
            alt={`${v.name} logo`}
            className="h-16 w-16 shrink-0 rounded-xl border border-sand bg-white object-contain lg:h-14 lg:w-14"
          />
        ) : (
          <span aria-hidden="true" data-testid="venue-logo-fallback" className="venue-logo">
            {logoFallback(v.name)}
          </span>
        )}
        <div>
          <h1>{v.name}</h1>
          {/* The pin is the line's ::before. */}
          <p className="i-map-pin">
            <span>{v.city ? `${v.city}, Colorado` : v.location}</span>
            {v.region ? <span>{v.region}</span> : null}
          </p>
          <div>
            <RatingSummary rating={v.rating} reviewCount={v.reviewCount} />
          </div>
          {v.tags.length > 0 ? (
            <ul aria-label="Highlights">
              {v.tags.map((t) => (
                <li key={t}>{t}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <div>
        <FavoriteHeart venueId={v.id} venueName={v.name} labelled />
        <ShareButton name={v.name} />
      </div>
    </header>
  );
}
