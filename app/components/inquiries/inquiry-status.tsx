import { cn } from "~/lib/cn";
import { INQUIRY_STATUS_LABELS, type InquiryStatus } from "~/lib/inquiries";

const TONES: Record<InquiryStatus, string> = {
  new: "bg-amber-100 text-amber-900",
  replied: "bg-primary-soft text-primary-dark",
  booked: "bg-primary text-white",
  closed: "bg-cream text-ink-soft",
  declined: "bg-cream text-ink-soft",
  spam: "bg-cream text-ink-soft",
};

/** An inquiry's status as a small pill: new stands out until the venue answers. */
export function InquiryStatusBadge({ status, className }: { status: InquiryStatus; className?: string }) {
  return (
    <span
      className={cn(
        "inline-block shrink-0 rounded-full px-2.5 py-0.5 text-xs font-medium whitespace-nowrap",
        TONES[status],
        className,
      )}
    >
      {INQUIRY_STATUS_LABELS[status]}
    </span>
  );
}
