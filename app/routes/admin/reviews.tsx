import { ShieldCheck } from "~/components/ui/icons";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/reviews";
import { AdminPageHeader, CardList, EmptyState, Panel } from "~/components/back-office/page";
import { TextareaField } from "~/components/forms/fields";
import { NoscriptToast } from "~/components/layout/noscript-toast";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { Pagination } from "~/components/ui/pagination";
import { Stars } from "~/components/venue/rating";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { adminMeta, formatDate, formatDateTime } from "~/lib/admin";
import { keepWork } from "~/lib/failed-request";
import { countLabel } from "~/lib/format";
import { pageUrl } from "~/lib/pagination";
import { Refusal } from "~/lib/refusal";
import { ADMIN_REVIEWS_PATH, type HiddenReview, type QueueReview } from "~/lib/review-moderation";
import type { Toast } from "~/lib/toast";
import { REPORT_REASON_LABELS } from "~/lib/trust";
import { HIDDEN_REASON_MAX, moderationSchema } from "~/lib/validation/review-report";
import { moderateReview, reviewQueue } from "~/services/review-moderation.server";

// The moderation queue (issue 45, ADR 045): the reviews with open reports, the longest waiting
// first, each with its reports and its author's history, and the three decisions; then the
// hidden reviews, which can be restored. Every control is a plain form (ADR 020).

export const meta: Route.MetaFunction = () => adminMeta("Reviews");

export async function loader({ request, context }: Route.LoaderArgs) {
  const page = Number(new URL(request.url).searchParams.get("page")) || 1;
  return reviewQueue(getApp(context).db, expectUser(context), page);
}

type Reply = { ok: false; reviewId?: string; errors?: Record<string, string>; toast: Toast };

const FAILURES = {
  keep: "The review was not kept",
  hide: "The review was not hidden",
  proof: "Proof was not asked for",
  unhide: "The review was not restored",
};

