import { Skeleton, SkeletonCards } from "~/components/ui/skeleton";

const FAQ_CARD = "space-y-3 rounded-2xl border border-sand bg-white p-5 shadow-card";

/** The FAQ screen while it loads: its heading and three FAQ cards (spec: 3 skeleton cards). */
export function FaqListSkeleton() {
  return (
    <div className="mx-auto max-w-4xl space-y-6" role="status" aria-label="Loading FAQs">
      <Skeleton className="h-8 w-36" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-7 w-40" />
      <SkeletonCards count={3} testId="faq-skeleton" className={FAQ_CARD}>
        <Skeleton className="h-5 w-32" />
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-24 w-full" />
      </SkeletonCards>
    </div>
  );
}
