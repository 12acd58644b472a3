import { startTransition, useEffect, useState } from "react";

/**
 * False during server rendering and the first render in the browser, true right after: for
 * content that only the browser needs. The switch is a transition, so the second render of a page
 * of cards is done in slices between which the browser can answer a tap (issue 9: with
 * `useSyncExternalStore` it was one blocking re-render of every card straight after hydration).
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => startTransition(() => setHydrated(true)), []);
  return hydrated;
}
