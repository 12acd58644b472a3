import { Star } from "~/components/ui/icons";
import { useEffect, useRef, useState, type RefObject } from "react";
import { Link, useFetcher, useLocation } from "react-router";
import { FormError, TextareaField } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { cn } from "~/lib/cn";
import { loginPath, type AppUser } from "~/lib/user";
import { REVIEW_MAX_LENGTH, reviewSchema } from "~/lib/validation/review";
import { formatReviewDate, roundRating, type ReviewView } from "~/lib/venue";
import type { action } from "~/routes/public/venue";
import { Stars } from "./rating";
import { ReviewAuthor } from "./review-author";

const useReviewFetcher = () => useFetcher<typeof action>();
type ReviewFetcher = ReturnType<typeof useReviewFetcher>;

function StarInput({
  value,
  onChange,
  error,
}: {
  value: number;
  onChange: (n: number) => void;
  error?: string;
}) {
  const [hover, setHover] = useState(0);
  const shown = hover || value;
  return (
    <fieldset aria-describedby={error ? "rating-error" : undefined}>
      <legend className="text-sm font-medium">Your rating</legend>
      <div className="mt-1 flex" onMouseLeave={() => setHover(0)}>
        {[1, 2, 3, 4, 5].map((n) => (
          <label key={n} className="cursor-pointer p-1" onMouseEnter={() => setHover(n)}>
            <input
              type="radio"
              name="rating"
              value={n}
              checked={value === n}
              onChange={() => onChange(n)}
              className="peer sr-only"
            />
            <Star
              aria-hidden="true"
              className={cn(
                "h-8 w-8 rounded peer-focus-visible:outline peer-focus-visible:outline-3 peer-focus-visible:outline-primary",
                n <= shown ? "fill-star text-star" : "fill-sand text-sand-dark",
              )}
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
}

function ReviewForm({
  fetcher,
  own,
  onClose,
}: {
  fetcher: ReviewFetcher;
  own: { rating: number; comment: string } | null;
  onClose: () => void;
}) {
  const [rating, setRating] = useState(own?.rating ?? 0);
  const { errors, onSubmit } = useValidatedForm(reviewSchema, fetcher.data);
  const pending = fetcher.state !== "idle";
  // Opening the form moves focus into it (the first star).
  const form = useRef<HTMLFormElement>(null);
  useEffect(() => form.current?.querySelector<HTMLInputElement>("input[name=rating]")?.focus(), []);

  return (
    <fetcher.Form
      ref={form}
      method="post"
      noValidate
      className="space-y-4 rounded-xl border border-sand bg-white p-5"
      onSubmit={onSubmit}
    >
      {own ? (
        <p className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-dark">
          You have already reviewed this venue. Submitting again replaces your earlier review.
        </p>
      ) : null}
      <StarInput value={rating} onChange={setRating} error={errors.rating} />
      <TextareaField
        label="Your review"
        name="comment"
        rows={4}
        maxLength={REVIEW_MAX_LENGTH}
        defaultValue={own?.comment}
        placeholder="What was your experience like?"
        error={errors.comment}
      />
      <FormError message={errors.form} />
      <div className="flex gap-3">
        <Button type="submit" pending={pending}>
          {pending ? "Submitting..." : own ? "Update Review" : "Submit Review"}
        </Button>
        <Button variant="ghost" onClick={onClose}>
          Cancel
        </Button>
      </div>
    </fetcher.Form>
  );
}

/** Closes the form after a successful submit and gives focus back to the button that opened it. */
function useReviewForm(fetcher: ReviewFetcher, opener: RefObject<HTMLButtonElement | null>) {
  const [writing, setWriting] = useState(false);
  const [answered, setAnswered] = useState(fetcher.data);
  if (fetcher.data !== answered) {
    setAnswered(fetcher.data);
    if (fetcher.data?.ok) setWriting(false);
  }
  const wasWriting = useRef(false);
  useEffect(() => {
    if (wasWriting.current && !writing) opener.current?.focus();
    wasWriting.current = writing;
  }, [writing, opener]);
  return { writing, open: () => setWriting(true), close: () => setWriting(false) };
}

type Props = {
  reviews: ReviewView[] | null;
  rating: number;
  reviewCount: number;
  user: AppUser | null;
  ownReview: { rating: number; comment: string } | null;
  canReview: boolean;
};

export function VenueReviews({ reviews, rating, reviewCount, user, ownReview, canReview }: Props) {
  // The fetcher lives here, not in the form, so its toast still shows once the form has closed.
  const fetcher = useReviewFetcher();
  useToast(fetcher.data?.toast);
  const opener = useRef<HTMLButtonElement>(null);
  const { writing, open, close } = useReviewForm(fetcher, opener);
  const location = useLocation();
  return (
    <div className="space-y-6">
      <div className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-3">
          <span className="font-serif text-4xl">{roundRating(rating)}</span>
          <div>
            <Stars value={rating} />
            <p className="text-sm text-muted">
              {reviewCount} {reviewCount === 1 ? "review" : "reviews"}
            </p>
          </div>
        </div>
        {user && canReview && !writing ? (
          <Button ref={opener} onClick={open}>
            {ownReview ? "Edit Your Review" : "Write a Review"}
          </Button>
        ) : null}
      </div>
      {!user ? (
        <p className="rounded-xl bg-cream px-5 py-4 text-ink-soft">
          Please login to submit a review.{" "}
          <Link
            to={loginPath(location.pathname)}
            className="font-medium text-primary underline underline-offset-4"
          >
            Login
          </Link>
        </p>
      ) : null}
      {writing ? <ReviewForm fetcher={fetcher} own={ownReview} onClose={close} /> : null}
      {reviews === null ? (
        <p role="alert" className="text-danger">
          Reviews could not be loaded. Please try again later.
        </p>
      ) : reviews.length === 0 ? (
        <div className="rounded-xl bg-cream px-6 py-10 text-center">
          <h3 className="text-xl">No Reviews Yet</h3>
          <p className="mt-1 text-ink-soft">Be the first to review this venue</p>
        </div>
      ) : (
        <ul className="space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="review">
              <ReviewAuthor review={r} />
              <p className="review-text">{r.comment}</p>
              {r.reply ? (
                <div className="mt-4 rounded-lg border-l-4 border-primary bg-primary-soft/60 px-4 py-3">
                  <p className="text-sm font-semibold text-primary-dark">
                    Response from the venue{" "}
                    <time dateTime={r.reply.repliedAt} className="font-normal text-ink-soft">
                      · {formatReviewDate(r.reply.repliedAt)}
                    </time>
                  </p>
                  <p className="mt-1 whitespace-pre-line text-ink wrap-anywhere">{r.reply.body}</p>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
