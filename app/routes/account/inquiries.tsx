import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/inquiries";
import { FormError } from "~/components/forms/fields";
import { InquiryStatusBadge } from "~/components/inquiries/inquiry-status";
import { useToast } from "~/components/layout/use-toast";
import { Button, buttonClass } from "~/components/ui/button";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { weddingDateLabel } from "~/lib/inquiries";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { formatReviewDate } from "~/lib/venue";
import { checkClaim, claimInquiry, listOwnInquiries } from "~/services/couple-inquiries.server";

// 'My Inquiries' (issue 23): the inquiries a couple sent while signed in, or added to their
// account from the link in a copy they received as a guest (`?claim=`), newest first, with
// their status. Opening the link changes nothing (a mail scanner, or someone else signed in, may
// open it: issue 39): the page asks, and its plain form posts the claim.

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), { title: "My Inquiries", noindex: true });

const claimedMessage = (venueName: string) => `Your inquiry to ${venueName} is in My Inquiries`;

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const token = new URL(request.url).searchParams.get("claim");
  const [inquiries, claim] = await Promise.all([
    listOwnInquiries(app.db, user.id),
    token === null ? null : checkClaim(app, user, token),
  ]);
  return data(
    { inquiries, claim: claim?.ok ? { ...claim, token: token! } : claim },
    { status: claim && !claim.ok ? 400 : 200 },
  );
}

export const action = formAction({
  run: async ({ app, actor, values, request }) => {
    const claimed = await claimInquiry(app, actor, values.claim ?? "");
    if (!claimed.ok) return data({ error: claimed.error }, { status: 400 });
    return redirectWithToast(app, request, "/account/inquiries", {
      type: "success",
      message: claimedMessage(claimed.venueName),
    });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your inquiry was not added to your account");

type Claim = NonNullable<Route.ComponentProps["loaderData"]["claim"]>;

/** The question the claim link asks, or why it cannot be followed. */
function ClaimQuestion({ claim }: { claim: Claim }) {
  const navigation = useNavigation();
  if (!claim.ok) return <FormError message={claim.error} />;
  if (claim.yours)
    return (
      <p role="status" className="text-ink-soft">
        {claimedMessage(claim.venueName)}
      </p>
    );
  return (
    <section
      aria-labelledby="claim-title"
      className="space-y-3 rounded-xl border border-sand bg-cream p-4 sm:p-5"
    >
      <h3 id="claim-title" className="font-sans text-base font-semibold break-words">
        {`Add your inquiry to ${claim.venueName} to this account?`}
      </h3>
      <p className="text-sm text-ink-soft">It then appears here with its status.</p>
      <Form method="post" className="flex flex-wrap gap-2">
        <input type="hidden" name="claim" value={claim.token} />
        <Button type="submit" size="sm" pending={navigation.state === "submitting"}>
          Add to My Inquiries
        </Button>
        <Link to="/account/inquiries" className={buttonClass("outline", "sm")}>
          Not now
        </Link>
      </Form>
    </section>
  );
}

export default function MyInquiries({ loaderData, actionData }: Route.ComponentProps) {
  const { inquiries, claim } = loaderData;
  useToast(actionData && "toast" in actionData ? actionData.toast : undefined);
  const refused = actionData && "error" in actionData ? actionData.error : null;
  return (
    <>
      <h2 className="text-2xl">My Inquiries</h2>
      {refused || claim ? (
        <div className="mt-4">
          {refused ? <FormError message={refused} /> : <ClaimQuestion claim={claim!} />}
        </div>
      ) : null}
      {inquiries.length === 0 ? (
        <div className="mt-4 space-y-4 text-muted">
          <p>
            You have not sent any inquiries yet. Ask a venue about your date with &lsquo;Check
            availability&rsquo; on its page.
          </p>
          <Link to="/venues" className={buttonClass("outline", "sm")}>
            Find venues
          </Link>
        </div>
      ) : (
        <ul className="mt-6 divide-y divide-sand">
          {inquiries.map((i) => (
            <li key={i.id} className="space-y-2 py-5">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <Link
                  to={i.venuePath}
                  className="min-w-0 font-medium break-words text-primary underline-offset-4 hover:underline"
                >
                  {i.venueName}
                </Link>
                <InquiryStatusBadge status={i.status} />
              </div>
              <p className="text-sm text-muted">
                Sent {formatReviewDate(i.createdAt)} · Wedding date:{" "}
                {weddingDateLabel(i.weddingDate, i.dateFlexible)}
                {i.guests !== null ? ` · ${i.guests} guests` : null}
                {i.replyCount > 0
                  ? ` · ${i.replyCount} ${i.replyCount === 1 ? "answer" : "answers"} by email`
                  : null}
              </p>
              <p className="line-clamp-3 whitespace-pre-line text-ink-soft wrap-anywhere">{i.message}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
