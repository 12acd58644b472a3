import { redirect } from "react-router";
import type { Route } from "./+types/login";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AuthTabs } from "~/components/auth/auth-forms";
import { invalid, refused } from "~/infra/form.server";
import { flashHeaders, getUser } from "~/infra/session.server";
import { pageMeta } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { homeFor, safeRedirect } from "~/lib/user";
import { loginSchema, registerSchema } from "~/lib/validation/auth";
import { validate } from "~/lib/validation/form";
import { register, signIn } from "~/services/accounts.server";
import { FavoriteError, setFavorite } from "~/services/favorites.server";

export const meta: Route.MetaFunction = pageMeta({
  title: "Login",
  description: "Sign in or create an account to save venues, write reviews and submit your venue.",
  // A form, not something to find in a search engine (ADR 019).
  noindex: true,
});

export function loader({ request, context }: Route.LoaderArgs) {
  const user = getUser(context);
  const url = new URL(request.url);
  if (user) throw redirect(safeRedirect(url.searchParams.get("redirectTo"), homeFor(user)));
  return {
    redirectTo: url.searchParams.get("redirectTo") ?? undefined,
    tab: url.searchParams.get("tab"),
    // A guest who tapped a heart: the save is made once they are signed in.
    save: url.searchParams.get("save") ?? undefined,
  };
}

export const action = formAction({
  run: async ({ app, values, request }) => {
    const intent = values.intent === "register" ? "register" : "login";
    let result;
    if (intent === "login") {
      const parsed = validate(loginSchema, values);
      if (!parsed.ok) return invalid(parsed.errors, values);
      result = await signIn(app, request, parsed.data);
    } else {
      const parsed = validate(registerSchema, values);
      if (!parsed.ok) return invalid(parsed.errors, values);
      result = await register(app, request, parsed.data);
    }
    if (!result.ok) return refused(result, values);

    let toast: Toast = {
      type: "success",
      message: intent === "login" ? "Login successful" : "Account created successfully",
    };
    if (values.save) {
      try {
        await setFavorite(app.db, result.user.id, values.save, true);
        toast = { type: "success", message: "Venue added to favorites" };
      } catch (err) {
        if (!(err instanceof FavoriteError)) throw err;
      }
    }
    // Spec: after registration the user goes to /account (the dialog keeps them where they were).
    const fallback = intent === "login" ? homeFor(result.user) : "/account";
    throw redirect(safeRedirect(values.redirectTo, fallback), {
      headers: await flashHeaders(app, request, toast, result.headers),
    });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>((form) =>
  form.get("intent") === "register" ? "Error creating account" : "Error logging in",
);

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-center text-4xl">Welcome</h1>
      <p className="mt-2 text-center text-muted">Sign in to save venues and share your reviews.</p>
      {loaderData.save ? (
        <p role="status" className="mt-6 rounded-lg bg-primary-soft px-4 py-3 text-center text-primary-dark">
          Please login to save favorites
        </p>
      ) : null}
      <div className="mt-8 rounded-2xl border border-sand bg-white p-6 shadow-card sm:p-8">
        <AuthTabs
          defaultTab={loaderData.tab === "register" ? "register" : "login"}
          redirectTo={loaderData.redirectTo}
          save={loaderData.save}
          reply={actionData}
          syncAddress
        />
      </div>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
