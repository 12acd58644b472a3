import { useEffect, useState } from "react";
import { useNavigation } from "react-router";

/** Navigations quicker than this show nothing, so the bar does not flash on every click. */
export const PROGRESS_DELAY_MS = 150;

/**
 * A slim bar along the top of the window while the next page loads or a form is submitted. Pages
 * are rendered on the server, so on a slow connection a tap would otherwise show nothing until the
 * new page arrives. The bar creeps towards 90 % (a static bar under reduced motion).
 */
export function NavigationProgress() {
  const busy = useNavigation().state !== "idle";
  // Whether the current navigation has lasted longer than the delay.
  const [slow, setSlow] = useState(false);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => setSlow(true), PROGRESS_DELAY_MS);
    return () => {
      clearTimeout(timer);
      setSlow(false);
    };
  }, [busy]);
  if (!busy || !slow) return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="pointer-events-none fixed inset-x-0 top-0 z-50 h-[3px] bg-primary/15"
    >
      <div className="h-full origin-left animate-progress bg-primary shadow-[0_0_6px_var(--color-primary)]" />
    </div>
  );
}
