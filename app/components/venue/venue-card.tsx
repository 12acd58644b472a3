import { MapPin, Users } from "~/components/ui/icons";
import { useRef, useState, type RefObject } from "react";
import { Link } from "react-router";
import { OVER_PHOTO_FOCUS } from "~/components/ui/button";
import { CarouselArrows } from "~/components/ui/carousel-arrows";
import { useSwipe } from "~/components/ui/use-swipe";
import { Skeleton } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";
import { usableImages } from "~/lib/images";
import { capacityLabel, photoAlt, type VenueCardData } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { FavoriteHeart } from "./favorite-button";
import { RatingSummary } from "./rating";
import { VenueImage } from "./venue-image";

const CARD_SIZES = "(min-width: 1280px) 400px, (min-width: 768px) 45vw, 100vw";

/** The card's photo index; wraps both ways. `moved` once the visitor has turned a photo. */
function useCarouselIndex(count: number) {
  const [index, setIndex] = useState(0);
  const [moved, setMoved] = useState(false);
  const show = (i: number) => {
    setIndex(i);
    setMoved(true);
  };
  const go = (delta: number) => show((index + delta + count) % count);
  return { index, moved, setIndex: show, go };
}

/**
 * The server sends only the shown photo, and the arrows and dots come with the script that makes
 * them work: a page of 24 cards stays light (issue 9, ADR 014), and nothing on the first screen
 * waits for them. They sit over the photo, so their arrival moves nothing. Once hydrated, the
 * photos either side are in the page too, so an arrow shows a photo that is already loading.
 */
function CardCarousel({
  images,
  name,
  index,
  moved,
  setIndex,
  go,
  ref,
}: {
  images: string[];
  name: string;
  ref: RefObject<HTMLDivElement | null>;
} & ReturnType<typeof useCarouselIndex>) {
  const count = images.length;
  const hydrated = useHydrated();
  const near = (i: number) =>
    i === index || (hydrated && (i === (index + 1) % count || i === (index - 1 + count) % count));
  return (
    <div ref={ref} className="group/carousel relative aspect-[3/2] overflow-hidden bg-sand">
      {images.map((src, i) =>
        !near(i) ? null : (
          <VenueImage
            key={src + i}
            src={src}
            width={800}
            height={533}
            sizes={CARD_SIZES}
            loading="lazy"
            draggable={false}
            fade={moved && i === index}
            alt={i === index ? photoAlt(name, i, count) : ""}
            aria-hidden={i === index ? undefined : true}
            className={cn("absolute inset-0 h-full w-full object-cover", i !== index && "invisible")}
          />
        ),
      )}
      {count > 1 && hydrated ? (
        <>
          <CarouselArrows
            onPrevious={() => go(-1)}
            onNext={() => go(1)}
            labelSuffix={` of ${name}`}
            size="sm"
            className="opacity-100 transition-opacity md:opacity-0 md:group-hover/carousel:opacity-100 md:focus-visible:opacity-100"
          />
          <div className="absolute inset-x-0 bottom-2 z-10 flex justify-center">
            {images.map((_, i) => (
              <button
                key={i}
                type="button"
                onClick={() => setIndex(i)}
                aria-label={`Show photo ${i + 1} of ${count}`}
                aria-current={i === index ? "true" : undefined}
                className={cn("flex h-6 w-6 cursor-pointer items-center justify-center", OVER_PHOTO_FOCUS)}
              >
                {/* A dark rim keeps the dots visible on light photos (snow, sky, white walls). */}
                <span
                  data-testid="carousel-dot"
                  className={cn(
                    "block h-2 w-2 rounded-full shadow-[0_0_0_1.5px_rgb(0_0_0/0.6)]",
                    i === index ? "scale-125 bg-white" : "bg-white/60",
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
  const carousel = useCarouselIndex(images.length);
  const photos = useRef<HTMLDivElement>(null);
  // Touch screens swipe between photos; the gesture lands on the card's stretched link, so it is
  // heard on the card and counted only when it starts over the photos.
  const swipe = useSwipe({
    onSwipe: carousel.go,
    pointerTypes: ["touch", "pen"],
    startsAt: (x, y) => {
      const box = photos.current?.getBoundingClientRect();
      return images.length > 1 && !!box && x >= box.left && x <= box.right && y >= box.top && y <= box.bottom;
    },
  });
  return (
    <article
      data-testid="venue-card"
      {...swipe}
      className={cn(
        "group relative touch-pan-y overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card transition-shadow hover:shadow-lift",
        // The stretched link's focus ring, drawn by the card itself so its rounded clip cannot hide it.
        "has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-primary",
        layout === "list" && "sm:flex",
        className,
      )}
    >
      <div className={cn(layout === "list" && "sm:w-80 sm:shrink-0")}>
        <CardCarousel ref={photos} images={images} name={venue.name} {...carousel} />
      </div>
      <div className="absolute right-3 top-3 z-20">
        <FavoriteHeart venueId={venue.id} venueName={venue.name} />
      </div>
      {venue.featured ? (
        <span className="absolute left-3 top-3 z-20 rounded-full bg-accent px-2.5 py-1 text-xs font-semibold text-white shadow">
          Featured
        </span>
      ) : null}
      <div className="min-w-0 space-y-1.5 p-4">
        <h3 className="font-serif text-lg leading-snug wrap-anywhere">
          {/* The link's ::after covers the whole card, so the card links to the venue. */}
          <Link
            to={venuePath(venue)}
            className="after:absolute after:inset-0 after:z-0 focus-visible:underline focus-visible:underline-offset-4 focus-visible:outline-none"
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
      className={cn("grid grid-cols-1 gap-6", view === "grid" && "sm:grid-cols-2 lg:grid-cols-3", className)}
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

export function VenueGridSkeleton({ count = 3, className }: { count?: number; className?: string }) {
  return (
    <div
      role="status"
      aria-label="Loading venues"
      className={cn("grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3", className)}
    >
      {Array.from({ length: count }, (_, i) => (
        <VenueCardSkeleton key={i} />
      ))}
    </div>
  );
}
