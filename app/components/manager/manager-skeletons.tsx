import { Skeleton } from "~/components/ui/skeleton";

/** The dashboard while it loads: the spec's 4 stat-card skeletons, then the venue grid's. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-label="Loading dashboard">
      <Skeleton className="h-9 w-48" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {[0, 1, 2, 3].map((i) => (
          <li
            key={i}
            data-testid="stat-skeleton"
            className="space-y-3 rounded-2xl border border-sand bg-white p-6 shadow-card"
          >
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-9 w-16" />
          </li>
        ))}
      </ul>
      <VenueCardsSkeleton bare />
    </div>
  );
}

/** My Venues while it loads: the spec's 3 skeleton cards. */
export function VenueCardsSkeleton({ bare = false }: { bare?: boolean }) {
  const cards = (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      {[0, 1, 2].map((i) => (
        <li
          key={i}
          data-testid="venue-skeleton"
          className="overflow-hidden rounded-2xl border border-sand bg-white shadow-card"
        >
          <Skeleton className="aspect-[3/2] w-full rounded-none" />
          <div className="space-y-3 p-5">
            <Skeleton className="h-6 w-3/4" />
            <Skeleton className="h-4 w-1/2" />
            <Skeleton className="h-4 w-full" />
          </div>
        </li>
      ))}
    </ul>
  );
  if (bare) return cards;
  return (
    <div className="space-y-6" role="status" aria-label="Loading venues">
      <Skeleton className="h-9 w-40" />
      {cards}
    </div>
  );
}
