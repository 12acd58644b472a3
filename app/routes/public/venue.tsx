import { isUuid } from "~/lib/uuid";
import { lazy, Suspense, useEffect, useState } from "react";
import { data, redirect, useSearchParams } from "react-router";
import type { Route } from "./+types/venue";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { sendOnce } from "~/infra/context.server";
import { SentOnce } from "~/components/ui/sent-once";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { VenueBreadcrumb } from "~/components/venue/venue-breadcrumb";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { VenueAmenities } from "~/components/venue/venue-amenities";
import { VenueBookingCard } from "~/components/venue/venue-booking-card";
import { VenueContact } from "~/components/venue/venue-contact";
import { VenueFacts } from "~/components/venue/venue-facts";
import { VenueFaqs } from "~/components/venue/venue-faqs";
import { VenueGallery } from "~/components/venue/venue-gallery";
import { VenueHeader } from "~/components/venue/venue-header";
import { InquiryTrigger } from "~/components/venue/inquiry-trigger";
import { VenueReviews } from "~/components/venue/venue-reviews";
import { VenueAvailability } from "~/components/venue/venue-availability";
import { publicStatesOn, venueCalendar } from "~/services/availability.server";
import { invalid, isDocumentRequest } from "~/infra/form.server";
import { getApp, getUser, redirectWithToast } from "~/infra/session.server";
import { track } from "~/lib/analytics";
import { usableImages } from "~/lib/images";
import { useRootData } from "~/lib/root-data";
import { seoMeta, siteFromMatches } from "~/lib/seo";
import { OWN_VENUE_REVIEW } from "~/lib/validation/limits";
import { reviewSchema } from "~/lib/validation/review";
import { useHydrated } from "~/lib/use-hydrated";
import { photoAlt, priceDisplay, publicReview, venueMetaDescription } from "~/lib/venue";
import { venueJsonLd } from "~/lib/venue-seo";
import { loginPath } from "~/lib/user";
import {
  inquiryFormPath,
  parseVenueParam,
  verifiedReviews,
  VENUE_TABS,
  venuePath,
  venueTab,
  venueTabHref,
  venueTabPath,
  type VenueTab,
} from "~/lib/venue-url";
import { listFaqs } from "~/services/faqs.server";
import { venueHasTours } from "~/services/tours.server";
import { Link } from "~/components/ui/link";
import { notifyNewReview } from "~/services/notifications.server";
import { isLinkedManager } from "~/services/permissions.server";
import { getOwnReview, listReviews, saveReview } from "~/services/reviews.server";
import { getVenueForViewer } from "~/services/venues.server";
import { usualReplySeconds } from "~/services/reply-time.server";
import { usualReplyLabel } from "~/lib/inquiry-progress";
import { venueHasManager } from "~/services/claims.server";
import { checkedContext, withContext } from "~/lib/couple-context";
import { estimateCost, estimateLabel, priceBreakdown } from "~/lib/estimate";
import { keepDataOnHeart } from "~/components/venue/use-favorite";

/** The entries that hold something (not null, not false), each typed as optional. */
function optional<T extends Record<string, unknown>>(
  entries: T,
): { [K in keyof T]?: Exclude<T[K], null | false> } {
  return Object.fromEntries(Object.entries(entries).filter(([, v]) => v !== null && v !== false)) as never;
}

const NOT_FOUND = "The venue you're looking for doesn't exist or could not be loaded.";

// The inquiry dialog and its form load when 'Check availability' is first used: few visits ask,
// and the page's first load stays within its budget (issues 42 and 43).
const InquiryDialog = lazy(() =>
  import("~/components/venue/inquiry-form").then((m) => ({ default: m.InquiryDialog })),
);

