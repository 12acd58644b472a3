import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "react-router";
import { Link } from "~/components/ui/link";
import { buttonClass } from "~/components/ui/button";
import { X } from "~/components/ui/icons";
import { cn } from "~/lib/cn";
import {
  addToTray,
  COMPARE_COOKIE,
  COMPARE_FORM,
  COMPARE_MAX,
  compareUrl,
  cookieValue,
  readTray,
  removeFromTray,
  trayMessage,
  writeTray,
  type TrayChange,
  type TrayItem,
} from "~/lib/compare";
import {
  contextParams,
  hasContext,
  NO_CONTEXT,
  parseContext,
  withContext,
  type CoupleContext,
} from "~/lib/couple-context";
import { useHydrated } from "~/lib/use-hydrated";

// The compare tray (issue 24, ADR 031). Its state is a cookie the script reads and writes, so the
// server's pages stay the same for every signed-out visitor (the page cache, ADR 010) and the tray
// is drawn once scripts run. Before that (and without them) each 'Compare' button submits the
// page's one GET form to /compare, whose loader adds the venue to the same cookie.

const listeners = new Set<() => void>();
let message = "";
const EMPTY: TrayItem[] = [];
let cached: { raw: string | null; tray: TrayItem[] } = { raw: null, tray: EMPTY };

function snapshot(): TrayItem[] {
  const raw = cookieValue(document.cookie, COMPARE_COOKIE);
  if (raw !== cached.raw) cached = { raw, tray: readTray(raw) };
  return cached.tray;
}

const YEAR = 60 * 60 * 24 * 365;
/** The date, guests and budget of the page a venue was last added from, so the tray's link keeps them (issue 41). */
const CONTEXT_COOKIE = `${COMPARE_COOKIE}_context`;

function commit(change: TrayChange, name: string) {
  document.cookie = `${COMPARE_COOKIE}=${writeTray(change.tray)}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  message = trayMessage(change, name);
  for (const l of listeners) l();
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => void listeners.delete(l);
};

/** The tray's venues; empty on the server and until hydration. */
export function useCompareTray(): TrayItem[] {
  return useSyncExternalStore(subscribe, snapshot, () => EMPTY);
}

export function addToCompare(item: TrayItem, context: CoupleContext = NO_CONTEXT) {
  if (hasContext(context))
    document.cookie = `${CONTEXT_COOKIE}=${encodeURIComponent(contextParams(context).toString())}; Path=/; Max-Age=${YEAR}; SameSite=Lax`;
  commit(addToTray(snapshot(), item), item.name);
}

function rememberedContext(): CoupleContext {
  const raw = cookieValue(document.cookie, CONTEXT_COOKIE);
  try {
    return raw ? parseContext(new URLSearchParams(decodeURIComponent(raw))) : NO_CONTEXT;
  } catch {
    return NO_CONTEXT;
  }
}

/** The context of the page's address. */
const pageContext = (search: string) => parseContext(new URLSearchParams(search));

export function removeFromCompare(item: TrayItem) {
  commit(removeFromTray(snapshot(), item.id), item.name || "Venue");
}

/** The page's one 'Compare' form: a GET to /compare with `add=<id>` from the button pressed. */
export function CompareForm() {
  const { search } = useLocation();
  return (
    <form id={COMPARE_FORM} method="get" action="/compare" hidden>
      {[...contextParams(pageContext(search))].map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </form>
  );
}

/** 'Compare' on a card or a favourite: adds the venue to the tray (or, before scripts, opens /compare with it). */
export function CompareButton({ venue, className }: { venue: TrayItem; className?: string }) {
  // Whether this venue is in the tray, not the tray: a change redraws the one button it concerns,
  // not the 24 of a page of results (issue 42, a tap's time to paint).
  const inTray = useSyncExternalStore(
    subscribe,
    () => snapshot().some((t) => t.id === venue.id),
    () => false,
  );
  const { search } = useLocation();
  const hydrated = useHydrated();
  return (
    // Kept small: 24 of these are on a page of results (the HTML budget, issue 9). A submit
    // button by default; the box and its ✓ are drawn by .card-compare::before from aria-pressed.
    <button
      form={COMPARE_FORM}
      name="add"
      value={venue.id}
      // Before scripts it opens /compare (a plain submit); a toggle only once they run.
      aria-pressed={hydrated ? inTray : undefined}
      aria-label={`Compare ${venue.name}`}
      onClick={(e) => {
        e.preventDefault();
        if (inTray) removeFromCompare(venue);
        else addToCompare(venue, pageContext(search));
      }}
      className={cn("card-compare", className)}
    >
      Compare
    </button>
  );
}

/** The tray at the bottom of every page (but /compare and the back office), once scripts run. */
export function CompareTray() {
  const tray = useCompareTray();
  const { pathname, search } = useLocation();
  const [said, setSaid] = useState("");
  const hydrated = useHydrated();
  useEffect(() => {
    const update = () => setSaid(message);
    listeners.add(update);
    return () => void listeners.delete(update);
  }, []);
  // The page's own date, guests and budget, else those of the page the venues were added from.
  const own = pageContext(search);
  const context = hasContext(own) || tray.length === 0 ? own : rememberedContext();
  const hidden =
    pathname === "/compare" || pathname.startsWith("/admin") || pathname.startsWith("/venue-manager");
  return (
    <>
      {/* Mounted as scripts start, long before a first change, so a screen reader hears each one;
          not in the server's HTML, where nothing can change it. */}
      {hydrated ? (
        <p aria-live="polite" className="sr-only" data-testid="compare-announcer">
          {said}
        </p>
      ) : null}
      {tray.length === 0 || hidden ? null : (
        <>
          {/* Room at the end of the page, so the fixed tray never covers the footer's last line. */}
          <div aria-hidden="true" className="tray-room h-(--tray-h)" />
          {/* One line at every width (the fixed layers, docs/architecture.md): its height is
              --tray-h, which the sticky bar and the toasts stay above. */}
          <section aria-label="Compare venues" className="compare-tray" data-testid="compare-tray">
            <div className="mx-auto flex h-full max-w-7xl items-center gap-2 px-4 sm:gap-3">
              <p className="hidden shrink-0 text-sm font-semibold sm:block">
                Compare ({tray.length} of {COMPARE_MAX})
              </p>
              <ul className="compare-chips">
                {tray.map((t) => (
                  <li key={t.id} className="compare-chip">
                    <span className="max-w-[7rem] truncate sm:max-w-[12rem]">{t.name || "Venue"}</span>
                    <button
                      type="button"
                      onClick={() => removeFromCompare(t)}
                      aria-label={`Remove ${t.name || "venue"} from compare`}
                      className="compare-chip-remove"
                    >
                      <X aria-hidden="true" />
                    </button>
                  </li>
                ))}
              </ul>
              <Link
                to={withContext(compareUrl(tray.map((t) => t.id)), context)}
                className={buttonClass("primary", "md", "shrink-0 max-sm:h-10 max-sm:px-4")}
              >
                Compare {tray.length} {tray.length === 1 ? "venue" : "venues"}
              </Link>
            </div>
          </section>
        </>
      )}
    </>
  );
}
