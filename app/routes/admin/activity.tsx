import { Link } from "~/components/ui/link";
import type { Route } from "./+types/activity";
import { ActivityList } from "~/components/admin/activity-list";
import { AdminPageHeader, EmptyState, Panel } from "~/components/back-office/page";
import { Pagination } from "~/components/ui/pagination";
import { cn } from "~/lib/cn";
import { expectUser, getApp } from "~/infra/session.server";
import { ACTIVITY_PAGE_SIZE, readActivityBy, type ActivityBy } from "~/lib/activity";
import { adminMeta } from "~/lib/admin";
import { ACTIVITY_PATH, countOf } from "~/lib/venue-bulk";
import { activityPage } from "~/services/audit.server";

// Recent Activity's 'See all' (issue 22, item 9): every admin and venue-manager action, newest
// first, 50 a page; `?by=admins` or `?by=managers` keeps one side (issue 41).

export const meta: Route.MetaFunction = () => adminMeta("Activity");

export async function loader({ request, context }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const page = Number.parseInt(params.get("page") ?? "1", 10) || 1;
  const by = readActivityBy(params.get("by"));
  return activityPage(getApp(context).db, expectUser(context), { page, pageSize: ACTIVITY_PAGE_SIZE, by });
}

const pagePath = (n: number, by: ActivityBy | null) => {
  const q = new URLSearchParams(by ? { by } : {});
  if (n > 1) q.set("page", String(n));
  return q.size ? `${ACTIVITY_PATH}?${q}` : ACTIVITY_PATH;
};

const SIDES: [ActivityBy | null, string][] = [
  [null, "Everyone"],
  ["admins", "Admins"],
  ["managers", "Venue managers"],
];

export default function Activity({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pageCount, by } = loaderData;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Activity"
        description={`What admins and venue managers did, the latest first: ${countOf(total, "entry", "entries")}.`}
      />
      <nav aria-label="Whose actions" className="flex flex-wrap gap-2">
        {SIDES.map(([side, label]) => (
          <Link
            key={label}
            to={pagePath(1, side)}
            aria-current={side === by ? "page" : undefined}
            className={cn(
              "rounded-full border px-3 py-1 text-sm",
              side === by ? "border-primary bg-primary text-white" : "border-sand bg-white hover:bg-cream",
            )}
          >
            {label}
          </Link>
        ))}
      </nav>
      <Panel>
        {entries.length === 0 ? (
          <EmptyState title="No activity yet">
            Approvals, imports, role changes and changes to venues, types, amenities and FAQs appear here.
          </EmptyState>
        ) : (
          <ActivityList entries={entries} returnTo={pagePath(page, by)} />
        )}
      </Panel>
      <Pagination page={page} pageCount={pageCount} href={(n) => pagePath(n, by)} label="Activity pages" />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
