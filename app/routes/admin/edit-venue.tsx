import { ArrowLeft, CalendarHeart, CircleHelp, ExternalLink } from "~/components/ui/icons";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/edit-venue";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { buttonClass } from "~/components/ui/button";
import { VenueEditForm } from "~/components/venue-form/venue-form";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { ADMIN_PENDING_PATH, adminMeta, venueListReturn, venueMessages, withReturnTo } from "~/lib/admin";
import { countLabel } from "~/lib/format";
import { savingVenueForm, venueFormRefused } from "~/infra/venue-form-reply.server";
import { getVenueForEdit, listVenueFormChoices, updateVenueAsAdmin } from "~/services/admin-venues.server";

// Spec, admin area: 'Admin edit venue'. The venue form with every stored field (the same form
// as Add Venue and the submission dialog). An unknown id shows 'Venue Not Found' and goes back to
// /admin/venues; a save goes back there too, with the spec's toast. '?returnTo=' names the list
// state the admin came from (its search, filters, sort and page, issue 22): Back and a save go
// there (or to /admin/pending, whose cards' Edit comes back to it), rebuilt by venueListReturn
// so that it is never another site.

export const meta: Route.MetaFunction = ({ data }) =>
  adminMeta(data?.venue ? `Edit ${data.venue.name}` : "Edit venue");

/** The list state to go back to, from this page's `?returnTo=`. */
const listOf = (request: Request) => venueListReturn(new URL(request.url).searchParams.get("returnTo"));

const notFound = (app: ReturnType<typeof getApp>, request: Request) =>
  redirectWithToast(app, request, listOf(request), { type: "error", message: venueMessages.notFound });

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const [venue, choices] = await Promise.all([
    getVenueForEdit(app.db, user, params.venueId),
    listVenueFormChoices(app.db, user),
  ]);
  if (!venue) throw await notFound(app, request);
  return { venue, choices, backTo: listOf(request) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const toast = { type: "error" as const, message: venueMessages.updateFailed };
  const venueId = params.venueId;
  return savingVenueForm(app.logger, "updating a venue failed", { venueId }, toast, async () => {
    const result = await updateVenueAsAdmin(app, user, venueId, request);
    if (!result) return await notFound(app, request);
    if (!result.ok) return venueFormRefused(result);
    const failed = result.failures.length;
    return await redirectWithToast(app, request, listOf(request), {
      type: "success",
      message: venueMessages.updated,
      description: failed
        ? `${countLabel(failed, "image", "images")} could not be saved: ${result.failures.map((f) => f.file).join(", ")}`
        : undefined,
    });
  });
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, venueMessages.updateFailed);
}

export default function EditVenue({ loaderData }: Route.ComponentProps) {
  const { venue, choices, backTo } = loaderData;
  return (
    <div className="mx-auto max-w-3xl space-y-6">
      <Link to={backTo} className={buttonClass("ghost", "sm", "-ml-3")}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" />{" "}
        {backTo === ADMIN_PENDING_PATH ? "Back to Pending Venues" : "Back to Venues"}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="font-serif text-3xl break-words text-ink">Edit {venue.name}</h1>
          <p className="mt-1 text-sm text-muted">
            {venue.location || "No address yet"}
            {venue.isApproved ? null : (
              <span className="ml-2 rounded-full bg-amber-50 px-2 py-0.5 text-xs font-medium text-amber-900 ring-1 ring-amber-200">
                Pending approval
              </span>
            )}
          </p>
        </div>
        <div className="flex gap-2">
          <Link to={`/admin/venue-faqs/${venue.id}`} className={buttonClass("outline", "sm")}>
            <CircleHelp className="h-4 w-4" aria-hidden="true" /> FAQs
          </Link>
          <Link to={`/admin/edit-venue/${venue.id}/availability`} className={buttonClass("outline", "sm")}>
            <CalendarHeart className="h-4 w-4" aria-hidden="true" /> Availability
          </Link>
          <a href={venue.path} target="_blank" rel="noreferrer" className={buttonClass("outline", "sm")}>
            <ExternalLink className="h-4 w-4" aria-hidden="true" /> View page
          </a>
        </div>
      </header>
      <div className="rounded-2xl border border-sand bg-white px-6 pb-6 shadow-card sm:px-8 sm:pb-8">
        <VenueEditForm
          admin
          venue={venue}
          choices={choices}
          action={withReturnTo(`/admin/edit-venue/${venue.id}`, backTo)}
          onSubmitted={() => {}}
        />
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
