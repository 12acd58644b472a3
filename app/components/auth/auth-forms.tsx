import { useState } from "react";
import { Link, useFetcher } from "react-router";
import { Field, FormError, PasswordFields } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { loginSchema, registerSchema } from "~/lib/validation/auth";
import type { action } from "~/routes/auth/login";

type Carry = { redirectTo?: string; save?: string };

/** Both forms post to /login's action; `intent` says which. */
function AuthForm({
  intent,
  carry,
  children,
}: {
  intent: "login" | "register";
  carry: Carry;
  children: (state: { errors: Record<string, string>; pending: boolean }) => React.ReactNode;
}) {
  const fetcher = useFetcher<typeof action>();
  const { errors, onSubmit } = useValidatedForm(
    intent === "login" ? loginSchema : registerSchema,
    fetcher.data,
  );
  return (
    <fetcher.Form method="post" action="/login" noValidate onSubmit={onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={intent} />
      {carry.redirectTo ? <input type="hidden" name="redirectTo" value={carry.redirectTo} /> : null}
      {carry.save ? <input type="hidden" name="save" value={carry.save} /> : null}
      <FormError message={errors.form} />
      {children({ errors, pending: fetcher.state !== "idle" })}
    </fetcher.Form>
  );
}

export function LoginForm(carry: Carry) {
  return (
    <AuthForm intent="login" carry={carry}>
      {({ errors, pending }) => (
        <>
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
          <Button type="submit" className="w-full" pending={pending}>
            {pending ? "Signing in..." : "Sign In"}
          </Button>
        </>
      )}
    </AuthForm>
  );
}

export function RegisterForm(carry: Carry) {
  return (
    <AuthForm intent="register" carry={carry}>
      {({ errors, pending }) => (
        <>
          <Field label="Full Name" name="name" autoComplete="name" error={errors.name} required />
          <Field label="Email" name="email" type="email" autoComplete="email" error={errors.email} required />
          <PasswordFields errors={errors} label="Password" confirmLabel="Confirm Password" />
          <Button type="submit" className="w-full" pending={pending}>
            {pending ? "Creating account..." : "Create Account"}
          </Button>
        </>
      )}
    </AuthForm>
  );
}

/** Login and Register tabs. Only the active form is mounted, so switching tabs clears its error. */
export function AuthTabs({ defaultTab = "login", ...carry }: { defaultTab?: "login" | "register" } & Carry) {
  const [tab, setTab] = useState(defaultTab);
  return (
    <Tabs defaultValue={defaultTab} value={tab} onValueChange={(v) => setTab(v as "login" | "register")}>
      <TabsList aria-label="Sign in or create an account">
        <TabsTrigger value="login">Login</TabsTrigger>
        <TabsTrigger value="register">Register</TabsTrigger>
      </TabsList>
      <TabsContent value="login" className="mt-6">
        {tab === "login" ? <LoginForm {...carry} /> : null}
      </TabsContent>
      <TabsContent value="register" className="mt-6">
        {tab === "register" ? <RegisterForm {...carry} /> : null}
      </TabsContent>
    </Tabs>
  );
}
