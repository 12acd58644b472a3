import { useEffect, useRef, useState, type HTMLAttributes } from "react";
import { cn } from "~/lib/cn";

type Props = HTMLAttributes<HTMLDivElement> & {
  /** The region's name, e.g. "Venue table". */
  label: string;
};

type Edges = { start: boolean; end: boolean };

/** Whether there is more to see beyond each edge of the box. */
function measure(el: HTMLElement | null, set: (update: (e: Edges) => Edges) => void) {
  if (!el) return;
  const left = Math.abs(el.scrollLeft);
  const start = left > 1;
  const end = el.scrollWidth - el.clientWidth - left > 1;
  set((e) => (e.start === start && e.end === end ? e : { start, end }));
}

const shade = "pointer-events-none absolute inset-y-0 w-10 from-ink/25 to-transparent transition-opacity";

/**
 * A box whose content may be wider than the screen (a table on a phone), and that shows it: a
 * shade at each edge with more content beyond it. While it scrolls it is a named region that
 * takes keyboard focus, so the arrow keys scroll it. It is positioned, so that text hidden for
 * screen readers inside it (`sr-only`, absolutely placed) is clipped by it rather than widening
 * the page (issue 22, point 15).
 */
export function ScrollArea({ label, className, children, ...props }: Props) {
  const box = useRef<HTMLDivElement>(null);
  const [edges, setEdges] = useState<Edges>({ start: false, end: false });
  // When the content changes (new rows), on scroll and when the box changes size.
  useEffect(() => measure(box.current, setEdges), [children]);
  useEffect(() => {
    const el = box.current;
    if (!el) return;
    const update = () => measure(el, setEdges);
    const resized = new ResizeObserver(update);
    resized.observe(el);
    el.addEventListener("scroll", update, { passive: true });
    return () => {
      resized.disconnect();
      el.removeEventListener("scroll", update);
    };
  }, []);
  const scrolls = edges.start || edges.end;
  return (
    <div className={cn("relative", className)}>
      <div
        ref={box}
        role="region"
        aria-label={label}
        tabIndex={scrolls ? 0 : undefined}
        className="relative overflow-x-auto focus-visible:outline-offset-[-3px]"
        {...props}
      >
        {children}
      </div>
      <span
        aria-hidden="true"
        className={cn(shade, "left-0 bg-gradient-to-r", edges.start ? "opacity-100" : "opacity-0")}
      />
      <span
        aria-hidden="true"
        className={cn(shade, "right-0 bg-gradient-to-l", edges.end ? "opacity-100" : "opacity-0")}
      />
    </div>
  );
}
