import { ArrowLeft, ExternalLink, SearchX } from "~/components/ui/icons";
import { useCallback } from "react";
import { data, isRouteErrorResponse, useSearchParams } from "react-router";
import type { Route } from "./+types/edit-venue";
import { keepWork } from "~/lib/failed-request";
import { formAction, type ActionContext } from "~/infra/action.server";
import { EmptyState, Panel } from "~/components/back-office/page";
import { PendingBadge } from "~/components/manager/managed-venue-card";
import { VenueFaqsPanel } from "~/components/manager/venue-faqs-panel";
import { VenueImagesPanel } from "~/components/manager/venue-images-panel";
import { StillCorrect } from "~/components/manager/still-correct";
import { AvailabilityPanel } from "~/components/availability/availability-panel";
import { calendarMonth } from "~/lib/dates";
import { getManagerAvailability } from "~/services/availability.server";
import { VenueInquiriesPanel } from "~/components/manager/venue-inquiries-panel";
import { VenueReviewsPanel } from "~/components/manager/venue-reviews-panel";
import { showToast } from "~/components/layout/use-toast";
import { ButtonLink, buttonClass } from "~/components/ui/button";
import { Tabs, TabsContent, TabsList, TabsTrigger } from "~/components/ui/tabs";
import { VenueEditForm, type SubmissionReply } from "~/components/venue-form/venue-form";
import { isMultipart } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { savingVenueForm, venueFormRefused } from "~/infra/venue-form-reply.server";
import { managerMessages, managerMeta } from "~/lib/manager";
import type { Toast } from "~/lib/toast";
import { readTab, type ManagerTab } from "~/lib/venue-attention";
import { isUuid } from "~/lib/uuid";
import {
  managerActionSchema,
  MANAGER_FAQ_BOTH_REQUIRED,
  type ManagerAction,
  type ManagerIntent,
  type ManagerReply,
} from "~/lib/validation/manager";
import { addFaq, deleteFaq, moveFaq, updateFaq } from "~/services/faqs.server";
import {
  changeVenueImage,
  confirmVenuePrices,
  getManagedVenue,
  updateManagedVenue,
} from "~/services/manager-venues.server";
import { MANAGE_VENUE_MESSAGE } from "~/services/permissions.server";
import { deleteReviewReply, saveReviewReply } from "~/services/reviews.server";
import { isFault } from "~/lib/refusal";

// Spec: 'Manager edit venue' (issue 13, item 4). Tabs Venue Details (the shared venue form, the
// default), Images (upload, remove, cover, order), FAQs and Reviews (with one public reply per
// review). Every read and write checks that the user may manage this venue in its service; one
// they may not sends them back to the dashboard with the spec's message.

export const meta: Route.MetaFunction = ({ data }) =>
  managerMeta(data && "venue" in data && data.venue ? `Manage ${data.venue.venue.name}` : "Venue not found");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const actor = expectUser(context);
  let found;
  try {
    found = await getManagedVenue(app.db, actor, params.venueId);
  } catch (err) {
    if (!isFault(err)) throw err;
    app.logger.error("manager venue failed to load", { error: String(err), venueId: params.venueId });
    return data({ venue: null, error: managerMessages.venueFailed }, { status: 500 });
  }
  if (!found.ok && found.reason === "forbidden")
    throw await redirectWithToast(app, request, "/venue-manager/dashboard", {
      type: "error",
      message: MANAGE_VENUE_MESSAGE,
    });
  if (!found.ok) return data({ venue: null, error: null }, { status: 404 });
  // The Availability tab's month: one the calendar does not go to is refused with the window.
  const { month, error } = calendarMonth(new URL(request.url).searchParams.get("month"));
  if (error !== undefined) throw data({ error }, { status: 400 });
  const availability = await getManagerAvailability(app.db, actor, params.venueId, month, app.config.siteUrl);
  return { venue: found.data, availability, error: null };
}

