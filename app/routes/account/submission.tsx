import { ArrowLeft, LayoutDashboard, SearchX } from "~/components/ui/icons";
import { data, useSearchParams } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/submission";
import {
  WhatHappensNext,
  WithdrawConfirmation,
  WithdrawSubmission,
} from "~/components/account/pending-submission";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { VenueEditForm } from "~/components/venue-form/venue-form";
import { isMultipart } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { savingVenueForm, venueFormRefused } from "~/infra/venue-form-reply.server";
import { formatDate } from "~/lib/admin";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { ownSubmissionMessages, submissionPath } from "~/lib/own-submissions";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { ownSubmissionActionSchema } from "~/lib/validation/venue-submission";
import {
  getOwnSubmission,
  updateOwnSubmission,
  withdrawOwnSubmission,
} from "~/services/own-submissions.server";

// /account/venues/{id}: the submitter's own pending venue (issue 22, item 11; ADR 025). The
// submission form with what they sent (photos and logo included) to correct it, what happens
// next, and Withdraw. Only theirs and only while pending, as the service checks; an approved one
// says where it is edited now, another's or a removed one is not found.

export const meta: Route.MetaFunction = ({ matches, data }) =>
  seoMeta(siteFromMatches(matches), {
    title: data?.submission ? `Edit ${data.submission.venue.name}` : "Submission not found",
    noindex: true,
  });

export async function loader({ params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const submission = await getOwnSubmission(app.db, expectUser(context), params.venueId);
  if (!submission) return data({ submission: null }, { status: 404 });
  return { submission };
}

const failed = (status: number, toast: Toast, more: { errors?: object; values?: object } = {}) =>
  data({ ok: false as const, errors: {}, values: {}, ...more, toast }, { status });

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  const app = getApp(context);
  const user = expectUser(context);
  const venueId = params.venueId;
  if (!isMultipart(request)) return withdraw(args);
  const saveFailed: Toast = { type: "error", message: ownSubmissionMessages.saveFailed };
  return savingVenueForm(app.logger, "saving an own submission failed", { venueId }, saveFailed, async () => {
    const r = await updateOwnSubmission(app, user, venueId, request);
    // Refused before the body was read: the connection closes after the answer.
    if ("error" in r)
      return venueFormRefused(
        { status: r.status, errors: { form: r.error }, values: {}, unread: true },
        { ...saveFailed, description: r.error },
      );
    if (!r.ok) return venueFormRefused(r);
    const lost = r.failures.length;
    return await redirectWithToast(app, request, "/account/venues", {
      type: "success",
      message: ownSubmissionMessages.saved,
      description: lost
        ? `${lost} ${lost === 1 ? "file" : "files"} could not be saved: ${r.failures.map((f) => f.file).join(", ")}`
        : ownSubmissionMessages.savedDescription,
    });
  });
}

/** Withdraw (the page's other form), through the envelope (ADR 036). */
const withdraw = formAction({
  schema: ownSubmissionActionSchema,
  invalid: () => failed(400, { type: "error", message: "Unknown action" }),
  run: async ({ app, actor, request, params }) => {
    const r = await withdrawOwnSubmission(app, actor, params.venueId);
    if (!r.ok)
      return failed(r.status, {
        type: "error",
        message: ownSubmissionMessages.withdrawFailed,
        description: r.error,
      });
    return redirectWithToast(app, request, "/account/venues", {
      type: "success",
      message: ownSubmissionMessages.withdrawn,
      description: ownSubmissionMessages.withdrawnDescription(r.name),
    });
  },
});

export const clientAction = keepWork<Route.ClientActionArgs>(
  { withdraw: ownSubmissionMessages.withdrawFailed },
  ownSubmissionMessages.saveFailed,
);

const back = (
  <Link to="/account/venues" className={buttonClass("ghost", "sm", "-ml-3")}>
    <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to My Venues
  </Link>
);

export default function OwnSubmissionPage({ loaderData }: Route.ComponentProps) {
  const { submission } = loaderData;
  const [params] = useSearchParams();
  if (!submission)
    return (
      <div className="space-y-4">
        {back}
        <div className="flex flex-col items-center gap-3 py-8 text-center">
          <SearchX className="h-10 w-10 text-muted" aria-hidden="true" />
          <h2 className="text-2xl">Submission not found</h2>
          <p className="max-w-md text-muted">{ownSubmissionMessages.notFound}</p>
        </div>
      </div>
    );
  if (submission.state === "approved")
    return (
      <div className="space-y-4">
        {back}
        <h2 className="text-2xl break-words">{submission.venue.name}</h2>
        <p className="text-ink-soft">{ownSubmissionMessages.approved}</p>
        <ButtonLink to={`/venue-manager/edit-venue/${submission.venue.id}`} size="sm">
          <LayoutDashboard className="h-4 w-4" aria-hidden="true" /> Manage this venue
        </ButtonLink>
      </div>
    );

  const { venue, choices, submittedAt } = submission;
  return (
    <div className="space-y-6">
      {back}
      <header className="space-y-1">
        <h2 className="text-2xl break-words">Edit {venue.name}</h2>
        <p className="flex flex-wrap items-center gap-2 text-sm text-muted">
          <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            Pending
          </span>
          Submitted on {formatDate(submittedAt)}
        </p>
      </header>
      <WhatHappensNext />
      <VenueEditForm
        venue={venue}
        choices={choices}
        action={submissionPath(venue.id)}
        onSubmitted={() => {}}
      />
      <section id="withdraw" aria-labelledby="withdraw-title" className="space-y-3 border-t border-sand pt-6">
        <h3 id="withdraw-title" className="font-sans text-base font-semibold">
          Withdraw this submission
        </h3>
        <p className="text-sm text-muted">
          Changed your mind? Withdrawing deletes the venue and its photos; it will not be reviewed.
        </p>
        {params.has("withdraw") ? (
          <WithdrawConfirmation venue={venue} />
        ) : (
          <WithdrawSubmission venue={venue} />
        )}
      </section>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
