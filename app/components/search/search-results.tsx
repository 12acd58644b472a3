import { SearchX } from "~/components/ui/icons";
import { memo, type FormEvent } from "react";
import { Pagination } from "~/components/ui/pagination";
import { ButtonLink } from "~/components/ui/button";
import { VenueCard, VenueGridSkeleton } from "~/components/venue/venue-card";
import { cn } from "~/lib/cn";
import { contextOf } from "~/lib/couple-context";
import { clearFilters, SEARCH_SORTS, SORT_LABELS, type SearchFilters, type SearchSort } from "~/lib/search";
import { resultsParams, resultsUrl } from "~/lib/search-page";
import { useHydrated } from "~/lib/use-hydrated";
import type { VenueCardData } from "~/lib/venue";

/** Spec: 'No venues found / Try adjusting your filters or search terms' with 'Clear All Filters'.
 *  `className` gives its padding (cn() does not merge classes): roomy in the list, compact over the map. */
export function NoResults({ filters, className }: { filters: SearchFilters; className?: string }) {
  return (
    <div className={cn("rounded-[var(--radius-card)] bg-cream px-6 text-center", className)}>
      <SearchX className="mx-auto h-10 w-10 text-muted" aria-hidden="true" />
      <h3 className="mt-4 text-2xl">No venues found</h3>
      <p className="mt-2 text-ink-soft">Try adjusting your filters or search terms</p>
      <ButtonLink to={resultsUrl(clearFilters(filters))} className="mt-6">
        Clear All Filters
      </ButtonLink>
    </div>
  );
}

type ListProps = {
  venues: VenueCardData[];
  total: number;
  page: number;
  pageCount: number;
  filters: SearchFilters;
  /** New results are on their way: the spec's three skeleton cards. */
  loading: boolean;
  /** A venue chosen on the map: its card is outlined. */
  highlightId: string | null;
  /** Shows 'Compare' on each card. */
  compare?: boolean;
  /** The first card's photo loads at once: the list is the page's first view, not hidden by the map. */
  leadPhoto: boolean;
};

/**
 * The List tab: a grid of 1, 2 or 3 columns and the pages as links. Drawn again only when its
 * results change: opening the filter drawer redrew the page's 24 cards (issue 42).
 */
export const ResultsList = memo(function ResultsList({
  venues,
  total,
  page,
  pageCount,
  filters,
  loading,
  highlightId,
  compare = true,
  leadPhoto,
}: ListProps) {
  if (loading)
    return <VenueGridSkeleton count={3} className="sm:grid-cols-2 lg:grid-cols-2 xl:grid-cols-3" />;
  if (total === 0) return <NoResults filters={filters} className="py-14" />;
  const context = contextOf(filters);
  return (
    <>
      {/* A card chosen on the map is scrolled to below the header (`*:scroll-mt-28`). */}
      <ul className="stagger grid grid-cols-1 gap-6 *:scroll-mt-28 sm:grid-cols-2 xl:grid-cols-3">
        {venues.map((v, i) => (
          // The first card's photo is the page's largest paint: it shows at once, and the others
          // enter after it (faded in from nothing, it waited for the scripts: issue 42).
          <li key={v.id} className={i === 0 ? "animate-none" : undefined}>
            <VenueCard
              venue={v}
              first={leadPhoto && i === 0}
              compare={compare}
              context={context}
              className={
                // The card's own focus ring (in .venue-card) still wins over the highlight.
                highlightId === v.id
                  ? "outline-4 outline-offset-4 outline-accent shadow-lift has-[a:focus-visible]:outline-3 has-[a:focus-visible]:outline-offset-2 has-[a:focus-visible]:outline-primary"
                  : undefined
              }
            />
          </li>
        ))}
      </ul>
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => resultsUrl({ ...filters, page: n })}
        label="Search results pages"
        className="mt-10"
      />
    </>
  );
});

/** The order of the list: a GET form too; with JavaScript a change applies at once. */
export function SortSelect({
  filters,
  onSort,
}: {
  filters: SearchFilters;
  onSort: (sort: SearchSort) => void;
}) {
  const kept = [...resultsParams({ ...filters, sort: "featured", page: 1 })];
  const hydrated = useHydrated();
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const sort = new FormData(e.currentTarget).get("sort");
    onSort(SEARCH_SORTS.find((s) => s === sort) ?? "featured");
  };
  return (
    <form method="get" action="/venues" onSubmit={submit} className="flex items-center gap-2">
      {kept.map(([name, value], i) => (
        <input key={`${name}-${i}`} type="hidden" name={name} value={value} />
      ))}
      <label htmlFor="search-sort" className="text-sm text-ink-soft">
        Sort by
      </label>
      <select
        id="search-sort"
        name="sort"
        key={filters.sort}
        defaultValue={filters.sort}
        onChange={(e) => e.currentTarget.form?.requestSubmit()}
        className="h-9 cursor-pointer rounded-full border border-sand-dark bg-white pl-3 pr-8 text-sm text-ink focus:border-primary focus:outline-none focus:ring-2 focus:ring-primary/30"
      >
        {SEARCH_SORTS.map((s) => (
          <option key={s} value={s}>
            {SORT_LABELS[s]}
          </option>
        ))}
      </select>
      {/* Until the script applies a change at once (and with JavaScript off), the change needs a
          button; it is the last of the row, so its going moves nothing. */}
      {hydrated ? null : (
        <button
          type="submit"
          className="h-9 cursor-pointer rounded-full bg-primary px-3 text-sm font-medium text-white"
        >
          Sort
        </button>
      )}
    </form>
  );
}
