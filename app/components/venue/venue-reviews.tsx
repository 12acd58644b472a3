import { Star } from "~/components/ui/icons";
import { memo, useEffect, useRef, useState, type RefObject } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { FormError, TextareaField } from "~/components/forms/fields";
import { lazySchema, useValidatedForm, type FormReply } from "~/components/forms/use-validated-form";
import { NoscriptToast } from "~/components/layout/noscript-toast";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import type { Toast } from "~/lib/toast";
import { useHydrated } from "~/lib/use-hydrated";
import { loginPath, type AppUser } from "~/lib/user";
import { REVIEW_MAX_LENGTH } from "~/lib/validation/limits";
import { formatReviewDate, roundRating, type PublicReview } from "~/lib/venue";
import { countLabel } from "~/lib/format";
import { reportReviewPath } from "~/lib/review-moderation";
import { initials, UserAvatar } from "~/components/layout/user-avatar";
import { SentOnce } from "~/components/ui/sent-once";
import { Stars } from "./rating";

/** Loads with zod when the form is first used, not with the venue page (issue 42). */
const reviewSchema = lazySchema(() => import("~/lib/validation/review").then((m) => m.reviewSchema));

const useReviewFetcher = () => useFetcher<NonNullable<ReviewReply>>();
type ReviewFetcher = ReturnType<typeof useReviewFetcher>;
/** The action's answer to a review posted without the script (the route's action data). */
type ReviewReply = (FormReply & { toast?: Toast }) | undefined;

/**
 * Five radio buttons drawn as stars, filled up to the one checked (or the one under the pointer)
 * by CSS alone (`.star-input` in app/styles/venue-page.css), so the rating works without the script (ADR 020).
 * Rendered again only when its props change: after a render of the radios that follows the
 * focus moving into them, Chromium's next Tab stops on the second star instead of leaving the
 * group (see `hydrated` below). The router renders the page again when it learns routes (a
 * link's manifest arriving), which on a slow machine comes after the focus moved in.
 */
const StarInput = memo(function StarInput({ defaultValue, error }: { defaultValue: number; error?: string }) {
  return (
    <fieldset className="star-input" aria-describedby={error ? "rating-error" : undefined}>
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="mt-1 flex">
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer p-1">
            <input
              type="radio"
              name="rating"
              value={n}
              defaultChecked={defaultValue === n}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className="h-8 w-8 rounded peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-primary"
            />
            <span className="sr-only">
              {n} {n === 1 ? "star" : "stars"}
            </span>
          </label>
        ))}
      </div>
      {error ? (
        <p id="rating-error" role="alert" className="text-sm text-danger">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
});

function ReviewForm({
  fetcher,
  reply,
  own,
  action,
  cancelHref,
  hydrated,
  focusOnOpen,
  onClose,
}: {
  fetcher: ReviewFetcher;
  reply: ReviewReply;
  own: { rating: number; comment: string } | null;
  /** Where it posts: the tab with the form open, which an answer with errors renders again. */
  action: string;
  cancelHref: string;
  /** The parent's: a hook of its own would re-render the radios just after the focus moved into
   *  them, and Chromium's next Tab would then stop on the second star, not leave the group. */
  hydrated: boolean;
  focusOnOpen: boolean;
  onClose: () => void;
}) {
  const { errors, values, onSubmit, onChange, onFocus } = useValidatedForm(
    reviewSchema,
    fetcher.data ?? reply,
  );
  const pending = fetcher.state !== "idle";
  // Opening the form with its button moves focus into it (the first star).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusOnOpen) form.current?.querySelector<HTMLInputElement>("input[name=rating]")?.focus();
  }, [focusOnOpen]);

  return (
    <fetcher.Form
      ref={form}
      id="write-review"
      method="post"
      action={action}
      noValidate
      className="scroll-mt-28 space-y-4 rounded-xl border border-sand bg-white p-5"
      onSubmit={onSubmit}
      onChange={onChange}
      onFocus={onFocus}
    >
      {own ? (
        <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-dark">
          You have already reviewed this venue. Submitting again replaces your earlier review.
        </p>
      ) : null}
      <StarInput defaultValue={Number(values.rating ?? own?.rating ?? 0)} error={errors.rating} />
      <TextareaField
        label="Your review"
        name="comment"
        rows={4}
        maxLength={REVIEW_MAX_LENGTH}
        defaultValue={values.comment ?? own?.comment}
        placeholder="What was your experience like?"
        error={errors.comment}
      />
      <FormError message={errors.form} />
      <div className="flex gap-3">
        <Button type="submit" pending={pending}>
          {pending ? "Submitting..." : own ? "Update Review" : "Submit Review"}
        </Button>
        {/* Until the script runs, Cancel is a link to the tab without the form. */}
        {hydrated ? (
          <Button variant="ghost" onClick={onClose}>
            Cancel
          </Button>
        ) : (
          <a href={cancelHref} className={buttonClass("ghost")}>
            Cancel
          </a>
        )}
      </div>
    </fetcher.Form>
  );
}

