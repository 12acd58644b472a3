import { UserAvatar } from "~/components/layout/user-avatar";
import { formatReviewDate, type ReviewView } from "~/lib/venue";
import { Stars } from "./rating";

/** A review's heading row: the reviewer's avatar and name, the stars and the date. */
export function ReviewAuthor({ review }: { review: ReviewView }) {
  return (
    <div className="review-head">
      <UserAvatar name={review.authorName} url={review.authorAvatar} size={40} />
      <div className="min-w-0">
        <p className="review-name">{review.authorName}</p>
        <div className="review-meta">
          <Stars value={review.rating} />
          <time dateTime={review.createdAt}>{formatReviewDate(review.createdAt)}</time>
        </div>
      </div>
    </div>
  );
}
