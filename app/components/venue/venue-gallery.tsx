import { useState } from "react";
import { CarouselArrows } from "~/components/ui/carousel-arrows";
import { isPlainClick } from "~/components/ui/plain-click";
import { useSwipe } from "~/components/ui/use-swipe";
import { imageAtWidth } from "~/lib/images";
import { useHydrated } from "~/lib/use-hydrated";
import { photoAlt } from "~/lib/venue";
import { VenueImage } from "./venue-image";

/** Main image with previous/next, an 'n / total' counter and thumbnails; the index wraps both ways
 *  and follows a swipe (touch, pen or a mouse drag). Give it a `key` per venue so the index starts
 *  again when the images change.
 *  Until the script runs (ADR 020) each thumbnail is a link to its photo at full size, so every
 *  photo can be seen; the arrows, which need the script, come with it (as a card's, ADR 015). */
export function VenueGallery({ images, name }: { images: string[]; name: string }) {
  const hydrated = useHydrated();
  const [index, setIndexState] = useState(0);
  const [moved, setMoved] = useState(false);
  const count = images.length;
  const setIndex = (i: number) => {
    setIndexState(i);
    setMoved(true);
  };
  const go = (delta: number) => setIndex((index + delta + count) % count);
  const swipe = useSwipe({ onSwipe: (direction) => count > 1 && go(direction) });

  return (
    <section aria-roledescription="carousel" aria-label={`Photos of ${name}`}>
      {/* `.gallery` and its parts in app/styles/venue-page.css. */}
      <div
        {...swipe}
        className="gallery"
        onKeyDown={(e) => {
          if (e.key === "ArrowLeft") go(-1);
          if (e.key === "ArrowRight") go(1);
        }}
      >
        {/* One photo at a time: the first is the page's largest paint, preloaded by React with
            a high priority; a photo the visitor moves to fades in. */}
        <VenueImage
          key={index}
          src={images[index]!}
          width={1600}
          sizes="(min-width: 1280px) 840px, (min-width: 1024px) 66vw, 100vw"
          // Dragging the photo would fight the swipe, which the script brings.
          draggable={hydrated ? false : undefined}
          fetchPriority={moved ? undefined : "high"}
          fade={moved}
          alt={photoAlt(name, index, count)}
        />
        {count > 1 && hydrated ? <CarouselArrows onPrevious={() => go(-1)} onNext={() => go(1)} /> : null}
        <span data-testid="gallery-counter" aria-live="polite">
          {`${index + 1} / ${count}`}
        </span>
      </div>
      {count > 1 ? (
        // Padding inside the scroller leaves room for a thumbnail's focus ring.
        <ul className="thumbs">
          {images.map((src, i) => (
            <li key={src + i}>
              <a
                href={imageAtWidth(src, 1600)}
                onClick={(e) => {
                  if (!isPlainClick(e)) return;
                  e.preventDefault();
                  setIndex(i);
                }}
                aria-label={`Show photo ${i + 1}`}
                aria-current={i === index ? "true" : undefined}
              >
                <VenueImage src={src} width={400} loading="lazy" />
              </a>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
