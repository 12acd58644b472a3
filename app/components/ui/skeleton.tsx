import type { ReactNode } from "react";
import { cn } from "~/lib/cn";

export function Skeleton({ className }: { className?: string }) {
  return <div aria-hidden="true" className={cn("skeleton", className)} />;
}

/** `count` alike placeholder cards (list items when `as="li"`), each tagged `testId` for the tests. */
export function SkeletonCards({
  count,
  as: Card = "div",
  testId,
  className,
  children,
}: {
  count: number;
  as?: "div" | "li";
  testId: string;
  className: string;
  children: ReactNode;
}) {
  return Array.from({ length: count }, (_, i) => (
    <Card key={i} data-testid={testId} className={className}>
      {children}
    </Card>
  ));
}

/** A card's text while it loads: one bar per class in `lines` (its height and width), in a box. */
export function SkeletonLines({ className, lines }: { className: string; lines: string[] }) {
  return (
    <div className={className}>
      {lines.map((line, i) => (
        <Skeleton key={i} className={line} />
      ))}
    </div>
  );
}
