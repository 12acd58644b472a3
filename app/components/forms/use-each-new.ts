import { useEffect, useRef } from "react";

/**
 * Runs `act(value)` once for each new `value` (an action's answer), after the commit that shows
 * it. The value is compared after every commit with the last one acted on, not through an
 * effect's dependency list: React Router's fetchers read their data from a mutable map while they
 * render, and on a busy machine a transition's render could commit an answer with no effect run
 * for it, after which the dependency list never saw it change. The dialog then stayed open
 * with no toast after its venue was added (issue 20; react/react#34556).
 */
export function useEachNew<T>(value: T | null | undefined, act: (value: T) => void): void {
  const last = useRef<T | null | undefined>(undefined);
  useEffect(() => {
    if (value == null || Object.is(last.current, value)) return;
    last.current = value;
    act(value);
  });
}
