import { ArrowRight } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { Skeleton } from "~/components/ui/skeleton";
import type { ViewMode } from "~/components/ui/view-toggle";
import { VenueImage } from "~/components/venue/venue-image";
import { cn } from "~/lib/cn";

export type CategoryCardData = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  count: number;
  href: string;
};

export function CategoryCards({ categories, view }: { categories: CategoryCardData[]; view: ViewMode }) {
  return (
    <ul className={cn("mt-8 grid gap-6", view === "grid" ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-1")}>
      {categories.map((c, i) => (
        <li key={c.id} className="animate-fade-up" style={{ animationDelay: `${i * 0.1}s` }}>
          <Link
            to={c.href}
            className={cn(
              "group flex h-full overflow-hidden rounded-[var(--radius-card)] bg-white shadow-card transition-shadow hover:shadow-lift",
              view === "grid" ? "flex-col" : "flex-col sm:flex-row",
            )}
          >
            <div
              className={cn("aspect-[3/2] shrink-0 overflow-hidden bg-sand", view === "list" && "sm:w-64")}
            >
              <VenueImage
                src={c.imageUrl}
                width={800}
                sizes={
                  view === "grid"
                    ? "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw"
                    : "(min-width: 640px) 256px, 100vw"
                }
                loading={i < 3 ? "eager" : "lazy"}
                className="h-full w-full object-cover transition-transform duration-500 group-hover:scale-105"
              />
            </div>
            <div className="flex flex-1 flex-col p-5">
              <div className="flex items-baseline justify-between gap-3">
                <h2 className="text-2xl">{c.name}</h2>
                <span className="shrink-0 text-sm text-muted">{c.count} venues</span>
              </div>
              <p className="mt-2 line-clamp-3 text-sm text-ink-soft">{c.description}</p>
              <span className="mt-auto inline-flex items-center gap-1 pt-4 text-sm font-medium text-primary">
                Explore {c.name} venues <ArrowRight className="h-4 w-4" aria-hidden="true" />
              </span>
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** Spec: 6 skeletons in the grid, 5 in the list. */
export function CategoryCardsSkeleton({ view }: { view: ViewMode }) {
  const count = view === "grid" ? 6 : 5;
  return (
    <div
      role="status"
      aria-label="Loading venue types"
      className={cn("mt-8 grid gap-6", view === "grid" ? "sm:grid-cols-2 lg:grid-cols-3" : "grid-cols-1")}
    >
      {Array.from({ length: count }, (_, i) => (
        <Skeleton
          key={i}
          className={
            view === "grid" ? "h-80 rounded-[var(--radius-card)]" : "h-40 rounded-[var(--radius-card)]"
          }
        />
      ))}
    </div>
  );
}
