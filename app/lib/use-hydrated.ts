import { startTransition, useEffect, useState } from "react";

/** Set once the first page has hydrated: a component mounted after that has no server HTML to
 *  match, so it starts in the browser's state instead of rendering twice. */
let pageHydrated = false;

/**
 * False during server rendering and the first render in the browser, true right after: for
 * content that only the browser needs. The switch is a transition, so the second render of a page
 * of cards is done in slices between which the browser can answer a tap (issue 9: with
 * `useSyncExternalStore` it was one blocking re-render of every card straight after hydration).
 * When it has happened, `<html data-hydrated>` says so (the browser tests wait for it before they
 * tap a control that the switch replaces).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(pageHydrated);
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
    else {
      pageHydrated = true;
      startTransition(() => setHydrated(true));
    }
  }, [hydrated]);
  return hydrated;
}
