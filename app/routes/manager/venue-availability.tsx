import { ArrowLeft } from "~/components/ui/icons";
import { data } from "react-router";
import { Link } from "~/components/ui/link";
import type { Route } from "./+types/venue-availability";
import { AvailabilityPanel, type AvailabilityReply } from "~/components/availability/availability-panel";
import { buttonClass } from "~/components/ui/button";
import { isMultipart, readFormFields } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { availabilityMessages } from "~/lib/availability";
import { CALENDAR_FORM_LIMIT } from "~/lib/body-limits";
import { calendarMonth } from "~/lib/dates";
import { adminMeta } from "~/lib/admin";
import { managerMeta } from "~/lib/manager";
import { isUuid } from "~/lib/uuid";
import { Refusal } from "~/lib/refusal";
import { attempt, formAction, type ActionContext } from "~/infra/action.server";
import {
  assertManagedCalendar,
  getManagerAvailability,
  importRanges,
  markRange,
  parseImportRanges,
  previewIcsUpload,
  setClosures,
} from "~/services/availability.server";
import { rotateFeed } from "~/services/calendar-feed.server";
import { MANAGE_VENUE_MESSAGE } from "~/services/permissions.server";

// A venue's availability calendar (issue 24, ADR 030), the page behind the manager's Availability
// tab and the admin's venue edit: the month grid, recurring closures, the .ics import with its
// preview and the feed's secret address. Its forms post here from the tab and from this page
// alike, so each works without scripts; a success goes back where the form came from (`back`),
// an error shows here with what was typed. The admin area's route re-exports this module.

const areaOf = (request: Request) =>
  new URL(request.url).pathname.startsWith("/admin/") ? ("admin" as const) : ("manager" as const);

export const meta: Route.MetaFunction = ({ data }) => {
  const title = data?.availability ? `Availability — ${data.availability.venueName}` : "Availability";
  return data?.area === "admin" ? adminMeta(title) : managerMeta(title);
};

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const actor = expectUser(context);
  const area = areaOf(request);
  const away = area === "admin" ? "/admin/venues" : "/venue-manager/dashboard";
  if (!isUuid(params.venueId)) throw data(null, { status: 404 });
  // A month the calendar does not go to is refused with the window (ADR 030).
  const { month, error } = calendarMonth(new URL(request.url).searchParams.get("month"));
  if (error !== undefined) throw data({ error }, { status: 400 });
  try {
    const availability = await getManagerAvailability(
      app.db,
      actor,
      params.venueId,
      month,
      app.config.siteUrl,
    );
    if (!availability) throw data(null, { status: 404 });
    return { availability, area };
  } catch (err) {
    if (err instanceof Refusal && err.status === 403)
      throw await redirectWithToast(app, request, away, { type: "error", message: MANAGE_VENUE_MESSAGE });
    throw err;
  }
}

/** Where a success goes back to: this venue's tab or page in the area the form came from. */
function backTo(raw: string | undefined, venueId: string, area: "admin" | "manager"): string {
  const allowed = area === "admin" ? `/admin/edit-venue/${venueId}` : `/venue-manager/edit-venue/${venueId}`;
  return raw && (raw === allowed || raw.startsWith(`${allowed}?`) || raw.startsWith(`${allowed}/`))
    ? raw
    : `${allowed}${area === "admin" ? "/availability" : "?tab=availability"}`;
}

const fail = (status: number, reply: Omit<AvailabilityReply, "ok">) =>
  data<AvailabilityReply>({ ok: false, ...reply }, { status });

/** The calendar's forms and the .ics preview's upload, through the envelope (ADR 036). */
export const action = formAction({
  body: "none",
  log: "availability change",
  logged: ({ params }) => ({ venueId: params.venueId }),
  failure: false,
  run: async (ctx) => {
    if (!isUuid(ctx.params.venueId)) throw data(null, { status: 404 });
    // Whether the person may manage this venue, before a byte of the body is read (issue 39): a
    // refused post costs nothing, and its connection closes with the answer (infra/http.server.ts).
    // A refusal is thrown, so that the page's loader (which would send them away) does not run
    // after it and the answer stays a 403.
    await assertManagedCalendar(ctx.app.db, ctx.actor, ctx.params.venueId);
    return isMultipart(ctx.request) ? previewUpload(ctx) : changeCalendar(ctx);
  },
});

