import { Suspense } from "react";
import { Await, useSearchParams } from "react-router";
import type { Route } from "./+types/categories";
import {
  CategoryCards,
  CategoryCardsSkeleton,
  type CategoryCardData,
} from "~/components/categories/category-cards";
import { ViewToggle, viewFromSearch } from "~/components/ui/view-toggle";
import { VENUE_TYPES } from "~/lib/catalog";
import { pageMeta } from "~/lib/seo";
import { listCategoriesWithCounts } from "~/services/categories.server";
import { getApp } from "~/infra/session.server";

export const meta: Route.MetaFunction = pageMeta({
  title: "Venue Types",
  description:
    "Browse Colorado wedding venues by type: mountain lodges, rustic barns, gardens, wineries, historic buildings, ranches and more.",
  path: "/categories",
});

export function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getApp(context);
  const categories = listCategoriesWithCounts(db).catch((err: unknown) => {
    logger.error("failed to load venue types", { error: String(err) });
    return null;
  });
  return { categories };
}

/** Spec: when types cannot load, show the built-in list with counts 0; each opens the search filtered by it. */
const FALLBACK: CategoryCardData[] = VENUE_TYPES.map((t) => ({
  id: t.key,
  name: t.name,
  description: "",
  imageUrl: null,
  count: 0,
  href: `/venues?category=${encodeURIComponent(t.name)}`,
}));

export default function CategoriesPage({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const view = viewFromSearch(params);
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-4xl">Venue Types</h1>
          <p className="mt-2 text-ink-soft">
            From alpine lodges to vineyard terraces: find the setting that feels like you.
          </p>
        </div>
        <ViewToggle view={view} />
      </div>
      <Suspense fallback={<CategoryCardsSkeleton view={view} />}>
        <Await resolve={loaderData.categories}>
          {(categories) => {
            if (categories === null)
              return (
                <>
                  <p role="alert" className="mt-6 rounded-lg bg-red-50 px-4 py-3 text-sm text-danger">
                    Failed to load venue types
                  </p>
                  <CategoryCards categories={FALLBACK} view={view} />
                </>
              );
            if (categories.length === 0)
              return (
                <div className="mt-10 rounded-2xl bg-cream px-6 py-16 text-center">
                  <h2 className="text-2xl">No venue types found</h2>
                  <p className="mt-2 text-ink-soft">There are currently no venue types available</p>
                </div>
              );
            return (
              <CategoryCards
                categories={categories.map((c) => ({ ...c, href: `/categories/${c.id}` }))}
                view={view}
              />
            );
          }}
        </Await>
      </Suspense>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
