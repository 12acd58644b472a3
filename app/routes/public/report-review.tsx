import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/report-review";
import { FormError, RadioGroup, TextareaField } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { Stars } from "~/components/venue/rating";
import { formAction } from "~/infra/action.server";
import { invalid } from "~/infra/form.server";
import { getApp, getUser, redirectWithToast, requireUser } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { Refusal } from "~/lib/refusal";
import { reportMessages } from "~/lib/review-moderation";
import { pageMeta } from "~/lib/seo";
import { REPORT_REASON_LABELS, REPORT_REASONS } from "~/lib/trust";
import { REPORT_NOTE_MAX, reportSchema } from "~/lib/validation/review-report";
import { reportReview, reportTarget, type ReportOutcome } from "~/services/review-moderation.server";

// Reporting a review (issue 45): a page of its own, linked from each review on the venue page, so
// that the venue page carries a link, not a form per review. Signed-out visitors go to /login and
// back (the guard). A plain form: it works before and without the script. A report hides
// nothing by itself; the moderators decide (ADR 045).

export const middleware: Route.MiddlewareFunction[] = [requireUser];

export const meta: Route.MetaFunction = pageMeta({ title: "Report a review", noindex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  return reportTarget(getApp(context).db, getUser(context), params.reviewId);
}

export const action = formAction({
  schema: reportSchema,
  failures: "Your report was not sent",
  run: async ({ app, user, input, values, params, request }) => {
    // A refusal (too many reports, a review gone or hidden since) is said above the form.
    let outcome: ReportOutcome;
    try {
      outcome = await reportReview(app.db, user, params.reviewId, input);
    } catch (err) {
      if (err instanceof Refusal) return invalid({ form: err.message }, values, { status: err.status });
      throw err;
    }
    const { status, venuePath } = outcome;
    const message = status === "sent" ? reportMessages.sent : reportMessages[status];
    return redirectWithToast(app, request, `${venuePath}?tab=reviews`, {
      type: status === "decided" ? "info" : "success",
      message,
    });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your report was not sent");

export default function ReportReviewPage({ loaderData: review, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const errors: Record<string, string | undefined> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const kept: Record<string, string | undefined> =
    actionData && "values" in actionData ? actionData.values : {};
  const earlier = review.earlier;
  const reason = kept.reason ?? earlier?.reason;
  const back = `${review.venue.path}?tab=reviews`;
  return (
    <div className="mx-auto max-w-xl space-y-6 px-4 py-12">
      <h1 className="text-3xl">Report a review</h1>
      <figure className="space-y-2 rounded-xl border border-sand bg-white p-5">
        <figcaption className="text-sm text-ink-soft">
          {`${review.authorName}'s review of `}
          <Link to={back}>{review.venue.name}</Link>
        </figcaption>
        <Stars value={review.rating} />
        <blockquote className="line-clamp-6 whitespace-pre-line wrap-anywhere">{review.comment}</blockquote>
      </figure>
      {earlier ? (
        <p role="status" className="rounded-lg bg-primary-soft px-3 py-2 text-sm text-primary-dark">
          {earlier.open
            ? "You already reported this review. Sending again updates your report."
            : reportMessages.decided}
        </p>
      ) : null}
      <p className="text-ink-soft">
        Our moderators read every report. A report does not hide a review on its own: they keep it, hide it
        with a published reason, or ask its author for proof of their booking.
      </p>
      <Form method="post" className="space-y-4" noValidate>
        <FormError message={errors.form} />
        <RadioGroup
          label="Why are you reporting it?"
          error={errors.reason}
          name="reason"
          chosen={reason}
          options={REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] }))}
        />
        <TextareaField
          label="Anything our moderators should know (optional)"
          name="note"
          rows={4}
          maxLength={REPORT_NOTE_MAX}
          defaultValue={kept.note ?? earlier?.note}
          error={errors.note}
        />
        <div className="flex flex-wrap items-center gap-4">
          <Button type="submit" pending={pending}>
            Send report
          </Button>
          <Link to={back}>Cancel</Link>
        </div>
      </Form>
    </div>
  );
}
