import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardSkeleton, VenueCardsSkeleton } from "~/components/manager/manager-skeletons";
import { ManagerHeader } from "~/components/manager/manager-header";
import { useNextPath } from "~/components/layout/use-next-path";
import { expectUser, noindex, requireVenueManager } from "~/infra/session.server";

// The venue-manager area (spec: 'Venue manager layout'; issue 13). Every child loader and action
// runs behind requireVenueManager (signed-out visitors to /login and back, signed-in users without
// the role to /account with the spec's message; actions 401/403); the check for one venue is the
// services' (canManageVenue). Shown inside the site's header and footer; never indexed.
export const middleware: Route.MiddlewareFunction[] = [requireVenueManager, noindex];

export function loader({ context }: Route.LoaderArgs) {
  const { name } = expectUser(context);
  return { user: { name } };
}

export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  // Pages come rendered from the server; on a client-side move between the area's lists, the
  // spec's skeletons (4 stat cards; 3 venue cards) show while the next one loads.
  const loading = useNextPath();
  return (
    <div className="bg-ivory">
      <ManagerHeader user={loaderData.user} />
      <div className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
        {loading === "/venue-manager/dashboard" ? (
          <DashboardSkeleton />
        ) : loading === "/venue-manager/venues" ? (
          <VenueCardsSkeleton />
        ) : (
          <Outlet />
        )}
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
