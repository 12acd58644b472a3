import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/import-undo";
import { AdminPageHeader, Panel } from "~/components/back-office/page";
import { UNDO_EFFECT } from "~/components/admin/activity-list";
import { Button, buttonClass } from "~/components/ui/button";
import { LocalTime } from "~/components/admin/local-time";
import { isDocumentRequest } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { adminMeta } from "~/lib/admin";
import { keepWork } from "~/lib/failed-request";
import { attempt, formAction } from "~/infra/action.server";
import type { Toast } from "~/lib/toast";
import { safeRedirect } from "~/lib/user";
import { countOf, undoMessages } from "~/lib/venue-bulk";
import { importUndoInfo, undoImport } from "~/services/import-undo.server";

// 'Undo this import' (issue 22, item 7; ADR 023). Recent Activity's button asks in a dialog and
// posts here; before the page runs it is a link to this page, which asks and posts the same form.
// The answer goes back to where the admin was (`returnTo`), with what the undo did.

export const meta: Route.MetaFunction = () => adminMeta("Undo import");

const backTo = (to: unknown) => {
  const path = safeRedirect(to, "/admin/dashboard");
  return path.startsWith("/admin/") ? path : "/admin/dashboard";
};

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const info = await importUndoInfo(getApp(context).db, expectUser(context), params.importId);
  if (!info) throw data({ error: undoMessages.notFound }, { status: 404 });
  return { info, returnTo: backTo(new URL(request.url).searchParams.get("returnTo")) };
}

export const action = formAction({
  run: async ({ app, actor, values, params, request }) => {
    const returnTo = backTo(values.returnTo);
    const outcome = await attempt(app, () => undoImport(app, actor, params.importId), {
      log: () => ["undoing an import failed", { importId: params.importId }],
      failure: () => ({ ok: false as const, error: undoMessages.failed, status: 500 }),
    });
    const toast: Toast = outcome.ok
      ? { type: "success", message: outcome.message, description: outcome.description }
      : { type: "error", message: outcome.error };
    const status = outcome.ok ? 200 : outcome.status;
    if (isDocumentRequest(request)) return redirectWithToast(app, request, returnTo, toast);
    return data({ ok: status === 200, toast }, { status });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(undoMessages.failed);

export default function ImportUndo({ loaderData }: Route.ComponentProps) {
  const { info, returnTo } = loaderData;
  const left = info.added + info.updated;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AdminPageHeader title={undoMessages.question(info.fileName)} />
      <Panel className="space-y-4 p-6 text-ink-soft">
        <p>
          Imported <LocalTime iso={info.createdAt} />
          {info.actorName ? ` by ${info.actorName}` : ""}.{" "}
          {left > 0
            ? `Left to undo: ${countOf(info.added, "venue")} it added, ${countOf(info.updated, "venue")} it updated.`
            : info.undoneAt
              ? "This import has been undone."
              : undoMessages.nothing}
        </p>
        <p>{UNDO_EFFECT}</p>
        <form method="post" className="flex flex-wrap justify-end gap-2 pt-2">
          <input type="hidden" name="returnTo" value={returnTo} />
          <Link to={returnTo} className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" variant="danger" disabled={left === 0}>
            Undo import
          </Button>
        </form>
      </Panel>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
