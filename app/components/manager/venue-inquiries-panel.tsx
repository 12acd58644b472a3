import { Download } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import { InquiryList } from "~/components/inquiries/inquiry-list";
import { TabSection } from "~/components/manager/tab-section";
import { buttonClass } from "~/components/ui/button";
import { INBOX_PATH } from "~/lib/inquiries";
import type { Inbox } from "~/lib/inquiries";

// The edit page's Inquiries tab (issue 23): this venue's newest inquiries, each opening in the
// inbox, where it is answered; the whole list is the inbox filtered to the venue.

export function VenueInquiriesPanel({ venueId, inbox }: { venueId: string; inbox: Inbox }) {
  const inVenue = `${INBOX_PATH}?venue=${venueId}`;
  return (
    <TabSection
      title="Inquiries"
      description="Questions couples sent from this venue's page, newest first. Open one to answer it."
      action={
        <a
          href={`${INBOX_PATH}/export.csv?venue=${venueId}`}
          download
          className={buttonClass("outline", "sm")}
        >
          <Download className="h-4 w-4" aria-hidden="true" /> Export CSV
        </a>
      }
    >
      <div className="-mx-6 mt-6 border-t border-sand">
        <InquiryList
          inquiries={inbox.inquiries}
          showVenue={false}
          empty="When a couple asks about this venue with 'Check availability', it appears here and comes to its managers by email."
        />
      </div>
      {inbox.counts.all > inbox.inquiries.length ? (
        <p className="mt-4 text-sm text-ink-soft">
          The {inbox.inquiries.length} newest of {inbox.counts.all}.{" "}
          <Link to={inVenue} className="font-medium text-primary underline-offset-4 hover:underline">
            See them all in the inbox
          </Link>
        </p>
      ) : null}
    </TabSection>
  );
}
