import { cn } from "~/lib/cn";
import type { InquiryReplyView } from "~/lib/inquiries";
import { formatReviewDate } from "~/lib/venue";

/**
 * An inquiry's conversation, oldest first (issue 41): who wrote each message, when, and what.
 * The venue's messages and the couple's are told apart by their names and their side's colour;
 * `viewer` says which side reads it, so that theirs reads "You".
 */
export function InquiryThread({
  replies,
  viewer,
  coupleName,
  venueName,
  empty,
}: {
  replies: InquiryReplyView[];
  viewer: "venue" | "couple";
  coupleName: string;
  venueName: string;
  empty: string;
}) {
  if (replies.length === 0) return <p className="mt-2 text-sm text-muted">{empty}</p>;
  return (
    <ol className="mt-3 space-y-3">
      {replies.map((r) => {
        const fromCouple = r.author === "couple";
        const who = fromCouple
          ? viewer === "couple"
            ? "You"
            : coupleName
          : `${r.authorName ?? (viewer === "venue" ? "A former manager" : "The venue")}${viewer === "couple" ? ` of ${venueName}` : ""}`;
        return (
          <li
            key={r.id}
            className={cn(
              "rounded-lg border-l-4 px-4 py-3",
              fromCouple ? "border-sand-dark bg-cream" : "border-primary bg-primary-soft/60",
            )}
          >
            <p
              className={cn(
                "text-sm font-semibold break-words",
                fromCouple ? "text-ink" : "text-primary-dark",
              )}
            >
              {who}{" "}
              <time dateTime={r.createdAt} className="font-normal text-ink-soft">
                · {formatReviewDate(r.createdAt)}
              </time>
            </p>
            <p className="mt-1 whitespace-pre-line text-ink wrap-anywhere">{r.body}</p>
          </li>
        );
      })}
    </ol>
  );
}
