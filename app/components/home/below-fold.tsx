import { useEffect, useRef, useState, type ComponentProps } from "react";
import { cn } from "~/lib/cn";

/**
 * A home section below the hero. Its content is not laid out or painted until it nears the screen
 * (`.below-fold` in app/styles/cards.css), and its entrance animations (the cards' and tiles' staggers) play
 * when the visitor scrolls to it, not unseen while the page starts (issue 9: they cost a phone's
 * main thread during hydration). Without the script, or when it was already on screen before the
 * script ran, it simply shows.
 */
export function BelowFoldSection({ className, ...props }: ComponentProps<"section">) {
  const ref = useRef<HTMLElement>(null);
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const section = ref.current;
    if (!section) return;
    const enter = () => {
      near.disconnect();
      removeEventListener("scroll", enter);
      setEntered(true);
    };
    let first = true;
    const near = new IntersectionObserver(
      ([entry]) => {
        if (!entry) return;
        if (first && entry.boundingClientRect.top < innerHeight) near.disconnect();
        // Right below the fold (home's hero fills the first screen): the first scroll brings it.
        else if (first && entry.isIntersecting) addEventListener("scroll", enter, { passive: true });
        else if (entry.isIntersecting) enter();
        first = false;
      },
      { rootMargin: "0px 0px 80px 0px" },
    );
    near.observe(section);
    return () => {
      near.disconnect();
      removeEventListener("scroll", enter);
    };
  }, []);
  return (
    <section
      ref={ref}
      data-entered={entered ? "" : undefined}
      className={cn("below-fold", className)}
      {...props}
    />
  );
}