export const shouldRevalidate = keepDataOnHeart;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db, logger } = getApp(context);
  const id = parseVenueParam(params.slugId);
  if (!isUuid(id)) throw data({ error: `Invalid venue ID format: ${id}` }, { status: 404 });
  const user = getUser(context);
  const venue = await getVenueForViewer(db, id, user);
  if (!venue) throw data({ error: NOT_FOUND }, { status: 404 });

  const canonical = venuePath(venue);
  const url = new URL(request.url);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);

  // FAQs and reviews failing must not take the page down (spec): they degrade to a message.
  const failed = (what: string) => (err: unknown) => {
    logger.error(`${what} failed`, { error: String(err) });
    return null;
  };
  // The couple's date (or month) and guests from the address (a card or /compare links here with
  // them, issue 41): a date the search would refuse is refused here too (400, with why).
  const { context: couple, dateError } = checkedContext(url.searchParams);
  const [faqs, reviews, ownReview, ownVenue, calendar, onDate, replySeconds, hasTours, managed] =
    await Promise.all([
      listFaqs(db, venue.id).catch(failed("faqs")),
      listReviews(db, venue.id, {
        viewerId: user?.id,
        verifiedOnly: verifiedReviews(url.searchParams),
      }).catch(failed("reviews")),
      user ? getOwnReview(db, venue.id, user.id) : null,
      user ? isLinkedManager(db, user.id, venue.id) : false,
      venueCalendar(db, venue.id).catch(failed("availability")),
      couple.date
        ? publicStatesOn(db, [venue.id], couple.date).catch(failed("availability on the date"))
        : null,
      usualReplySeconds(db, venue.id).catch(failed("reply time")),
      // 'Book a site visit' (issue 45) when the venue has hours for visits.
      venue.status === "approved" ? venueHasTours(db, venue.id).catch(failed("tour hours")) : false,
      // A listing nobody manages offers "Is this your venue?" (issue 45, ADR 047).
      venue.status === "approved" ? venueHasManager(db, venue.id).catch(() => true) : true,
    ]);
  // 'About $X for N guests' (issue 24), for the same context as the card and /compare.
  const { guests, date, month } = couple;
  const estimate = estimateCost({ ...venue, pricePerEvent: venue.price }, guests, date, month);
  // Its working, line by line (issue 43), when the venue's own prices made it.
  const breakdown =
    estimate && guests && venue.pricingModel ? priceBreakdown(venue.pricingModel, guests, date, month) : null;
  const availability = {
    date: date && onDate ? { day: date, status: onDate.get(venue.id) ?? null } : null,
    month: month ? (calendar?.find((m) => m.month === month) ?? null) : null,
  };
  // The page's data is what it shows (issue 42): the pricing model made the estimate above; a
  // review's id and a question's order are for the back office.
  const { pricingModel: _pricing, ...shown } = venue;
  const reviewList = reviews && reviews.map((r) => publicReview(r, user !== null));
  const body = {
    venue: shown,
    // Text that only shows, in the page's HTML once and not again in its hydration data (ADR 052).
    // A signed-in visitor's reviews link to their report form, which the router opens: hydrated.
    faqs: sendOnce(context, "venue-faqs", faqs && faqs.map(({ question, answer }) => ({ question, answer }))),
    reviews: user ? reviewList : sendOnce(context, "venue-review-list", reviewList),
    ownReview,
    ownVenue,
    calendar: sendOnce(context, "venue-calendar", calendar),
    estimate,
    breakdown,
    context: couple,
    availability,
    dateError,
    // The trust loop's lines (issue 45), sent only when shown: the page's bytes are counted.
    ...optional({
      replyTime: usualReplyLabel(replySeconds),
      hasTours: hasTours === true,
      claimable: managed === false,
      // The list's filter shows once a review is verified.
      verifiedReviews: !!reviewList?.some((r) => r.verified),
    }),
  };
  return dateError ? data(body, { status: 400 }) : body;
}

/**
 * Writing a review: the Reviews tab's fetcher, or its form posted without the script (ADR 020),
 * which gets a page back: a redirect to the tab with the flash toast, or the page with the errors.
 */
