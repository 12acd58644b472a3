import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/claim-link";
import { FormError } from "~/components/forms/fields";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { getApp, getUser } from "~/infra/session.server";
import { claimMessages } from "~/lib/claims";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { loginPath } from "~/lib/user";
import { claimFromLink, confirmClaim } from "~/services/claims.server";

// A domain claim's mailed link (issue 45, item 5; ADR 047). Opening it changes nothing (a mail
// scanner may open it); the button posts it, from this page, for the signed-in account that asked.
// The signature names the claim and the address it was mailed to, and is good for 7 days.

export const meta: Route.MetaFunction = pageMeta({ title: "Confirm your claim", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const here = (request: Request) => {
  const url = new URL(request.url);
  return url.pathname + url.search;
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = getUser(context);
  if (!user) throw redirect(loginPath(here(request)));
  const t = new URL(request.url).searchParams.get("t") ?? "";
  const link = await claimFromLink(getApp(context), user, params.claimId, t);
  if (!link.ok) return data({ error: link.error, claim: null }, { status: link.status });
  const { claim, venueName, venuePath } = link;
  const open = claim.status === "pending" && claim.method === "domain";
  // Confirmed while the venue had a manager: it waits for an administrator.
  const waiting = claim.status === "pending" && claim.method === "admin";
  return { error: null, claim: { venueName, venuePath, email: claim.email, open, waiting } };
}

export const action = formAction({
  before: ({ user, request }) => {
    if (!user) throw redirect(loginPath(here(request)));
    return undefined;
  },
  failures: "Your claim was not confirmed",
  run: async ({ app, actor, params, request }) => {
    const t = new URL(request.url).searchParams.get("t") ?? "";
    const link = await claimFromLink(app, actor, params.claimId ?? "", t);
    if (!link.ok) return data({ done: null, error: link.error }, { status: link.status });
    const done = await confirmClaim(app.db, actor, link.claim.id);
    if (done === "decided") return data({ done: null, error: claimMessages.decided }, { status: 409 });
    return { done, error: null };
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your claim was not confirmed");

export default function ClaimLinkPage({ loaderData, actionData }: Route.ComponentProps) {
  const pending = useNavigation().state === "submitting";
  const { claim } = loaderData;
  const after = actionData && "done" in actionData ? actionData : null;
  const error = after?.error ?? loaderData.error;
  return (
    <div className="mx-auto max-w-xl space-y-4 px-4 py-12">
      <h1 className="text-3xl">Confirm your claim</h1>
      {error || !claim ? (
        <FormError message={error ?? claimMessages.invalidLink} />
      ) : after?.done === "approved" ? (
        <>
          <p role="status">{claimMessages.approved(claim.venueName)}</p>
          <p>
            <Link to="/venue-manager/venues">Open your venues</Link>
          </p>
        </>
      ) : after?.done === "to-admin" ? (
        <p role="status">{claimMessages.toAdmin(claim.venueName)}</p>
      ) : claim.open ? (
        <Form method="post" className="space-y-4">
          <p className="break-words">
            Confirm that you manage <strong>{claim.venueName}</strong>, as {claim.email}?
          </p>
          <Button type="submit" pending={pending}>
            Confirm my claim
          </Button>
        </Form>
      ) : (
        <p role="status">{claim.waiting ? claimMessages.toAdmin(claim.venueName) : claimMessages.decided}</p>
      )}
      {claim ? (
        <p>
          <Link to={claim.venuePath}>Back to {claim.venueName}</Link>
        </p>
      ) : null}
    </div>
  );
}
