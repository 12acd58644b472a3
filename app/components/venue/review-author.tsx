import { UserAvatar } from "~/components/layout/user-avatar";
import { formatReviewDate, type ReviewView } from "~/lib/venue";
import { Stars } from "./rating";

/** A review's heading row: the reviewer's avatar and name, the stars and the date. */
export function ReviewAuthor({ review }: { review: ReviewView }) {
  return (
    <div className="flex items-center gap-3">
      <UserAvatar name={review.authorName} url={review.authorAvatar} size={40} />
      <div className="min-w-0">
        <p className="font-medium wrap-anywhere">{review.authorName}</p>
        <div className="flex flex-wrap items-center gap-2">
          <Stars value={review.rating} />
          <time dateTime={review.createdAt} className="text-sm text-muted">
            {formatReviewDate(review.createdAt)}
          </time>
        </div>
      </div>
    </div>
  );
}