/** A review, through the envelope (ADR 036). */
export const action = formAction({
  // A guest is refused before the body is read: the form's page goes to /login and back.
  before: ({ user, request }) => {
    if (user) return undefined;
    if (isDocumentRequest(request)) throw redirect(loginPath(reviewsTab(request)));
    return invalid({ form: "Please login to submit a review" }, {}, { status: 401 });
  },
  schema: reviewSchema,
  run: async ({ app, user, input, values, params, request, attempt }) => {
    const failure = (message: string, status: number) =>
      invalid({}, values, {
        status,
        toast: { type: "error", message: `Failed to submit review: ${message}` },
      });
    const venueId = parseVenueParam(params.slugId);
    if (!isUuid(venueId)) return failure("Venue not found", 404);
    const saved = await attempt(() => saveReview(app.db, { venueId, userId: user!.id, ...input }), null);
    if (!saved) return failure("An unknown error occurred", 500);
    if (!saved.ok) return failure(saved.error, saved.status);
    // A new review (not a rewrite) is mailed to the venue's managers (issue 23); it is saved either way.
    if (!saved.updated)
      await notifyNewReview(app, venueId, { authorName: user!.name, ...input }).catch((err: unknown) =>
        app.logger.error("review mails failed", { error: String(err) }),
      );
    const toast = { type: "success" as const, message: "Your review has been submitted!" };
    if (isDocumentRequest(request)) throw await redirectWithToast(app, request, reviewsTab(request), toast);
    return { ok: true as const, toast };
  },
  log: "review",
  failure: false,
});
const reviewsTab = (request: Request) => `${new URL(request.url).pathname}?tab=reviews`;
export const clientAction = keepWork<Route.ClientActionArgs>("Failed to submit review");

export const meta: Route.MetaFunction = ({ data: d, error, matches }) => {
  const site = siteFromMatches(matches);
  if (!d) {
    const notFound = (error as { status?: number } | undefined)?.status === 404;
    return seoMeta(site, { title: notFound ? "Venue Not Found" : "Error Loading Venue", noindex: true });
  }
  const v = d.venue;
  const description = venueMetaDescription(v);
  const photos = usableImages(v.images);
  const shared = photos.findIndex((i) => !i.startsWith("data:") && !i.startsWith("blob:"));
  return seoMeta(site, {
    // Name and town first: a search result that truncates the title cuts the suffix (issue 27).
    title: `${v.name}${v.city ? `, ${v.city}, CO` : ""} Wedding Venue`,
    description,
    path: v.status === "approved" ? venuePath(v) : undefined,
    noindex: v.status !== "approved",
    image: shared >= 0 ? photos[shared] : undefined,
    imageAlt: shared >= 0 ? photoAlt(v.name, shared, photos.length) : undefined,
    type: "place",
    jsonLd: [venueJsonLd(site, v, description)],
  });
};

export function ErrorBoundary() {
  return <GeneralErrorBoundary title="Error Loading Venue" retry notFound={{ title: "Venue Not Found" }} />;
}

const TAB_LABELS: Record<VenueTab, string> = {
  overview: "Overview",
  amenities: "Amenities",
  reviews: "Reviews",
  faq: "FAQ",
};

