import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/delete-confirm";
import { ChosenFacts, DeletionFacts, LastAdminRefusal } from "~/components/account/delete-account";
import { FormError } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp } from "~/infra/session.server";
import { DELETE_ACCOUNT_PATH, deletionMessages } from "~/lib/account-deletion";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import {
  deleteWithLink,
  deletionSummary,
  readDeletionLink,
  leaveDeletedAccount,
} from "~/services/account-deletion.server";

// The page a mailed deletion link opens (issue 46, ADR 050), for an account without a password:
// the same summary, the choices made when asking, and one button. The link works once, for an hour,
// for the account that asked (this page is behind the account's sign-in).

export const meta: Route.MetaFunction = pageMeta({ title: "Delete My Account", noindex: true });

export async function loader({ params, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const user = expectUser(context);
  const choices = await readDeletionLink(db, user, params.token);
  if (!choices) return data({ choices: null, summary: null }, { status: 410 });
  return { choices, summary: await deletionSummary(db, user) };
}

const FAILURE = "Your account was not deleted";

export const action = formAction({
  run: async ({ app, actor, params, request, reply }) => {
    const result = await deleteWithLink(app, actor, params.token ?? "");
    if (!result.ok)
      return reply(
        {
          ok: false as const,
          error: result.error,
          toast: { type: "error" as const, message: FAILURE, description: result.error },
        },
        result.status,
      );
    throw await leaveDeletedAccount(app, request);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURE);

export default function ConfirmDeletion({ loaderData, actionData }: Route.ComponentProps) {
  const { choices, summary } = loaderData;
  const navigation = useNavigation();
  useToast(actionData?.toast);
  if (!choices || !summary)
    return (
      <>
        <h2 className="text-2xl">Delete My Account</h2>
        <div className="mt-6 max-w-2xl space-y-4">
          <FormError message={deletionMessages.linkInvalid} />
          <Link to={DELETE_ACCOUNT_PATH}>Delete my account</Link>
        </div>
      </>
    );
  const error = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <h2 className="text-2xl">Delete My Account</h2>
      <DeletionFacts summary={summary} />
      <ChosenFacts {...choices} />
      {summary.lastAdmin ? (
        <LastAdminRefusal message={deletionMessages.lastAdmin} />
      ) : (
        <Form method="post" className="mt-8 max-w-lg space-y-4 border-t border-sand pt-6">
          <FormError message={error} />
          <Button type="submit" variant="danger" pending={navigation.state === "submitting"}>
            Delete my account
          </Button>
        </Form>
      )}
    </>
  );
}
