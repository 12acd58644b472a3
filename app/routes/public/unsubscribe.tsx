import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/unsubscribe";
import { FormError } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { getApp } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { EMAIL_SETTINGS_PATH } from "~/lib/unsubscribe";
import type { EmailKind } from "../../../database/schema";
import { readUnsubscribeLink, unsubscribe } from "~/services/notifications.server";

// One-click unsubscribe (RFC 8058, issue 41): the link in a notification mail's List-Unsubscribe
// header and footer. Opening it changes nothing (a mail scanner may open it); its POST, from the
// page's plain form or straight from the mail program, turns that kind of email off. The signed
// link is the credential, so no sign-in is needed and the origin check lets its POST through.

export const meta: Route.MetaFunction = pageMeta({ title: "Unsubscribe", noindex: true });

const WHAT: Record<EmailKind, string> = {
  inquiry: "new inquiries and couples' answers",
  review: "new reviews",
  reminder: "reminders of unanswered inquiries",
  reply: "venues' answers to your inquiries",
  decision: "decisions on the venues you submitted",
  alert: "saved search alerts",
  invite: "invitations to review a venue you booked",
};
const INVALID = "This unsubscribe link is not valid.";

export function loader({ request, context }: Route.LoaderArgs) {
  const link = readUnsubscribeLink(getApp(context), new URL(request.url).searchParams);
  return data({ what: link ? WHAT[link.kind] : null }, { status: link ? 200 : 400 });
}

export const action = formAction({
  run: async ({ app, request }) => {
    const link = readUnsubscribeLink(app, new URL(request.url).searchParams);
    if (!link) return data({ done: false }, { status: 400 });
    await unsubscribe(app.db, link);
    return { done: true };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("You were not unsubscribed");

export default function UnsubscribePage({ loaderData, actionData }: Route.ComponentProps) {
  const { what } = loaderData;
  const done = actionData && "done" in actionData ? actionData.done : undefined;
  const pending = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-3xl">Unsubscribe</h1>
      {!what || done === false ? (
        <>
          <FormError message={INVALID} />
          <p>
            You can turn these emails off in your <Link to={EMAIL_SETTINGS_PATH}>account settings</Link>.
          </p>
        </>
      ) : done ? (
        <p role="status">
          {`You will no longer get emails about ${what}. You can turn them back on in your `}
          <Link to={EMAIL_SETTINGS_PATH}>account settings</Link>.
        </p>
      ) : (
        <Form method="post" className="space-y-4">
          <p>{`Stop the emails about ${what}?`}</p>
          <Button type="submit" pending={pending}>
            Unsubscribe
          </Button>
        </Form>
      )}
    </div>
  );
}