/** Closes the form after a successful submit and gives focus back to the button that opened it. */
function useReviewForm(
  fetcher: ReviewFetcher,
  opener: RefObject<HTMLButtonElement | null>,
  startOpen: boolean,
) {
  const [writing, setWriting] = useState(startOpen);
  const [openedHere, setOpenedHere] = useState(false);
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setWriting(false);
  }
  const wasWriting = useRef(startOpen);
  useEffect(() => {
    if (wasWriting.current && !writing) opener.current?.focus();
    wasWriting.current = writing;
  }, [writing, opener]);
  const open = () => {
    setOpenedHere(true);
    setWriting(true);
  };
  return { writing, openedHere, open, close: () => setWriting(false) };
}

type Props = {
  /** Undefined: in the page's HTML only (`SentOnce`); null: they could not be loaded. */
  reviews: PublicReview[] | null | undefined;
  /** Whether any review is from a verified booking (the list's filter shows). */
  anyVerified: boolean;
  rating: number;
  reviewCount: number;
  user: AppUser | null;
  ownReview: { rating: number; comment: string } | null;
  canReview: boolean;
  /** Why this signed-in user may not review the venue (they manage it), shown instead of the form. */
  cannotReview?: string;
  /** The Reviews tab's address, and the same with the form open (`?review=write`). */
  hrefs: { tab: string; write: string };
  /** The page's address asked for the form open. */
  startWriting: boolean;
  /** The list keeps the verified bookings' reviews (`?reviews=verified`, issue 45). */
  verifiedOnly?: boolean;
  reply: ReviewReply;
};

/**
 * The Reviews tab. Writing works as plain HTML too (ADR 020): 'Write a Review' is a link to the
 * tab with the form open, and the form posts to the page's action, which redirects back to the
 * tab with a flash toast, or renders the form again with its errors and what was typed.
 */
