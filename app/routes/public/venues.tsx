import { LoaderCircle, SlidersHorizontal } from "~/components/ui/icons";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { data, useLocation, useNavigate, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/venues";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { MapPanel } from "~/components/map/map-panel";
import { ActiveFilters } from "~/components/search/active-filters";
import { FILTER_PANEL_ID, FilterPanel } from "~/components/search/filter-panel";
import { SearchBar } from "~/components/search/search-bar";
import { NoResults, ResultsList, SortSelect } from "~/components/search/search-results";
import { Button, buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { keepDataOnHeart } from "~/components/venue/use-favorite";
import { track } from "~/lib/analytics";
import { breadcrumbJsonLd, seoMeta, siteFromMatches } from "~/lib/seo";
import {
  activeFilters,
  changedFilters,
  DEFAULT_FILTERS,
  parseSearchParams,
  toSearchParams,
  type SearchFilters,
  type SearchView,
  withDefaults,
} from "~/lib/search";
import {
  addressWithoutUnwrittenPrice,
  appliedFilters,
  canonicalFilters,
  needsNewResults,
  resultsCountLabel,
  resultsParams,
  resultsSeo,
  resultsUrl,
  searchTerm,
} from "~/lib/search-page";
import { useHydrated } from "~/lib/use-hydrated";
import { dateFilterProblem } from "~/lib/dates";
import { contextOf, withContext } from "~/lib/couple-context";
import { parseIsoDate } from "~/lib/estimate";
import { getApp } from "~/infra/session.server";
import { searchChoices } from "~/services/search-choices.server";
import { searchVenues } from "~/services/search.server";

export async function loader({ request, context }: Route.LoaderArgs) {
  const { db, config } = getApp(context);
  const choices = await searchChoices(db);
  const params = new URL(request.url).searchParams;
  // Bad values (guests=abc, an unknown region or type) are ignored, never an error; a wedding
  // date in the past (or not a date) is refused with a message, and the rest of the search runs.
  const dateError = dateFilterProblem({ date: params.get("date"), month: params.get("month") });
  const parsed = canonicalFilters(parseSearchParams(params), choices);
  const filters = dateError ? { ...parsed, date: null, month: null } : parsed;
  // The date also sets the estimates' season and weekday (issue 24).
  const results = await searchVenues(db, filters, { date: parseIsoDate(filters.date) });
  const body = {
    filters: changedFilters({ ...filters, page: results.page }),
    results,
    choices,
    tileUrl: config.mapTileUrl,
    dateError: dateError
      ? {
          message: dateError,
          date: params.get("date")?.slice(0, 10) ?? "",
          month: params.get("month")?.slice(0, 7) ?? "",
        }
      : null,
  };
  return dateError ? data(body, { status: 400 }) : body;
}

export const meta: Route.MetaFunction = ({ data, matches }) => {
  const site = siteFromMatches(matches);
  const f = data && withDefaults(data.filters);
  const filtered = !!f && (f.q !== "" || activeFilters(f).length > 0);
  // A date search changes every day and every booking: people use it, search engines need not.
  const dated = !!f && (!!f.date || !!f.month || !!data?.dateError);
  const typeName = (id: string) => data?.choices.categories.find((c) => c.id === id)?.name;
  return seoMeta(site, {
    ...resultsSeo(f ?? DEFAULT_FILTERS, data?.results ?? { total: 0, page: 1, pageCount: 1 }, typeName),
    // Filtered results point search engines at the whole directory; its pages stay their own.
    path: !f || filtered ? "/venues" : resultsUrl({ page: f.page }),
    noindex: dated || undefined,
    jsonLd: data
      ? [
          breadcrumbJsonLd(site, [
            { name: "Home", path: "/" },
            { name: "Venues", path: "/venues" },
          ]),
        ]
      : [],
  });
};

/** The tab, a heart, or an address that only lost a max price the spec does not write, needs no
 *  new answer. */
export const shouldRevalidate: ShouldRevalidateFunction = (args) => {
  const { currentUrl, nextUrl, formMethod, defaultShouldRevalidate } = args;
  if (formMethod && formMethod.toUpperCase() !== "GET") return keepDataOnHeart(args);
  return needsNewResults(currentUrl, nextUrl) ? defaultShouldRevalidate : false;
};

const base = "http://localhost";
/** Filters that decide the map's markers (not the order, page or tab). */
const filtersKey = (f: SearchFilters) =>
  resultsParams({ ...f, sort: "featured", page: 1, view: "map" }).toString();

export default function VenuesPage({ loaderData }: Route.ComponentProps) {
  const { results, choices, tileUrl } = loaderData;
  const location = useLocation();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const hydrated = useHydrated();
  // The tab comes from the address as it is now (switching tabs loads nothing); the rest from
  // the results shown, which may hold a max price the address no longer writes.
  const view: SearchView = parseSearchParams(new URLSearchParams(location.search)).view;
  // Stable while the drawer opens and closes: the filter form does not re-render (FilterPanel).
  const shown = useMemo(() => withDefaults(loaderData.filters), [loaderData.filters]);
  const filters: SearchFilters = useMemo(() => ({ ...shown, view }), [shown, view]);

  // The tab the page opened on: behind the map, the list's first photo need not load at once.
  const [firstView] = useState(view);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [highlightId, setHighlightId] = useState<string | null>(null);
  const [routeKey, setRouteKey] = useState(location.key);
  if (routeKey !== location.key) {
    setRouteKey(location.key);
    setDrawerOpen(false);
  }
  const toggle = useRef<HTMLButtonElement>(null);
  const closeDrawer = useCallback(() => {
    setDrawerOpen(false);
    toggle.current?.focus();
  }, []);

  const go = useCallback(
    (to: string, opts: { replace?: boolean } = {}) => navigate(to, { preventScrollReset: true, ...opts }),
    [navigate],
  );

  // The spec keeps a max price of 10,000 or more out of the address: once the results are in,
  // the address bar drops it (shouldRevalidate keeps these results).
  useEffect(() => {
    const search = addressWithoutUnwrittenPrice(location.search);
    if (search !== null)
      navigate(
        { pathname: location.pathname, search, hash: location.hash },
        { replace: true, preventScrollReset: true },
      );
  }, [location.search, location.pathname, location.hash, navigate]);

  // Analytics: a `search` event for each new set of filters with their number of results.
  const searched = useRef<string | null>(null);
  const key = filtersKey(shown);
  useEffect(() => {
    if (searched.current === key) return;
    searched.current = key;
    if (shown.q || activeFilters(shown).length > 0)
      track({ name: "search", params: { search_term: searchTerm(shown), results_count: results.total } });
  }, [key, shown, results.total]);

  // 'Apply Filters' takes the person to the results (below the drawer on a phone, past the
  // filters on a desktop): the drawer closes at once, and the results heading takes focus.
  const resultsHeading = useRef<HTMLHeadingElement>(null);
  const apply = useCallback(
    (next: SearchFilters) => {
      for (const params of appliedFilters(shown, next)) track({ name: "filter_applied", params });
      go(resultsUrl({ ...next, q: filters.q, sort: filters.sort, view, page: 1 }));
      setDrawerOpen(false);
      const heading = resultsHeading.current;
      heading?.focus({ preventScroll: true });
      const section = heading?.parentElement;
      const top = section?.getBoundingClientRect().top ?? 0;
      if (top < 0 || top > innerHeight / 2)
        section?.scrollIntoView({
          behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
        });
    },
    [shown, filters, view, go],
  );

  const loading =
    navigation.state === "loading" &&
    navigation.location.pathname === location.pathname &&
    needsNewResults(
      new URL(location.pathname + location.search, base),
      new URL(navigation.location.pathname + navigation.location.search, base),
    );

  // 'Show in list' on the map: the List tab, scrolled to the card, outlined for a moment.
  useEffect(() => {
    if (!highlightId || view !== "list") return;
    // The card whose title links to the venue (its address ends with the id, before any query).
    const link = document.querySelector<HTMLAnchorElement>(`.venue-card h3 a[href*="-${highlightId}"]`);
    link?.closest("li")?.scrollIntoView({
      block: "center",
      behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth",
    });
    link?.focus({ preventScroll: true });
    const t = setTimeout(() => setHighlightId(null), 4000);
    return () => clearTimeout(t);
  }, [highlightId, view]);

  const { total } = results;

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 pt-8 sm:px-6">
      <header className="mb-8 space-y-5">
        <h1 className="text-3xl sm:text-4xl">Find Your Perfect Colorado Wedding Venue</h1>
        <SearchBar filters={filters} onSearch={(q) => go(resultsUrl({ ...filters, q, page: 1 }))} />
      </header>
      <div className="lg:grid lg:grid-cols-[17rem_minmax(0,1fr)] lg:items-start lg:gap-8">
        <aside className="lg:sticky lg:top-24">
          <FilterPanel
            key={location.search}
            filters={filters}
            choices={choices}
            onApply={apply}
            open={drawerOpen}
            onClose={closeDrawer}
            hydrated={hydrated}
            dateError={loaderData.dateError}
          />
        </aside>
        <section aria-labelledby="search-results-heading" className="min-w-0 scroll-mt-20 space-y-5">
          <h2 id="search-results-heading" ref={resultsHeading} tabIndex={-1} className="sr-only">
            Results
          </h2>
          {loaderData.dateError ? (
            <p
              role="alert"
              className="rounded-lg border border-red-200 bg-red-50 px-4 py-3 text-sm text-red-800"
            >
              {loaderData.dateError.message}
            </p>
          ) : null}
          <ActiveFilters filters={filters} choices={choices} />
          <div className="flex flex-wrap items-center justify-between gap-3">
            {/* While new results load, the old count is not shown as theirs; the new one is
                announced once it is in (aria-busy holds the live region meanwhile). */}
            <p role="status" aria-busy={loading || undefined} className="font-medium text-ink">
              {loading ? (
                <span className="inline-flex items-center gap-2 text-ink-soft">
                  <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden="true" /> Searching venues…
                </span>
              ) : (
                resultsCountLabel(total)
              )}
            </p>
            <div className="flex flex-wrap items-center gap-3">
              {/* A plain link: the page stays the same for everyone (the page cache, ADR 010). */}
              <Link
                to={`/saved-searches/new?${toSearchParams({ ...filters, page: 1 })}`}
                className={buttonClass("outline", "sm")}
              >
                Save this search
              </Link>
              <SortSelect
                filters={filters}
                onSort={(sort) => go(resultsUrl({ ...filters, sort, page: 1 }))}
              />
            </div>
          </div>
          {/* ARIA tabs, like the venue page's: List and Map are two views of one result set on one
              page, not two pages. The tab is also kept in the address (?view=list), so a reload or a
              shared link opens the same view, and both panels are in the HTML for crawlers. */}
          <Tabs
            defaultValue={view}
            value={view}
            onValueChange={(v) =>
              go(resultsUrl({ ...filters, view: v === "list" ? "list" : "map" }), { replace: true })
            }
          >
            <div className="flex items-center justify-between gap-3">
              <TabsList aria-label="Results view" className="w-fit">
                <TabsTrigger value="list" href={resultsUrl({ ...filters, view: "list" })}>
                  List
                </TabsTrigger>
                <TabsTrigger value="map" href={resultsUrl({ ...filters, view: "map" })}>
                  Map
                </TabsTrigger>
              </TabsList>
              <div className="lg:hidden">
                {hydrated ? (
                  <Button
                    ref={toggle}
                    variant="outline"
                    aria-expanded={drawerOpen}
                    aria-controls={FILTER_PANEL_ID}
                    onClick={() => setDrawerOpen((o) => !o)}
                  >
                    <SlidersHorizontal className="h-4 w-4" aria-hidden="true" />
                    {drawerOpen ? "Hide Filters" : "Show Filters"}
                  </Button>
                ) : (
                  <a href={`#${FILTER_PANEL_ID}`} className={buttonClass("outline")}>
                    <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Show Filters
                  </a>
                )}
              </div>
            </div>
            <TabsContent value="list" className="mt-5">
              <ResultsList
                venues={results.venues}
                total={total}
                page={results.page}
                pageCount={results.pageCount}
                filters={filters}
                loading={loading}
                highlightId={highlightId}
                // 'Compare' on each card: in the server's HTML of the list view (the List tab is a
                // link to it, so it works without scripts); the map view's hidden list gets them
                // once scripts run, which keeps that page within its HTML budget (issue 9).
                compare={view === "list" || hydrated}
                leadPhoto={firstView === "list"}
              />
            </TabsContent>
            <TabsContent value="map" className="mt-5 space-y-5">
              <MapPanel
                // No results: said over the map, where it is seen, not below it.
                overlay={
                  total === 0 && !loading ? (
                    <NoResults filters={filters} className="w-full max-w-md py-8 shadow-lift" />
                  ) : null
                }
                active={view === "map"}
                listHref={resultsUrl({ ...filters, view: "list" })}
                filters={shown}
                filtersKey={key}
                tileUrl={tileUrl}
                autoLocate={!filters.q && activeFilters(filters).length === 0}
                listIds={results.venues.map((v) => v.id)}
                onShowInList={(id) => {
                  setHighlightId(id);
                  go(resultsUrl({ ...filters, view: "list" }), { replace: true });
                }}
                venueHref={(path) => withContext(path, contextOf(filters))}
                onOpenVenue={navigate}
              />
            </TabsContent>
          </Tabs>
        </section>
      </div>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Failed to load venues" retry />;
}
