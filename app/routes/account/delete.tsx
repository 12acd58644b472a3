import { Form, useNavigation } from "react-router";
import type { Route } from "./+types/delete";
import { DeletionFacts, LastAdminRefusal, ReviewChoiceField } from "~/components/account/delete-account";
import { AccountField } from "~/components/forms/account-fields";
import { Checkbox, FormError } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { formAction } from "~/infra/action.server";
import { refused } from "~/infra/form.server";
import { expectUser, getApp } from "~/infra/session.server";
import { deleteAccountSchema, deletionMessages } from "~/lib/account-deletion";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { deletionSummary, requestDeletion, leaveDeletedAccount } from "~/services/account-deletion.server";

// 'Delete my account' (issue 46, ADR 050): what happens, the choice about reviews and contact
// details, then the password again (or, for an account without one, a mailed link). A plain form:
// the answer is the home page once deleted, or this page with the message and the choices kept.

export const meta: Route.MetaFunction = pageMeta({ title: "Delete My Account", noindex: true });

export async function loader({ context }: Route.LoaderArgs) {
  return { summary: await deletionSummary(getApp(context).db, expectUser(context)) };
}

const FAILURE = "Your account was not deleted";

export const action = formAction({
  schema: deleteAccountSchema,
  run: async ({ app, actor, input, values, request }) => {
    const { password, ...choices } = input;
    const result = await requestDeletion(app, actor, choices, password);
    if (!result.ok)
      return refused(result, values, { type: "error", message: FAILURE, description: result.error });
    if (!result.deleted)
      return {
        ok: true as const,
        mailed: true,
        toast: { type: "success" as const, message: deletionMessages.linkSent },
      };
    throw await leaveDeletedAccount(app, request);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURE);

export default function DeleteAccount({ loaderData, actionData }: Route.ComponentProps) {
  const { summary } = loaderData;
  const navigation = useNavigation();
  useToast(actionData?.toast);
  const errors = actionData && "errors" in actionData ? actionData.errors : {};
  const values = actionData && "values" in actionData ? actionData.values : {};
  const mailed = actionData && "mailed" in actionData && actionData.mailed;
  return (
    <>
      <h2 className="text-2xl">Delete My Account</h2>
      <DeletionFacts summary={summary} />
      {summary.lastAdmin ? (
        <LastAdminRefusal message={deletionMessages.lastAdmin} />
      ) : mailed ? (
        <p role="status" className="mt-6 max-w-2xl rounded-lg bg-primary-soft p-4 text-primary-dark">
          {deletionMessages.linkSent}
        </p>
      ) : (
        <Form method="post" className="mt-8 max-w-lg space-y-5 border-t border-sand pt-6">
          <FormError message={errors.form} />
          <ReviewChoiceField count={summary.reviews} chosen={values.reviews} error={errors.reviews} />
          <Checkbox
            name="eraseContact"
            defaultChecked={values.eraseContact === "on"}
            label="Erase my contact details from my inquiries now"
          />
          {summary.hasPassword ? (
            <AccountField name="password" form={{ errors }} />
          ) : (
            <p className="text-sm text-muted">
              Your account has no password: we&apos;ll email you a link to confirm.
            </p>
          )}
          <Button type="submit" variant="danger" pending={navigation.state === "submitting"}>
            {summary.hasPassword ? "Delete my account" : "Email me the link"}
          </Button>
        </Form>
      )}
    </>
  );
}
