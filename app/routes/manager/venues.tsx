import { Images, Pencil, Settings, Users } from "~/components/ui/icons";
import { useCallback, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/venues";
import { LoadFailedPanel } from "~/components/back-office/page";
import {
  ManagedVenueCard,
  ManagedVenueRating,
  NoManagedVenues,
  PendingBadge,
} from "~/components/manager/managed-venue-card";
import { showToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { Spinner } from "~/components/ui/spinner";
import { VenueEditForm, type SubmissionReply } from "~/components/venue-form/venue-form";
import { loggedAsNull } from "~/infra/logger.server";
import { expectUser, getApp } from "~/infra/session.server";
import { managerMessages, managerMeta } from "~/lib/manager";
import { managerVenuePath } from "~/lib/venue-attention";
import { countLabel } from "~/lib/format";
import { listManagedVenues, type ManagedVenueCard as Card } from "~/services/manager-venues.server";
import type { clientLoader as editLoader } from "./edit-venue";

// Spec: 'Manager My Venues' (issue 13, item 3): a card per venue the user manages, 'Edit Details'
// opening the 'Edit Venue' side sheet with the venue form, 'Manage Venue' going to the edit page.

export const meta: Route.MetaFunction = () => managerMeta("My Venues");

export async function loader({ context }: Route.LoaderArgs) {
  const app = getApp(context);
  const venues = await listManagedVenues(app.db, expectUser(context)).catch(
    loggedAsNull(app.logger, "managed venues failed to load"),
  );
  return { venues };
}

export default function MyVenues({ loaderData }: Route.ComponentProps) {
  const { venues } = loaderData;
  const [editing, setEditing] = useState<Card | null>(null);
  return (
    <div className="space-y-6">
      <h1 className="text-3xl">My Venues</h1>
      {venues === null ? (
        <LoadFailedPanel message={managerMessages.venuesFailed} />
      ) : venues.length === 0 ? (
        <NoManagedVenues />
      ) : (
        <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {venues.map((v) => (
            <li key={v.id}>
              <ManagedVenueCard venue={v} heading="h2" badge={v.isApproved ? null : <PendingBadge />}>
                <p className="line-clamp-2 text-sm text-ink-soft">
                  {v.description.trim() || "No description available."}
                </p>
                <dl className="mt-1 grid grid-cols-2 gap-x-4 gap-y-1.5 text-sm">
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <Images className="h-4 w-4 text-muted" aria-hidden="true" />
                      <span className="sr-only">Photos</span>
                    </dt>
                    <dd>{countLabel(v.imageCount, "photo", "photos")}</dd>
                  </div>
                  <div className="flex items-center gap-1.5">
                    <dt>
                      <Users className="h-4 w-4 text-muted" aria-hidden="true" />
                      <span className="sr-only">Capacity</span>
                    </dt>
                    <dd>
                      {v.capacity === null
                        ? "Capacity: Not specified"
                        : countLabel(v.capacity, "guest", "guests")}
                    </dd>
                  </div>
                  <div className="col-span-2">
                    <dt className="sr-only">Rating</dt>
                    <dd>
                      <ManagedVenueRating rating={v.rating} reviewCount={v.reviewCount} />
                    </dd>
                  </div>
                </dl>
                <div className="mt-auto flex flex-wrap gap-2 pt-3">
                  <Button
                    variant="outline"
                    size="sm"
                    className="flex-1 whitespace-nowrap"
                    onClick={() => setEditing(v)}
                    aria-label={`Edit Details of ${v.name}`}
                  >
                    <Pencil className="h-4 w-4" aria-hidden="true" /> Edit Details
                  </Button>
                  <Link
                    to={managerVenuePath(v.id)}
                    className={buttonClass("primary", "sm", "flex-1 whitespace-nowrap")}
                    aria-label={`Manage Venue ${v.name}`}
                  >
                    <Settings className="h-4 w-4" aria-hidden="true" /> Manage Venue
                  </Link>
                </div>
              </ManagedVenueCard>
            </li>
          ))}
        </ul>
      )}
      <EditVenueSheet venue={editing} onClose={() => setEditing(null)} />
    </div>
  );
}

/** Spec: the 'Edit Venue' side sheet, with the venue form loaded from the edit page's data. */
function EditVenueSheet({ venue, onClose }: { venue: Card | null; onClose: () => void }) {
  return (
    <Dialog
      open={venue !== null}
      onClose={onClose}
      title="Edit Venue"
      description={venue?.name}
      placement="right"
      className="sm:max-w-2xl"
    >
      {venue ? <EditVenueDetails key={venue.id} id={venue.id} onClose={onClose} /> : null}
    </Dialog>
  );
}

/** The sheet's content: mounted with each opening, so it loads that venue's current data. */
function EditVenueDetails({ id, onClose }: { id: string; onClose: () => void }) {
  const details = useFetcher<typeof editLoader>();
  const { load } = details;
  useEffect(() => {
    void load(managerVenuePath(id));
  }, [id, load]);
  // Kept while the data reloads after a save: the form stays mounted to get the save's answer
  // (it shows the toast and closes the sheet).
  const data = details.data;
  const saved = useCallback(
    (reply: Extract<SubmissionReply, { ok: true }>) => {
      void showToast(reply.toast);
      onClose();
    },
    [onClose],
  );
  if (data?.venue) {
    const loaded = data.venue;
    return (
      <VenueEditForm
        admin
        withImages={false}
        venue={loaded.venue}
        choices={loaded.choices}
        action={managerVenuePath(loaded.venue.id)}
        onCancel={onClose}
        onSubmitted={saved}
      />
    );
  }
  return data ? (
    <p role="alert" className="mt-6 text-danger">
      {data.error ?? managerMessages.venueFailed}
    </p>
  ) : (
    <div className="flex items-center justify-center gap-3 py-16 text-muted">
      <Spinner label="Loading the form" /> Loading the form...
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
