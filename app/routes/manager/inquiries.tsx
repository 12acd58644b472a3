import { Download } from "~/components/ui/icons";
import { Form } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/inquiries";
import { AdminPageHeader, Panel } from "~/components/back-office/page";
import { InquiryList } from "~/components/inquiries/inquiry-list";
import { Button, buttonClass } from "~/components/ui/button";
import { Pagination } from "~/components/ui/pagination";
import { inputClass } from "~/components/forms/fields";
import { expectUser, getApp } from "~/infra/session.server";
import { cn } from "~/lib/cn";
import {
  INBOX_PATH,
  INQUIRY_STATUS_LABELS,
  INQUIRY_STATUSES,
  readInboxFilter,
  type InquiryStatus,
} from "~/lib/inquiries";
import { managerMeta } from "~/lib/manager";
import { pageUrl } from "~/lib/pagination";
import { listInquiries } from "~/services/inquiries.server";

// The inquiry inbox (issue 23, item 2): the inquiries of the manager's assigned venues (an admin's:
// every venue's, ADR 028), newest first, a page at a time, by status and by venue, with a CSV
// export of the same list. Each row opens the inquiry, where it is answered and its status set.

export const meta: Route.MetaFunction = () => managerMeta("Inquiries");

export async function loader({ request, context }: Route.LoaderArgs) {
  const actor = expectUser(context);
  const filter = readInboxFilter(new URL(request.url).searchParams);
  const inbox = await listInquiries(getApp(context).db, actor, filter);
  return { inbox, filter, everyVenue: actor.role === "admin" };
}

/** The inbox's address with `changes` applied to its filter (back to the first page). */
function inboxUrl(filter: { venueId: string | null; status: InquiryStatus | null }, path = INBOX_PATH) {
  const params = new URLSearchParams();
  if (filter.venueId) params.set("venue", filter.venueId);
  if (filter.status) params.set("status", filter.status);
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

export default function Inquiries({ loaderData }: Route.ComponentProps) {
  const { inbox, filter, everyVenue } = loaderData;
  const statuses: { value: InquiryStatus | null; label: string; count: number }[] = [
    { value: null, label: "All", count: inbox.counts.all },
    ...INQUIRY_STATUSES.map((s) => ({ value: s, label: INQUIRY_STATUS_LABELS[s], count: inbox.counts[s] })),
  ];
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Inquiries"
        description={
          everyVenue
            ? "Every venue's questions from couples, newest first."
            : "Questions couples sent from your venues' pages, newest first."
        }
        actions={
          <a
            href={inboxUrl(filter, `${INBOX_PATH}/export.csv`)}
            download
            className={buttonClass("outline", "sm")}
          >
            <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
          </a>
        }
      />
      <div className="flex flex-wrap items-end justify-between gap-4">
        <nav aria-label="Filter by status">
          <ul className="flex flex-wrap gap-1">
            {statuses.map((s) => {
              const current = s.value === filter.status;
              return (
                <li key={s.label}>
                  <Link
                    to={inboxUrl({ ...filter, status: s.value })}
                    aria-current={current ? "page" : undefined}
                    className={cn(
                      "inline-flex items-center gap-1.5 rounded-full px-3.5 py-1.5 text-sm font-medium",
                      current ? "bg-primary text-white" : "text-ink-soft hover:bg-cream hover:text-ink",
                    )}
                  >
                    {s.label}
                    <span className={cn("text-xs", current ? "text-white/80" : "text-muted")}>{s.count}</span>
                  </Link>
                </li>
              );
            })}
          </ul>
        </nav>
        {inbox.venues.length > 1 ? (
          <Form method="get" action={INBOX_PATH} className="flex items-end gap-2">
            {filter.status ? <input type="hidden" name="status" value={filter.status} /> : null}
            <label className="text-sm font-medium">
              Venue
              <select name="venue" defaultValue={filter.venueId ?? ""} className={cn(inputClass, "mt-1")}>
                <option value="">All venues</option>
                {inbox.venues.map((v) => (
                  <option key={v.id} value={v.id}>
                    {v.name}
                  </option>
                ))}
              </select>
            </label>
            <Button type="submit" variant="outline" size="sm" className="mb-0.5">
              Show
            </Button>
          </Form>
        ) : null}
      </div>
      <Panel className="overflow-hidden">
        <InquiryList
          inquiries={inbox.inquiries}
          showVenue={!filter.venueId}
          empty={
            filter.status
              ? `No inquiries are ${INQUIRY_STATUS_LABELS[filter.status].toLowerCase()}.`
              : "When a couple asks about one of your venues with 'Check availability', it appears here and comes to you by email."
          }
        />
      </Panel>
      <Pagination
        page={inbox.page}
        pageCount={inbox.pageCount}
        href={(n) => pageUrl(INBOX_PATH, inboxUrl(filter).split("?")[1] ?? "", n)}
        label="Inquiry pages"
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