/**
 * A load whose request failed (the network, a proxy) says 'Failed to load venue details' in the
 * page, or in My Venues' Edit Details sheet, which loads this page's data, rather than giving
 * the page up to the error page.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    // An answer (a redirect, a refused month) is not a failed request.
    if (error instanceof Response || isRouteErrorResponse(error)) throw error;
    return { venue: null, error: managerMessages.venueFailed };
  }
}

const FAILURES: Record<ManagerIntent, string> = {
  "faq-add": managerMessages.faqAddFailed,
  "faq-save": managerMessages.faqUpdateFailed,
  "faq-move": managerMessages.faqMoveFailed,
  "faq-delete": managerMessages.faqDeleteFailed,
  "reply-save": managerMessages.replyFailed,
  "reply-delete": managerMessages.replyFailed,
  "image-remove": managerMessages.imageFailed,
  "image-cover": managerMessages.imageFailed,
  "image-move": managerMessages.imageFailed,
  "confirm-prices": managerMessages.confirmFailed,
};

export async function action(args: Route.ActionArgs) {
  const { request, params, context } = args;
  if (isMultipart(request)) return saveDetails(getApp(context), expectUser(context), params.venueId, request);
  return change(args);
}

/** The FAQ, reply and image forms, through the action envelope (ADR 036). */
const change = formAction({
  schema: managerActionSchema,
  failures: FAILURES,
  invalid: ({ errors, values }, { intent, title, reply }) => {
    const known =
      intent !== undefined && Object.hasOwn(FAILURES, intent) ? (intent as ManagerIntent) : undefined;
    const reason =
      known === "faq-add" || known === "faq-save"
        ? MANAGER_FAQ_BOTH_REQUIRED
        : (errors.form ?? Object.values(errors)[0] ?? "Unknown action");
    const toast = { type: "error" as const, message: title, description: reason };
    return reply<ManagerReply>({ ok: false, intent: known, target: values.faqId, errors, toast }, 400);
  },
  log: "manager venue change",
  logged: ({ params }) => ({ venueId: params.venueId }),
  run: async (ctx) => {
    // Not an id at all: no venue, and the database must not see it (it would refuse the query).
    if (!isUuid(ctx.params.venueId)) return ctx.fail(404, managerMessages.notFound);
    const { input } = ctx;
    if (input.intent === "reply-save" || input.intent === "reply-delete") return changeReply(ctx, input);
    if (input.intent === "image-remove" || input.intent === "image-cover" || input.intent === "image-move")
      return changeImage(ctx, input);
    if (input.intent === "confirm-prices") {
      const r = await confirmVenuePrices(ctx.app.db, ctx.actor, ctx.params.venueId);
      if (!r) return ctx.fail(404, managerMessages.notFound);
      return r.ok ? ctx.done(managerMessages.confirmed) : ctx.fail(r.status, r.error);
    }
    return changeFaq(ctx, input);
  },
});

type Change<I extends ManagerIntent> = Extract<ManagerAction, { intent: I }>;
type Ctx = ActionContext<ManagerAction>;

async function changeFaq(
  { app, actor, params, done, fail, reply }: Ctx,
  input: Change<"faq-add" | "faq-save" | "faq-move" | "faq-delete">,
) {
  const venueId = params.venueId;
  if (input.intent === "faq-add") {
    const r = await addFaq(app.db, actor, venueId, input, "manager");
    return r.ok ? done(managerMessages.faqAdded, { target: r.faq.id }) : fail(r.status, r.error);
  }
  const target = { target: input.faqId };
  if (input.intent === "faq-move") {
    const r = await moveFaq(app.db, actor, venueId, input.faqId, input.direction, "manager");
    return r.ok ? reply({ ok: true, intent: input.intent, ...target }) : fail(r.status, r.error, target);
  }
  const r =
    input.intent === "faq-save"
      ? await updateFaq(app.db, actor, venueId, input.faqId, input)
      : await deleteFaq(app.db, actor, venueId, input.faqId);
  const message = input.intent === "faq-save" ? managerMessages.faqUpdated : managerMessages.faqDeleted;
  return r.ok ? done(message, target) : fail(r.status, r.error, target);
}

async function changeReply(
  { app, actor, params, done, fail }: Ctx,
  input: Change<"reply-save" | "reply-delete">,
) {
  const target = { target: input.reviewId };
  if (input.intent === "reply-delete") {
    const r = await deleteReviewReply(app.db, actor, params.venueId, input.reviewId);
    return r.ok ? done(managerMessages.replyDeleted, target) : fail(r.status, r.error, target);
  }
  const r = await saveReviewReply(app.db, actor, params.venueId, input.reviewId, input.reply);
  return r.ok
    ? done(r.updated ? managerMessages.replyUpdated : managerMessages.replySaved, target)
    : fail(r.status, r.error, target);
}

const IMAGE_DONE = {
  remove: managerMessages.imageRemoved,
  cover: managerMessages.coverSet,
  up: managerMessages.imageMoved,
  down: managerMessages.imageMoved,
};

