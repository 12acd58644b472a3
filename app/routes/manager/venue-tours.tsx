import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/venue-tours";
import { Panel } from "~/components/back-office/page";
import { FormError } from "~/components/forms/fields";
import { ArrowLeft } from "~/components/ui/icons";
import { Button, buttonClass } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { shortDayLabel } from "~/lib/dates";
import { keepWork } from "~/lib/failed-request";
import { managerMeta } from "~/lib/manager";
import { Refusal } from "~/lib/refusal";
import { timeValue, tourMessages, tourWindow, visitLabel, WEEKDAY_NAMES } from "~/lib/tours";
import { isUuid } from "~/lib/uuid";
import { mailTourChange } from "~/services/tour-emails.server";
import { MANAGE_VENUE_MESSAGE, assertCanManageVenue } from "~/services/permissions.server";
import { getTourSettings, saveTourHours, setClosedDay } from "~/services/tour-settings.server";
import { cancelTour, tourFor } from "~/services/tours.server";

// A venue's site visits (issue 45, ADR 046): the week's hours (an empty day has none), the days
// without visits, and the visits booked from now on, with who comes and how to reach them. Plain
// forms (ADR 020); every post answers with a redirect back here, or this page with the refusal.

export const meta: Route.MetaFunction = ({ data: d }) =>
  managerMeta(d && "settings" in d ? `Site visits — ${d.settings.venueName}` : "Site visits");

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const app = getApp(context);
  try {
    const settings = await getTourSettings(app.db, expectUser(context), params.venueId);
    if (!settings) throw data(null, { status: 404 });
    return { settings, window: tourWindow() };
  } catch (err) {
    if (err instanceof Refusal && err.status === 403)
      throw await redirectWithToast(app, request, "/venue-manager/dashboard", {
        type: "error",
        message: MANAGE_VENUE_MESSAGE,
      });
    throw err;
  }
}

type Reply = { ok: false; intent: string; error: string };

