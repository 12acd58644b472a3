import {
  Check,
  CircleDollarSign,
  Clock,
  ExternalLink,
  Mail,
  MapPin,
  Pencil,
  Tag,
  Users,
  X,
  type Icon as IconComponent,
} from "~/components/ui/icons";
import { useState, type ReactNode } from "react";
import { data, useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/pending";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AdminPageHeader, CardList, EmptyState, Panel } from "~/components/back-office/page";
import { useOnSuccess } from "~/components/back-office/use-on-success";
import { TextareaField } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog, DialogCancel } from "~/components/ui/dialog";
import { VenueImage } from "~/components/venue/venue-image";
import { expectUser, getApp } from "~/infra/session.server";
import { ADMIN_PENDING_PATH, adminMeta, approvalMessages, formatDate, withReturnTo } from "~/lib/admin";
import { countLabel, formatNumber } from "~/lib/format";
import type { Toast } from "~/lib/toast";
import { pendingActionSchema, REJECTION_REASON_MAX } from "~/lib/validation/admin";
import type { FieldErrors } from "~/lib/validation/form";
import {
  approveVenue,
  listPendingVenues,
  rejectVenue,
  type PendingVenueCard,
} from "~/services/approvals.server";

export const meta: Route.MetaFunction = () => adminMeta("Pending Venues");

export async function loader({ context }: Route.LoaderArgs) {
  return listPendingVenues(getApp(context).db, expectUser(context));
}

type Reply = { ok: boolean; toast: Toast; errors?: FieldErrors };

