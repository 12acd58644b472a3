import { data, redirect } from "react-router";
import type { Route } from "./+types/login";
import { AuthTabs, type AuthActionData } from "~/components/auth/auth-forms";
import { getUser, flashHeaders } from "~/infra/session.server";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { homeFor, safeRedirect } from "~/lib/user";
import { loginSchema, registerSchema } from "~/lib/validation/auth";
import { formValues, validate } from "~/lib/validation/form";
import { register, signIn } from "~/services/accounts.server";

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), {
    title: "Login",
    description: "Sign in or create an account to save venues, write reviews and submit your venue.",
    path: "/login",
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getUser(request, context);
  const url = new URL(request.url);
  if (user) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), homeFor(user)));
  return { redirectTo: url.searchParams.get("redirectTo") ?? undefined, tab: url.searchParams.get("tab") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const values = formValues(await request.formData());
  const intent = values.intent === "register" ? "register" : "login";
  const keep = { email: values.email ?? "", name: values.name ?? "" };
  const fail = (body: Omit<AuthActionData, "intent" | "values">, status: number) =>
    data<AuthActionData>({ intent, values: keep, ...body }, { status });

  if (intent === "login") {
    const parsed = validate(loginSchema, values);
    if (!parsed.ok) return fail({ errors: parsed.errors }, 400);
    const result = await signIn(context, request, parsed.data);
    if (!result.ok) return fail({ error: result.error }, result.status);
    const to = safeRedirect(values.redirectTo, homeFor(result.user));
    throw redirect(to, {
      headers: await flashHeaders(request, { type: "success", message: "Login successful" }, result.headers),
    });
  }

  const parsed = validate(registerSchema, values);
  if (!parsed.ok) return fail({ errors: parsed.errors }, 400);
  const result = await register(context, request, parsed.data);
  if (!result.ok) return fail({ error: result.error }, result.status);
  // Spec: after registration the user goes to /account (the dialog keeps them where they were).
  const to = safeRedirect(values.redirectTo, "/account");
  throw redirect(to, {
    headers: await flashHeaders(
      request,
      { type: "success", message: "Account created successfully" },
      result.headers,
    ),
  });
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-4xl">Welcome</h1>
      <p className="mt-2 text-center text-muted">Sign in to save venues and share your reviews.</p>
      <div className="mt-8 rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
        <AuthTabs
          defaultTab={loaderData.tab === "register" ? "register" : "login"}
          redirectTo={loaderData.redirectTo}
        />
      </div>
    </div>
  );
}
