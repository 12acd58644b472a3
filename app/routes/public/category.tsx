import { ArrowLeft, SlidersHorizontal } from "lucide-react";
import { data, useSearchParams } from "react-router";
import type { Route } from "./+types/category";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { ButtonLink } from "~/components/ui/button";
import { ViewToggle, viewFromSearch } from "~/components/ui/view-toggle";
import { VenueGrid } from "~/components/venue/venue-card";
import { VenueImage } from "~/components/venue/venue-image";
import { DEFAULT_VENUE_IMAGE } from "~/lib/images";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { isUuid } from "~/lib/venue-url";
import { getCategoryWithCount } from "~/services/categories.server";
import { listVenuesInCategory } from "~/services/venues.server";
import { getApp } from "~/infra/session.server";

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const category = isUuid(params.categoryId) ? await getCategoryWithCount(db, params.categoryId) : null;
  if (!category)
    throw data(
      { error: "The venue type you're looking for doesn't exist or has been removed." },
      { status: 404 },
    );
  return { category, venues: await listVenuesInCategory(db, category.id) };
}

export const meta: Route.MetaFunction = ({ data: d, matches }) => {
  const site = siteFromMatches(matches);
  if (!d) return seoMeta(site, { title: "Category Not Found", noindex: true });
  const c = d.category;
  return seoMeta(site, {
    title: `${c.name} Wedding Venues in Colorado`,
    description: c.description || `Browse ${c.count} ${c.name.toLowerCase()} wedding venues across Colorado.`,
    path: `/categories/${c.id}`,
    image: c.imageUrl ?? undefined,
    imageAlt: `${c.name} wedding venues in Colorado`,
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const view = viewFromSearch(params);
  const { category, venues } = loaderData;

  return (
    <>
      <section className="relative flex min-h-72 items-end overflow-hidden text-white sm:min-h-96">
        <VenueImage
          src={category.imageUrl ?? DEFAULT_VENUE_IMAGE}
          width={1600}
          height={1067}
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
            {venues.length} {venues.length === 1 ? "Venue" : "Venues"}
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
          <VenueGrid venues={venues} view={view} className="mt-8" />
        )}
      </div>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <GeneralErrorBoundary
      notFound={{ title: "Category Not Found", back: { to: "/categories", label: "Back to Venue Types" } }}
    />
  );
}
