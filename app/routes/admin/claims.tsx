import { Check, ExternalLink, Mail, X } from "~/components/ui/icons";
import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/claims";
import { AdminPageHeader, CardList, EmptyState, Panel, RoleBadge } from "~/components/back-office/page";
import { TextareaField } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp } from "~/infra/session.server";
import { adminMeta, formatDate, ROLE_LABELS } from "~/lib/admin";
import { ADMIN_CLAIMS_PATH, claimMessages } from "~/lib/claims";
import { keepWork } from "~/lib/failed-request";
import { Refusal } from "~/lib/refusal";
import { countLabel, formatNumber } from "~/lib/format";
import { claimDecisionSchema } from "~/lib/validation/claim";
import { REJECTION_REASON_MAX } from "~/lib/validation/admin";
import { claimQueue, decideClaim, type QueuedClaim } from "~/services/claims.server";

// The claims of listings waiting for an administrator (issue 45, item 5; ADR 047): the oldest
// first, each with what the admin needs to decide. Plain forms (ADR 020): each answers with a
// redirect back here and the toast.

export const meta: Route.MetaFunction = () => adminMeta("Claims");

export async function loader({ context }: Route.LoaderArgs) {
  return claimQueue(getApp(context).db, expectUser(context));
}

export const action = formAction({
  schema: claimDecisionSchema,
  failures: claimMessages.decideFailed,
  invalid: async ({ errors }, { answer }) =>
    answer(
      { type: "error", message: claimMessages.decideFailed, description: Object.values(errors)[0] },
      400,
      ADMIN_CLAIMS_PATH,
    ),
  run: async ({ app, actor, input, answer }) => {
    const approve = input.intent === "approve";
    try {
      await decideClaim(app, actor, input.claimId, { approve, reason: input.reason });
    } catch (err) {
      if (!(err instanceof Refusal)) throw err;
      const toast = { type: "error" as const, message: claimMessages.decideFailed, description: err.message };
      return answer(toast, err.status, ADMIN_CLAIMS_PATH);
    }
    const message = approve ? claimMessages.approvedByAdmin : claimMessages.rejected;
    return answer({ type: "success", message }, 200, ADMIN_CLAIMS_PATH);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(claimMessages.decideFailed);

export default function AdminClaims({ loaderData, actionData }: Route.ComponentProps) {
  const { claims, total } = loaderData;
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Claims"
        description={
          total === 0
            ? "People who ask to manage a listing appear here."
            : `${countLabel(total, "claim is", "claims are")} waiting${total > claims.length ? ` (the ${formatNumber(claims.length)} waiting longest are shown)` : ""}.`
        }
      />
      <CardList
        items={claims}
        empty={<EmptyState title="No claims waiting">Every claim has been decided.</EmptyState>}
      >
        {(c) => <ClaimCard claim={c} />}
      </CardList>
    </div>
  );
}

function ClaimCard({ claim: c }: { claim: QueuedClaim }) {
  const navigation = useNavigation();
  const sending = navigation.formData?.get("claimId") === c.id ? navigation.formData.get("intent") : null;
  const facts: [string, string][] = [
    ["Claimant", `${c.claimant.name} (${c.claimant.email})`],
    [
      "Proof",
      c.email
        ? `${c.email}: ${c.confirmed ? "confirmed from the mailed link" : "link mailed, not confirmed yet"}`
        : "A note for an administrator",
    ],
    ["Managers now", c.managers.length ? c.managers.join(", ") : "None"],
    ["Asked on", formatDate(c.createdAt)],
  ];
  return (
    <Panel className="space-y-4 p-4 sm:p-5">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <h2 className="min-w-0 text-2xl break-words">
          <a href={c.venue.path} target="_blank" rel="noopener noreferrer" className="hover:underline">
            {c.venue.name}
            <ExternalLink className="ml-1.5 inline h-4 w-4" aria-hidden="true" />
            <span className="sr-only"> (opens in a new tab)</span>
          </a>
        </h2>
        <RoleBadge role={c.claimant.role} label={ROLE_LABELS[c.claimant.role]} />
      </div>
      <dl className="grid gap-x-4 gap-y-1 text-sm sm:grid-cols-[8rem_1fr]">
        {facts.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-muted">{k}</dt>
            <dd className="min-w-0 break-words">{v}</dd>
          </div>
        ))}
      </dl>
      {c.note ? (
        <blockquote className="border-l-4 border-sand-dark pl-3 text-sm whitespace-pre-line break-words">
          {c.note}
        </blockquote>
      ) : null}
      {c.managers.length ? (
        <p className="text-sm text-amber-900">
          Approving adds {c.claimant.name} as a manager beside {c.managers.join(", ")}.
        </p>
      ) : null}
      <div className="flex flex-wrap items-end justify-between gap-3">
        <a
          href={`mailto:${c.claimant.email}`}
          className="inline-flex items-center gap-1 text-sm break-all text-primary hover:underline"
        >
          <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
          Write to {c.claimant.name}
        </a>
        <Form method="post">
          <input type="hidden" name="intent" value="approve" />
          <input type="hidden" name="claimId" value={c.id} />
          <Button type="submit" size="sm" pending={sending === "approve"}>
            <Check className="h-4 w-4" aria-hidden="true" /> Approve
            <span className="sr-only"> the claim of {c.venue.name}</span>
          </Button>
        </Form>
      </div>
      <details className="rounded-lg border border-sand p-3">
        <summary className="cursor-pointer text-sm font-medium">
          Reject<span className="sr-only"> the claim of {c.venue.name}</span>
        </summary>
        <Form method="post" className="mt-3 space-y-3">
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="claimId" value={c.id} />
          <TextareaField
            label="Reason (optional)"
            name="reason"
            id={`reason-${c.id}`}
            rows={3}
            maxLength={REJECTION_REASON_MAX}
            description="Sent to the claimant in the email that tells them."
          />
          <Button type="submit" size="sm" variant="danger" pending={sending === "reject"}>
            <X className="h-4 w-4" aria-hidden="true" /> Reject claim
            <span className="sr-only"> of {c.venue.name}</span>
          </Button>
        </Form>
      </details>
    </Panel>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