async function changeImage(
  { app, actor, params, done, fail }: Ctx,
  input: Change<"image-remove" | "image-cover" | "image-move">,
) {
  const change =
    input.intent === "image-move" ? input.direction : input.intent === "image-cover" ? "cover" : "remove";
  const target = { target: input.url };
  const r = await changeVenueImage(app, actor, params.venueId, input.url, change);
  if (!r) return fail(404, managerMessages.notFound, target);
  if (!r.ok) return fail(r.status, r.error, target);
  return done(IMAGE_DONE[change], target);
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export const clientAction = keepWork<Route.ClientActionArgs>(FAILURES, managerMessages.updateFailed);

/** The Venue Details form (and the My Venues sheet): answered as the shared form expects. */
function saveDetails(
  app: ReturnType<typeof getApp>,
  actor: ReturnType<typeof expectUser>,
  venueId: string,
  request: Request,
) {
  const failed: Toast = { type: "error", message: managerMessages.updateFailed };
  return savingVenueForm(app.logger, "manager venue update failed", { venueId }, failed, async () => {
    const result = await updateManagedVenue(app, actor, venueId, request);
    if (!result) {
      const notFound: Toast = { type: "error", message: managerMessages.notFound };
      return venueFormRefused({ status: 404, errors: {}, values: {}, unread: true }, notFound);
    }
    if (!result.ok) return venueFormRefused(result, failed);
    const lost = result.failures.length;
    return {
      ok: true as const,
      toast: {
        type: "success" as const,
        message: managerMessages.updated,
        description: lost ? `The logo could not be saved: ${result.failures[0]!.message}` : undefined,
      },
      notices: [] as Toast[],
      redirectTo: "",
      venue: result.venue,
    };
  });
}

const TAB_LABELS: Record<ManagerTab, string> = {
  details: "Venue Details",
  images: "Images",
  faqs: "FAQs",
  reviews: "Reviews",
  inquiries: "Inquiries",
  availability: "Availability",
};

export default function ManagerEditVenue({ loaderData }: Route.ComponentProps) {
  const [params, setParams] = useSearchParams();
  const tab = readTab(params.get("tab"));
  const selectTab = (next: string) =>
    setParams(
      (p) => {
        const copy = new URLSearchParams(p);
        if (next === "details") copy.delete("tab");
        else copy.set("tab", next);
        return copy;
      },
      { replace: true, preventScrollReset: true },
    );
  const onSaved = useCallback(
    (reply: Extract<SubmissionReply, { ok: true }>) => void showToast(reply.toast),
    [],
  );

  if (!loaderData.venue)
    return (
      <Panel>
        <EmptyState
          icon={<SearchX className="h-10 w-10" aria-hidden="true" />}
          title={loaderData.error ?? managerMessages.notFound}
        >
          <ButtonLink to="/venue-manager/dashboard" className="mt-4">
            Back to Dashboard
          </ButtonLink>
        </EmptyState>
      </Panel>
    );

  const { venue, faqs, reviews, choices, inquiries } = loaderData.venue;
  const availability = "availability" in loaderData ? loaderData.availability : null;
  const path = `/venue-manager/edit-venue/${venue.id}`;
  return (
    <div className="space-y-6">
      <ButtonLink to="/venue-manager/venues" variant="ghost" size="sm" className="-ml-3">
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to My Venues
      </ButtonLink>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-3xl break-words">{venue.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-2 text-ink-soft">
            <span className="break-words">{venue.location || "No address yet"}</span>
            {venue.isApproved ? null : <PendingBadge />}
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          <ButtonLink to={`${path}/tours`} variant="outline" size="sm">
            Site visits
          </ButtonLink>
          {venue.isApproved ? (
            <a href={venue.path} target="_blank" rel="noreferrer" className={buttonClass("outline", "sm")}>
              <ExternalLink className="h-4 w-4" aria-hidden="true" /> View public page
            </a>
          ) : null}
        </div>
      </header>

      <Tabs defaultValue="details" value={tab} onValueChange={selectTab}>
        {/* Six tabs do not fit a phone's width in one row: rows of two there, so none hides off-screen. */}
        <TabsList
          aria-label="Manage venue"
          className="grid w-full grid-cols-2 rounded-2xl sm:flex sm:w-auto sm:max-w-2xl sm:rounded-full [&>:last-child:nth-child(odd)]:col-span-2"
        >
          {(Object.keys(TAB_LABELS) as ManagerTab[]).map((t) => (
            <TabsTrigger key={t} value={t}>
              {TAB_LABELS[t]}
              {t === "images" ? ` (${venue.images.length})` : null}
              {t === "inquiries" && inquiries.counts.new > 0 ? ` (${inquiries.counts.new} new)` : null}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="details" className="mt-6 space-y-6">
          <StillCorrect confirmed={venue.confirmed} action={path} />
          <Panel className="px-6 pb-6 sm:px-8 sm:pb-8">
            <VenueEditForm
              admin
              withImages={false}
              venue={venue}
              choices={choices}
              action={path}
              onSubmitted={onSaved}
            />
          </Panel>
        </TabsContent>
        <TabsContent value="images" className="mt-6">
          <VenueImagesPanel venueName={venue.name} images={venue.images} uploadAction={`${path}/images`} />
        </TabsContent>
        <TabsContent value="faqs" className="mt-6">
          <VenueFaqsPanel faqs={faqs} />
        </TabsContent>
        <TabsContent value="reviews" className="mt-6">
          <VenueReviewsPanel reviews={reviews} />
        </TabsContent>
        <TabsContent value="inquiries" className="mt-6">
          <VenueInquiriesPanel venueId={venue.id} inbox={inquiries} />
        </TabsContent>
        <TabsContent value="availability" className="mt-6">
          {availability ? (
            <AvailabilityPanel
              availability={availability}
              action={`${path}/availability`}
              back={`${path}?tab=availability&month=${availability.month.month}`}
              monthHref={(m) => `${path}?tab=availability&month=${m}`}
              reply={null}
            />
          ) : null}
        </TabsContent>
      </Tabs>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
