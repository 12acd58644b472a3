import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/reset-password";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { useToast } from "~/components/layout/use-toast";
import type { Toast } from "~/lib/toast";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { resetRequestSchema } from "~/lib/validation/auth";
import { formValues, validate, type FieldErrors } from "~/lib/validation/form";
import { useClientValidation } from "~/components/forms/use-client-validation";
import { requestPasswordReset } from "~/services/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), { title: "Reset Password", path: "/reset-password", noindex: true });

const LINK_PROBLEMS: Record<string, string> = {
  "invalid-link":
    "That password reset link is invalid, expired or has already been used. Please request a new one.",
};

export function loader({ request }: Route.LoaderArgs) {
  const problem = new URL(request.url).searchParams.get("error");
  return { notice: problem ? (LINK_PROBLEMS[problem] ?? LINK_PROBLEMS["invalid-link"]) : null };
}

type ActionResult = { sent: boolean; email: string; errors?: FieldErrors; error?: string; toast?: Toast };

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const parsed = validate(resetRequestSchema, values);
  if (!parsed.ok)
    return data<ActionResult>(
      { sent: false, errors: parsed.errors, email: values.email ?? "" },
      { status: 400 },
    );
  const result = await requestPasswordReset(context, request, parsed.data.email);
  if (!result.ok) {
    const toast: Toast = { type: "error", message: result.error };
    return data<ActionResult>(
      { sent: false, error: result.error, toast, email: parsed.data.email },
      { status: result.status },
    );
  }
  return data<ActionResult>({
    sent: true,
    email: parsed.data.email,
    toast: { type: "success", message: "Password reset email has been sent" },
  });
}

export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const { clientErrors, onSubmit } = useClientValidation(resetRequestSchema);
  const pending = navigation.state === "submitting";
  const errors = clientErrors ?? actionData?.errors ?? {};
  useToast(actionData?.toast);

  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <div className="rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
        {actionData?.sent ? (
          <div role="status" className="text-center">
            <h1 className="text-3xl">Check your email</h1>
            <p className="mt-3 text-ink-soft">
              If an account exists for <strong>{actionData.email}</strong>, we sent a link to set a new
              password. It expires in one hour.
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
            <Form method="post" noValidate className="mt-6 space-y-4" onSubmit={onSubmit}>
              <FormError message={actionData?.error ?? loaderData.notice} />
              <Field
                label="Email"
                name="email"
                type="email"
                autoComplete="email"
                defaultValue={actionData?.email}
                error={errors.email}
              />
              <Button type="submit" className="w-full" disabled={pending}>
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
