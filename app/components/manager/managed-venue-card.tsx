import { Building2, MapPin, Star } from "~/components/ui/icons";
import type { ReactNode } from "react";
import { EmptyState, Panel } from "~/components/back-office/page";
import { imageSrcSet } from "~/lib/images";
import { countLabel } from "~/lib/format";

/**
 * A managed venue's picture (spec: first image, else logo, else a placeholder) in a 3:2 box,
 * so nothing shifts as it loads.
 */
export function ManagedVenueImage({ url, name }: { url: string | null; name: string }) {
  return (
    <div className="relative aspect-[3/2] overflow-hidden bg-cream">
      {url ? (
        <img
          src={url}
          srcSet={imageSrcSet(url)}
          sizes="(min-width: 1024px) 360px, (min-width: 640px) 50vw, 100vw"
          alt={name}
          width={600}
          height={400}
          loading="lazy"
          decoding="async"
          className="h-full w-full object-cover"
        />
      ) : (
        <div className="flex h-full w-full flex-col items-center justify-center gap-2 text-muted">
          <Building2 className="h-10 w-10" aria-hidden="true" />
          <span className="text-sm">No photo yet</span>
        </div>
      )}
    </div>
  );
}

/** Rating to one decimal with a star, or 'No ratings'; and '(n reviews)' (spec). */
export function ManagedVenueRating({ rating, reviewCount }: { rating: number; reviewCount: number }) {
  return (
    <p className="flex items-center gap-1.5 text-sm">
      {reviewCount > 0 ? (
        <>
          <Star className="h-4 w-4 fill-star text-star" aria-hidden="true" />
          <span className="font-medium text-ink">{rating.toFixed(1)}</span>
        </>
      ) : (
        <span className="font-medium text-ink-soft">No ratings</span>
      )}
      <span className="text-muted">({countLabel(reviewCount, "review", "reviews")})</span>
    </p>
  );
}

/** The card's frame: picture, name, location, then what each screen adds. */
export function ManagedVenueCard({
  venue,
  children,
  badge,
  heading: Heading = "h3",
}: {
  venue: { name: string; location: string; image: string | null };
  children: ReactNode;
  badge?: ReactNode;
  /** The name's level: one under the heading the cards sit below. */
  heading?: "h2" | "h3";
}) {
  return (
    <article className="flex h-full flex-col overflow-hidden rounded-2xl border border-sand bg-white shadow-card">
      <div className="relative">
        <ManagedVenueImage url={venue.image} name={venue.name} />
        {badge ? <div className="absolute top-3 left-3">{badge}</div> : null}
      </div>
      <div className="flex flex-1 flex-col gap-2 p-5">
        <Heading className="font-serif text-xl break-words text-ink">{venue.name}</Heading>
        <p className="flex items-start gap-1.5 text-sm text-ink-soft">
          <MapPin className="mt-0.5 h-4 w-4 shrink-0" aria-hidden="true" />
          <span className="break-words">{venue.location || "No address yet"}</span>
        </p>
        {children}
      </div>
    </article>
  );
}

export function PendingBadge() {
  return (
    <span className="rounded-full bg-amber-50 px-2.5 py-1 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
      Pending approval
    </span>
  );
}

/** The manager's dashboard and My Venues when no venue is assigned to them yet. */
export function NoManagedVenues() {
  return (
    <Panel>
      <EmptyState
        icon={<Building2 className="h-10 w-10" aria-hidden="true" />}
        title="You are not currently managing any venues."
      >
        Contact an administrator to be assigned as a manager for specific venues.
      </EmptyState>
    </Panel>
  );
}
