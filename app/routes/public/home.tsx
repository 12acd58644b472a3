import { Suspense } from "react";
import { Await } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/home";
import { BelowFoldSection } from "~/components/home/below-fold";
import { CategoryCarousel, type CategoryTile } from "~/components/home/category-carousel";
import { Hero } from "~/components/home/hero";
import { Skeleton } from "~/components/ui/skeleton";
import { VenueGrid, VenueGridSkeleton } from "~/components/venue/venue-card";
import { absoluteUrl, seoMeta, siteFromMatches } from "~/lib/seo";
import { listCategoriesWithCounts } from "~/services/categories.server";
import { getFeaturedVenues } from "~/services/venues.server";
import { getApp } from "~/infra/session.server";
import { keepDataOnHeart } from "~/components/venue/use-favorite";

export const FEATURED_COUNT = 3;

export const meta: Route.MetaFunction = ({ matches }) => {
  const site = siteFromMatches(matches);
  return seoMeta(site, {
    path: "/",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "WebSite",
        name: site.siteName,
        url: absoluteUrl(site, "/"),
        potentialAction: {
          "@type": "SearchAction",
          target: { "@type": "EntryPoint", urlTemplate: absoluteUrl(site, "/venues?q={search_term}") },
          "query-input": "required name=search_term",
        },
      },
      {
        "@context": "https://schema.org",
        "@type": "Organization",
        name: site.siteName,
        url: absoluteUrl(site, "/"),
        logo: absoluteUrl(site, "/favicon.svg"),
      },
    ],
  });
};

export const shouldRevalidate = keepDataOnHeart;

/** Sections below the hero stream in: the hero renders at once, skeletons show until data arrives. */
export function loader({ context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  return {
    featured: getFeaturedVenues(db, FEATURED_COUNT),
    // Only what the tiles show travels in the hydration data.
    categories: listCategoriesWithCounts(db).then((list) =>
      list.map(({ id, name, imageUrl, count }): CategoryTile => ({ id, name, imageUrl, count })),
    ),
  };
}

function SectionHeading({ title, link }: { title: string; link?: { to: string; label: string } }) {
  return (
    <div className="mb-8 flex items-end justify-between gap-4">
      <h2 className="text-3xl sm:text-4xl">{title}</h2>
      {link ? (
        <Link to={link.to} className="shrink-0 font-medium text-primary underline-offset-4 hover:underline">
          {link.label}
        </Link>
      ) : null}
    </div>
  );
}

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <Hero />
      <BelowFoldSection id="featured" className="mx-auto max-w-7xl scroll-mt-20 px-4 pt-20 sm:px-6">
        <SectionHeading title="Featured Venues" link={{ to: "/venues", label: "View all" }} />
        {/* Three across from tablets up, so the three featured cards fill one row. */}
        <Suspense fallback={<VenueGridSkeleton count={FEATURED_COUNT} className="md:grid-cols-3" />}>
          <Await resolve={loaderData.featured}>
            {(venues) =>
              venues.length === 0 ? (
                <p className="rounded-xl bg-cream p-8 text-center text-ink-soft">
                  No venues found. Please check back later.
                </p>
              ) : (
                <VenueGrid venues={venues} className="md:grid-cols-3" />
              )
            }
          </Await>
        </Suspense>
      </BelowFoldSection>
      <BelowFoldSection className="mx-auto max-w-7xl px-4 pt-20 sm:px-6">
        <SectionHeading title="Browse by Venue Type" link={{ to: "/categories", label: "All venue types" }} />
        <Suspense
          fallback={
            <div className="grid grid-cols-2 gap-4 md:grid-cols-3 lg:grid-cols-6" aria-hidden="true">
              {Array.from({ length: 6 }, (_, i) => (
                <Skeleton key={i} className="aspect-[4/5] rounded-xl" />
              ))}
            </div>
          }
        >
          <Await resolve={loaderData.categories}>
            {(categories) => <CategoryCarousel categories={categories} />}
          </Await>
        </Suspense>
      </BelowFoldSection>
    </>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
