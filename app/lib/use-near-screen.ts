import { useEffect, useState, type RefObject } from "react";

/**
 * False during server rendering and until the element comes within a screen of the viewport, then
 * true for good: a page of 24 cards wakes the few near the screen after hydration, not all 24
 * (issue 42: the others' extras cost a phone's main thread while the page starts).
 */
export function useNearScreen(ref: RefObject<Element | null>): boolean {
  const [near, setNear] = useState(false);
  useEffect(() => {
    const observer = new IntersectionObserver(
      ([entry]) => {
        if (!entry?.isIntersecting) return;
        observer.disconnect();
        setNear(true);
      },
      { rootMargin: "100%" },
    );
    if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, [ref]);
  return near;
}
