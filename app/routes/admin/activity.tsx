import type { Route } from "./+types/activity";
import { ActivityList } from "~/components/admin/activity-list";
import { AdminPageHeader, EmptyState, Panel } from "~/components/back-office/page";
import { Pagination } from "~/components/ui/pagination";
import { expectUser, getApp } from "~/infra/session.server";
import { ACTIVITY_PAGE_SIZE } from "~/lib/activity";
import { adminMeta } from "~/lib/admin";
import { ACTIVITY_PATH, countOf } from "~/lib/venue-bulk";
import { activityPage } from "~/services/audit.server";

// Recent Activity's 'See all' (issue 22, item 9): every admin action, newest first, 50 a page.

export const meta: Route.MetaFunction = () => adminMeta("Activity");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1;
  return activityPage(getApp(context).db, expectUser(context), { page, pageSize: ACTIVITY_PAGE_SIZE });
}

const pagePath = (n: number) => (n > 1 ? `${ACTIVITY_PATH}?page=${n}` : ACTIVITY_PATH);

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount } = loaderData;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Activity"
        description={`Every admin action, the latest first: ${countOf(total, "entry", "entries")}.`}
      />
      <Panel>
        {entries.length === 0 ? (
          <EmptyState title="No activity yet">
            Approvals, imports, role changes and changes to venues, types, amenities and FAQs appear here.
          </EmptyState>
        ) : (
          <ActivityList entries={entries} returnTo={pagePath(page)} />
        )}
      </Panel>
      <Pagination page={page} pageCount={pageCount} href={pagePath} label="Activity pages" />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
