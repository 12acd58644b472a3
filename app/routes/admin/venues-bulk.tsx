import { Link } from "~/components/ui/link";
import type { Route } from "./+types/venues-bulk";
import { AdminPageHeader, Panel } from "~/components/back-office/page";
import { Button, buttonClass } from "~/components/ui/button";
import { readFormFields } from "~/infra/form.server";
import { adminMeta } from "~/lib/admin";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import {
  ADMIN_VENUES_PATH,
  BULK_EFFECTS,
  bulkConfirmLabel,
  bulkMessages,
  bulkQuestion,
  formatCount,
  isBulkIntent,
  parseBulkForm,
} from "~/lib/venue-bulk";
import { previewBulkAction, runBulkAction } from "~/services/venue-bulk.server";

// Bulk actions on the admin's venue list (issue 22, item 7; ADR 023). The list's bulk form posts
// here: the ticked venues (or the page's, or all that match the list's search), and Delete,
// Approve or Reject. Once the page runs, the list asks 'Delete 37 venues?' in a dialog and posts
// with `confirmed`; without the script the first post comes back as this page, which asks the
// same question with the server's count and posts the same fields confirmed. The answer is a
// redirect to the list with a flash (a document post) or the toast (the list's fetcher).

export const meta: Route.MetaFunction = () => adminMeta("Bulk action");

export const action = formAction({
  body: "none",
  log: "bulk action",
  failure: false,
  run: async ({ app, actor, request, attempt, answer }) => {
    const fields = await readFormFields(request);
    const form = parseBulkForm(fields);
    const intent = form.intent;
    if (!isBulkIntent(intent))
      return answer({ type: "error", message: bulkMessages.unknownAction }, 400, form.returnTo);
    const work = async () => {
      // Asked first; a delete of managed venues with open inquiries once more, with confirm=1.
      const ask = !form.confirmed || (intent === "delete" && !form.warned);
      const preview = ask ? await previewBulkAction(app.db, actor, form.selection, intent) : null;
      if (preview && !preview.ok)
        return answer({ type: "error", message: preview.error }, preview.status, form.returnTo);
      if (preview && (!form.confirmed || preview.warning)) {
        const { count, names, warning } = preview;
        const kept = fields.filter(([k]) => !["intent", "confirmed", "confirm"].includes(k));
        return { question: { intent, count, names, warning, fields: kept, returnTo: form.returnTo } };
      }
      const outcome = await runBulkAction(app, actor, intent, form.selection);
      return outcome.ok
        ? answer(outcome.toast, 200, form.returnTo)
        : answer({ type: "error", message: outcome.error }, outcome.status, form.returnTo);
    };
    const failed = { type: "error" as const, message: bulkMessages.failed };
    return attempt(work, null, intent).then((r) => r ?? answer(failed, 500, form.returnTo));
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(bulkMessages.failed);

export default function BulkAction({ actionData }: Route.ComponentProps) {
  const question = actionData && "question" in actionData ? actionData.question : null;
  if (!question)
    return (
      <div className="mx-auto max-w-2xl space-y-6">
        <AdminPageHeader title="Bulk action" />
        <Panel className="p-6 text-ink-soft">
          <p>
            Tick venues in the list, then choose what to do with them.{" "}
            <Link to={ADMIN_VENUES_PATH} className="font-medium text-primary underline">
              Back to venues
            </Link>
          </p>
        </Panel>
      </div>
    );
  const { intent, count, names, warning } = question;
  const more = count - names.length;
  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <AdminPageHeader title={bulkQuestion(intent, count)} />
      <Panel className="space-y-4 p-6 text-ink-soft">
        <ul className="list-disc space-y-1 pl-5 text-ink">
          {names.map((n, i) => (
            <li key={i} className="break-words">
              {n}
            </li>
          ))}
          {more > 0 ? <li className="text-ink-soft">and {formatCount(more)} more</li> : null}
        </ul>
        <p>{BULK_EFFECTS[intent]}</p>
        {warning ? (
          <p
            role="alert"
            className="rounded-xl border border-danger/30 bg-red-50 p-4 font-medium text-danger"
          >
            {warning}
          </p>
        ) : null}
        <form method="post" className="flex flex-wrap justify-end gap-2 pt-2">
          {question.fields.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="1" />
          {warning ? <input type="hidden" name="confirm" value="1" /> : null}
          <Link to={question.returnTo} className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" variant={intent === "approve" ? "primary" : "danger"}>
            {warning ? "Trash anyway" : bulkConfirmLabel(intent, count)}
          </Button>
        </form>
      </Panel>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
