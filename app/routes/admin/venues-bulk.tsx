import { data, Link } from "react-router";
import type { Route } from "./+types/venues-bulk";
import { AdminPageHeader, Panel } from "~/components/back-office/page";
import { Button, buttonClass } from "~/components/ui/button";
import { isDocumentRequest, readFormFields } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { adminMeta } from "~/lib/admin";
import { keepWorkOnFailure } from "~/lib/failed-request";
import type { Toast } from "~/lib/toast";
import {
  ADMIN_VENUES_PATH,
  BULK_EFFECTS,
  bulkConfirmLabel,
  bulkMessages,
  bulkQuestion,
  formatCount,
  isBulkIntent,
  parseBulkForm,
  type BulkIntent,
} from "~/lib/venue-bulk";
import { isThrownAnswer } from "~/infra/answers.server";
import { previewBulkAction, runBulkAction } from "~/services/venue-bulk.server";

// Bulk actions on the admin's venue list (issue 22, item 7; ADR 023). The list's bulk form posts
// here: the ticked venues (or the page's, or all that match the list's search), and Delete,
// Approve or Reject. Once the page runs, the list asks 'Delete 37 venues?' in a dialog and posts
// with `confirmed`; without the script the first post comes back as this page, which asks the
// same question with the server's count and posts the same fields confirmed. The answer is a
// redirect to the list with a flash (a document post) or the toast (the list's fetcher).

export const meta: Route.MetaFunction = () => adminMeta("Bulk action");

type Question = {
  intent: BulkIntent;
  count: number;
  names: string[];
  fields: [string, string][];
  returnTo: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const fields = await readFormFields(request);
  const form = parseBulkForm(fields);
  const answer = async (toast: Toast, status = 200) =>
    isDocumentRequest(request)
      ? redirectWithToast(app, request, form.returnTo, toast)
      : data({ ok: status === 200, toast }, { status });
  const intent = form.intent;
  if (!isBulkIntent(intent)) return answer({ type: "error", message: bulkMessages.unknownAction }, 400);
  try {
    if (!form.confirmed) {
      const preview = await previewBulkAction(app.db, user, form.selection);
      if (!preview.ok) return answer({ type: "error", message: preview.error }, preview.status);
      const question: Question = {
        intent,
        count: preview.count,
        names: preview.names,
        fields: fields.filter(([k]) => k !== "intent" && k !== "confirmed"),
        returnTo: form.returnTo,
      };
      return { question };
    }
    const outcome = await runBulkAction(app, user, intent, form.selection);
    return outcome.ok
      ? answer(outcome.toast)
      : answer({ type: "error", message: outcome.error }, outcome.status);
  } catch (err) {
    if (isThrownAnswer(err)) throw err;
    app.logger.error("bulk action failed", { intent, error: String(err) });
    return answer({ type: "error", message: bulkMessages.failed }, 500);
  }
}

/** A request that fails (network, a proxy's 502) says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, bulkMessages.failed);
}

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
  const { intent, count, names } = question;
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
        <form method="post" className="flex flex-wrap justify-end gap-2 pt-2">
          {question.fields.map(([k, v], i) => (
            <input key={`${k}-${i}`} type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="intent" value={intent} />
          <input type="hidden" name="confirmed" value="1" />
          <Link to={question.returnTo} className={buttonClass("outline")}>
            Cancel
          </Link>
          <Button type="submit" variant={intent === "approve" ? "primary" : "danger"}>
            {bulkConfirmLabel(intent, count)}
          </Button>
        </form>
      </Panel>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
