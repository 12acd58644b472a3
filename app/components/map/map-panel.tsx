import { List, MapPinned } from "~/components/ui/icons";
import { Component, lazy, Suspense, useState, type ReactNode } from "react";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { useHydrated } from "~/lib/use-hydrated";
import type { VenueMapProps } from "./venue-map.client";

// Leaflet (about 45 KB compressed) arrives in its own chunk, asked for only once the page is
// interactive and the Map tab shown, so the list's first load never carries it.
const VenueMap = lazy(() => import("./venue-map.client"));

/** A map that cannot load (offline, blocked script) leaves a message and the way to the list. */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function MapMessage({ listHref, children }: { listHref: string; children: ReactNode }) {
  return (
    <div className="flex h-full flex-col items-center justify-center gap-4 p-6 text-center text-ink-soft">
      <MapPinned className="h-10 w-10 text-muted" aria-hidden="true" />
      <div>{children}</div>
      <Link to={listHref} replace preventScrollReset className={buttonClass("outline", "sm")}>
        <List className="h-4 w-4" aria-hidden="true" /> Show the list instead
      </Link>
    </div>
  );
}

type Props = Omit<VenueMapProps, "visible"> & {
  /** The map is loaded the first time its tab is shown. */
  active: boolean;
  /** Shown over the map, in its middle (the empty result's message). */
  overlay?: ReactNode;
  /** The List tab's address, for when the map cannot show. */
  listHref: string;
};

/**
 * The Map tab's content: at least 400 px high (spec), the map inside once the browser can run it.
 * Once shown, the map stays (hidden with its tab), keeping its place and markers.
 */
export function MapPanel({ active, listHref, overlay, ...map }: Props) {
  const hydrated = useHydrated();
  const [wanted, setWanted] = useState(active);
  if (active && !wanted) setWanted(true);
  const loading = (
    <MapMessage listHref={listHref}>
      {/* Shown by scripting (`@media (scripting: none)`, Tailwind's `noscript:`): a browser that
          runs no script never loads the map, and is told so (ADR 020). */}
      <p className="font-medium text-ink noscript:hidden">Loading the map…</p>
      <p className="hidden text-sm noscript:block">The map needs JavaScript; the list works without it.</p>
    </MapMessage>
  );
  // `isolate`: Leaflet's panes and controls (z-index 400–1000) stay inside the map, under the
  // fixed header and its menu sheet (z-index 40).
  return (
    <div className="relative isolate h-[65vh] min-h-[400px] overflow-hidden rounded-[var(--radius-card)] bg-cream shadow-card lg:h-[70vh] lg:max-h-[720px]">
      {hydrated && wanted ? (
        <MapBoundary
          fallback={
            <MapMessage listHref={listHref}>
              <p role="alert" className="font-medium text-ink">
                The map could not be loaded.
              </p>
              <p className="mt-1 text-sm">Check your connection and reload the page, or browse the list.</p>
            </MapMessage>
          }
        >
          <Suspense fallback={loading}>
            <VenueMap {...map} visible={active} />
          </Suspense>
        </MapBoundary>
      ) : (
        loading
      )}
      {/* Over Leaflet's panes and controls (z-index up to 1000), at the map's top: the map's
          lower half may be below the fold. */}
      {overlay ? (
        <div className="absolute inset-0 z-[1100] flex items-start justify-center bg-ink/20 p-4">
          {overlay}
        </div>
      ) : null}
    </div>
  );
}