export default function VenuePage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, site } = useRootData();
  const {
    venue: v,
    faqs,
    reviews,
    ownReview,
    ownVenue,
    estimate,
    breakdown,
    context,
    availability,
    dateError,
    hasTours,
  } = loaderData;
  // The tab is in the address (`?tab=reviews`), so the server renders it chosen (ADR 020).
  const [searchParams] = useSearchParams();
  const tab = venueTab(searchParams.get("tab"));
  useEffect(() => {
    track({ name: "venue_view", params: { venue_id: v.id, venue_name: v.name } });
  }, [v.id]); // eslint-disable-line react-hooks/exhaustive-deps
  // 'Check availability' (issue 23): in the side card, and in a bar kept at the bottom of a phone's
  // screen; a link to the form's page until the script runs, then the dialog.
  const hydrated = useHydrated();
  const [inquiring, setInquiring] = useState(false);
  // Mounted from the first opening on, so that closing keeps what was typed (ADR 018).
  const [inquired, setInquired] = useState(false);
  const takesInquiries = v.status === "approved";
  const inquiryTrigger = (className: string) => (
    <InquiryTrigger
      href={withContext(inquiryFormPath(v), context)}
      hydrated={hydrated}
      onOpen={() => {
        setInquired(true);
        setInquiring(true);
      }}
      className={className}
    />
  );

  return (
    <div className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <VenueBreadcrumb context={context} current={v.name} />

      {v.status === "pending" ? (
        <p role="status" className="mt-4 rounded-lg bg-amber-100 px-4 py-3 text-sm text-amber-900">
          Awaiting approval: this venue is not visible to the public until an administrator approves it.
        </p>
      ) : null}

      {/* Desktop: the gallery leads on the left while the name, rating, location and price sit beside
          it, all within the first screen; the tabs follow under the gallery. Phones stack them. */}
      {/* `.venue-grid` places its three parts (app/styles/venue-page.css). */}
      <div className="venue-grid">
        <div>
          <VenueGallery key={v.id} images={usableImages(v.images)} name={v.name} />
        </div>
        <div>
          <VenueHeader venue={v} />
          <VenueBookingCard
            venue={v}
            siteName={site.siteName}
            estimate={estimate}
            breakdown={breakdown}
            context={context}
            availability={availability}
            dateError={dateError}
            inquiry={
              takesInquiries ? (
                <>
                  {inquiryTrigger("w-full")}
                  {hasTours ? (
                    <Link
                      to={`${venuePath(v)}/tour`}
                      className="block text-center font-medium text-primary underline"
                    >
                      Book a site visit
                    </Link>
                  ) : null}
                </>
              ) : undefined
            }
            replyTime={loaderData.replyTime}
          />
        </div>
        <Tabs key={v.id} defaultValue={tab} syncAddress idPrefix="venue">
          <TabsList aria-label="Venue details" className="w-full overflow-x-auto sm:w-fit">
            {VENUE_TABS.map((t) => (
              <TabsTrigger key={t} value={t} href={withContext(venueTabHref(v, t), context)}>
                {TAB_LABELS[t]}
              </TabsTrigger>
            ))}
          </TabsList>
          <TabsContent value="overview" className="mt-6">
            <h2 className="sr-only">Overview</h2>
            <div className="venue-about">{v.description || "No description available."}</div>
            <VenueFacts venue={v} />
            <h3 className="venue-h3">Contact</h3>
            {/* The id alone: the claim page redirects to its full address; the page's bytes are few (ADR 047). */}
            <VenueContact venue={v} claimHref={loaderData.claimable ? `/venue/${v.id}/claim` : undefined} />
            <SentOnce id="venue-calendar" value={loaderData.calendar}>
              {(months) =>
                months ? (
                  <>
                    <h3 className="venue-h3 mb-3">Availability</h3>
                    <VenueAvailability months={months} />
                  </>
                ) : null
              }
            </SentOnce>
          </TabsContent>
          <TabsContent value="amenities" className="mt-6">
            <h2 className="mb-4 text-2xl">Amenities</h2>
            <VenueAmenities amenities={v.amenities} />
          </TabsContent>
          <TabsContent value="reviews" className="mt-6">
            <h2 className="mb-4 text-2xl">Reviews</h2>
            <VenueReviews
              reviews={reviews}
              rating={v.rating}
              reviewCount={v.reviewCount}
              user={user}
              ownReview={ownReview}
              canReview={v.status === "approved" && !ownVenue}
              cannotReview={ownVenue ? OWN_VENUE_REVIEW : undefined}
              hrefs={{
                tab: venueTabPath(v, "reviews"),
                write: venueTabPath(v, "reviews", { writeReview: true }),
              }}
              startWriting={tab === "reviews" && searchParams.get("review") === "write"}
              verifiedOnly={verifiedReviews(searchParams)}
              anyVerified={loaderData.verifiedReviews === true}
              reply={actionData}
            />
          </TabsContent>
          <TabsContent value="faq" className="mt-6">
            <h2 className="mb-4 text-2xl">Frequently Asked Questions</h2>
            <SentOnce id="venue-faqs" value={faqs}>
              {(list) =>
                list === null ? (
                  <p role="alert" className="text-danger">
                    FAQs could not be loaded. Please try again later.
                  </p>
                ) : (
                  <VenueFaqs faqs={list} />
                )
              }
            </SentOnce>
          </TabsContent>
        </Tabs>
      </div>
      {takesInquiries ? (
        <div data-testid="inquiry-bar" className="inquiry-bar">
          <p>
            <span>{v.name}</span>
            <span>{estimate ? estimateLabel(estimate) : priceDisplay(v)}</span>
          </p>
          {inquiryTrigger("shrink-0")}
        </div>
      ) : null}
      {inquired ? (
        <Suspense fallback={null}>
          <InquiryDialog venue={v} context={context} open={inquiring} onClose={() => setInquiring(false)} />
        </Suspense>
      ) : null}
    </div>
  );
}
