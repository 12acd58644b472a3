import { Outlet } from "react-router";
import type { Route } from "./+types/layout";
import { DashboardSkeleton, VenueCardsSkeleton } from "~/components/manager/manager-skeletons";
import { ManagerHeader } from "~/components/manager/manager-header";
import { useNextPath } from "~/components/layout/use-next-path";
import { loggedAsNull } from "~/infra/logger.server";
import { expectUser, getApp, noindex, requireVenueManager } from "~/infra/session.server";
import { countNewInquiries } from "~/services/inquiries.server";

// The venue-manager area (spec: 'Venue manager layout'; issue 13). Every child loader and action
// runs behind requireVenueManager (signed-out visitors to /login and back, signed-in users without
// the role to /account with the spec's message; actions 401/403); the check for one venue is the
// services' (canManageVenue). Shown inside the site's header and footer; never indexed.
export const middleware: Route.MiddlewareFunction[] = [requireVenueManager, noindex];

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  // The 'new' inquiries beside Inquiries in the menu (issue 23); a failure only hides the figure.
  const newInquiries = await countNewInquiries(app.db, user).catch(
    loggedAsNull(app.logger, "new inquiry count failed"),
  );
  return { user: { name: user.name }, newInquiries };
}

export default function ManagerLayout({ loaderData }: Route.ComponentProps) {
  // Pages come rendered from the server; on a client-side move between the area's lists, the
  // spec's skeletons (4 stat cards; 3 venue cards) show while the next one loads.
  const loading = useNextPath();
  return (
    <div className="bg-ivory">
      <ManagerHeader user={loaderData.user} newInquiries={loaderData.newInquiries} />
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
