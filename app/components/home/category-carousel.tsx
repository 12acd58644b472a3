import { useEffect, useRef, type MouseEvent, type PointerEvent } from "react";
import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { VenueImage } from "~/components/venue/venue-image";
import { cn } from "~/lib/cn";
import { useHydrated } from "~/lib/use-hydrated";

export type CategoryTile = { id: string; name: string; imageUrl: string | null; count: number };

/** Movement before a mouse drag takes the strip (a plain click stays a click). */
const DRAG_AFTER = 10;
/** A drag this long moves on at least one tile (as a swipe does, use-swipe.ts). */
const DRAG_STEP = 40;

/** The tiles' links, in the page's order: the snap points (a tile's content, not its gutter). */
const links = (viewport: HTMLElement) => Array.from(viewport.querySelectorAll<HTMLElement>("li > a"));

/** How far an element's left edge is from the strip's, in CSS pixels. */
const offset = (viewport: HTMLElement, el: HTMLElement) =>
  el.getBoundingClientRect().left - viewport.getBoundingClientRect().left;

/** The tile at the strip's leading edge (the nearest to it). */
function leading(viewport: HTMLElement): number {
  const distances = links(viewport).map((a) => Math.abs(offset(viewport, a)));
  return distances.indexOf(Math.min(...distances));
}

/** The last place a tile can be scrolled to the leading edge (0: every tile shows). */
function lastPlace(viewport: HTMLElement): number {
  const width = links(viewport)[0]?.parentElement?.getBoundingClientRect().width ?? 0;
  return width ? Math.round((viewport.scrollWidth - viewport.clientWidth) / width) : 0;
}

/**
 * Puts tile `index` at place `at` of the strip and the others after it, wrapping round, with CSS
 * `order` (the page's order, and so the reading and Tab order, stays); what shows stays where it
 * is. The loop: the strip is turned so that the tiles on either side of what shows can be
 * scrolled to.
 */
function turn(viewport: HTMLElement, index: number, at: number) {
  const tiles = links(viewport);
  const el = tiles[index];
  if (!el) return;
  const before = offset(viewport, el);
  tiles.forEach((a, i) => {
    a.parentElement!.style.order = String((i - index + at + tiles.length) % tiles.length);
  });
  const moved = offset(viewport, el) - before;
  // Already turned so: no scroll, which would stop one under way.
  if (Math.abs(moved) >= 0.5) viewport.scrollTo({ left: viewport.scrollLeft + moved, behavior: "instant" });
}

/** Turns the strip so that its leading tile is in the middle of the places it can scroll to. */
const recentre = (viewport: HTMLElement) =>
  turn(viewport, leading(viewport), Math.floor(lastPlace(viewport) / 2));

const motion = (): ScrollBehavior =>
  matchMedia("(prefers-reduced-motion: reduce)").matches ? "instant" : "smooth";

/**
 * 'Browse by Venue Type': loops, aligned to start; 2 tiles under 768 px, 3 on tablets, 6 on desktops.
 * A strip that scrolls sideways natively, snapping to a tile (a finger swipes it, as before the
 * script runs); its arrows, which need the script, are disabled until then (ADR 020). With the
 * script the arrows move it a tile and loop at the ends, a mouse drags it, and a tile reached with
 * the keyboard comes to the leading edge. No carousel library: Embla was 7 KB of the home page's
 * JavaScript (issue 42).
 */
