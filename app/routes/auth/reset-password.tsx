import { Form, useNavigation } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/reset-password";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { Button } from "~/components/ui/button";
import { AccountField } from "~/components/forms/account-fields";
import { FormError } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { pageMeta } from "~/lib/seo";
import { resetRequestSchema } from "~/lib/validation/auth";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { requestPasswordReset } from "~/services/accounts.server";
import { refused } from "~/infra/form.server";

export const meta: Route.MetaFunction = pageMeta({
  title: "Reset Password",
  path: "/reset-password",
  noindex: true,
});

const LINK_PROBLEMS: Record<string, string> = {
  "invalid-link":
    "That password reset link is invalid, expired or has already been used. Please request a new one.",
};

export function loader({ request }: Route.LoaderArgs) {
  const problem = new URL(request.url).searchParams.get("error");
  return { notice: problem ? (LINK_PROBLEMS[problem] ?? LINK_PROBLEMS["invalid-link"]) : null };
}

export const action = formAction({
  schema: resetRequestSchema,
  run: async ({ app, request, input: { email }, values }) => {
    const result = await requestPasswordReset(app, request, email);
    if (!result.ok) return refused(result, values, { type: "error", message: result.error });
    return {
      ok: true as const,
      email,
      toast: { type: "success" as const, message: "Password reset email has been sent" },
    };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to send password reset email");

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const form = useValidatedForm(resetRequestSchema, actionData);
  const { errors, onSubmit, onChange } = form;
  const pending = navigation.state === "submitting";
  const sent = actionData?.ok ? actionData : null;
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
        {sent ? (
          <div role="status" className="text-center">
            <h1 className="text-3xl">Check your email</h1>
            <p className="mt-3 text-ink-soft">
              If an account exists for <strong className="wrap-anywhere">{sent.email}</strong>, we sent a link
              to set a new password. It expires in one hour.
            </p>
            <Link
              to="/login"
              className="mt-6 inline-block font-medium text-primary underline underline-offset-4"
            >
              Back to Login
            </Link>
          </div>
        ) : (
          <>
            <h1 className="text-3xl">Reset your password</h1>
            <p className="mt-2 text-sm text-muted">
              Enter your email and we will send you a link to set a new password.
            </p>
            <Form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit} onChange={onChange}>
              <FormError message={errors.form ?? loaderData.notice} />
              <AccountField name="email" form={form} />
              <Button type="submit" className="w-full" pending={pending}>
                {pending ? "Sending..." : "Send Reset Link"}
              </Button>
            </Form>
            <p className="mt-6 text-center text-sm">
              <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
                Back to Login
              </Link>
            </p>
          </>
        )}
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
