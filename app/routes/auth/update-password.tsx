import { useEffect } from "react";
import {
  data,
  Form,
  redirect,
  useNavigate,
  useNavigation,
  type ShouldRevalidateFunction,
} from "react-router";
import type { Route } from "./+types/update-password";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { useToast } from "~/components/layout/use-toast";
import type { Toast } from "~/lib/toast";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { newPasswordSchema } from "~/lib/validation/auth";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { isResetTokenValid, resetPassword } from "~/services/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), { title: "Set New Password", noindex: true });

const INVALID = "/reset-password?error=invalid-link";
export const REDIRECT_DELAY_MS = 2000;

/** The email link passes through better-auth, which appends `token` (or `error`) to this URL. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const token = url.searchParams.get("token");
  if (url.searchParams.get("type") !== "recovery" || !token || url.searchParams.has("error"))
    throw redirect(INVALID);
  if (!(await isResetTokenValid(context, token))) throw redirect(INVALID);
  return { token };
}

type ActionResult = { done: boolean; errors?: FieldErrors; error?: string; toast?: Toast };

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = validate(newPasswordSchema, values);
  if (!parsed.ok) return data<ActionResult>({ done: false, errors: parsed.errors }, { status: 400 });
  const token = values.token ?? "";
  if (!(await isResetTokenValid(context, token))) throw redirect(INVALID);
  const result = await resetPassword(context, token, parsed.data.password);
  if (!result.ok) {
    return data<ActionResult>(
      { done: false, error: result.error, toast: { type: "error", message: result.error } },
      { status: result.status },
    );
  }
  return data<ActionResult>({
    done: true,
    toast: { type: "success", message: "Password has been updated successfully" },
  });
}

/** After a successful reset the token is spent: re-running the loader would send the user away
 *  before the success message and the redirect to /login. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ actionResult, defaultShouldRevalidate }) =>
  (actionResult as ActionResult | undefined)?.done ? false : defaultShouldRevalidate;

export default function UpdatePasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const navigate = useNavigate();
  const { clientErrors, onSubmit } = useClientValidation(newPasswordSchema);
  const errors = clientErrors ?? actionData?.errors ?? {};
  const done = actionData?.done === true;
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
          <Form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit}>
            <input type="hidden" name="token" value={loaderData.token} />
            <FormError message={actionData?.error} />
            <Field
              label="New Password"
              name="password"
              type="password"
              autoComplete="new-password"
              error={errors.password}
            />
            <Field
              label="Confirm New Password"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              error={errors.confirmPassword}
            />
            <Button type="submit" className="w-full" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? "Updating..." : "Update Password"}
            </Button>
          </Form>
        )}
      </div>
    </div>
  );
}
