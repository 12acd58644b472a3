import { TriangleAlert, Building2, CircleCheck, MessageSquare, Star } from "~/components/ui/icons";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/dashboard";
import { LoadFailedPanel, Panel } from "~/components/back-office/page";
import {
  ManagedVenueCard,
  ManagedVenueRating,
  NoManagedVenues,
  PendingBadge,
} from "~/components/manager/managed-venue-card";
import { InsightsPanel } from "~/components/insights/insights-panel";
import { SelectField } from "~/components/forms/fields";
import { Button, buttonClass } from "~/components/ui/button";
import { loggedAsNull } from "~/infra/logger.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { managerMessages, managerMeta, replyTimeLabel } from "~/lib/manager";
import { managerVenuePath } from "~/lib/venue-attention";
import { formatNumber } from "~/lib/format";
import { managerDashboard } from "~/services/manager-venues.server";
import { upcomingManagerVisits } from "~/services/tour-settings.server";
import { visitLabel } from "~/lib/tours";
import { MANAGE_VENUE_MESSAGE } from "~/services/permissions.server";
import { managerInsights } from "~/services/venue-stats.server";

// Spec: 'Manager dashboard' (issue 13, item 2): four counts, the venues that need attention and
// why, and the 'Your Venues' grid. An admin here sees the venues assigned to them. Issue 23 adds
// the insights of their venues, or of one (`?venue={id}`, which the service checks); issue 44 the
// median time to a first reply to their venues' inquiries.

export const meta: Route.MetaFunction = () => managerMeta("Dashboard");

const INSIGHTS_FAILED = "Failed to load insights";

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const venue = new URL(request.url).searchParams.get("venue") || null;
  const [dashboard, insights, visits] = await Promise.all([
    managerDashboard(app.db, user).catch(loggedAsNull(app.logger, "manager dashboard failed")),
    managerInsights(app.db, user, venue).catch(loggedAsNull(app.logger, "manager insights failed")),
    // The next site visits (issue 45); a failure only leaves them out.
    upcomingManagerVisits(app.db, user).catch(loggedAsNull(app.logger, "upcoming visits failed")),
  ]);
  if (insights && !insights.ok)
    throw await redirectWithToast(app, request, "/venue-manager/dashboard", {
      type: "error",
      message: insights.reason === "forbidden" ? MANAGE_VENUE_MESSAGE : managerMessages.notFound,
    });
  return { dashboard, insights, visits };
}

