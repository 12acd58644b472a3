// The search map: plain Leaflet (no React wrapper; it is small and all we need), loaded only in
// the browser, after the page is interactive (map-panel.tsx), so it never weighs on the list's
// first load. Leaflet touches `window` when imported, hence `.client`.
import "leaflet/dist/leaflet.css";
import "./venue-map.css";
import {
  circleMarker,
  divIcon,
  latLngBounds,
  layerGroup,
  map as createMap,
  marker,
  tileLayer,
  type CircleMarker,
  type LatLngBoundsExpression,
  type Map as LeafletMap,
  type Marker,
} from "leaflet";
import { LoaderCircle, LocateFixed } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { showToast } from "~/components/layout/use-toast";
import { DEFAULT_VENUE_IMAGE } from "~/lib/images";
import { pointsBySpot } from "~/lib/map-spots";
import type { SearchFilters } from "~/lib/search";
import {
  MAP_ALL_POINTS_ZOOM,
  MAP_VIEW,
  mapAnswerUrl,
  type MapAnswer,
  type MapCluster,
  type MapPoint,
} from "~/lib/search-page";
import type { Toast } from "~/lib/toast";
import { countLabel } from "~/lib/format";

export type VenueMapProps = {
  /** The page's filters; the map asks the server for their markers in the box it shows. */
  filters: SearchFilters;
  /** Changes when the filters do: the map fits itself to the new results once. */
  filtersKey: string;
  tileUrl: string;
  /** Ask for the visitor's position by itself (once per browser session). */
  autoLocate: boolean;
  /** Venues whose card is on the list's current page ('Show in list' is offered for those). */
  listIds: string[];
  onShowInList: (venueId: string) => void;
  /** A venue page's address from its path: the search's date and guests go with it. */
  venueHref: (path: string) => string;
  onOpenVenue: (href: string) => void;
  /** Whether its tab is shown: a map sized while hidden measures itself again when shown. */
  visible: boolean;
};

// Spec, error catalogue: the geolocation toasts.
const LOCATED: Toast = {
  type: "success",
  message: "Location found",
  description: "Map centered on your current location.",
};
const DENIED: Toast = {
  type: "error",
  message: "Location access denied",
  description: "Unable to access your location. Showing default view.",
};
const UNSUPPORTED: Toast = {
  type: "error",
  message: "Geolocation not supported",
  description: "Your browser doesn't support geolocation.",
};
const LOCATED_ONCE_KEY = "vv:map-located";
const ATTRIBUTION = '&copy; <a href="https://www.openstreetmap.org/copyright">OpenStreetMap</a> contributors';
/** Tiles that fail before any loads: say the background is missing (the markers still work). */
const TILE_FAILURES_TO_REPORT = 4;

const spotTitle = (n: number) => `${countLabel(n, "venue", "venues")} at this spot`;

function el<K extends keyof HTMLElementTagNameMap>(tag: K, props: Partial<HTMLElementTagNameMap[K]> = {}) {
  return Object.assign(document.createElement(tag), props);
}

/** Whether a click should be left to the browser (new tab, new window, download). */
const modified = (e: MouseEvent) => e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey;

