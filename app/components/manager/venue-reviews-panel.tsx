import { MessageSquare, MessageSquareReply, Pencil, Trash2 } from "~/components/ui/icons";
import { useEffect, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { EmptyState } from "~/components/back-office/page";
import { TabSection } from "~/components/manager/tab-section";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { FormError, TextareaField } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { ReviewAuthor } from "~/components/venue/review-author";
import { isBlank } from "~/lib/validation/fields";
import { REPLY_MAX, REPLY_REQUIRED, type ManagerReply } from "~/lib/validation/manager";
import { formatReviewDate, type ReviewView } from "~/lib/venue";

// The edit page's Reviews tab (spec: 'Customer Reviews'; issue 13): newest first, each with the
// reviewer's avatar or initial, name or 'Anonymous', stars, date and comment, and the venue's
// one public reply (ADR 016), which shows under the review on the venue page.

export function VenueReviewsPanel({ reviews }: { reviews: ReviewView[] }) {
  return (
    <TabSection
      title="Customer Reviews"
      description="Your reply appears under the review on your venue's page, marked as the venue's answer."
    >
      {reviews.length === 0 ? (
        <EmptyState
          icon={<MessageSquare className="h-10 w-10" aria-hidden="true" />}
          title="No reviews available"
        >
          Reviews couples write on your venue&apos;s page appear here.
        </EmptyState>
      ) : (
        <ul className="mt-6 space-y-4">
          {reviews.map((r) => (
            <ReviewItem key={r.id} review={r} />
          ))}
        </ul>
      )}
    </TabSection>
  );
}

function ReviewItem({ review }: { review: ReviewView }) {
  const [editing, setEditing] = useState(false);
  // Closing the form (Cancel, Escape, a saved reply) gives focus back to the button that opens it.
  const opener = useRef<HTMLButtonElement>(null);
  const wasEditing = useRef(false);
  useEffect(() => {
    if (wasEditing.current && !editing) opener.current?.focus();
    wasEditing.current = editing;
  }, [editing]);
  const [confirming, setConfirming] = useState(false);
  const remover = useFetcher<ManagerReply>();
  useToast(remover.data?.toast);
  return (
    <li className="rounded-xl border border-sand bg-white p-5" aria-label={`Review by ${review.authorName}`}>
      <ReviewAuthor review={review} />
      <p className="mt-3 whitespace-pre-line text-ink-soft wrap-anywhere">
        {review.comment.trim() ? review.comment : <span className="italic">No comment provided.</span>}
      </p>

      {editing ? (
        <ReplyForm review={review} onDone={() => setEditing(false)} />
      ) : review.reply ? (
        <div className="mt-4 rounded-lg border-l-4 border-primary bg-primary-soft/60 px-4 py-3">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <p className="text-sm font-semibold text-primary-dark">
              Your reply{" "}
              <time dateTime={review.reply.repliedAt} className="font-normal text-ink-soft">
                · {formatReviewDate(review.reply.repliedAt)}
              </time>
            </p>
            <div className="flex gap-1">
              <Button ref={opener} variant="ghost" size="sm" onClick={() => setEditing(true)}>
                <Pencil className="h-4 w-4" aria-hidden="true" /> Edit reply
              </Button>
              <Button
                variant="ghost"
                size="sm"
                className="hover:bg-red-50"
                pending={remover.state !== "idle"}
                onClick={() => setConfirming(true)}
              >
                <Trash2 className="h-4 w-4" aria-hidden="true" /> Remove reply
              </Button>
            </div>
          </div>
          <p className="mt-1 whitespace-pre-line text-ink wrap-anywhere">{review.reply.body}</p>
        </div>
      ) : (
        <div className="mt-4">
          <Button ref={opener} variant="outline" size="sm" onClick={() => setEditing(true)}>
            <MessageSquareReply className="h-4 w-4" aria-hidden="true" /> Reply
          </Button>
        </div>
      )}
      <ConfirmDialog
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Remove Reply"
        confirmLabel="Remove"
        onConfirm={() => {
          setConfirming(false);
          void remover.submit(
            { intent: "reply-delete", reviewId: review.id },
            { method: "post", preventScrollReset: true },
          );
        }}
      >
        <p>Are you sure you want to remove your reply? It will no longer show on your venue&apos;s page.</p>
      </ConfirmDialog>
    </li>
  );
}

function ReplyForm({ review, onDone }: { review: ReviewView; onDone: () => void }) {
  const fetcher = useFetcher<ManagerReply>();
  const [text, setText] = useState(review.reply?.body ?? "");
  const [error, setError] = useState<string | null>(null);
  useToast(fetcher.data?.toast);
  useOnSuccess(fetcher, onDone);
  const busy = fetcher.state !== "idle";
  const errors: Record<string, string | undefined> | undefined =
    fetcher.data?.ok === false ? fetcher.data.errors : undefined;
  const serverError = errors?.reply ?? null;
  return (
    <fetcher.Form
      method="post"
      noValidate
      preventScrollReset
      className="mt-4 space-y-3"
      onKeyDown={(e) => {
        if (e.key !== "Escape") return;
        e.preventDefault();
        onDone();
      }}
      onSubmit={(e) => {
        if (isBlank(text)) {
          e.preventDefault();
          setError(REPLY_REQUIRED);
          return;
        }
        setError(null);
      }}
    >
      <input type="hidden" name="intent" value="reply-save" />
      <input type="hidden" name="reviewId" value={review.id} />
      <FormError message={error ?? serverError} />
      <TextareaField
        label={`Your public reply to ${review.authorName}`}
        name="reply"
        rows={3}
        value={text}
        onChange={(e) => setText(e.target.value)}
        maxLength={REPLY_MAX}
        autoFocus
      />
      <div className="flex gap-2">
        <Button type="submit" size="sm" pending={busy}>
          {busy ? "Publishing..." : review.reply ? "Update reply" : "Publish reply"}
        </Button>
        <Button variant="ghost" size="sm" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}