export function CategoryCarousel({ categories }: { categories: CategoryTile[] }) {
  const hydrated = useHydrated();
  const ref = useRef<HTMLDivElement>(null);
  // The tile an arrow is moving to: a second click while the strip moves goes on from it.
  const moving = useRef<number | null>(null);
  const drag = useRef<{ id: number; x: number; left: number; from: number; moved: boolean } | null>(null);
  // When the last drag ended: the click that follows it at once does not open a tile.
  const draggedAt = useRef(0);

  // Once the strip stops (an arrow's scroll, a swipe, a drag), it is turned so that both
  // directions can be scrolled again, and a drag's snapping is back on.
  useEffect(() => {
    const viewport = ref.current;
    if (!hydrated || !viewport) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const stopped = () => {
      if (drag.current?.moved) return;
      // The strip's own turn before an arrow's scroll ends a scroll too: not there yet.
      const target = moving.current === null ? undefined : links(viewport)[moving.current];
      if (target && Math.abs(offset(viewport, target)) > 1) return;
      moving.current = null;
      viewport.style.scrollSnapType = "";
      if (lastPlace(viewport) > 0) recentre(viewport);
    };
    // Safari before 26 has no scrollend: the strip has stopped when it has not moved for a while.
    const scrolled = () => {
      clearTimeout(timer);
      timer = setTimeout(stopped, 150);
    };
    const event = "onscrollend" in window ? "scrollend" : "scroll";
    const listener = event === "scrollend" ? stopped : scrolled;
    viewport.addEventListener(event, listener);
    stopped();
    return () => {
      clearTimeout(timer);
      viewport.removeEventListener(event, listener);
    };
  }, [hydrated]);

  /** Scrolls to tile `to` from tile `from`, turning the strip first so that `to` can be reached. */
  const go = (from: number, to: number, direction: 1 | -1) => {
    const viewport = ref.current;
    const max = viewport ? lastPlace(viewport) : 0;
    const tile = viewport && links(viewport)[to];
    if (!viewport || !tile || max < 1) return;
    const middle = Math.floor(max / 2);
    turn(viewport, from, direction === 1 ? Math.min(middle, max - 1) : Math.max(middle, 1));
    const distance = offset(viewport, tile);
    if (Math.abs(distance) <= 1) {
      // There already (a short drag back): no scroll, so nothing else would turn snapping back on.
      moving.current = null;
      viewport.style.scrollSnapType = "";
      return;
    }
    moving.current = to;
    viewport.scrollTo({ left: viewport.scrollLeft + distance, behavior: motion() });
  };
  const step = (direction: 1 | -1) => {
    const viewport = ref.current;
    if (!viewport) return;
    const from = moving.current ?? leading(viewport);
    go(from, (from + direction + categories.length) % categories.length, direction);
  };

  // A mouse drags the strip (a finger scrolls it natively); the strip loops under the pointer.
  const mouse = {
    onPointerDown(e: PointerEvent<HTMLDivElement>) {
      // A finger or the mouse takes over from an arrow's scroll or a drag's snapping.
      drag.current = null;
      moving.current = null;
      e.currentTarget.style.scrollSnapType = "";
      if (e.pointerType !== "mouse" || e.button !== 0 || !e.isPrimary) return;
      const viewport = e.currentTarget;
      drag.current = {
        id: e.pointerId,
        x: e.clientX,
        left: viewport.scrollLeft,
        from: leading(viewport),
        moved: false,
      };
    },
    onPointerMove(e: PointerEvent<HTMLDivElement>) {
      const d = drag.current;
      if (!d || d.id !== e.pointerId) return;
      const viewport = e.currentTarget;
      const dx = e.clientX - d.x;
      if (!d.moved) {
        if (Math.abs(dx) <= DRAG_AFTER) return;
        d.moved = true;
        moving.current = null;
        viewport.setPointerCapture(e.pointerId);
        // Snapping would pull the strip back to a tile at every move.
        viewport.style.scrollSnapType = "none";
      }
      viewport.scrollTo({ left: d.left - dx, behavior: "instant" });
      const end = viewport.scrollWidth - viewport.clientWidth;
      if (end > 0 && (viewport.scrollLeft <= 0 || viewport.scrollLeft >= end - 1)) {
        const before = viewport.scrollLeft;
        recentre(viewport);
        d.left += viewport.scrollLeft - before;
      }
    },
    onPointerUp(e: PointerEvent<HTMLDivElement>) {
      const d = drag.current;
      drag.current = null;
      if (!d || d.id !== e.pointerId || !d.moved) return;
      draggedAt.current = e.timeStamp;
      const viewport = e.currentTarget;
      const dx = e.clientX - d.x;
      const from = leading(viewport);
      const direction = dx < 0 ? 1 : -1;
      // To the nearest tile, and on from the one it started at when dragged far enough.
      const to =
        from === d.from && Math.abs(dx) >= DRAG_STEP
          ? (from + direction + categories.length) % categories.length
          : from;
      if (lastPlace(viewport) < 1) viewport.style.scrollSnapType = "";
      else go(from, to, direction);
    },
    onPointerCancel(e: PointerEvent<HTMLDivElement>) {
      drag.current = null;
      e.currentTarget.style.scrollSnapType = "";
    },
    onClickCapture(e: MouseEvent<HTMLDivElement>) {
      if (draggedAt.current === 0 || e.timeStamp - draggedAt.current > 500) return;
      draggedAt.current = 0;
      e.preventDefault();
      e.stopPropagation();
    },
    // The browser's own drag of a link or photo would take the pointer away.
    onDragStart(e: MouseEvent<HTMLDivElement>) {
      e.preventDefault();
    },
  };

  const arrow =
    "flex h-10 w-10 cursor-pointer items-center justify-center rounded-full border border-sand-dark bg-white hover:bg-cream disabled:cursor-default disabled:opacity-50";
  const arrows = [
    { label: "Previous venue types", direction: -1 as const, Icon: ChevronLeft },
    { label: "Next venue types", direction: 1 as const, Icon: ChevronRight },
  ];
  return (
    <div className="relative">
      {/* The vertical padding leaves room inside the clipping viewport for a tile's focus ring. */}
      <div
        ref={ref}
        className={cn(
          "-my-2 snap-x snap-mandatory overflow-x-auto py-2",
          // The arrows and a drag move it: no scrollbar, and a swipe past its end stays in it.
          hydrated && "overscroll-x-contain [scrollbar-width:none] [&::-webkit-scrollbar]:hidden",
        )}
        aria-roledescription="carousel"
        {...(hydrated ? mouse : {})}
      >
        <ul className="-ml-4 flex *:min-w-0 *:shrink-0 *:grow-0 *:basis-1/2 *:pl-4 *:animate-fade-up md:*:basis-1/3 lg:*:basis-1/6">
          {categories.map((c, i) => (
            <li
              key={c.id}
              style={{ animationDelay: `${(i * 0.05).toFixed(2)}s` }}
              // A tile reached with the keyboard comes to the leading edge at once, so its focus
              // ring is seen.
              onFocus={(e) => {
                const viewport = ref.current;
                if (!viewport || !e.target.matches(":focus-visible")) return;
                moving.current = null;
                const max = lastPlace(viewport);
                if (max < 1) return;
                turn(viewport, i, Math.floor(max / 2));
                viewport.scrollTo({
                  left:
                    viewport.scrollLeft + offset(viewport, e.currentTarget.firstElementChild as HTMLElement),
                  behavior: "instant",
                });
              }}
            >
              <Link to={`/categories/${c.id}`} className="group block snap-start">
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
        {arrows.map(({ label, direction, Icon }) => (
          <button
            key={label}
            type="button"
            onClick={() => step(direction)}
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
