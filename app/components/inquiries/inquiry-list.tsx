import { Mail } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { EmptyState } from "~/components/back-office/page";
import { inquiryPath, weddingDateLabel } from "~/lib/inquiries";
import { formatReviewDate } from "~/lib/venue";
import type { InquiryView } from "~/lib/inquiries";
import { InquiryStatusBadge } from "./inquiry-status";

/**
 * The inbox's rows (issue 23), newest first: who, their date and guests, the start of their
 * message and its status; each opens the inquiry. The venue is named when the list mixes venues.
 */
export function InquiryList({
  inquiries,
  showVenue,
  empty,
}: {
  inquiries: InquiryView[];
  showVenue: boolean;
  empty: string;
}) {
  if (inquiries.length === 0)
    return (
      <EmptyState icon={<Mail className="h-10 w-10" aria-hidden="true" />} title="No inquiries">
        {empty}
      </EmptyState>
    );
  return (
    <ul className="divide-y divide-sand">
      {inquiries.map((i) => (
        <li
          key={i.id}
          className={`relative px-5 py-4 hover:bg-cream/50 sm:px-6 ${i.status === "new" ? "bg-amber-50/40" : ""}`}
        >
          <div className="flex flex-wrap items-center justify-between gap-x-4 gap-y-1">
            <div className="flex min-w-0 items-center gap-2">
              {/* The whole row opens the inquiry; the link's name is the sender's. */}
              <Link
                to={inquiryPath(i.id)}
                className="min-w-0 truncate font-semibold text-ink after:absolute after:inset-0 hover:underline"
              >
                {i.name}
              </Link>
              <InquiryStatusBadge status={i.status} />
            </div>
            <time dateTime={i.createdAt} className="text-sm text-muted">
              {formatReviewDate(i.createdAt)}
            </time>
          </div>
          <p className="mt-1 text-sm text-ink-soft">
            {showVenue ? <span className="font-medium">{i.venueName} · </span> : null}
            {weddingDateLabel(i.weddingDate, i.dateFlexible)}
            {i.guests !== null ? ` · ${i.guests} guests` : null}
          </p>
          <p className="mt-1 line-clamp-2 text-sm text-muted wrap-anywhere">{i.message}</p>
        </li>
      ))}
    </ul>
  );
}