export const action = formAction({
  // Whether the person may manage this venue, before the body is read.
  before: async ({ app, actor, params }) => {
    if (!isUuid(params.venueId)) throw data(null, { status: 404 });
    await assertCanManageVenue(app.db, actor, params.venueId).catch((err: unknown) => {
      if (err instanceof Refusal) throw data(err.data, err.init);
      throw err;
    });
    return undefined;
  },
  run: async ({ app, actor, request, params, values, intent }) => {
    const here = `/venue-manager/edit-venue/${params.venueId}/tours`;
    const back = (message: string) => redirectWithToast(app, request, here, { type: "success", message });
    const refuse = (error: string, status = 400) =>
      data<Reply>({ ok: false, intent: intent ?? "", error }, { status });
    if (intent === "hours") {
      const r = await saveTourHours(app.db, actor, params.venueId, values);
      return r.ok ? back(tourMessages.hoursSaved) : refuse(r.error);
    }
    if (intent === "close-day" || intent === "open-day") {
      const closing = intent === "close-day";
      const r = await setClosedDay(app.db, actor, params.venueId, values.day, closing);
      return r.ok ? back(closing ? tourMessages.closedAdded : tourMessages.closedRemoved) : refuse(r.error);
    }
    if (intent === "cancel") {
      const access = await tourFor(app, values.tourId ?? "", { user: actor, token: null });
      if (!access || access.tour.venueId !== params.venueId) return refuse("No such visit", 404);
      const r = await cancelTour(app.db, access);
      if (!r.ok) return refuse(r.error, r.status);
      await mailTourChange(app, access.venue, r.tour, "cancelled", true);
      return back("Visit cancelled; the couple was told");
    }
    return refuse("Unknown action");
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Nothing was changed");

export default function VenueToursPage({ loaderData, actionData }: Route.ComponentProps) {
  const { settings: s, window: w } = loaderData;
  const base = `/venue-manager/edit-venue/${s.venueId}`;
  const pending = useNavigation().state === "submitting";
  const error = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.error : null;
  const hours = new Map(s.hours.map((h) => [h.weekday, h]));
  return (
    <div className="mx-auto max-w-4xl space-y-6">
      <Link to={base} className={buttonClass("ghost", "sm", "-ml-3")}>
        <ArrowLeft className="h-4 w-4" aria-hidden="true" /> Back to {s.venueName}
      </Link>
      <h1 className="text-3xl break-words">Site visits: {s.venueName}</h1>

      <Panel labelledBy="visits-heading" className="p-6">
        <h2 id="visits-heading" className="text-xl">
          Booked visits
        </h2>
        {s.visits.length === 0 ? (
          <p className="mt-3 text-muted">No visits booked yet.</p>
        ) : (
          <ul className="mt-3 divide-y divide-sand">
            {s.visits.map((v) => (
              <li key={v.id} className="flex flex-wrap items-center justify-between gap-3 py-3">
                <div className="min-w-0">
                  <p className="font-medium">{visitLabel(v.startsAt)}</p>
                  <p className="text-sm break-words text-ink-soft">
                    {v.name} · <a href={`mailto:${v.email}`}>{v.email}</a>
                  </p>
                </div>
                <Form method="post">
                  <input type="hidden" name="intent" value="cancel" />
                  <input type="hidden" name="tourId" value={v.id} />
                  <Button type="submit" variant="outline" size="sm" disabled={pending}>
                    Cancel visit<span className="sr-only">{` of ${v.name}, ${visitLabel(v.startsAt)}`}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        )}
        <FormError message={error("cancel")} />
      </Panel>

      <Panel labelledBy="hours-heading" className="p-6">
        <h2 id="hours-heading" className="text-xl">
          Weekly hours
        </h2>
        <p className="mt-1 text-sm text-muted">
          Colorado time. Visits last an hour and start every hour from the opening time; leave a day empty for
          no visits. Days your calendar has booked have none.
        </p>
        <Form method="post" className="mt-4 space-y-3">
          <input type="hidden" name="intent" value="hours" />
          {WEEKDAY_NAMES.map((name, d) => {
            const h = hours.get(d);
            return (
              <fieldset key={name} className="flex flex-wrap items-center gap-3">
                <legend className="w-full font-medium sm:float-left sm:w-28">{name}</legend>
                <label className="flex items-center gap-2 text-sm">
                  From
                  <input
                    type="time"
                    name={`opens-${d}`}
                    defaultValue={h ? timeValue(h.opens) : ""}
                    className="rounded-lg border border-sand px-2 py-1"
                  />
                </label>
                <label className="flex items-center gap-2 text-sm">
                  To
                  <input
                    type="time"
                    name={`closes-${d}`}
                    defaultValue={h ? timeValue(Math.min(h.closes, 1439)) : ""}
                    className="rounded-lg border border-sand px-2 py-1"
                  />
                </label>
              </fieldset>
            );
          })}
          <FormError message={error("hours")} />
          <Button type="submit" pending={pending}>
            Save hours
          </Button>
        </Form>
      </Panel>

      <Panel labelledBy="closed-heading" className="p-6">
        <h2 id="closed-heading" className="text-xl">
          Days without visits
        </h2>
        {s.closedDays.length ? (
          <ul className="mt-3 space-y-2">
            {s.closedDays.map((day) => (
              <li key={day}>
                <Form method="post" className="flex items-center gap-3">
                  <span>{shortDayLabel(day)}</span>
                  <input type="hidden" name="intent" value="open-day" />
                  <input type="hidden" name="day" value={day} />
                  <Button type="submit" variant="ghost" size="sm" disabled={pending}>
                    Remove<span className="sr-only">{` ${shortDayLabel(day)}`}</span>
                  </Button>
                </Form>
              </li>
            ))}
          </ul>
        ) : (
          <p className="mt-3 text-muted">None.</p>
        )}
        <Form method="post" className="mt-4 flex flex-wrap items-end gap-3">
          <input type="hidden" name="intent" value="close-day" />
          <label className="flex flex-col gap-1 text-sm">
            Day
            <input
              type="date"
              name="day"
              required
              min={w.first}
              className="rounded-lg border border-sand px-2 py-1"
            />
          </label>
          <Button type="submit" variant="outline" disabled={pending}>
            Add closed day
          </Button>
        </Form>
        <FormError message={error("close-day") ?? error("open-day")} />
      </Panel>
    </div>
  );
}

export { GeneralErrorBoundary as ErrorBoundary } from "~/components/layout/error-boundary";
