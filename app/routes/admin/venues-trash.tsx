import { useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/venues-trash";
import { AdminPageHeader, AdminTable, EmptyState, Panel } from "~/components/back-office/page";
import { ConfirmDialog } from "~/components/back-office/confirm-dialog";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { ArrowLeft, History, Trash2 } from "~/components/ui/icons";
import { LocalTime } from "~/components/admin/local-time";
import { Pagination } from "~/components/ui/pagination";
import { VenueImage } from "~/components/venue/venue-image";
import { expectUser, getApp } from "~/infra/session.server";
import { adminMeta } from "~/lib/admin";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import type { Toast } from "~/lib/toast";
import {
  ADMIN_VENUES_PATH,
  countOf,
  TRASH_DAYS,
  TRASH_PATH,
  trashMessages,
  type TrashRow,
} from "~/lib/venue-bulk";
import { findTrashed, listTrash, purgeFromTrash, restoreFromTrash } from "~/services/venue-trash.server";

// The venue trash (issue 22, item 7; ADR 023): deleted venues for 30 days, the latest first, each
// with Restore (everything it had comes back) and Delete forever (asked first: a dialog once the
// page runs, before that this page again with the question). Without the script each form is a
// plain post answered with a redirect and a flash.

export const meta: Route.MetaFunction = () => adminMeta("Trash");

const pageOf = (url: URL) => Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1;
const pagePath = (n: number) => (n > 1 ? `${TRASH_PATH}?page=${n}` : TRASH_PATH);

export async function loader({ request, context }: Route.LoaderArgs) {
  return listTrash(getApp(context).db, expectUser(context), pageOf(new URL(request.url)));
}

export const action = formAction({
  log: "trash action",
  failure: false,
  run: async ({ app, actor, values, request, answer, attempt }) => {
    const back = pagePath(pageOf(new URL(request.url)));
    const restoring = values.intent === "restore";
    if (!restoring && values.intent !== "purge")
      return answer({ type: "error", message: "Unknown action" }, 400, back);
    // 'Delete forever' without the script: this page again, asking first.
    if (!restoring && values.confirmed !== "1") {
      const venue = await findTrashed(app.db, actor, values.venueId ?? "");
      if (!venue) return answer({ type: "error", message: trashMessages.notInTrash }, 404, back);
      return { confirmPurge: venue };
    }
    const ids = [values.venueId ?? ""];
    const failed = {
      ok: false as const,
      error: restoring ? trashMessages.restoreFailed : trashMessages.purgeFailed,
      status: 500,
    };
    const outcome = await attempt(
      () => (restoring ? restoreFromTrash(app, actor, ids) : purgeFromTrash(app, actor, ids)),
      failed,
    );
    return outcome.ok
      ? answer({ type: "success", message: outcome.message }, 200, back)
      : answer({ type: "error", message: outcome.error }, outcome.status, back);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>((form) =>
  form.get("intent") === "restore" ? trashMessages.restoreFailed : trashMessages.purgeFailed,
);

export default function Trash({ loaderData, actionData }: Route.ComponentProps) {
  const { venues, total, page, pageCount } = loaderData;
  const asking = actionData && "confirmPurge" in actionData ? actionData.confirmPurge : null;
  return (
    <div className="mx-auto max-w-6xl space-y-6">
      <AdminPageHeader
        title="Trash"
        description={`Deleted venues stay here for ${TRASH_DAYS} days, then they are deleted for good.${total > 0 ? ` ${countOf(total, "venue")} in the trash.` : ""}`}
        actions={
          <Link to={ADMIN_VENUES_PATH} className={buttonClass("outline")}>
            <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to venues
          </Link>
        }
      />
      {asking ? <PurgeQuestion venue={asking} page={page} /> : null}
      <Panel labelledBy="trash-title">
        <h2 id="trash-title" className="sr-only">
          Venues in the trash
        </h2>
        {venues.length === 0 ? (
          <EmptyState icon={<Trash2 className="h-10 w-10" aria-hidden="true" />} title="The trash is empty">
            Venues you delete appear here for {TRASH_DAYS} days, so that they can be restored.
          </EmptyState>
        ) : (
          <AdminTable
            label="Trash"
            caption="Venues in the trash, the latest deleted first"
            columns={[
              { label: "Venue", className: "w-2/5" },
              { label: "Deleted" },
              { label: "Deleted for good" },
              { label: "Actions", className: "text-right" },
            ]}
          >
            {venues.map((v) => (
              <TrashedVenue key={v.id} venue={v} page={page} />
            ))}
          </AdminTable>
        )}
      </Panel>
      <Pagination page={page} pageCount={pageCount} href={pagePath} label="Trash pages" />
    </div>
  );
}

type Reply = { ok: boolean; toast?: Toast } | undefined;

function TrashedVenue({ venue: v, page }: { venue: TrashRow; page: number }) {
  const restorer = useFetcher<Reply>();
  const purger = useFetcher<Reply>();
  useToast(restorer.data?.toast);
  useToast(purger.data?.toast);
  const [confirming, setConfirming] = useState(false);
  const action = pagePath(page);
  return (
    <tr className="align-top">
      <th scope="row" className="px-5 py-3 text-left font-normal">
        <div className="flex items-center gap-3">
          <VenueImage src={v.image} width={96} className="h-12 w-18 shrink-0 rounded-md object-cover" />
          <span className="min-w-0">
            <span className="block font-medium break-words text-ink">{v.name}</span>
            <span className="block text-xs break-words text-muted">{v.location || "No address"}</span>
          </span>
        </div>
      </th>
      <td className="px-5 py-3 text-ink-soft">
        <LocalTime iso={v.deletedAt} className="block whitespace-nowrap" />
        <span className="block text-xs text-muted">
          {v.importFile
            ? `Undo of the import of ${v.importFile}`
            : `by ${v.deletedBy ?? "a deleted account"}`}
        </span>
      </td>
      <td className="px-5 py-3 whitespace-nowrap text-ink-soft">
        <LocalTime iso={v.purgeAt} />
      </td>
      <td className="px-5 py-3">
        <div className="flex flex-wrap justify-end gap-2">
          <restorer.Form method="post" action={action}>
            <input type="hidden" name="intent" value="restore" />
            <input type="hidden" name="venueId" value={v.id} />
            {/* Named by aria-label, not a hidden span: one would escape the table's scroll box. */}
            <Button
              type="submit"
              variant="outline"
              size="sm"
              aria-label={`Restore ${v.name}`}
              pending={restorer.state !== "idle"}
            >
              <History className="h-4 w-4" aria-hidden="true" /> Restore
            </Button>
          </restorer.Form>
          <purger.Form
            method="post"
            action={action}
            onSubmit={(e) => {
              e.preventDefault();
              setConfirming(true);
            }}
          >
            <input type="hidden" name="intent" value="purge" />
            <input type="hidden" name="venueId" value={v.id} />
            <Button
              type="submit"
              variant="outline"
              size="sm"
              aria-label={`Delete forever ${v.name}`}
              pending={purger.state !== "idle"}
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" /> Delete forever
            </Button>
          </purger.Form>
        </div>
        <ConfirmDialog
          open={confirming}
          onClose={() => setConfirming(false)}
          title={trashMessages.purgeQuestion}
          confirmLabel="Delete forever"
          onConfirm={() => {
            setConfirming(false);
            void purger.submit(
              { intent: "purge", venueId: v.id, confirmed: "1" },
              { method: "post", action },
            );
          }}
        >
          <p className="font-medium break-words text-ink">{v.name}</p>
          <p>{trashMessages.purgeEffect}</p>
        </ConfirmDialog>
      </td>
    </tr>
  );
}

/** 'Delete forever' asked without the script: the question, and the same form confirmed. */
function PurgeQuestion({ venue, page }: { venue: { id: string; name: string }; page: number }) {
  return (
    <Panel className="space-y-3 border-danger/40 p-6" labelledBy="purge-question">
      <h2 id="purge-question" className="text-xl">
        {trashMessages.purgeQuestion}
      </h2>
      <p className="font-medium break-words text-ink">{venue.name}</p>
      <p className="text-ink-soft">{trashMessages.purgeEffect}</p>
      <form method="post" action={pagePath(page)} className="flex flex-wrap justify-end gap-2">
        <input type="hidden" name="intent" value="purge" />
        <input type="hidden" name="venueId" value={venue.id} />
        <input type="hidden" name="confirmed" value="1" />
        <Link to={pagePath(page)} className={buttonClass("outline")}>
          Cancel
        </Link>
        <Button type="submit" variant="danger">
          Delete forever
        </Button>
      </form>
    </Panel>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
