import useEmblaCarousel from "embla-carousel-react";
import { useEffect } from "react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { VenueImage } from "~/components/venue/venue-image";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

export type CategoryTile = { id: string; name: string; imageUrl: string | null; count: number };

/**
 * 'Browse by Venue Type': loops, aligned to start; 2 tiles under 768 px, 3 on tablets, 6 on desktops.
 * Until the script runs it is a strip that scrolls sideways (snapping to a tile), and its arrows,
 * which need the script, are disabled (ADR 020).
 */
export function CategoryCarousel({ categories }: { categories: CategoryTile[] }) {
  const [ref, api] = useEmblaCarousel({ loop: true, align: "start" });
  const hydrated = useHydrated();
  // Embla moves the tiles itself: a strip scrolled before the page ran starts again at its start.
  useEffect(() => {
    if (hydrated && api) api.rootNode().scrollLeft = 0;
  }, [hydrated, api]);
  const arrow =
    "flex h-10 w-10 cursor-pointer items-center justify-center rounded-full border border-sand-dark bg-white hover:bg-cream disabled:cursor-default disabled:opacity-50";
  const arrows = [
    { label: "Previous venue types", scroll: () => api?.scrollPrev(), Icon: ChevronLeft },
    { label: "Next venue types", scroll: () => api?.scrollNext(), Icon: ChevronRight },
  ];
  return (
    <div className="relative">
      {/* The vertical padding leaves room inside the clipping viewport for a tile's focus ring. */}
      <div
        ref={ref}
        className={cn("-my-2 py-2", hydrated ? "overflow-hidden" : "snap-x snap-mandatory overflow-x-auto")}
        aria-roledescription="carousel"
      >
        <ul
          className={cn(
            "-ml-4 flex *:min-w-0 *:shrink-0 *:grow-0 *:basis-1/2 *:snap-start *:pl-4 *:animate-fade-up md:*:basis-1/3 lg:*:basis-1/6",
            // Embla follows a sideways swipe; the strip before it scrolls natively.
            hydrated && "touch-pan-y",
          )}
        >
          {categories.map((c, i) => (
            <li
              key={c.id}
              style={{ animationDelay: `${(i * 0.05).toFixed(2)}s` }}
              // A tile reached with the keyboard comes into view at once (Embla's own focus
              // handling depends on timing and missed some), so its focus ring is seen.
              onFocus={(e) => {
                if (!api || !e.target.matches(":focus-visible")) return;
                api.rootNode().scrollLeft = 0;
                api.scrollTo(i, true);
              }}
            >
              <Link to={`/categories/${c.id}`} className="group block">
                <div className="type-photo">
                  <VenueImage
                    src={c.imageUrl}
                    width={400}
                    height={500}
                    sizes="(min-width: 1024px) 200px, (min-width: 768px) 33vw, 50vw"
                    loading="lazy"
                  />
                </div>
                <p className="type-name">{c.name}</p>
                <p className="text-sm text-muted">{c.count} venues</p>
              </Link>
            </li>
          ))}
        </ul>
      </div>
      <div className="mt-4 flex justify-end gap-2">
        {arrows.map(({ label, scroll, Icon }) => (
          <button
            key={label}
            type="button"
            onClick={scroll}
            aria-label={label}
            disabled={!hydrated}
            className={arrow}
          >
            <Icon className="h-5 w-5" aria-hidden="true" />
          </button>
        ))}
      </div>
    </div>
  );
}