export const action = formAction({
  schema: moderationSchema,
  failures: FAILURES,
  log: "review moderation",
  invalid: ({ errors, values }, { reply, title }) =>
    reply<Reply>(
      { ok: false, reviewId: values.reviewId, errors, toast: { type: "error", message: title } },
      400,
    ),
  run: async ({ app, actor, input, request, reply, title }) => {
    try {
      const message = await moderateReview(app, actor, input);
      const back = `${ADMIN_REVIEWS_PATH}${new URL(request.url).search}`;
      return redirectWithToast(app, request, back, { type: "success", message });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      const toast: Toast = { type: "error", message: title, description: err.message };
      return reply<Reply>({ ok: false, reviewId: input.reviewId, toast }, err.status);
    }
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES);

export default function AdminReviews({ loaderData, actionData }: Route.ComponentProps) {
  const { reviews, total, page, pageCount, hidden } = loaderData;
  const reply = actionData as Reply | undefined;
  useToast(reply?.toast);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Reviews"
        description={
          total === 0
            ? "Reviews people report appear here. A report never hides a review on its own."
            : `${countLabel(total, "reported review waits", "reported reviews wait")} for a decision, the longest waiting first.`
        }
      />
      <NoscriptToast toast={reply?.toast} />
      <CardList
        items={reviews}
        label="Reported reviews"
        empty={
          <EmptyState
            icon={<ShieldCheck className="h-10 w-10" aria-hidden="true" />}
            title="No Reported Reviews"
          >
            Nothing waits for a decision.
          </EmptyState>
        }
      >
        {(r) => <ReportedReview review={r} reply={reply?.reviewId === r.id ? reply : undefined} />}
      </CardList>
      <Pagination
        page={page}
        pageCount={pageCount}
        href={(n) => pageUrl(ADMIN_REVIEWS_PATH, "", n)}
        label="Reported reviews pages"
      />
      <HiddenReviews reviews={hidden} />
    </div>
  );
}

function ReviewText({
  review,
  venue,
}: {
  review: { rating: number; comment: string };
  venue: QueueReview["venue"];
}) {
  return (
    <>
      <p className="text-sm text-ink-soft">
        Review of <Link to={`${venue.path}?tab=reviews`}>{venue.name}</Link>
      </p>
      <Stars value={review.rating} />
      <blockquote className="whitespace-pre-line wrap-anywhere">{review.comment}</blockquote>
    </>
  );
}

/** A hidden form field naming the decision and the review. */
const Decision = ({ intent, reviewId }: { intent: string; reviewId: string }) => (
  <>
    <input type="hidden" name="intent" value={intent} />
    <input type="hidden" name="reviewId" value={reviewId} />
  </>
);

function ReportedReview({ review: r, reply }: { review: QueueReview; reply?: Reply }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formData?.get("reviewId") === r.id;
  const { author } = r;
  const headingId = `review-${r.id}`;
  return (
    <Panel labelledBy={headingId} className="space-y-4 p-4 sm:p-5">
      <h2 id={headingId} className="text-xl">
        {`${author.name}${author.verified ? " · Verified booking" : ""}`}
      </h2>
      <ReviewText review={r} venue={r.venue} />
      <p className="text-sm text-ink-soft">
        {`Written ${formatDate(r.createdAt)}`}
        {r.hiddenReason !== null ? ` · Hidden: ${r.hiddenReason}` : ""}
        {r.proofRequestedAt ? ` · Proof asked ${formatDate(r.proofRequestedAt)}` : ""}
      </p>
      <div>
        <h3 className="font-medium">The reviewer</h3>
        <ul className="list-disc pl-5 text-sm">
          <li>{author.email ?? "Deleted account"}</li>
          <li>{`${countLabel(author.otherReviews, "other review", "other reviews")}, ${countLabel(author.hiddenBefore, "hidden before", "hidden before")}`}</li>
          <li>
            {author.verified ? "Has a booked inquiry at this venue" : "No booked inquiry at this venue"}
          </li>
        </ul>
      </div>
      <div>
        <h3 className="font-medium">{countLabel(r.reports.length, "open report", "open reports")}</h3>
        <ul className="space-y-2 text-sm">
          {r.reports.map((p, i) => (
            <li key={i} className="rounded-lg bg-cream px-3 py-2">
              <p>
                <strong>{REPORT_REASON_LABELS[p.reason]}</strong>
                {` · ${p.reporterName}${p.reporterEmail ? ` (${p.reporterEmail})` : ""} · ${formatDateTime(p.createdAt)}`}
                {p.fromManager ? <strong className="text-danger"> · from the venue's manager</strong> : null}
              </p>
              {p.note ? <p className="mt-1 whitespace-pre-line wrap-anywhere">{p.note}</p> : null}
            </li>
          ))}
        </ul>
      </div>
      <div className="flex flex-wrap items-start gap-3">
        <Form method="post" preventScrollReset>
          <Decision intent="keep" reviewId={r.id} />
          <Button type="submit" variant="outline" disabled={busy}>
            Keep
          </Button>
        </Form>
        <Form method="post" preventScrollReset>
          <Decision intent="proof" reviewId={r.id} />
          <Button type="submit" variant="outline" disabled={busy || !author.email}>
            Ask for proof
          </Button>
        </Form>
      </div>
      {r.hiddenReason === null ? (
        <Form method="post" preventScrollReset className="space-y-2">
          <Decision intent="hide" reviewId={r.id} />
          <TextareaField
            label="Reason shown on the page"
            name="reason"
            id={`reason-${r.id}`}
            rows={2}
            maxLength={HIDDEN_REASON_MAX}
            error={reply?.errors?.reason}
          />
          <Button type="submit" variant="danger" disabled={busy}>
            Hide review
          </Button>
        </Form>
      ) : null}
    </Panel>
  );
}

function HiddenReviews({ reviews }: { reviews: HiddenReview[] }) {
  return (
    <Panel labelledBy="hidden-reviews" className="space-y-4 p-4 sm:p-5">
      <h2 id="hidden-reviews" className="text-xl">
        Hidden reviews
      </h2>
      {reviews.length === 0 ? (
        <p className="text-ink-soft">No review is hidden.</p>
      ) : (
        <ul className="space-y-4">
          {reviews.map((r) => (
            <li key={r.id} className="space-y-2 border-t border-sand pt-4 first:border-0 first:pt-0">
              <p className="font-medium">{r.authorName}</p>
              <ReviewText review={r} venue={r.venue} />
              <p className="text-sm text-ink-soft">{`Hidden ${formatDate(r.hiddenAt)}: ${r.hiddenReason}`}</p>
              <Form method="post" preventScrollReset>
                <Decision intent="unhide" reviewId={r.id} />
                <Button type="submit" variant="outline">
                  Restore
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
    </Panel>
  );
}
