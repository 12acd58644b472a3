import { ArrowLeft, SlidersHorizontal } from "~/components/ui/icons";
import { data, isRouteErrorResponse, useRouteError, useSearchParams } from "react-router";
import type { Route } from "./+types/category";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { ViewToggle, viewFromSearch } from "~/components/ui/view-toggle";
import { VenueGrid } from "~/components/venue/venue-card";
import { VenueImage } from "~/components/venue/venue-image";
import { pageCountOf, pageUrl } from "~/lib/pagination";
import { PAGE_SIZE, parseSearchParams } from "~/lib/search";
import { absoluteUrl, breadcrumbJsonLd, seoMeta, siteFromMatches } from "~/lib/seo";
import { isUuid } from "~/lib/uuid";
import { countLabel } from "~/lib/format";
import { getCategoryWithCount } from "~/services/categories.server";
import { listVenuesInCategory } from "~/services/venues.server";
import { getApp } from "~/infra/session.server";
import { keepDataOnHeart } from "~/components/venue/use-favorite";

/** Thrown for `?page=N` past the last page (ADR 014): a page that does not exist is a 404. */
type MissingPage = { error: string; firstPage: string };

export const shouldRevalidate = keepDataOnHeart;

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const category = isUuid(params.categoryId) ? await getCategoryWithCount(db, params.categoryId) : null;
  if (!category)
    throw data(
      { error: "The venue type you're looking for doesn't exist or has been removed." },
      { status: 404 },
    );
  // The search's page rule: a page that is not a whole number from 1 up reads as the first page.
  const { page } = parseSearchParams(new URL(request.url).searchParams);
  const pageCount = pageCountOf(category.count, PAGE_SIZE);
  if (page > pageCount)
    throw data<MissingPage>(
      {
        error: `${category.name} venues have ${pageCount} ${pageCount === 1 ? "page" : "pages"}; page ${page} does not exist.`,
        firstPage: `/categories/${category.id}`,
      },
      { status: 404 },
    );
  return { category, page, pageCount, venues: await listVenuesInCategory(db, category.id, { page }) };
}

export const meta: Route.MetaFunction = ({ data: d, matches, error }) => {
  const site = siteFromMatches(matches);
  if (!d)
    return seoMeta(site, {
      title: missingPage(error) ? "Page Not Found" : "Category Not Found",
      noindex: true,
    });
  const c = d.category;
  const path = `/categories/${c.id}`;
  // Each page is its own canonical (page 2 lists other venues than page 1); prev/next tie them.
  const tags = seoMeta(site, {
    title: `${c.name} Wedding Venues in Colorado${d.page > 1 ? ` (Page ${d.page} of ${d.pageCount})` : ""}`,
    description: `${c.description || `Browse ${c.count} ${c.name.toLowerCase()} wedding venues across Colorado.`}${d.page > 1 ? ` Page ${d.page} of ${d.pageCount}.` : ""}`,
    path: pageUrl(path, "", d.page),
    image: c.imageUrl ?? undefined,
    imageAlt: `${c.name} wedding venues in Colorado`,
    jsonLd: [
      breadcrumbJsonLd(site, [
        { name: "Home", path: "/" },
        { name: "Venue Types", path: "/categories" },
        { name: c.name, path },
      ]),
    ],
  });
  if (d.page > 1)
    tags.push({ tagName: "link", rel: "prev", href: absoluteUrl(site, pageUrl(path, "", d.page - 1)) });
  if (d.page < d.pageCount)
    tags.push({ tagName: "link", rel: "next", href: absoluteUrl(site, pageUrl(path, "", d.page + 1)) });
  return tags;
};

function missingPage(error: unknown): MissingPage | null {
  const d =
    isRouteErrorResponse(error) && error.status === 404 ? (error.data as Partial<MissingPage> | null) : null;
  return d && typeof d.firstPage === "string" && typeof d.error === "string" ? (d as MissingPage) : null;
}

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const view = viewFromSearch(params);
  const { category, venues, page, pageCount } = loaderData;
  const path = `/categories/${category.id}`;

  return (
    <>
      <section className="relative flex min-h-72 items-end overflow-hidden text-white sm:min-h-96">
        <VenueImage
          src={category.imageUrl}
          width={1600}
          sizes="100vw"
          fetchPriority="high"
          className="absolute inset-0 h-full w-full object-cover"
        />
        <div className="absolute inset-0 bg-gradient-to-t from-black/70 via-black/30 to-black/10" />
        <div className="relative mx-auto w-full max-w-7xl px-4 pb-10 sm:px-6">
          <h1 className="text-4xl sm:text-5xl">{category.name}</h1>
          {category.description ? (
            <p className="mt-3 max-w-2xl text-lg text-white/90">{category.description}</p>
          ) : null}
        </div>
      </section>
      <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
        <ButtonLink to="/categories" variant="ghost" size="sm" className="-ml-3">
          <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to All Venue Types
        </ButtonLink>
        <div className="mt-4 flex flex-wrap items-center justify-between gap-4">
          <h2 className="text-2xl">
            {countLabel(category.count, "Venue", "Venues")}
            {pageCount > 1 ? (
              <span className="ml-2 text-base font-normal text-ink-soft">
                (page {page} of {pageCount})
              </span>
            ) : null}
          </h2>
          <div className="flex items-center gap-2">
            {/* The spec's inert Filter button now opens the search filtered to this type. */}
            <ButtonLink
              to={`/venues?category=${encodeURIComponent(category.name)}`}
              variant="outline"
              size="sm"
            >
              <SlidersHorizontal className="h-4 w-4" aria-hidden="true" /> Filter
            </ButtonLink>
            <ViewToggle view={view} />
          </div>
        </div>
        {venues.length === 0 ? (
          <div className="mt-8 rounded-2xl bg-cream px-6 py-16 text-center">
            <h3 className="text-2xl">No Venues Available</h3>
            <p className="mt-2 text-ink-soft">
              There are no approved {category.name.toLowerCase()} venues yet.
            </p>
            <ButtonLink to="/categories" className="mt-6">
              Explore Other Venue Types
            </ButtonLink>
          </div>
        ) : (
          <>
            <VenueGrid venues={venues} view={view} className="mt-8" />
            <Pagination
              page={page}
              pageCount={pageCount}
              href={(n) => pageUrl(path, params, n)}
              label={`${category.name} venue pages`}
              className="mt-10"
            />
          </>
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  const missing = missingPage(useRouteError());
  return (
    <GeneralErrorBoundary
      notFound={
        missing
          ? { title: "Page Not Found", back: { to: missing.firstPage, label: "Back to the First Page" } }
          : { title: "Category Not Found", back: { to: "/categories", label: "Back to Venue Types" } }
      }
    />
  );
}
