import { data, isRouteErrorResponse, redirect } from "react-router";
import type { Route } from "./+types/venue-inquiry";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { VenueBreadcrumb } from "~/components/venue/venue-breadcrumb";
import { InquiryPageForm } from "~/components/venue/inquiry-form";
import { isDocumentRequest, keepValues } from "~/infra/form.server";
import { getApp, getUser, redirectWithToast } from "~/infra/session.server";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { checkedContext, withContext } from "~/lib/couple-context";
import { inquiryAsked, type InquiryFormLoad, type InquiryReply } from "~/lib/inquiries";
import { inquiryFormPath } from "~/lib/venue-url";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import type { Toast } from "~/lib/toast";
import { parseVenueParam } from "~/lib/venue-url";
import { inquiryFormFor, sendInquiry } from "~/services/couple-inquiries.server";

// 'Check availability' (issue 23, item 1). The venue page's dialog loads this route's data (a
// fresh signed time, and a signed-in couple's name and email) and posts its form here; without
// the script the button is a link to this page, whose form posts here too and comes back as a
// redirect to the venue page with the flash toast, or as this page with the errors and what was
// typed (ADR 020). Never kept by the page cache (ADR 010): each visit gets its own signed time.

const NOT_FOUND = "The venue you're looking for doesn't exist or could not be loaded.";
export const FORM_LOAD_FAILED = "The form could not be loaded. Please try again.";

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const form = await inquiryFormFor(app, parseVenueParam(params.slugId), getUser(context));
  if (!form) throw data({ error: NOT_FOUND }, { status: 404 });
  const url = new URL(request.url);
  const canonical = inquiryFormPath(form.venue);
  if (url.pathname !== canonical && request.method === "GET") throw redirect(canonical + url.search, 301);
  // The couple's date and guests from the venue page's link (issue 41), filled in for them.
  const couple = checkedContext(url.searchParams, form.today).context;
  return { ...form, asked: inquiryAsked(couple), context: couple };
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

/** A load into the venue page's dialog that failed (the network, a proxy) says so in the dialog. */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response || (isRouteErrorResponse(error) && error.status === 404)) throw error;
    return { failed: FORM_LOAD_FAILED } satisfies InquiryFormLoad;
  }
}

export const action = formAction({
  run: async ({ app, user, values, params, request }) => {
    const venueId = parseVenueParam(params.slugId);
    const result = await sendInquiry(app, { venueId, user, values, request });
    if (!result.ok)
      return data<InquiryReply>(
        { ok: false, errors: result.errors, values: keepValues(values), stamp: result.stamp },
        { status: result.status },
      );
    const toast: Toast = { type: "success", message: result.message };
    // Back to the venue page with the couple's context (the plain form posts to its own address).
    const back = withContext(result.venue.path, checkedContext(new URL(request.url).searchParams).context);
    if (isDocumentRequest(request)) throw await redirectWithToast(app, request, back, toast);
    return data<InquiryReply>({ ok: true, toast });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your inquiry was not sent");

export const meta: Route.MetaFunction = ({ data: d, matches }) =>
  seoMeta(siteFromMatches(matches), {
    title: d && "venue" in d ? `Check availability at ${d.venue.name}` : "Check availability",
    noindex: true,
  });

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "Venue Not Found" }} />;
}

export default function VenueInquiryPage({ loaderData, actionData }: Route.ComponentProps) {
  if ("failed" in loaderData)
    return (
      <p role="alert" className="mx-auto max-w-2xl px-4 py-16 text-center text-danger">
        {loaderData.failed}
      </p>
    );
  const { venue, context } = loaderData;
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <VenueBreadcrumb context={context} venue={venue} current="Check availability" />
      <h1 className="mt-6 text-3xl break-words sm:text-4xl">Check availability</h1>
      <p className="mt-2 text-ink-soft">
        Ask <span className="font-medium text-ink">{venue.name}</span> about your date, your guests or
        anything else. They answer by email.
      </p>
      <div className="mt-8 rounded-[var(--radius-card)] border border-sand bg-white p-5 shadow-card sm:p-8">
        <InquiryPageForm form={loaderData} reply={actionData} />
      </div>
    </div>
  );
}