export function VenueReviews({
  reviews,
  rating,
  reviewCount,
  user,
  ownReview,
  canReview,
  cannotReview,
  hrefs,
  startWriting,
  verifiedOnly = false,
  anyVerified,
  reply,
}: Props) {
  // The fetcher lives here, not in the form, so its toast still shows once the form has closed.
  const fetcher = useReviewFetcher();
  useToast(fetcher.data?.toast);
  useToast(reply?.toast);
  const hydrated = useHydrated();
  const opener = useRef<HTMLButtonElement>(null);
  const { writing, openedHere, open, close } = useReviewForm(fetcher, opener, startWriting);
  const writeLabel = ownReview ? "Edit Your Review" : "Write a Review";
  const canWrite = !!user && canReview;
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="font-serif text-4xl">{roundRating(rating)}</span>
          <div>
            <Stars value={rating} />
            <p className="text-sm text-muted">{countLabel(reviewCount, "review", "reviews")}</p>
          </div>
        </div>
        {canWrite && !writing ? (
          // Until the script runs, a link to this tab with the form open.
          hydrated ? (
            <Button ref={opener} onClick={open}>
              {writeLabel}
            </Button>
          ) : (
            <a href={`${hrefs.write}#write-review`} className={buttonClass()}>
              {writeLabel}
            </a>
          )
        ) : null}
      </div>
      {!user ? (
        <p className="rounded-xl bg-cream px-5 py-4 text-ink-soft">
          Please login to submit a review.{" "}
          <Link to={loginPath(hrefs.tab)} className="font-medium text-primary underline underline-offset-4">
            Login
          </Link>
        </p>
      ) : null}
      {user && cannotReview ? (
        <p className="rounded-xl bg-cream px-5 py-4 text-ink-soft">{cannotReview}</p>
      ) : null}
      <NoscriptToast toast={reply?.toast} />
      {canWrite && writing ? (
        <ReviewForm
          fetcher={fetcher}
          reply={reply}
          own={ownReview}
          action={hrefs.write}
          cancelHref={hrefs.tab}
          hydrated={hydrated}
          focusOnOpen={openedHere}
          onClose={close}
        />
      ) : null}
      {/* Plain links (issue 45): the filter works without the script, as the tabs do. Shown once a
          review is verified: a filter to nothing would only weigh on the page. */}
      {verifiedOnly || anyVerified ? (
        <p className="review-filter">
          <Link to="?tab=reviews" preventScrollReset aria-current={verifiedOnly ? undefined : "page"}>
            All reviews
          </Link>
          <Link
            to="?tab=reviews&reviews=verified"
            preventScrollReset
            aria-current={verifiedOnly ? "page" : undefined}
          >
            Verified bookings
          </Link>
        </p>
      ) : null}
      <SentOnce id="venue-review-list" value={reviews}>
        {(list) => <ReviewList reviews={list} verifiedOnly={verifiedOnly} />}
      </SentOnce>
    </div>
  );
}

/** The reviews, or why there are none. */
function ReviewList({ reviews, verifiedOnly }: { reviews: PublicReview[] | null; verifiedOnly: boolean }) {
  return reviews === null ? (
    <p role="alert" className="text-danger">
      Reviews could not be loaded. Please try again later.
    </p>
  ) : reviews.length === 0 && verifiedOnly ? (
    <p className="rounded-xl bg-cream px-6 py-10 text-center">No reviews from verified bookings yet.</p>
  ) : reviews.length === 0 ? (
    <div className="rounded-xl bg-cream px-6 py-10 text-center">
      <h3 className="text-xl">No Reviews Yet</h3>
      <p className="mt-1 text-ink-soft">Be the first to review this venue</p>
    </div>
  ) : (
    <ul className="reviews">
      {reviews.map((r, i) => (
        // A grid of its parts, placed by their order (`.reviews` in app/styles/venue-page.css):
        // the avatar; the name; the stars and the date; the text; the venue's answer.
        <li key={i}>
          {r.authorAvatar ? (
            <UserAvatar name={r.authorName} url={r.authorAvatar} size={40} />
          ) : (
            <span aria-hidden="true" className="avatar">
              {initials(r.authorName)}
            </span>
          )}
          <p>
            {r.authorName}
            {r.verified ? <span className="review-verified">Verified booking</span> : null}
          </p>
          <p>
            <Stars value={r.rating} />
            <time dateTime={r.date}>{formatReviewDate(r.date)}</time>
            {r.id ? (
              <Link to={reportReviewPath(r.id)} className="review-report">
                Report
              </Link>
            ) : null}
          </p>
          <p>{r.comment}</p>
          {r.hidden !== undefined ? (
            <p className="review-hidden">{`Hidden by our moderators: ${r.hidden}`}</p>
          ) : null}
          {r.reply ? (
            <div className="mt-4 rounded-lg border-l-4 border-primary bg-primary-soft/60 px-4 py-3">
              <p className="text-sm font-semibold text-primary-dark">
                Response from the venue{" "}
                <time dateTime={r.reply.date} className="font-normal text-ink-soft">
                  · {formatReviewDate(r.reply.date)}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-line text-ink wrap-anywhere">{r.reply.body}</p>
            </div>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
