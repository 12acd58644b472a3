import { Skeleton, SkeletonCards, SkeletonLines } from "~/components/ui/skeleton";

const STAT_CARD = "space-y-3 rounded-2xl border border-sand bg-white p-6 shadow-card";
const VENUE_CARD = "overflow-hidden rounded-2xl border border-sand bg-white shadow-card";

/** The dashboard while it loads: the spec's 4 stat-card skeletons, then the venue grid's. */
export function DashboardSkeleton() {
  return (
    <div className="space-y-8" role="status" aria-label="Loading dashboard">
      <Skeleton className="h-9 w-48" />
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <SkeletonCards count={4} as="li" testId="stat-skeleton" className={STAT_CARD}>
          <Skeleton className="h-4 w-24" />
          <Skeleton className="h-9 w-16" />
        </SkeletonCards>
      </ul>
      <VenueCardsSkeleton bare />
    </div>
  );
}

/** My Venues while it loads: the spec's 3 skeleton cards. */
export function VenueCardsSkeleton({ bare = false }: { bare?: boolean }) {
  const cards = (
    <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
      <SkeletonCards count={3} as="li" testId="venue-skeleton" className={VENUE_CARD}>
        <Skeleton className="aspect-[3/2] w-full rounded-none" />
        <SkeletonLines className="space-y-3 p-5" lines={["h-6 w-3/4", "h-4 w-1/2", "h-4 w-full"]} />
      </SkeletonCards>
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
