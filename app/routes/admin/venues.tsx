import { Plus } from "~/components/ui/icons";
import { useCallback, useState } from "react";
import type { Route } from "./+types/venues";
import { keepWork, keepWorkOnFailure } from "~/lib/failed-request";
import { attempt, formAction } from "~/infra/action.server";
import { GeocodingWarning } from "~/components/admin/geocoding-warning";
import { VenueImportPanel } from "~/components/admin/venue-import-panel";
import { VenueListFilters } from "~/components/admin/venue-list-filters";
import { VenuesTable } from "~/components/admin/venues-table";
import { TrashLink, VenueBulkBar } from "~/components/admin/venue-bulk-bar";
import { VenueImportFilter } from "~/components/admin/venue-import-filter";
import { showToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { VenueForm, type SubmissionReply } from "~/components/venue-form/venue-form";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { savingVenueForm, venueFormRefused } from "~/infra/venue-form-reply.server";
import {
  adminListParams,
  adminListUrl,
  adminMeta,
  isNarrowed,
  venueListReturn,
  venueMessages,
} from "~/lib/admin";
import { needsGeocodingWarning } from "~/lib/coordinates";
import type { Toast } from "~/lib/toast";
import { countLabel, formatNumber } from "~/lib/format";
import {
  createVenueAsAdmin,
  deleteVenueAsAdmin,
  geocodeVenueAsAdmin,
  geocodingStatusForAdmin,
  listVenueFormChoices,
  listVenuesForAdmin,
} from "~/services/admin-venues.server";
import { listImportChoices } from "~/services/import-undo.server";
import { countTrash } from "~/services/venue-trash.server";
import { isThrownAnswer } from "~/lib/refusal";

// Spec, admin area: 'Admin venues'. The table of approved venues (search, filters, sort, pages;
// issue 22 adds the pending ones as a filter), the Add Venue dialog (the venue form, approved at
// once), delete and geocode per venue, and the CSV import panel (its endpoint is
// ./venues-import.ts). Every write revalidates this loader, so the list is always the saved one; a
// delete redirects to the list's address it was sent from, so the list state survives it.

export const meta: Route.MetaFunction = () => adminMeta("Venues");

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const params = adminListParams(new URL(request.url).searchParams);
  try {
    const [list, choices, coordinates, bulk] = await Promise.all([
      listVenuesForAdmin(app.db, user, params),
      listVenueFormChoices(app.db, user),
      geocodingStatusForAdmin(app.db, user),
      // The 'imported by file' filter's choices and the trash's count (issue 22, items 7 and 8).
      Promise.all([listImportChoices(app.db, user, params.importId ?? ""), countTrash(app.db, user)]),
    ]);
    // The spec's 'Geocoding Required' warning: approved venues lacking valid coordinates are
    // missing from the map until the server's geocoder places them (ADR 014).
    const geocodingRequired = needsGeocodingWarning(coordinates) ? { missing: coordinates.missing } : null;
    const [imports, trash] = bulk;
    return { list, choices, geocodingRequired, params, imports, trash, error: null };
  } catch (err) {
    if (isThrownAnswer(err)) throw err;
    app.logger.error("loading the admin venues failed", { error: String(err) });
    return {
      list: null,
      choices: null,
      geocodingRequired: null,
      params,
      imports: [],
      trash: 0,
      error: venueMessages.loadFailed,
    };
  }
}

const toast = (type: Toast["type"], message: string): Toast => ({ type, message });

export async function action(args: Route.ActionArgs) {
  const { request, context } = args;
  const app = getApp(context);
  const user = expectUser(context);
  const intent = new URL(request.url).searchParams.get("intent");

  if (intent === "add") return addVenue(app, user, request);

  return change(args);
}

