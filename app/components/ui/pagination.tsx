import { ChevronLeft, ChevronRight } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { cn } from "~/lib/cn";
import { pageWindow } from "~/lib/pagination";

export type PaginationProps = {
  /** The current page, 1-based. */
  page: number;
  /** How many pages there are; nothing is drawn when there is one or none. */
  pageCount: number;
  /** The address of a page, keeping the rest of the query, e.g. `(n) => searchUrl({ ...filters, page: n })`. */
  href: (page: number) => string;
  /** Accessible name of the navigation landmark (distinct when a screen has two lists). */
  label?: string;
  /** Keep the scroll position when following a page link (default: back to the top). */
  preventScrollReset?: boolean;
  className?: string;
};

/** A page link, the current one and an unavailable edge (`.page-item` in app/styles/cards.css). */
const item = "page-item";

/**
 * Previous, numbered pages and Next as real links, so paging works before (and without)
 * JavaScript and crawlers can follow it. The current page carries `aria-current="page"`; an
 * unavailable Previous/Next stays in place, inert, so the bar does not jump.
 */
export function Pagination({
  page,
  pageCount,
  href,
  label = "Pagination",
  preventScrollReset,
  className,
}: PaginationProps) {
  if (pageCount <= 1) return null;
  const current = Math.min(Math.max(1, page), pageCount);
  const edge = (to: number, rel: "prev" | "next", text: string) => {
    const Icon = rel === "prev" ? ChevronLeft : ChevronRight;
    const content =
      rel === "prev" ? (
        <>
          <Icon className="h-4 w-4" aria-hidden="true" />
          {text}
        </>
      ) : (
        <>
          {text}
          <Icon className="h-4 w-4" aria-hidden="true" />
        </>
      );
    const available = to >= 1 && to <= pageCount;
    return available ? (
      <Link
        to={href(to)}
        rel={rel}
        preventScrollReset={preventScrollReset}
        aria-label={`${text} page`}
        className={item}
      >
        {content}
      </Link>
    ) : (
      <span aria-disabled="true" className={item}>
        {content}
      </span>
    );
  };
  return (
    <nav aria-label={label} className={cn("flex justify-center", className)}>
      <ul className="flex flex-wrap items-center justify-center gap-1">
        <li>{edge(current - 1, "prev", "Previous")}</li>
        {pageWindow(current, pageCount).map((p, i) =>
          p === null ? (
            <li key={`gap-${i}`} aria-hidden="true" className="px-1 text-muted">
              …
            </li>
          ) : (
            <li key={p}>
              <Link
                to={href(p)}
                preventScrollReset={preventScrollReset}
                aria-label={`Page ${p}`}
                aria-current={p === current ? "page" : undefined}
                className={item}
              >
                {p}
              </Link>
            </li>
          ),
        )}
        <li>{edge(current + 1, "next", "Next")}</li>
      </ul>
    </nav>
  );
}
