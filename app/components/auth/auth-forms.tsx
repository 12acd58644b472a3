import { useState } from "react";
import { useFetcher } from "react-router";
import { Link } from "~/components/ui/link";
import { AccountField } from "~/components/forms/account-fields";
import { FormError, PasswordFields } from "~/components/forms/fields";
import { useValidatedForm, type FormReply } from "~/components/forms/use-validated-form";
import { Button } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { loginPath } from "~/lib/user";
import { loginSchema, registerSchema } from "~/lib/validation/auth";
import type { FormReply as LoginReply } from "~/lib/validation/form";

type Tab = "login" | "register";
type Carry = {
  redirectTo?: string;
  save?: string;
  /** /login's answer to a form posted without JavaScript (its errors and the values typed). */
  reply?: FormReply;
};

/** /login with this tab chosen, keeping where to go afterwards and the venue to save. */
export function authPath(tab: Tab, { redirectTo, save }: Carry): string {
  return loginPath(redirectTo, {
    ...(tab === "register" ? { tab } : {}),
    ...(save ? { save } : {}),
  });
}

type FormState = { errors: Record<string, string>; values: Record<string, string>; pending: boolean };

/**
 * Both forms post to /login's action; `intent` says which. Without JavaScript the post is a
 * document request to the tab's own address, so an answer with errors renders that tab.
 */
function AuthForm({
  intent,
  carry,
  children,
}: {
  intent: Tab;
  carry: Carry;
  children: (state: FormState) => React.ReactNode;
}) {
  const fetcher = useFetcher<LoginReply>();
  const reply = carry.reply?.values?.intent === intent ? carry.reply : undefined;
  const { errors, values, onSubmit, onChange } = useValidatedForm(
    intent === "login" ? loginSchema : registerSchema,
    fetcher.data ?? reply,
  );
  return (
    <fetcher.Form
      method="post"
      action={authPath(intent, carry)}
      noValidate
      onSubmit={onSubmit}
      onChange={onChange}
      className="space-y-4"
    >
      <input type="hidden" name="intent" value={intent} />
      {carry.redirectTo ? <input type="hidden" name="redirectTo" value={carry.redirectTo} /> : null}
      {carry.save ? <input type="hidden" name="save" value={carry.save} /> : null}
      <FormError message={errors.form} />
      {children({ errors, values, pending: fetcher.state !== "idle" })}
    </fetcher.Form>
  );
}

export function LoginForm(carry: Carry) {
  return (
    <AuthForm intent="login" carry={carry}>
      {(form) => (
        <>
          <AccountField name="email" form={form} required />
          <AccountField name="password" form={form} required />
          <div className="flex justify-end">
            <Link
              to="/reset-password"
              className="text-sm font-medium text-primary underline-offset-4 hover:underline"
            >
              Forgot password?
            </Link>
          </div>
          <Button type="submit" className="w-full" pending={form.pending}>
            {form.pending ? "Signing in..." : "Sign In"}
          </Button>
        </>
      )}
    </AuthForm>
  );
}

export function RegisterForm(carry: Carry) {
  return (
    <AuthForm intent="register" carry={carry}>
      {(form) => (
        <>
          <AccountField name="name" form={form} required />
          <AccountField name="email" form={form} required />
          <PasswordFields errors={form.errors} label="Password" confirmLabel="Confirm Password" />
          <Button type="submit" className="w-full" pending={form.pending}>
            {form.pending ? "Creating account..." : "Create Account"}
          </Button>
        </>
      )}
    </AuthForm>
  );
}

/**
 * Login and Register tabs. Only the active form is mounted, so switching tabs clears its error.
 * Each tab is a link to /login with that tab (ADR 020); on /login itself (`syncAddress`) the
 * address follows the tab chosen.
 */
export function AuthTabs({
  defaultTab = "login",
  syncAddress = false,
  ...carry
}: { defaultTab?: Tab; syncAddress?: boolean } & Carry) {
  const [tab, setTab] = useState(defaultTab);
  return (
    <Tabs
      defaultValue={defaultTab}
      value={tab}
      onValueChange={(v) => setTab(v as Tab)}
      syncAddress={syncAddress}
    >
      <TabsList aria-label="Sign in or create an account">
        <TabsTrigger value="login" href={authPath("login", carry)}>
          Login
        </TabsTrigger>
        <TabsTrigger value="register" href={authPath("register", carry)}>
          Register
        </TabsTrigger>
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
