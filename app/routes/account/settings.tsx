import { useFetcher } from "react-router";
import type { Route } from "./+types/settings";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { AccountField } from "~/components/forms/account-fields";
import { Checkbox, FormError } from "~/components/forms/fields";
import { useValidatedForm } from "~/components/forms/use-validated-form";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { invalid, parseForm, refused } from "~/infra/form.server";
import { expectUser, getApp } from "~/infra/session.server";
import { pageMeta } from "~/lib/seo";
import { emailPreferencesSchema, profileSchema } from "~/lib/validation/auth";
import { revokeOtherSessions, updateProfile } from "~/services/accounts.server";
import { getEmailPreferences, saveEmailPreferences } from "~/services/notifications.server";

export const meta: Route.MetaFunction = pageMeta({ title: "My Account", noindex: true });

/** Venue managers (and admins, who may be assigned venues) choose which emails they get (issue 23). */
const managesVenues = (role: string) => role === "venue_manager" || role === "admin";

export async function loader({ context }: Route.LoaderArgs) {
  const user = expectUser(context);
  const emails = managesVenues(user.role) ? await getEmailPreferences(getApp(context).db, user.id) : null;
  return { user, emails };
}

const FAILURES = {
  "revoke-sessions": "Error clearing sessions",
  "email-preferences": "Failed to save email settings",
};

export const action = formAction({
  run: async ({ app, actor: user, values, request }) => {
    if (values.intent === "email-preferences") {
      if (!managesVenues(user.role))
        return invalid({ form: "Only venue managers have these settings" }, {}, { status: 403 });
      const parsed = await parseForm(values, emailPreferencesSchema);
      if (!parsed.ok) return invalid(parsed.errors, values);
      const { inquiryEmails: inquiry, reviewEmails: review } = parsed.data;
      await saveEmailPreferences(app.db, user.id, { inquiry, review });
      return { ok: true as const, toast: { type: "success" as const, message: "Email settings saved" } };
    }
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
  const { user, emails } = loaderData;
  const profile = useFetcher<typeof action>();
  const sessions = useFetcher<typeof action>();
  const emailSettings = useFetcher<typeof action>();
  useToast(emailSettings.data?.toast);
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
      {emails ? (
        <emailSettings.Form method="post" className="mt-10 border-t border-sand pt-6">
          <input type="hidden" name="intent" value="email-preferences" />
          <fieldset>
            <legend className="font-sans text-base font-semibold">Emails about your venues</legend>
            <p className="mt-1 text-sm text-muted">
              New inquiries always wait in your inbox, and new reviews on each venue&apos;s Reviews tab.
              Choose which of them also come to you by email.
            </p>
            <div className="mt-3 space-y-2">
              <Checkbox
                label="New inquiries from couples"
                name="inquiryEmails"
                defaultChecked={emails.inquiry}
              />
              <Checkbox
                label="New reviews of your venues"
                name="reviewEmails"
                defaultChecked={emails.review}
              />
            </div>
          </fieldset>
          <Button
            type="submit"
            variant="outline"
            size="sm"
            className="mt-4"
            pending={emailSettings.state !== "idle"}
          >
            Save email settings
          </Button>
        </emailSettings.Form>
      ) : null}
    </>
  );
}
