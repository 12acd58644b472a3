import { useRef } from "react";
import { data, useFetcher } from "react-router";
import type { Route } from "./+types/password";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AccountField } from "~/components/forms/account-fields";
import { FormError, PasswordFields } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useEachNew } from "~/components/forms/use-each-new";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { invalid, refused } from "~/infra/form.server";
import { pageMeta } from "~/lib/seo";
import { changePasswordSchema } from "~/lib/validation/auth";
import { changePassword } from "~/services/accounts.server";

export const meta: Route.MetaFunction = pageMeta({ title: "Change Password", noindex: true });

export const action = formAction({
  schema: changePasswordSchema,
  invalid: ({ errors }) => invalid(errors),
  run: async ({ app, request, input }) => {
    const result = await changePassword(app, request, input);
    if (!result.ok) return refused(result);
    return data(
      { ok: true as const, toast: { type: "success" as const, message: "Password updated successfully" } },
      { headers: result.headers },
    );
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to update password");

export default function ChangePassword() {
  const fetcher = useFetcher<typeof action>();
  const form = useRef<HTMLFormElement>(null);
  const { errors, formProps } = useValidatedForm(changePasswordSchema, fetcher.data);
  useToast(fetcher.data?.toast);
  // Once changed, the fields empty again.
  useEachNew(fetcher.data?.ok ? fetcher.data : null, () => form.current?.reset());
  const pending = fetcher.state !== "idle";
  return (
    <>
      <h2 className="text-2xl">Change Password</h2>
      <fetcher.Form ref={form} method="post" className="mt-6 max-w-lg space-y-4" {...formProps}>
        <FormError message={errors.form} />
        <AccountField name="currentPassword" form={{ errors }} />
        <PasswordFields errors={errors} name="newPassword" />
        <Button type="submit" pending={pending}>
          {pending ? "Updating..." : "Update Password"}
        </Button>
      </fetcher.Form>
    </>
  );
}
