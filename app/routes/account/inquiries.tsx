import { Link } from "react-router";
import type { Route } from "./+types/inquiries";
import { InquiryStatusBadge } from "~/components/inquiries/inquiry-status";
import { buttonClass } from "~/components/ui/button";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { weddingDateLabel } from "~/lib/inquiries";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { formatReviewDate } from "~/lib/venue";
import { claimInquiry, listOwnInquiries } from "~/services/inquiries.server";

// 'My Inquiries' (issue 23): the inquiries a couple sent while signed in, or added to their
// account from the link in a copy they received as a guest (`?claim=`), newest first, with
// their status.

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(siteFromMatches(matches), { title: "My Inquiries", noindex: true });

export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const user = expectUser(context);
  const claim = new URL(request.url).searchParams.get("claim");
  if (claim !== null) {
    const claimed = await claimInquiry(app, user, claim);
    throw await redirectWithToast(
      app,
      request,
      "/account/inquiries",
      claimed.ok
        ? { type: "success", message: `Your inquiry to ${claimed.venueName} is in My Inquiries` }
        : { type: "error", message: claimed.error },
    );
  }
  return { inquiries: await listOwnInquiries(app.db, user.id) };
}

export default function MyInquiries({ loaderData }: Route.ComponentProps) {
  const { inquiries } = loaderData;
  return (
    <>
      <h2 className="text-2xl">My Inquiries</h2>
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
