import { useRef, useState, type RefObject } from "react";
import { Link } from "~/components/ui/link";
import { OVER_PHOTO_FOCUS } from "~/components/ui/button";
import { CarouselArrows } from "~/components/ui/carousel-arrows";
import { useSwipe } from "~/components/ui/use-swipe";
import { Skeleton, SkeletonLines } from "~/components/ui/skeleton";
import { cn } from "~/lib/cn";
import { useNearScreen } from "~/lib/use-near-screen";
import { usableImages } from "~/lib/images";
import { estimateLabel, estimateSourceLabel } from "~/lib/estimate";
import { capacityLabel, photoAlt, type VenueCardData } from "~/lib/venue";
import { CompareButton } from "~/components/compare/compare-tray";
import { venuePath } from "~/lib/venue-url";
import { NO_CONTEXT, withContext, type CoupleContext } from "~/lib/couple-context";
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
 * waits for them. They sit over the photo, so their arrival moves nothing. Once hydrated and near
 * the screen, the photos either side are in the page too, so an arrow shows a photo that is
 * already loading.
 */
function CardCarousel({
  images,
  name,
  index,
  moved,
  setIndex,
  go,
  ref,
  first,
}: {
  images: string[];
  name: string;
  ref: RefObject<HTMLDivElement | null>;
  first: boolean;
} & ReturnType<typeof useCarouselIndex>) {
  const count = images.length;
  const awake = useNearScreen(ref);
  const near = (i: number) =>
    i === index || (awake && (i === (index + 1) % count || i === (index - 1 + count) % count));
  return (
    <div ref={ref} className="card-photos">
      {images.map((src, i) =>
        !near(i) ? null : (
          <VenueImage
            key={src + i}
            src={src}
            width={800}
            sizes={CARD_SIZES}
            // The first card's photo is the largest paint of a page of results on a phone: asked
            // for at once, first (issue 26); the others wait until they near the screen.
            loading={first && i === 0 ? "eager" : "lazy"}
            fetchPriority={first && i === 0 ? "high" : undefined}
            // Dragging a photo would fight the swipe, which the script brings.
            draggable={awake ? false : undefined}
            fade={moved && i === index}
            alt={i === index ? photoAlt(name, i, count) : ""}
            aria-hidden={i === index ? undefined : true}
            className={i !== index ? "invisible" : undefined}
          />
        ),
      )}
      {count > 1 && awake ? (
        <>
          <CarouselArrows
            onPrevious={() => go(-1)}
            onNext={() => go(1)}
            labelSuffix={` of ${name}`}
            size="sm"
            className="opacity-100 transition-opacity md:opacity-0 md:photos-hover:opacity-100 md:focus-visible:opacity-100"
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

type CardProps = {
  venue: VenueCardData;
  layout?: "grid" | "list";
  className?: string;
  /** The first card of the page: its photo loads at once. */
  first?: boolean;
  /** Shows 'Compare' (search results and favourites). */
  compare?: boolean;
  /** The search's date, guests and budget: the venue page opens with them (issue 41). */
  context?: CoupleContext;
};

export function VenueCard({
  venue,
  layout = "grid",
  className,
  first = false,
  compare = false,
  context = NO_CONTEXT,
}: CardProps) {
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
  const photoBox = (
    <CardCarousel ref={photos} images={images} name={venue.name} first={first} {...carousel} />
  );
  // The card's classes are defined once in app/styles/cards.css (.venue-card and its parts): a page of 24 cards
  // repeated some 1,200 bytes of utilities in each (issue 9).
  return (
    <article {...swipe} className={cn("venue-card", layout === "list" && "sm:flex", className)}>
      {layout === "list" ? <div className="sm:w-80 sm:shrink-0">{photoBox}</div> : photoBox}
      <FavoriteHeart venueId={venue.id} venueName={venue.name} />
      {venue.featured ? <span className="badge-featured">Featured</span> : null}
      <div className="card-body">
        {/* The card's one heading; its link covers the card (`.venue-card h3 > a`). */}
        <h3>
          <Link to={withContext(venuePath(venue), context)}>{venue.name}</Link>
        </h3>
        <RatingSummary rating={venue.rating} reviewCount={venue.reviewCount} />
        {/* A fact's icon is its ::before, drawn by its icon utility (app/styles/cards.css). */}
        <p className="card-fact i-map-pin">
          <span>{venue.city ? `${venue.city}, Colorado` : venue.location}</span>
        </p>
        {capacity ? <p className="card-fact i-users">{capacity}</p> : null}
        {venue.availability ? (
          // A search with a date (issue 41): only a calendar kept up to date says free.
          <p className="card-fact" data-testid="card-availability">
            {venue.availability === "free" ? "Confirmed free" : "Not confirmed"}
          </p>
        ) : null}
        {venue.estimate ? (
          <p className="card-estimate" data-testid="card-estimate">
            {estimateLabel(venue.estimate)}
            <small>{estimateSourceLabel(venue.estimate)}</small>
          </p>
        ) : null}
        {compare ? <CompareButton venue={{ id: venue.id, name: venue.name }} /> : null}
      </div>
    </article>
  );
}

type GridProps = { venues: VenueCardData[]; view?: "grid" | "list"; className?: string; compare?: boolean };

/** Cards enter with a 0.1 s stagger (spec): `.stagger` in app/styles/cards.css. */
export function VenueGrid({ venues, view = "grid", className, compare = false }: GridProps) {
  return (
    <ul
      className={cn(
        "stagger grid grid-cols-1 gap-6",
        view === "grid" && "sm:grid-cols-2 lg:grid-cols-3",
        className,
      )}
    >
      {venues.map((v) => (
        <li key={v.id}>
          <VenueCard venue={v} layout={view} compare={compare} />
        </li>
      ))}
    </ul>
  );
}

export function VenueCardSkeleton() {
  return (
    <div aria-hidden="true" className="overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card">
      <Skeleton className="aspect-[3/2] w-full rounded-none" />
      <SkeletonLines className="space-y-2 p-4" lines={["h-5 w-3/4", "h-4 w-1/3", "h-4 w-1/2"]} />
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
