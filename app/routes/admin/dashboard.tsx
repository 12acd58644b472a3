import { Building2, Clock, History, Map, Users } from "~/components/ui/icons";
import { data, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/dashboard";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AdminPageHeader, EmptyState, LoadFailedPanel, Panel } from "~/components/back-office/page";
import { InsightsPanel } from "~/components/insights/insights-panel";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { loggedAsNull } from "~/infra/logger.server";
import { expectUser, getApp } from "~/infra/session.server";
import { ActivityList } from "~/components/admin/activity-list";
import { DASHBOARD_ACTIVITY } from "~/lib/activity";
import { adminMeta } from "~/lib/admin";
import { ACTIVITY_PATH } from "~/lib/venue-bulk";
import { countLabel, formatNumber } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { dashboardActionSchema } from "~/lib/validation/admin";
import { checkSitemap, dashboardStats } from "~/services/admin-dashboard.server";
import { siteInsights } from "~/services/venue-stats.server";
import { activityPage } from "~/services/audit.server";

export const meta: Route.MetaFunction = () => adminMeta("Dashboard");

const STATS_FAILED = "Failed to load dashboard statistics";
const INSIGHTS_FAILED = "Failed to load insights";

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const [stats, activity, insights] = await Promise.all([
    dashboardStats(app.db, user).catch((err: unknown) => {
      app.logger.error("dashboard statistics failed", { error: String(err) });
      return null;
    }),
    activityPage(app.db, user, { pageSize: DASHBOARD_ACTIVITY }).then(
      (page) => page.entries,
      (err: unknown) => {
        app.logger.error("audit log failed", { error: String(err) });
        return null;
      },
    ),
    siteInsights(app.db, user).catch(loggedAsNull(app.logger, "site insights failed")),
  ]);
  return { stats, activity, insights };
}

export const action = formAction({
  schema: dashboardActionSchema,
  invalid: () => data({ toast: { type: "error", message: "Unknown action" } as Toast }, { status: 400 }),
  run: async ({ app, actor }) => {
    const result = await checkSitemap(app, actor);
    const toast: Toast = result.ok
      ? {
          type: "success",
          message: `Sitemap and robots.txt are up to date: ${countLabel(result.venues, "venue", "venues")}, ${countLabel(result.venueTypes, "venue type", "venue types")}`,
          description: result.lastModified ? `Last modified ${result.lastModified}` : undefined,
          duration: 6000,
        }
      : { type: "error", message: result.error, duration: 6000 };
    return { toast, check: result };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to check the sitemap");

const CARDS = [
  { key: "totalVenues", label: "Total Venues", to: "/admin/venues", icon: Building2 },
  { key: "totalUsers", label: "Total Users", to: "/admin/users", icon: Users },
  { key: "pendingVenues", label: "Pending Venues", to: "/admin/pending", icon: Clock },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { stats, activity, insights } = loaderData;
  const sitemap = useFetcher<typeof action>();
  useToast(sitemap.data?.toast);
  const checking = sitemap.state !== "idle";
  return (
    <div className="space-y-8">
      <AdminPageHeader
        title="Dashboard"
        description="The directory at a glance."
        actions={
          <sitemap.Form method="post">
            <input type="hidden" name="intent" value="check-sitemap" />
            <Button type="submit" variant="outline" disabled={checking} aria-busy={checking || undefined}>
              <Map className={checking ? "h-4 w-4 animate-pulse" : "h-4 w-4"} aria-hidden="true" />
              {checking ? "Checking sitemap..." : "Update Sitemap"}
            </Button>
          </sitemap.Form>
        }
      />

      {stats ? (
        <ul className="grid gap-4 sm:grid-cols-3">
          {CARDS.map(({ key, label, to, icon: Icon }) => (
            <li key={key}>
              <Link
                to={to}
                className="group flex items-center justify-between rounded-2xl border border-sand bg-white p-6 shadow-card transition-shadow hover:shadow-lift"
              >
                <span>
                  <span className="block text-sm font-medium text-ink-soft">{label}</span>
                  <span className="mt-1 block font-serif text-4xl text-ink" data-testid={`stat-${key}`}>
                    {formatNumber(stats[key])}
                  </span>
                </span>
                <span className="rounded-full bg-primary-soft p-3 text-primary group-hover:bg-primary group-hover:text-white">
                  <Icon className="h-6 w-6" aria-hidden="true" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <LoadFailedPanel message={STATS_FAILED} />
      )}

      {insights ? (
        <>
          <InsightsPanel
            id="insights"
            title="Site insights"
            insights={insights.insights}
            searchEmpty="No views from the search page yet. The words couples search for before opening a venue show here."
          />
          <Panel labelledBy="quiet-venues">
            <div className="border-b border-sand px-6 py-4">
              <h2 id="quiet-venues" className="text-xl">
                Most viewed, no inquiries
              </h2>
              <p className="mt-1 text-sm text-ink-soft">
                Venues couples look at but do not ask, in the last 30 days.
              </p>
            </div>
            {insights.quietVenues.length === 0 ? (
              <EmptyState title="None to show">
                Every venue viewed in the last 30 days has had an inquiry, or none has been viewed yet.
              </EmptyState>
            ) : (
              <ol className="divide-y divide-sand">
                {insights.quietVenues.map((v) => (
                  <li
                    key={v.id}
                    className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 px-6 py-3"
                  >
                    <span className="min-w-0 break-words">
                      <Link
                        to={v.path}
                        className="font-medium text-primary underline-offset-4 hover:underline"
                      >
                        {v.name}
                      </Link>{" "}
                      <Link
                        to={`/admin/edit-venue/${v.id}`}
                        className="text-sm text-ink-soft underline-offset-4 hover:underline"
                        aria-label={`Edit ${v.name}`}
                      >
                        Edit
                      </Link>
                    </span>
                    <span className="text-sm text-muted tabular-nums">
                      {v.views.toLocaleString("en-US")} {v.views === 1 ? "view" : "views"}
                    </span>
                  </li>
                ))}
              </ol>
            )}
          </Panel>
        </>
      ) : (
        <LoadFailedPanel message={INSIGHTS_FAILED} />
      )}

      <Panel>
        <div className="flex flex-wrap items-center justify-between gap-2 border-b border-sand px-6 py-4">
          <h2 className="flex items-center gap-2 text-xl">
            <History className="h-5 w-5 text-primary" aria-hidden="true" />
            Recent Activity
          </h2>
          <Link
            to={ACTIVITY_PATH}
            className="text-sm font-medium text-primary underline-offset-2 hover:underline"
          >
            See all<span className="sr-only"> activity</span>
          </Link>
        </div>
        {activity === null ? (
          <p role="alert" className="px-6 py-8 text-danger">
            Failed to load recent activity
          </p>
        ) : activity.length === 0 ? (
          <EmptyState title="No activity yet">
            Approvals, role changes and changes to venues, types, amenities and FAQs appear here.
          </EmptyState>
        ) : (
          <ActivityList entries={activity} returnTo="/admin/dashboard" />
        )}
      </Panel>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