/** The import's first step: read the file and show what it would mark booked. */
async function previewUpload({ app, actor, request, params }: ActionContext) {
  const venueId = params.venueId;
  const r = await attempt(app, () => previewIcsUpload(app.db, actor, venueId, request), {
    log: () => ["calendar preview failed", { venueId }],
    failure: () => null,
  });
  if (!r) return fail(500, { intent: "ics-preview", error: availabilityMessages.failed });
  const back = backTo(r.back, venueId, areaOf(request));
  if (!r.ok)
    return data<AvailabilityReply>(
      { ok: false, intent: "ics-preview", error: r.error, back },
      { status: r.status, headers: r.unread ? { Connection: "close" } : undefined },
    );
  return data<AvailabilityReply>({
    ok: true,
    intent: "ics-preview",
    preview: r.preview,
    fileName: r.fileName,
    back,
  });
}

async function changeCalendar(ctx: ActionContext) {
  const fields = await readFormFields(ctx.request, CALENDAR_FORM_LIMIT);
  const one = (name: string) => fields.find(([k]) => k === name)?.[1];
  const intent = one("intent");
  const back = backTo(one("back"), ctx.params.venueId, areaOf(ctx.request));
  const failed = fail(500, { intent, error: availabilityMessages.failed, back });
  return ctx.attempt(() => applyChange(ctx, { intent, one, fields, back }), failed, intent);
}

async function applyChange(
  { app, actor, request, params: { venueId } }: ActionContext,
  {
    intent,
    one,
    fields,
    back,
  }: { intent?: string; one: (name: string) => string | undefined; fields: [string, string][]; back: string },
) {
  const done = (message: string, description?: string) =>
    redirectWithToast(app, request, back, {
      type: "success",
      message,
      ...(description ? { description } : {}),
    });
  switch (intent) {
    case "mark": {
      const values = { from: one("from") ?? "", to: one("to") ?? "", status: one("status") ?? "" };
      const r = await markRange(app.db, actor, venueId, values);
      if (!r.ok) return fail(400, { intent, error: r.error, values, back });
      return await done(availabilityMessages.saved);
    }
    case "closures": {
      const months = fields.filter(([k]) => k === "month").map(([, v]) => v);
      await setClosures(app.db, actor, venueId, months);
      return await done(availabilityMessages.closuresSaved);
    }
    case "ics-import": {
      const ranges = parseImportRanges(one("ranges") ?? "");
      if (!ranges) return fail(400, { intent, error: availabilityMessages.nothingToImport, back });
      const days = await importRanges(app.db, actor, venueId, ranges);
      return await done(
        availabilityMessages.imported,
        `${days} ${days === 1 ? "day" : "days"} marked booked.`,
      );
    }
    case "feed-rotate": {
      await rotateFeed(app.db, actor, venueId);
      return await done(availabilityMessages.feedRotated);
    }
    default:
      return fail(400, { error: "Unknown action", back });
  }
}

export default function VenueAvailabilityPage({ loaderData, actionData }: Route.ComponentProps) {
  const { availability, area } = loaderData;
  const base =
    area === "admin"
      ? `/admin/edit-venue/${availability.venueId}`
      : `/venue-manager/edit-venue/${availability.venueId}`;
  const here = `${base}/availability`;
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link
        to={area === "admin" ? base : `${base}?tab=availability`}
        className={buttonClass("ghost", "sm", "-ml-3")}
      >
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to {availability.venueName}
      </Link>
      <h1 className="text-3xl break-words">Availability: {availability.venueName}</h1>
      <AvailabilityPanel
        availability={availability}
        action={here}
        back={actionData?.back || (area === "admin" ? here : `${base}?tab=availability`)}
        monthHref={(m) => `${here}?month=${m}`}
        reply={actionData ?? null}
      />
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