export const action = formAction({
  schema: pendingActionSchema,
  invalid: ({ errors }) => {
    // A reason too long (or with characters a database refuses) is said on its field; the dialog keeps it.
    const { reason, venueId = "Venue not found", intent } = errors;
    const message = reason ? approvalMessages.rejectFailed : (intent ?? venueId);
    return data<Reply>(
      { ok: false, toast: { type: "error", message, description: reason }, errors },
      { status: 400 },
    );
  },
  run: async ({ app, actor, input: { intent, venueId, reason } }) => {
    const result =
      intent === "approve"
        ? await approveVenue(app, actor, venueId)
        : await rejectVenue(app, actor, venueId, reason);
    if (!result.ok)
      return data<Reply>(
        { ok: false, toast: { type: "error", message: result.error } },
        { status: result.status },
      );
    return data<Reply>({
      ok: true,
      toast: { type: "success", message: result.message, description: result.description },
    });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>((form) =>
  form.get("intent") === "reject" ? approvalMessages.rejectFailed : approvalMessages.approveFailed,
);

export default function PendingVenues({ loaderData }: Route.ComponentProps) {
  const { venues, total } = loaderData;
  return (
    <div className="space-y-6">
      <AdminPageHeader
        title="Pending Venues"
        description={
          total === 0
            ? "Venues submitted by users appear here for review."
            : `${countLabel(total, "venue is", "venues are")} waiting for review${total > venues.length ? ` (the ${formatNumber(venues.length)} waiting longest are shown)` : ""}.`
        }
      />
      <CardList
        items={venues}
        empty={
          <EmptyState icon={<Clock className="h-10 w-10" aria-hidden="true" />} title="No Pending Venues">
            Every submitted venue has been reviewed. New submissions will appear here.
          </EmptyState>
        }
      >
        {(v) => <PendingCard venue={v} />}
      </CardList>
    </div>
  );
}

/** One fact of a pending venue, its name read out only; `wide` for text that may wrap. */
function Fact({
  label,
  icon: Icon,
  wide,
  children,
}: {
  label: string;
  icon: IconComponent;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={wide ? "min-w-0" : undefined}>
      <dt className="sr-only">{label}</dt>
      <dd className={wide ? "flex min-w-0 items-center gap-1.5 break-words" : "flex items-center gap-1.5"}>
        <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
        {children}
      </dd>
    </div>
  );
}

function PendingCard({ venue: v }: { venue: PendingVenueCard }) {
  const fetcher = useFetcher<typeof action>();
  const [confirming, setConfirming] = useState(false);
  useToast(fetcher.data?.toast);
  // A rejection that did not go through keeps the dialog and the reason typed in it.
  useOnSuccess(fetcher, () => setConfirming(false));
  const busy = fetcher.state !== "idle";
  const submitting = busy ? fetcher.formData?.get("intent") : null;
  const reasonError = fetcher.state === "idle" ? fetcher.data?.errors?.reason : undefined;
  return (
    <Panel className="grid gap-5 p-4 sm:p-5 md:grid-cols-[16rem_1fr]">
      <div className="aspect-[3/2] self-start overflow-hidden rounded-xl bg-cream">
        <VenueImage
          src={v.image}
          width={400}
          sizes="(min-width: 768px) 256px, 100vw"
          className="h-full w-full object-cover"
        />
      </div>
      <div className="flex min-w-0 flex-col">
        <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
          <h2 className="min-w-0 text-2xl break-words">{v.name}</h2>
          <span className="mt-1 rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-medium text-amber-900">
            Pending
          </span>
        </div>
        <dl className="mt-2 flex flex-wrap gap-x-5 gap-y-1 text-sm text-ink-soft">
          <Fact label="Category" icon={Tag}>
            {v.category ?? "No venue type"}
          </Fact>
          <Fact label="Capacity" icon={Users}>
            {v.capacity ? countLabel(v.capacity, "guest", "guests") : "Capacity not given"}
          </Fact>
          <Fact label="Price" icon={CircleDollarSign}>
            {v.price ? `${v.price} per event` : "Contact for pricing"}
          </Fact>
          <Fact label="Location" icon={MapPin} wide>
            {v.location || "No address given"}
          </Fact>
        </dl>
        <p className="mt-3 line-clamp-3 text-sm break-words text-ink">
          {v.description || "No description given."}
        </p>
        <div className="mt-auto flex flex-wrap items-end justify-between gap-3 pt-4">
          <div className="min-w-0 text-sm">
            {v.submitter ? (
              <>
                <p className="text-muted">
                  Submitted by <span className="font-medium break-words text-ink">{v.submitter.name}</span> on{" "}
                  {formatDate(v.submittedAt)}
                </p>
                <a
                  href={`mailto:${v.submitter.email}`}
                  className="inline-flex max-w-full items-center gap-1 break-all text-primary underline-offset-2 hover:underline"
                >
                  <Mail className="h-3.5 w-3.5 shrink-0" aria-hidden="true" />
                  {v.submitter.email}
                </a>
              </>
            ) : (
              <p className="text-muted">
                Submitted on {formatDate(v.submittedAt)}; the submitter's account no longer exists.
              </p>
            )}
          </div>
          <div className="flex flex-wrap gap-2">
            <a
              href={v.path}
              target="_blank"
              rel="noopener noreferrer"
              className={buttonClass("outline", "sm")}
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" /> View
              <span className="sr-only">{v.name} (opens in a new tab)</span>
            </a>
            {/* The admin's edit form, which comes back here after a save. */}
            <Link
              to={withReturnTo(`/admin/edit-venue/${v.id}`, ADMIN_PENDING_PATH)}
              className={buttonClass("outline", "sm")}
            >
              <Pencil className="h-4 w-4" aria-hidden="true" /> Edit
              <span className="sr-only">{v.name}</span>
            </Link>
            <Button variant="outline" size="sm" disabled={busy} onClick={() => setConfirming(true)}>
              <X className="h-4 w-4" aria-hidden="true" />{" "}
              {submitting === "reject" ? "Rejecting..." : "Reject"}
            </Button>
            <fetcher.Form method="post">
              <input type="hidden" name="intent" value="approve" />
              <input type="hidden" name="venueId" value={v.id} />
              <Button
                type="submit"
                size="sm"
                disabled={busy}
                aria-busy={submitting === "approve" || undefined}
              >
                <Check className="h-4 w-4" aria-hidden="true" />{" "}
                {submitting === "approve" ? "Approving..." : "Approve"}
              </Button>
            </fetcher.Form>
          </div>
        </div>
      </div>
      <Dialog open={confirming} onClose={() => setConfirming(false)} title="Reject Venue">
        <fetcher.Form method="post" className="mt-3 space-y-4">
          <input type="hidden" name="intent" value="reject" />
          <input type="hidden" name="venueId" value={v.id} />
          <div className="space-y-3 text-ink-soft">
            <p>Are you sure you want to reject this venue? It will be permanently deleted.</p>
            <p className="font-medium break-words text-ink">{v.name}</p>
          </div>
          <TextareaField
            label="Reason (optional)"
            name="reason"
            rows={4}
            maxLength={REJECTION_REASON_MAX}
            description="Sent to the submitter in the email that tells them. It is shown nowhere else."
            error={reasonError}
          />
          <div className="flex justify-end gap-2">
            <DialogCancel />
            <Button type="submit" variant="danger" pending={submitting === "reject"}>
              {submitting === "reject" ? "Rejecting..." : "Reject"}
            </Button>
          </div>
        </fetcher.Form>
      </Dialog>
    </Panel>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
