import { startTransition, useEffect, useState } from "react";

/**
 * False during server rendering and the first render in the browser, true right after: for
 * content that only the browser needs. The switch is a transition, so the second render of a page
 * of cards is done in slices between which the browser can answer a tap (issue 9: with
 * `useSyncExternalStore` it was one blocking re-render of every card straight after hydration).
 * Once the page's frame has switched, `<html data-hydrated>` says so: the browser tests wait for
 * it before they tap a control that the switch replaces. (It always starts false, even after the
 * first page: a Suspense boundary's server HTML is hydrated after the frame around it.)
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
    else startTransition(() => setHydrated(true));
  }, [hydrated]);
  return hydrated;
}
