import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { FormError, TextareaField } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Check } from "~/components/ui/icons";
import { inquiryProgress } from "~/lib/inquiry-progress";
import {
  canAnswer,
  inquiryRefusals,
  weddingDateLabel,
  type CoupleAnswerReply,
  type OwnThread,
} from "~/lib/inquiries";
import { INQUIRY_REPLY_MAX, inquiryMessages } from "~/lib/validation/inquiry";
import { formatReviewDate } from "~/lib/venue";
import { InquiryStatusBadge } from "./inquiry-status";
import { InquiryThread } from "./inquiry-thread";
import { useMessageBox } from "./use-message-box";

/**
 * One of a couple's inquiries in My Inquiries (issue 41): the venue, its status, what they asked,
 * the whole conversation and a box to answer in it (a plain form; the script keeps the page and
 * empties the box once sent). A closed inquiry's thread is read-only (ADR 037).
 */
export function OwnInquiryItem({ inquiry, reply }: { inquiry: OwnThread; reply?: CoupleAnswerReply }) {
  const headingId = `inquiry-${inquiry.id}`;
  return (
    <li className="space-y-3 py-5">
      <article aria-labelledby={headingId} className="space-y-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={headingId} className="min-w-0 font-sans text-base font-medium break-words">
            <Link to={inquiry.venuePath} className="text-primary underline-offset-4 hover:underline">
              {inquiry.venueName}
            </Link>
          </h3>
          <InquiryStatusBadge status={inquiry.status} />
        </div>
        <p className="text-sm text-muted">
          Sent {formatReviewDate(inquiry.createdAt)} · Wedding date:{" "}
          {weddingDateLabel(inquiry.weddingDate, inquiry.dateFlexible)}
          {inquiry.guests !== null ? ` · ${inquiry.guests} guests` : null}
        </p>
        <ol aria-label="Where it stands" className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-ink-soft">
          {inquiryProgress(inquiry).map((step) => (
            <li key={step.key} className="flex items-center gap-1 wrap-anywhere">
              <Check className="h-4 w-4 shrink-0 text-primary" aria-hidden="true" />
              {step.label}
            </li>
          ))}
        </ol>
        <p className="whitespace-pre-line text-ink-soft wrap-anywhere">{inquiry.message}</p>
        <InquiryThread
          replies={inquiry.replies}
          viewer="couple"
          coupleName={inquiry.name}
          venueName={inquiry.venueName}
          empty="No answer from the venue yet. Its answers appear here and come by email."
        />
        {canAnswer(inquiry.status) ? (
          <AnswerForm inquiry={inquiry} reply={reply?.inquiryId === inquiry.id ? reply : undefined} />
        ) : (
          <p className="text-sm text-muted">{inquiryRefusals.closed}</p>
        )}
      </article>
    </li>
  );
}

/** The couple's answer: kept in the thread and mailed to the venue's managers. */
function AnswerForm({ inquiry, reply }: { inquiry: OwnThread; reply?: CoupleAnswerReply }) {
  const fetcher = useFetcher<CoupleAnswerReply>();
  useToast(fetcher.data?.toast);
  const answer = fetcher.data ?? reply;
  const { text, setText, error, onSubmit, busy } = useMessageBox(
    fetcher,
    answer?.ok === false ? (answer.values?.answer ?? "") : "",
    inquiryMessages.answer,
  );
  const serverError = answer?.ok === false ? (answer.errors?.answer ?? answer.errors?.form) : null;
  return (
    <fetcher.Form method="post" noValidate preventScrollReset className="space-y-2 pt-2" onSubmit={onSubmit}>
      <input type="hidden" name="intent" value="answer" />
      <input type="hidden" name="inquiryId" value={inquiry.id} />
      <FormError message={error ?? serverError ?? null} />
      <TextareaField
        label={`Answer ${inquiry.venueName}`}
        name="answer"
        rows={3}
        maxLength={INQUIRY_REPLY_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        description="The venue's managers see it with your inquiry and get it by email."
      />
      <Button type="submit" size="sm" pending={busy} disabled={busy}>
        {busy ? "Sending..." : "Send answer"}
      </Button>
    </fetcher.Form>
  );
}
