import { MapPin, Users } from "lucide-react";
import { useState } from "react";
import { Link } from "react-router";
import { CarouselArrows } from "~/components/ui/carousel-arrows";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { usableImages } from "~/lib/images";
import { capacityLabel, type VenueCardData } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { FavoriteHeart } from "./favorite-button";
import { RatingSummary } from "./rating";
import { VenueImage } from "./venue-image";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 768px) 45vw, 100vw";

function CardCarousel({ images, name }: { images: string[]; name: string }) {
  const [index, setIndex] = useState(0);
  const count = images.length;
  const go = (delta: number) => setIndex((i) => (i + delta + count) % count);
  return (
    <div className="group/carousel relative aspect-[3/2] overflow-hidden bg-sand">
      {images.map((src, i) => (
        <VenueImage
          key={src + i}
          src={src}
          width={800}
          height={533}
          sizes={CARD_SIZES}
          loading="lazy"
          alt={i === index ? `${name}, photo ${i + 1} of ${count}` : ""}
          aria-hidden={i === index ? undefined : true}
          className={cn("absolute inset-0 h-full w-full object-cover", i !== index && "invisible")}
        />
      ))}
      {count > 1 ? (
        <>
          <CarouselArrows
            onPrevious={() => go(-1)}
            onNext={() => go(1)}
            labelSuffix={` of ${name}`}
            size="sm"
            className="opacity-100 transition-opacity md:opacity-0 md:group-hover/carousel:opacity-100 md:focus-visible:opacity-100"
          />
          <div className="absolute inset-x-0 bottom-1 z-10 flex justify-center">
            {images.map((_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                className="flex h-6 w-6 cursor-pointer items-center justify-center"
              >
                <span
                  className={cn(
                    "block h-1.5 w-1.5 rounded-full bg-white shadow",
                    i === index ? "scale-125" : "opacity-60",
                  )}
                />
              </button>
            ))}
          </div>
        </>
      ) : null}
    </div>
  );
}

type CardProps = { venue: VenueCardData; layout?: "grid" | "list"; className?: string };

export function VenueCard({ venue, layout = "grid", className }: CardProps) {
  const images = usableImages(venue.images);
  const capacity = capacityLabel(venue.capacity);
  return (
    <article
      data-testid="venue-card"
      className={cn(
        "group relative overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card transition-shadow hover:shadow-lift",
        layout === "list" && "sm:flex",
        className,
      )}
    >
      <div className={cn(layout === "list" && "sm:w-80 sm:shrink-0")}>
        <CardCarousel images={images} name={venue.name} />
      </div>
      <div className="absolute right-3 top-3 z-20">
        <FavoriteHeart venueId={venue.id} venueName={venue.name} />
      </div>
      {venue.featured ? (
        <span className="absolute left-3 top-3 z-20 rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-white shadow">
          Featured
        </span>
      ) : null}
      <div className="space-y-1.5 p-4">
        <h3 className="font-serif text-lg leading-snug">
          {/* The link's ::after covers the whole card, so the card links to the venue. */}
          <Link
            to={venuePath(venue)}
            className="after:absolute after:inset-0 after:z-0 focus-visible:outline-none focus-visible:after:outline focus-visible:after:outline-3 focus-visible:after:outline-primary"
          >
            {venue.name}
          </Link>
        </h3>
        <RatingSummary rating={venue.rating} reviewCount={venue.reviewCount} />
        <p className="flex items-center gap-1.5 text-sm text-ink-soft">
          <MapPin className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
          <span className="truncate">{venue.city ? `${venue.city}, Colorado` : venue.location}</span>
        </p>
        {capacity ? (
          <p className="flex items-center gap-1.5 text-sm text-ink-soft">
            <Users className="h-4 w-4 shrink-0 text-muted" aria-hidden="true" />
            {capacity}
          </p>
        ) : null}
      </div>
    </article>
  );
}

type GridProps = { venues: VenueCardData[]; view?: "grid" | "list"; className?: string };

/** Cards enter with a 0.1 s stagger (spec). */
export function VenueGrid({ venues, view = "grid", className }: GridProps) {
  return (
    <ul
      className={cn(
        "grid gap-6",
        view === "grid" ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-1",
        className,
      )}
    >
      {venues.map((v, i) => (
        <li key={v.id} className="animate-fade-up" style={{ animationDelay: `${Math.min(i, 12) * 0.1}s` }}>
          <VenueCard venue={v} layout={view} className="h-full" />
        </li>
      ))}
    </ul>
  );
}

export function VenueCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card">
      <Skeleton className="aspect-[3/2] w-full rounded-none" />
      <div className="space-y-2 p-4">
        <Skeleton className="h-5 w-3/4" />
        <Skeleton className="h-4 w-1/3" />
        <Skeleton className="h-4 w-1/2" />
      </div>
    </div>
  );
}

export function VenueGridSkeleton({ count = 3 }: { count?: number }) {
  return (
    <div role="status" aria-label="Loading venues" className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {Array.from({ length: count }, (_, i) => (
        <VenueCardSkeleton key={i} />
      ))}
    </div>
  );
}
