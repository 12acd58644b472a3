import { useEffect } from "react";
import { Form, redirect, useNavigate, useNavigation, type ShouldRevalidateFunction } from "react-router";
import type { Route } from "./+types/update-password";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { Button } from "~/components/ui/button";
import { FormError, PasswordFields } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { pageMeta } from "~/lib/seo";
import { newPasswordSchema } from "~/lib/validation/auth";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { isResetTokenValid, resetPassword } from "~/services/accounts.server";
import { invalid, isDocumentRequest, refused } from "~/infra/form.server";
import { getApp, redirectWithToast } from "~/infra/session.server";

export const meta: Route.MetaFunction = pageMeta({ title: "Set New Password", noindex: true });

const INVALID = "/reset-password?error=invalid-link";
export const REDIRECT_DELAY_MS = 2000;

/** The email link passes through better-auth, which appends `token` (or `error`) to this URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (url.searchParams.get("type") !== "recovery" || !token || url.searchParams.has("error"))
    throw redirect(INVALID);
  if (!(await isResetTokenValid(getApp(context), token))) throw redirect(INVALID);
  return { token };
}

export const action = formAction({
  schema: newPasswordSchema,
  invalid: ({ errors }) => invalid(errors),
  run: async ({ app, request, input, values }) => {
    const token = values.token ?? "";
    if (!(await isResetTokenValid(app, token))) throw redirect(INVALID);
    const result = await resetPassword(app, token, input.password);
    if (!result.ok) return refused(result, {}, { type: "error", message: result.error });
    const toast = { type: "success" as const, message: "Password has been updated successfully" };
    // Posted without the script (ADR 020): the page would load again with the spent token and
    // send the visitor away as if the link were bad. Nothing would take them on either: go now.
    if (isDocumentRequest(request)) throw await redirectWithToast(app, request, "/login", toast);
    return { ok: true as const, toast };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to update password");

/** After a successful reset the token is spent: re-running the loader would send the user away
 *  before the success message and the redirect to /login. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as { ok?: boolean } | undefined)?.ok ? false : defaultShouldRevalidate;

export default function UpdatePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { errors, onSubmit, onChange } = useValidatedForm(newPasswordSchema, actionData);
  const done = actionData?.ok === true;
  useToast(actionData?.toast);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => navigate("/login"), REDIRECT_DELAY_MS);
    return () => clearTimeout(t);
  }, [done, navigate]);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-3xl">Set New Password</h1>
        {done ? (
          <p role="status" className="mt-4 text-ink-soft">
            Password has been updated successfully. Taking you to the login page...
          </p>
        ) : (
          <Form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit} onChange={onChange}>
            <input type="hidden" name="token" value={loaderData.token} />
            <FormError message={errors.form} />
            <PasswordFields errors={errors} />
            <Button type="submit" className="w-full" pending={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Updating..." : "Update Password"}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
