import { Heart } from "~/components/ui/icons";
import type { Route } from "./+types/favorites";
import { ButtonLink } from "~/components/ui/button";
import { VenueGrid } from "~/components/venue/venue-card";
import { expectUser, getApp, requireUser } from "~/infra/session.server";
import { pageMeta } from "~/lib/seo";
import { formatNumber } from "~/lib/format";
import { listFavoriteVenues } from "~/services/venues.server";

export const meta: Route.MetaFunction = pageMeta({ title: "My Favorites", noindex: true });

export const middleware: Route.MiddlewareFunction[] = [requireUser];

export async function loader({ context }: Route.LoaderArgs) {
  return { venues: await listFavoriteVenues(getApp(context).db, expectUser(context).id) };
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";

export default function FavoritesPage({ loaderData }: Route.ComponentProps) {
  const { venues } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-10 sm:px-6">
      <h1 className="text-4xl">My Favorites</h1>
      {venues.length === 0 ? (
        <div className="mt-10 flex flex-col items-center rounded-2xl bg-cream px-6 py-16 text-center">
          <Heart className="h-12 w-12 text-accent" aria-hidden="true" />
          <h2 className="mt-4 text-2xl">No favorites yet</h2>
          <p className="mt-2 text-ink-soft">Save venues you like by clicking the heart icon</p>
          <ButtonLink to="/venues" className="mt-6">
            Explore Venues
          </ButtonLink>
        </div>
      ) : (
        <>
          {/* A heading between the page's h1 and the cards' h3s (heading order, issue 27). */}
          <h2 className="mt-2 font-sans text-base font-normal text-muted">
            {formatNumber(venues.length)} saved {venues.length === 1 ? "venue" : "venues"}
          </h2>
          <VenueGrid venues={venues} className="mt-8" compare />
        </>
      )}
    </div>
  );
}