export default function VenueMap(props: VenueMapProps) {
  const container = useRef<HTMLDivElement>(null);
  const latest = useRef(props);
  const api = useRef<{ reload: (fit: boolean) => void; locate: () => void; resize: () => void } | null>(null);
  const [loading, setLoading] = useState(true);
  const [failed, setFailed] = useState(false);
  const [tilesFailed, setTilesFailed] = useState(false);
  const [shown, setShown] = useState<number | null>(null);

  useEffect(() => {
    latest.current = props;
  });

  // The map itself, once.
  useEffect(() => {
    const node = container.current;
    if (!node) return;
    const map: LeafletMap = createMap(node, {
      center: MAP_VIEW.center,
      zoom: MAP_VIEW.zoom,
      minZoom: 3,
      maxZoom: 18,
      worldCopyJump: true,
    });
    let tilesLoaded = 0;
    let tileErrors = 0;
    // Tiles that cannot load (offline, a blocked or mistyped MAP_TILE_URL) leave a plain
    // background; the markers and the list go on working, and we say so once.
    tileLayer(latest.current.tileUrl, { attribution: ATTRIBUTION, maxZoom: 19 })
      .on("tileload", () => {
        tilesLoaded++;
        setTilesFailed(false);
      })
      .on("tileerror", () => {
        tileErrors++;
        if (tilesLoaded === 0 && tileErrors >= TILE_FAILURES_TO_REPORT) setTilesFailed(true);
      })
      .addTo(map);
    const markers = layerGroup().addTo(map);
    let you: CircleMarker | null = null;
    let request: AbortController | null = null;
    let fitPending = true;
    let timer: ReturnType<typeof setTimeout> | undefined;

    const label = (m: Marker, text: string) => {
      m.getElement()?.setAttribute("aria-label", text);
      return m;
    };

    const zoomTo = (c: MapCluster) => {
      const [s, w, n, e] = c.bounds;
      // All at one spot: straight to the zoom where the answer lists them (one marker, below).
      if (s === n && w === e)
        map.setView([c.lat, c.lng], Math.min(Math.max(map.getZoom() + 3, MAP_ALL_POINTS_ZOOM), 18));
      else
        map.fitBounds(
          [
            [s, w],
            [n, e],
          ],
          { padding: [48, 48], maxZoom: 18 },
        );
    };

    /** The venue's name as a link to its page (a client-side navigation on a plain click). */
    const venueLink = (p: MapPoint, props: Partial<HTMLAnchorElement>) => {
      const href = latest.current.venueHref(p.path);
      const link = el("a", { href, ...props });
      link.addEventListener("click", (e) => {
        if (modified(e)) return;
        e.preventDefault();
        latest.current.onOpenVenue(href);
      });
      return link;
    };

    /** Venues at one spot (the same address): one popup lists them all, each a link. */
    const spotPopup = (spot: MapPoint[]) => {
      const box = el("div", { className: "vv-popup vv-popup-body" });
      const list = el("ul", { className: "vv-spot-list" });
      for (const p of spot) {
        const item = el("li");
        item.append(
          venueLink(p, { className: "vv-popup-name", textContent: p.name }),
          el("p", { textContent: p.price }),
        );
        list.append(item);
      }
      box.append(el("p", { className: "vv-spot-title", textContent: spotTitle(spot.length) }), list);
      return box;
    };

    const popup = (p: MapPoint) => {
      const box = el("div", { className: "vv-popup" });
      const img = el("img", {
        src: p.image,
        alt: "",
        width: 240,
        height: 160,
        loading: "lazy",
        decoding: "async",
      });
      img.addEventListener(
        "error",
        () => img.src !== DEFAULT_VENUE_IMAGE && (img.src = DEFAULT_VENUE_IMAGE),
        {
          once: true,
        },
      );
      const body = el("div", { className: "vv-popup-body" });
      const name = venueLink(p, { className: "vv-popup-name", textContent: p.name });
      const price = el("p", { textContent: p.price });
      const actions = el("div", { className: "vv-popup-actions" });
      const open = venueLink(p, { textContent: "View venue" });
      open.setAttribute("aria-label", `View ${p.name}`);
      actions.append(open);
      if (latest.current.listIds.includes(p.id)) {
        const show = el("button", { type: "button", textContent: "Show in list" });
        show.addEventListener("click", () => latest.current.onShowInList(p.id));
        actions.append(show);
      }
      body.append(name, price);
      if (p.reviewCount > 0)
        body.append(
          el("p", {
            textContent: `★ ${p.rating.toFixed(1)} · ${countLabel(p.reviewCount, "review", "reviews")}`,
          }),
        );
      body.append(actions);
      box.append(img, body);
      return box;
    };

    // Markers by what they show: a redraw after a move keeps those still there (an open popup
    // stays open through its own auto-pan) and only adds and removes the difference.
    const drawn = new Map<string, Marker>();
    const draw = (answer: MapAnswer) => {
      const next = new Map<string, () => Marker>();
      for (const c of answer.clusters)
        next.set(`c:${c.count}:${c.lat}:${c.lng}`, () => {
          const size = c.count < 10 ? 36 : c.count < 100 ? 44 : 52;
          const title = `${countLabel(c.count, "venue", "venues")} here: zoom in`;
          const m = marker([c.lat, c.lng], {
            icon: divIcon({
              className: "vv-cluster",
              html: `<span>${c.count}</span>`,
              iconSize: [size, size],
            }),
            title,
            riseOnHover: true,
          }).on("click", () => zoomTo(c));
          markers.addLayer(m);
          return label(m, title);
        });
      const pin = (p: MapPoint, className: string, html: string, title: string) => {
        const m = marker([p.lat, p.lng], {
          icon: divIcon({ className, html, iconSize: [28, 34], iconAnchor: [14, 34], popupAnchor: [0, -30] }),
          title,
          riseOnHover: true,
        });
        markers.addLayer(m);
        return label(m, title);
      };
      for (const spot of pointsBySpot(answer.points)) {
        const [p] = spot as [MapPoint, ...MapPoint[]];
        if (spot.length === 1)
          next.set(`p:${p.id}`, () =>
            pin(p, "vv-pin", "<span></span>", p.name).bindPopup(() => popup(p), {
              maxWidth: 260,
              minWidth: 240,
              autoPanPadding: [24, 24],
            }),
          );
        else
          next.set(`s:${spot.map((v) => v.id).join(",")}`, () =>
            pin(p, "vv-spot", `<span></span><b>${spot.length}</b>`, spotTitle(spot.length)).bindPopup(
              () => spotPopup(spot),
              { maxWidth: 260, minWidth: 240, maxHeight: 320, autoPanPadding: [24, 24] },
            ),
          );
      }
      for (const [key, m] of drawn)
        if (!next.has(key)) {
          markers.removeLayer(m);
          drawn.delete(key);
        }
      for (const [key, make] of next) if (!drawn.has(key)) drawn.set(key, make());
      setShown(answer.total);
    };

    const load = async () => {
      request?.abort();
      const controller = new AbortController();
      request = controller;
      const b = map.getBounds();
      const url = mapAnswerUrl(
        latest.current.filters,
        { south: b.getSouth(), west: b.getWest(), north: b.getNorth(), east: b.getEast() },
        map.getZoom(),
      );
      setLoading(true);
      try {
        const res = await fetch(url, { signal: controller.signal, headers: { accept: "application/json" } });
        if (!res.ok) throw new Error(`map answer: HTTP ${res.status}`);
        const answer = (await res.json()) as MapAnswer;
        if (controller.signal.aborted) return;
        setFailed(false);
        draw(answer);
        if (fitPending) {
          fitPending = false;
          // Spec: fitted to the results, never closer than zoom 10; no results, the default view.
          // It jumps there: a zoom animation draws and throws away a layer of tiles, on the page's
          // busiest second (issue 9). The move asks again for the new box.
          map.invalidateSize();
          if (answer.extent) {
            const [s, w, n, e] = answer.extent;
            const bounds: LatLngBoundsExpression = latLngBounds([s, w], [n, e]);
            map.fitBounds(bounds, { padding: [40, 40], maxZoom: MAP_VIEW.maxFitZoom, animate: false });
          } else map.setView(MAP_VIEW.center, MAP_VIEW.zoom);
        }
      } catch (err) {
        if (controller.signal.aborted || (err as Error).name === "AbortError") return;
        setFailed(true);
      } finally {
        if (request === controller) {
          request = null;
          setLoading(false);
        }
      }
    };

    map.on("moveend", () => {
      clearTimeout(timer);
      timer = setTimeout(() => void load(), 150);
    });

    const locate = () => {
      if (!("geolocation" in navigator)) return void showToast(UNSUPPORTED);
      navigator.geolocation.getCurrentPosition(
        ({ coords }) => {
          const at: [number, number] = [coords.latitude, coords.longitude];
          // The visitor's position wins over a fit to the results still on its way (the first
          // answer, on a slow connection, comes after the position).
          fitPending = false;
          map.setView(at, MAP_VIEW.userZoom);
          you?.remove();
          you = circleMarker(at, {
            radius: 8,
            color: "#fff",
            weight: 3,
            fillColor: "#2563eb",
            fillOpacity: 1,
            interactive: false,
          }).addTo(map);
          void showToast(LOCATED);
        },
        () => void showToast(DENIED),
        { timeout: 10_000, maximumAge: 300_000 },
      );
    };

    api.current = {
      resize: () => map.invalidateSize(),
      reload: (fit) => {
        fitPending = fit;
        void load();
      },
      locate,
    };
    void load();

    // Spec: the visitor's position is asked for once, by itself; only on the unfiltered search,
    // where there is no result area to fit to instead.
    if (latest.current.autoLocate) {
      let asked = true;
      try {
        asked = sessionStorage.getItem(LOCATED_ONCE_KEY) !== null;
        sessionStorage.setItem(LOCATED_ONCE_KEY, "1");
      } catch {
        // Storage refused (privacy settings): do not ask on every page.
      }
      if (!asked) locate();
    }

    return () => {
      clearTimeout(timer);
      request?.abort();
      api.current = null;
      map.remove();
    };
  }, []);

  useEffect(() => {
    if (props.visible) api.current?.resize();
  }, [props.visible]);

  // New filters: new markers, and the map fits to their results.
  const firstKey = useRef(props.filtersKey);
  useEffect(() => {
    if (firstKey.current === props.filtersKey) return;
    firstKey.current = props.filtersKey;
    api.current?.reload(true);
  }, [props.filtersKey]);

  return (
    <div className="relative h-full w-full">
      <div ref={container} className="vv-map absolute inset-0" aria-label="Map of venues" role="region" />
      <button
        type="button"
        onClick={() => api.current?.locate()}
        className="absolute right-3 top-3 z-[1000] inline-flex h-10 cursor-pointer items-center gap-2 rounded-full bg-white px-4 text-sm font-medium text-ink shadow-card ring-1 ring-sand hover:bg-cream"
      >
        <LocateFixed className="h-4 w-4" aria-hidden="true" /> My Location
      </button>
      <div className="pointer-events-none absolute bottom-8 left-3 z-[1000] flex flex-col items-start gap-2">
        {loading ? (
          <p className="inline-flex items-center gap-2 rounded-full bg-white/95 px-3 py-1.5 text-xs font-medium text-ink shadow-card">
            <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden="true" /> Loading venues…
          </p>
        ) : shown !== null ? (
          <p className="rounded-full bg-white/95 px-3 py-1.5 text-xs font-medium text-ink shadow-card">
            {countLabel(shown, "venue", "venues")} in this area
          </p>
        ) : null}
        {failed ? (
          <p
            role="alert"
            className="pointer-events-auto rounded-lg bg-white px-3 py-2 text-sm text-danger shadow-card"
          >
            Venues could not be loaded on the map.{" "}
            <button
              type="button"
              className="cursor-pointer font-medium underline"
              onClick={() => api.current?.reload(false)}
            >
              Try again
            </button>
          </p>
        ) : null}
        {tilesFailed ? (
          <p role="status" className="rounded-lg bg-white px-3 py-2 text-sm text-ink-soft shadow-card">
            Map images could not be loaded; the venues are still shown.
          </p>
        ) : null}
      </div>
    </div>
  );
}
