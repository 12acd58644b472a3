import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Button } from "~/components/ui/button";
import { Field, FormError } from "~/components/ui/field";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { loginSchema, registerSchema } from "~/lib/validation/auth";
import type { FieldErrors } from "~/lib/validation/form";
import { useClientValidation } from "~/components/forms/use-client-validation";

export type AuthActionData = {
  intent: "login" | "register";
  error?: string;
  errors?: FieldErrors;
  values?: Record<string, string>;
};

function useAuthForm(intent: "login" | "register") {
  const fetcher = useFetcher<AuthActionData>();
  const { clientErrors, onSubmit } = useClientValidation(intent === "login" ? loginSchema : registerSchema);
  const server = fetcher.data?.intent === intent ? fetcher.data : undefined;
  const errors = clientErrors ?? server?.errors ?? {};
  const formError = clientErrors
    ? (clientErrors.form ?? null)
    : (server?.error ?? server?.errors?.form ?? null);
  return { fetcher, errors, formError, onSubmit, pending: fetcher.state !== "idle" };
}

export function LoginForm({ redirectTo }: { redirectTo?: string }) {
  const { fetcher, errors, formError, onSubmit, pending } = useAuthForm("login");
  return (
    <fetcher.Form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="login" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormError message={formError} />
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="current-password"
        error={errors.password}
        required
      />
      <div className="flex justify-end">
        <Link
          to="/reset-password"
          className="text-sm font-medium text-primary underline-offset-4 hover:underline"
        >
          Forgot password?
        </Link>
      </div>
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Signing in..." : "Sign In"}
      </Button>
    </fetcher.Form>
  );
}

export function RegisterForm({ redirectTo }: { redirectTo?: string }) {
  const { fetcher, errors, formError, onSubmit, pending } = useAuthForm("register");
  return (
    <fetcher.Form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value="register" />
      {redirectTo ? <input type="hidden" name="redirectTo" value={redirectTo} /> : null}
      <FormError message={formError} />
      <Field label="Full Name" name="name" autoComplete="name" error={errors.name} required />
      <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
      <Field
        label="Password"
        name="password"
        type="password"
        autoComplete="new-password"
        error={errors.password}
        required
      />
      <Field
        label="Confirm Password"
        name="confirmPassword"
        type="password"
        autoComplete="new-password"
        error={errors.confirmPassword}
        required
      />
      <Button type="submit" className="w-full" disabled={pending}>
        {pending ? "Creating account..." : "Create Account"}
      </Button>
    </fetcher.Form>
  );
}

/** Login and Register tabs. Only the active form is mounted, so switching tabs clears its error. */
export function AuthTabs({
  defaultTab = "login",
  redirectTo,
}: {
  defaultTab?: "login" | "register";
  redirectTo?: string;
}) {
  const [tab, setTab] = useState(defaultTab);
  return (
    <Tabs defaultValue={defaultTab} value={tab} onValueChange={(v) => setTab(v as "login" | "register")}>
      <TabsList aria-label="Sign in or create an account">
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="mt-6">
        {tab === "login" ? <LoginForm redirectTo={redirectTo} /> : null}
      </TabsContent>
      <TabsContent value="register" className="mt-6">
        {tab === "register" ? <RegisterForm redirectTo={redirectTo} /> : null}
      </TabsContent>
    </Tabs>
  );
}
