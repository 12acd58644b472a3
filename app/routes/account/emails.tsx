import { useFetcher } from "react-router";
import type { Route } from "./+types/emails";
import { Checkbox } from "~/components/forms/fields";
import { useToast } from "~/components/layout/use-toast";
import { Button } from "~/components/ui/button";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { EMAIL_SETTINGS_PATH } from "~/lib/unsubscribe";
import type { Role } from "~/lib/user";
import { emailSettingsSchema } from "~/lib/validation/email-settings";
import type { EmailKind } from "../../../database/schema";
import { getEmailPreferences, saveEmailPreferences } from "~/services/notifications.server";

// Which emails a signed-in person gets (issue 44, ADR 043): a checkbox per kind they can receive.
// Account mails are not among them. The unsubscribe page and every such mail's footer link here.

export const meta: Route.MetaFunction = pageMeta({ title: "Email Settings", noindex: true });

const KINDS: Record<EmailKind, { label: string; when: string; managers?: true }> = {
  reply: { label: "Venue replies", when: "When a venue answers an inquiry you sent." },
  decision: {
    label: "Venue decisions",
    when: "When a venue you submitted is approved or not, or you are given venues to manage.",
  },
  alert: { label: "Saved search alerts", when: "When new venues match a search you saved." },
  invite: { label: "Review invitations", when: "After your wedding at a venue you booked through us." },
  inquiry: {
    label: "New inquiries",
    when: "When a couple sends an inquiry to your venue or answers in its conversation.",
    managers: true,
  },
  review: { label: "New reviews", when: "When someone reviews one of your venues.", managers: true },
  reminder: {
    label: "Inquiry reminders",
    when: "When an inquiry to your venue is still waiting for an answer.",
    managers: true,
  },
};

/** The kinds this role can receive: managers and admins (who may be given venues) get all. */
const kindsFor = (role: Role) =>
  (Object.keys(KINDS) as EmailKind[]).filter(
    (kind) => !KINDS[kind].managers || role === "venue_manager" || role === "admin",
  );

export async function loader({ context }: Route.LoaderArgs) {
  const user = expectUser(context);
  const prefs = await getEmailPreferences(getApp(context).db, user.id);
  return { kinds: kindsFor(user.role).map((kind) => ({ kind, on: prefs[kind] })) };
}

export const action = formAction({
  schema: emailSettingsSchema,
  failures: "Failed to save email settings",
  run: async ({ app, actor, input, answer }) => {
    const shown = kindsFor(actor.role).map((kind) => [kind, input[kind]]);
    await saveEmailPreferences(app.db, actor.id, Object.fromEntries(shown));
    return answer({ type: "success", message: "Email settings saved" }, 200, EMAIL_SETTINGS_PATH);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to save email settings");

export default function EmailSettings({ loaderData }: Route.ComponentProps) {
  const fetcher = useFetcher<typeof action>();
  useToast(fetcher.data && "toast" in fetcher.data ? fetcher.data.toast : undefined);
  return (
    <>
      <h2 className="text-2xl">Email Settings</h2>
      <fetcher.Form method="post" className="mt-6 max-w-lg">
        <fieldset>
          <legend className="font-sans text-base font-semibold">Send me emails about</legend>
          <div className="mt-3 space-y-3">
            {loaderData.kinds.map(({ kind, on }) => (
              <div key={kind}>
                <Checkbox
                  label={KINDS[kind].label}
                  name={kind}
                  defaultChecked={on}
                  aria-describedby={`when-${kind}`}
                />
                <p id={`when-${kind}`} className="ml-6 text-sm text-muted">
                  {KINDS[kind].when}
                </p>
              </div>
            ))}
          </div>
        </fieldset>
        <p className="mt-4 text-sm text-muted">
          Account emails, such as password resets and email address changes, are always sent.
        </p>
        <Button type="submit" className="mt-4" pending={fetcher.state !== "idle"}>
          Save email settings
        </Button>
      </fetcher.Form>
    </>
  );
}
