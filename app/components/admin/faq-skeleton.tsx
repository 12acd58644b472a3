import { Skeleton } from "~/components/ui/skeleton";

/** The FAQ screen while it loads: its heading and three FAQ cards (spec: 3 skeleton cards). */
export function FaqListSkeleton() {
  return (
    <div className="mx-auto max-w-4xl space-y-6" role="status" aria-label="Loading FAQs">
      <Skeleton className="h-8 w-36" />
      <Skeleton className="h-9 w-2/3" />
      <Skeleton className="h-64 w-full rounded-2xl" />
      <Skeleton className="h-7 w-40" />
      {[0, 1, 2].map((i) => (
        <div
          key={i}
          data-testid="faq-skeleton"
          className="space-y-3 rounded-2xl border border-sand bg-white p-5 shadow-card"
        >
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-10 w-full" />
          <Skeleton className="h-24 w-full" />
        </div>
      ))}
    </div>
  );
}