/** Add Venue: the venue form's answer, the toast and the notices of images that were not stored. */
function addVenue(app: ReturnType<typeof getApp>, user: ReturnType<typeof expectUser>, request: Request) {
  const failed = toast("error", venueMessages.addFailed);
  return savingVenueForm(app.logger, "adding a venue failed", {}, failed, async () => {
    const result = await createVenueAsAdmin(app, user, request);
    if (!result.ok) return venueFormRefused(result);
    const notices: Toast[] = result.failures.map((f) => toast("error", f.message));
    return {
      ok: true as const,
      toast: toast("success", venueMessages.added),
      notices,
      redirectTo: "",
      venue: result.venue,
    };
  });
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
const FAILURES = { delete: venueMessages.deleteFailed, geocode: "Geocoding failed" };

/** Delete and Geocode, through the envelope (ADR 036). */
const change = formAction({
  run: async ({ app, actor, request, values, reply }) => {
    const venueId = values.venueId ?? "";
    const refused = (status: number, message: string) =>
      reply({ ok: false as const, toast: toast("error", message) }, status);
    if (values.intent === "geocode") {
      const result = await geocodeVenueAsAdmin(app, actor, venueId);
      return result.ok
        ? { ok: true as const, toast: toast("success", venueMessages.geocoded) }
        : refused(result.status, result.error);
    }
    if (values.intent !== "delete") return refused(400, "Unknown action");
    const confirmed = values.confirm === "1";
    const result = await attempt(app, () => deleteVenueAsAdmin(app, actor, venueId, confirmed), {
      log: () => ["deleting a venue failed", { venueId }],
      failure: () => null,
    });
    if (!result) return refused(500, venueMessages.deleteFailed);
    // Managers and open inquiries: the dialog (or the page) asks again, with confirm=1.
    if (!result.ok && result.warning)
      return reply({ ok: false as const, warning: result.error, venueId }, 409);
    if (!result.ok) return refused(result.status, result.error);
    // Back to the list's address the form was sent from: its search, filters, sort and page.
    const { pathname, search } = new URL(request.url);
    return await redirectWithToast(
      app,
      request,
      venueListReturn(pathname + search),
      toast("success", venueMessages.deleted),
    );
  },
});

export async function clientAction(args: Route.ClientActionArgs) {
  const adding = new URL(args.request.url).searchParams.get("intent") === "add";
  return adding ? keepWorkOnFailure(args, venueMessages.addFailed) : keepChange(args);
}
const keepChange = keepWork<Route.ClientActionArgs>(FAILURES, FAILURES.geocode);

export default function AdminVenues({ loaderData }: Route.ComponentProps) {
  const { list, choices, geocodingRequired, params, imports, trash, error } = loaderData;
  const [adding, setAdding] = useState(false);
  const added = useCallback((reply: Extract<SubmissionReply, { ok: true }>) => {
    setAdding(false);
    void showToast(reply.toast);
    for (const notice of reply.notices) void showToast(notice);
  }, []);

  return (
    <div className="mx-auto max-w-6xl space-y-8">
      <header className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="font-serif text-3xl text-ink">Venues</h1>
          <p className="mt-1 text-sm text-muted" aria-live="polite">
            {params.status === "pending" ? "Venues waiting for review." : "Approved venues in the directory."}{" "}
            {list
              ? isNarrowed(params)
                ? `${formatNumber(list.total)} of ${countLabel(list.of, "venue", "venues")}.`
                : `${countLabel(list.total, "venue", "venues")}.`
              : null}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <TrashLink count={trash} />
          <Button onClick={() => setAdding(true)} disabled={!choices}>
            <Plus className="h-4 w-4" aria-hidden="true" /> Add Venue
          </Button>
        </div>
      </header>

      {geocodingRequired ? <GeocodingWarning missing={geocodingRequired.missing} /> : null}

      <VenueImportPanel />

      {choices ? (
        <VenueListFilters key={adminListUrl(params)} params={params} venueTypes={choices.venueTypes} />
      ) : null}

      <VenueImportFilter imports={imports} current={params.importId ?? ""} />

      {list ? (
        <VenuesTable
          list={list}
          params={params}
          bulkBar={<VenueBulkBar total={list.total} pageIds={list.venues.map((v) => v.id)} />}
        />
      ) : (
        <p role="alert" className="rounded-xl border border-danger/30 bg-red-50 p-6 text-danger">
          {error}
        </p>
      )}

      {choices ? (
        <Dialog
          open={adding}
          onClose={() => setAdding(false)}
          title="Add Venue"
          description="The venue is listed at once: admins' venues need no approval."
          className="max-w-2xl"
        >
          <VenueForm
            admin
            action="/admin/venues?intent=add"
            venueTypes={choices.venueTypes}
            amenities={choices.amenities}
            submitLabel="Add Venue"
            pendingLabel="Adding..."
            onCancel={() => setAdding(false)}
            onSubmitted={added}
          />
        </Dialog>
      ) : null}
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
