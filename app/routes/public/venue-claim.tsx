import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/venue-claim";
import { FormError, inputClass, TextareaField } from "~/components/forms/fields";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { invalid, isDocumentRequest, refused } from "~/infra/form.server";
import { getApp, getUser } from "~/infra/session.server";
import { CLAIM_LINK_DAYS, CLAIM_NOTE_MAX, claimMessages, claimPath } from "~/lib/claims";
import { cn } from "~/lib/cn";
import { keepWork } from "~/lib/failed-request";
import { Refusal } from "~/lib/refusal";
import { pageMeta } from "~/lib/seo";
import { loginPath } from "~/lib/user";
import { claimSchema } from "~/lib/validation/claim";
import { parseVenueParam } from "~/lib/venue-url";
import { claimByDomain, claimByNote, claimPage } from "~/services/claims.server";
import { clientAddress, LIMITS, limitWrites } from "~/services/rate-limit.server";

// "Is this your venue?" (issue 45, item 5; ADR 047): a signed-in person claims an approved venue,
// by a link mailed to an address at its website's domain or by an administrator's approval with
// a note. Two plain forms: they work before any script runs (ADR 020).

export const meta: Route.MetaFunction = pageMeta({ title: "Claim this venue", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NOT_FOUND = "The venue you're looking for doesn't exist or could not be loaded.";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const user = getUser(context);
  if (!user) throw redirect(loginPath(url.pathname));
  const page = await claimPage(getApp(context).db, parseVenueParam(params.slugId), user);
  if (!page) throw data({ error: NOT_FOUND }, { status: 404 });
  if (url.pathname !== claimPath(page.venue.path)) throw redirect(claimPath(page.venue.path), 301);
  return page;
}

export const action = formAction({
  // A guest is refused before the body is read: the plain form goes to /login and back.
  before: ({ user, request }) => {
    if (user) return undefined;
    if (isDocumentRequest(request)) throw redirect(loginPath(new URL(request.url).pathname));
    return invalid({ form: "Please sign in to claim a venue" }, {}, { status: 401 });
  },
  schema: claimSchema,
  failures: "Your claim was not sent",
  run: async ({ app, actor, input, values, params, request }) => {
    const venueId = parseVenueParam(params.slugId);
    try {
      if (input.intent === "admin") {
        await claimByNote(app.db, actor, venueId, input.note);
        return { asked: true as const };
      }
      // Each claim mails an address we were only told: a person or two a day, never a list.
      const limited = await limitWrites(app.db, [
        [`claim-mail:user:${actor.id}`, LIMITS.claimMailUser],
        [`claim-mail:ip:${clientAddress(request)}`, LIMITS.claimMailIp],
      ]);
      if (limited) return refused({ error: limited.error, status: 429 }, values);
      return { sentTo: (await claimByDomain(app, actor, venueId, input.localPart)).address };
    } catch (err) {
      if (err instanceof Refusal && err.status !== 404)
        return refused({ error: err.message, field: err.field, status: err.status }, values);
      throw err;
    }
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your claim was not sent");

export default function ClaimPage({ loaderData, actionData }: Route.ComponentProps) {
  const { venue, domain, managed, pending } = loaderData;
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" ? navigation.formData?.get("intent") : null;
  const errors: Record<string, string | undefined> =
    actionData && "errors" in actionData ? actionData.errors : {};
  const kept: Record<string, string | undefined> =
    actionData && "values" in actionData ? actionData.values : {};
  const sentIntent = kept.intent;
  const done =
    actionData && "sentTo" in actionData
      ? claimMessages.mailed(String(actionData.sentTo))
      : actionData && "asked" in actionData
        ? claimMessages.asked
        : null;
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-12">
      <h1 className="text-3xl break-words">Is {venue.name} your venue?</h1>
      {done ? (
        <p role="status" className="rounded-lg bg-primary-soft px-4 py-3">
          {done}
        </p>
      ) : pending ? (
        <p role="status" className="rounded-lg bg-amber-100 px-4 py-3 text-amber-900">
          {claimMessages.duplicate}
          {pending.method === "domain" && pending.email ? `: we sent the link to ${pending.email}.` : "."}
        </p>
      ) : (
        <>
          <p>
            Claim it to keep its page up to date and answer couples as its venue manager. Prove it is yours in
            one of two ways.
          </p>
          {managed ? (
            <p role="note" className="rounded-lg bg-amber-100 px-4 py-3 text-amber-900">
              {claimMessages.managed}
            </p>
          ) : null}
          {domain ? (
            <Form method="post" className="space-y-3 rounded-xl border border-sand p-4 sm:p-5">
              <h2 className="text-xl">By email at {domain}</h2>
              <p className="text-sm text-muted">
                We email a link to your address at the venue's website. Open it while signed in to this
                account within {CLAIM_LINK_DAYS} days
                {managed ? "; an administrator then decides." : " and the venue is yours to manage."}
              </p>
              <FormError message={sentIntent === "domain" ? errors.form : undefined} />
              <input type="hidden" name="intent" value="domain" />
              <div className="field">
                <label htmlFor="claim-local">Your address at {domain}</label>
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <input
                    id="claim-local"
                    name="localPart"
                    required
                    maxLength={64}
                    autoComplete="off"
                    spellCheck={false}
                    placeholder="events"
                    defaultValue={sentIntent === "domain" ? kept.localPart : undefined}
                    aria-invalid={errors.localPart ? true : undefined}
                    aria-describedby={errors.localPart ? "claim-local-error" : undefined}
                    className={cn(inputClass, "min-w-40 flex-1 basis-40")}
                  />
                  <span className="min-w-0 font-medium break-all">{`@${domain}`}</span>
                </div>
                {errors.localPart ? (
                  <p id="claim-local-error" role="alert" className="text-sm text-danger">
                    {errors.localPart}
                  </p>
                ) : null}
              </div>
              <Button type="submit" pending={sending === "domain"}>
                Email me a link
              </Button>
            </Form>
          ) : null}
          <Form method="post" className="space-y-3 rounded-xl border border-sand p-4 sm:p-5">
            <h2 className="text-xl">By an administrator's approval</h2>
            <FormError message={sentIntent === "admin" ? errors.form : undefined} />
            <input type="hidden" name="intent" value="admin" />
            <TextareaField
              label="A note for the administrator"
              name="note"
              rows={5}
              required
              maxLength={CLAIM_NOTE_MAX}
              defaultValue={sentIntent === "admin" ? kept.note : undefined}
              error={errors.note}
              description="Who you are, your role at the venue, and how we can check: a phone number on its website, a business registration."
            />
            <Button type="submit" variant={domain ? "outline" : undefined} pending={sending === "admin"}>
              Ask an administrator
            </Button>
          </Form>
        </>
      )}
      <p>
        <Link to={venue.path}>Back to {venue.name}</Link>
      </p>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Error Loading Venue" notFound={{ title: "Venue Not Found" }} />;
}