export default function ManagerDashboard({ loaderData }: Route.ComponentProps) {
  const { dashboard, insights, visits } = loaderData;
  if (!dashboard)
    return (
      <div className="space-y-6">
        <h1 className="text-3xl">Dashboard</h1>
        <LoadFailedPanel message={managerMessages.dashboardFailed} />
      </div>
    );
  const { venues } = dashboard;
  const attention = venues.filter((v) => v.attention.length > 0);
  const stats = [
    { key: "venues", label: "Total Venues", value: formatNumber(dashboard.totalVenues), icon: Building2 },
    {
      key: "reviews",
      label: "Total Reviews",
      value: formatNumber(dashboard.totalReviews),
      icon: MessageSquare,
    },
    {
      key: "rating",
      label: "Average Rating",
      value: dashboard.averageRating === null ? "No ratings" : dashboard.averageRating.toFixed(1),
      icon: Star,
    },
    {
      key: "attention",
      label: "Needs attention",
      value: formatNumber(dashboard.needsAttention),
      icon: TriangleAlert,
    },
  ];
  return (
    <div className="space-y-10">
      <h1 className="text-3xl">Dashboard</h1>
      <ul className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-label="Your numbers">
        {stats.map(({ key, label, value, icon: Icon }) => (
          <li
            key={key}
            className="flex items-center justify-between gap-3 rounded-2xl border border-sand bg-white p-4 shadow-card sm:p-6"
          >
            <span className="min-w-0">
              <span className="block text-sm font-medium text-ink-soft">{label}</span>
              <span
                data-testid={`stat-${key}`}
                className={
                  value === "No ratings"
                    ? "mt-2 block text-lg font-medium text-ink-soft"
                    : "mt-1 block font-serif text-4xl text-ink"
                }
              >
                {value}
              </span>
            </span>
            <span
              className={
                key === "attention" && dashboard.needsAttention > 0
                  ? "hidden rounded-full bg-amber-50 p-3 text-amber-800 sm:block"
                  : "hidden rounded-full bg-primary-soft p-3 text-primary sm:block"
              }
            >
              <Icon className="h-6 w-6" aria-hidden="true" />
            </span>
          </li>
        ))}
      </ul>
      {dashboard.medianReplySeconds === null ? null : (
        <p data-testid="median-reply" className="text-ink-soft">
          {`Median reply time: ${replyTimeLabel(dashboard.medianReplySeconds)}`}
        </p>
      )}

      {visits?.length ? (
        <section aria-labelledby="next-visits">
          <h2 id="next-visits" className="text-2xl">
            Upcoming site visits
          </h2>
          <ul className="mt-3 space-y-1">
            {visits.map((v) => (
              <li key={v.id}>
                <Link
                  to={`${managerVenuePath(v.venueId)}/tours`}
                >{`${visitLabel(v.startsAt)}: ${v.name}`}</Link>
                {` at ${v.venueName}`}
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      {venues.length === 0 ? null : insights ? (
        <InsightsPanel
          id="insights"
          insights={insights.insights}
          searchEmpty="No views from the search page yet. When couples search and then open your venue, their words show here."
          controls={
            venues.length > 1 ? (
              <Form method="get" key={insights.venueId ?? "all"} className="flex items-end gap-2">
                <SelectField
                  label="Venue"
                  name="venue"
                  defaultValue={insights.venueId ?? ""}
                  placeholder="All your venues"
                  options={venues.map((v) => ({ value: v.id, label: v.name }))}
                  className="min-w-0 sm:w-64"
                />
                <Button type="submit" variant="outline">
                  Show
                </Button>
              </Form>
            ) : null
          }
        />
      ) : (
        <LoadFailedPanel message={INSIGHTS_FAILED} />
      )}

      {venues.length === 0 ? (
        <NoManagedVenues />
      ) : (
        <>
          <section aria-labelledby="needs-attention" className="space-y-4">
            <h2 id="needs-attention" className="text-2xl">
              Needs attention
            </h2>
            {attention.length === 0 ? (
              <Panel className="flex items-center gap-3 p-6 text-ink-soft">
                <CircleCheck className="h-6 w-6 shrink-0 text-primary" aria-hidden="true" />
                Every venue has photos, a description, FAQs, a map position and a reply to every review.
              </Panel>
            ) : (
              <Panel>
                <ul className="divide-y divide-sand">
                  {attention.map((v) => (
                    <li key={v.id} className="px-6 py-4">
                      <h3 className="font-sans text-base font-semibold break-words">{v.name}</h3>
                      <ul className="mt-2 flex flex-wrap gap-2">
                        {v.attention.map((item) => (
                          <li key={item.key}>
                            <Link
                              to={managerVenuePath(v.id, item.tab)}
                              className="inline-flex items-center gap-1.5 rounded-full bg-amber-50 px-3 py-1.5 text-sm text-amber-900 ring-1 ring-amber-200 hover:bg-amber-100"
                            >
                              <TriangleAlert className="h-3.5 w-3.5" aria-hidden="true" />
                              {item.label}
                            </Link>
                          </li>
                        ))}
                      </ul>
                    </li>
                  ))}
                </ul>
              </Panel>
            )}
          </section>

          <section aria-labelledby="your-venues" className="space-y-4">
            <h2 id="your-venues" className="text-2xl">
              Your Venues
            </h2>
            <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
              {venues.map((v) => (
                <li key={v.id}>
                  <ManagedVenueCard venue={v} badge={v.isApproved ? null : <PendingBadge />}>
                    <ManagedVenueRating rating={v.rating} reviewCount={v.reviewCount} />
                    <div className="mt-auto pt-3">
                      <Link
                        to={managerVenuePath(v.id)}
                        className={buttonClass("primary", "sm", "w-full")}
                        aria-label={`Manage ${v.name}`}
                      >
                        Manage
                      </Link>
                    </div>
                  </ManagedVenueCard>
                </li>
              ))}
            </ul>
          </section>
        </>
      )}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
