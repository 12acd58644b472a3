import { useFetcher } from "react-router";
import type { Route } from "./+types/settings";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AccountField } from "~/components/forms/account-fields";
import { FormError } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { invalid, parseForm, refused } from "~/infra/form.server";
import { expectUser } from "~/infra/session.server";
import { DELETE_ACCOUNT_PATH } from "~/lib/account-deletion";
import { pageMeta } from "~/lib/seo";
import { EMAIL_SETTINGS_PATH } from "~/lib/unsubscribe";
import { profileSchema } from "~/lib/validation/auth";
import { revokeOtherSessions, updateProfile } from "~/services/accounts.server";

export const meta: Route.MetaFunction = pageMeta({ title: "My Account", noindex: true });

export function loader({ context }: Route.LoaderArgs) {
  return { user: expectUser(context) };
}

const FAILURES = { "revoke-sessions": "Error clearing sessions" };

export const action = formAction({
  run: async ({ app, actor: user, values, request }) => {
    if (values.intent === "revoke-sessions") {
      const result = await revokeOtherSessions(app, request);
      if (!result.ok) return refused(result, {}, { type: "error", message: result.error });
      return {
        ok: true as const,
        toast: { type: "success" as const, message: "All sessions have been cleared" },
      };
    }
    const parsed = await parseForm(values, profileSchema);
    if (!parsed.ok) return invalid(parsed.errors, values);
    const result = await updateProfile(app, request, user, parsed.data);
    if (!result.ok) return refused(result, values, { type: "error", message: result.error });
    const message = result.emailChangeRequested
      ? "Verification email sent. Please check your inbox."
      : "Profile updated successfully";
    return {
      ok: true as const,
      emailChangeRequested: result.emailChangeRequested,
      toast: { type: "success" as const, message },
    };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES, "Error updating profile");

export default function AccountSettings({ loaderData }: Route.ComponentProps) {
  const { user } = loaderData;
  const profile = useFetcher<typeof action>();
  const sessions = useFetcher<typeof action>();
  const form = useValidatedForm(profileSchema, profile.data);
  const { errors, formProps } = form;
  useToast(profile.data?.toast);
  useToast(sessions.data?.toast);
  const pending = profile.state !== "idle";
  return (
    <>
      <h2 className="text-2xl">Account Settings</h2>
      {profile.data?.ok && profile.data.emailChangeRequested ? (
        <div
          role="status"
          className="mt-4 rounded-lg border border-primary/30 bg-primary-soft p-4 text-sm text-primary-dark"
        >
          <p className="font-semibold">Verification email sent. Please check your inbox.</p>
          <p className="mt-1">
            Open the link we sent to your new address to confirm it. After verifying, you will need to log in
            again.
          </p>
        </div>
      ) : null}
      <profile.Form method="post" className="mt-6 max-w-lg space-y-4" {...formProps}>
        <FormError message={errors.form} />
        <AccountField name="name" form={form} initial={user.name} />
        <AccountField name="email" form={form} initial={user.email} />
        <AccountField name="avatarUrl" form={form} initial={user.avatarUrl ?? ""} />
        <Button type="submit" pending={pending}>
          {pending ? "Saving..." : "Save Changes"}
        </Button>
      </profile.Form>
      <div className="mt-10 border-t border-sand pt-6">
        <h3 className="font-sans text-base font-semibold">Sessions</h3>
        <p className="mt-1 text-sm text-muted">
          Signed in on another device you no longer use? End every session except this one.
        </p>
        <sessions.Form method="post" className="mt-3">
          <input type="hidden" name="intent" value="revoke-sessions" />
          <Button type="submit" variant="outline" size="sm" pending={sessions.state !== "idle"}>
            Sign out of all other sessions
          </Button>
        </sessions.Form>
      </div>
      <div className="mt-10 border-t border-sand pt-6">
        <h3 className="font-sans text-base font-semibold">Emails</h3>
        <p className="mt-1 text-sm text-muted">
          Choose which emails you get in <Link to={EMAIL_SETTINGS_PATH}>Email Settings</Link>.
        </p>
      </div>
      <p className="mt-10 border-t border-sand pt-6 text-sm text-muted">
        <Link to={DELETE_ACCOUNT_PATH}>Delete my account</Link>
      </p>
    </>
  );
}
