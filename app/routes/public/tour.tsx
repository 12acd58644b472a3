import { data, Form, useNavigation } from "react-router";
import type { Route } from "./+types/tour";
import { FormError } from "~/components/forms/fields";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { TourSlots } from "~/components/venue/tour-slots";
import { formAction } from "~/infra/action.server";
import { getApp, getUser, redirectWithToast } from "~/infra/session.server";
import { addDays, isCalendarDay } from "~/lib/dates";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { TOUR_PAGE_DAYS, tourBookingPath, tourMessages, tourWindow, visitLabel } from "~/lib/tours";
import { mailTourChange } from "~/services/tour-emails.server";
import { cancelTour, changeable, rescheduleTour, tourFor, venueSlots } from "~/services/tours.server";

// A site visit (issue 45, ADR 046): when and where, another free time to move it to, and its
// cancel button. Its couple (signed in), the signed link of its mails (no sign-in: the link is the
// credential, and the forms post back to it) and the venue's managers may open it; to anyone else,
// a visit that does not exist. Never cached: it is one person's.

export const meta: Route.MetaFunction = pageMeta({ title: "Your site visit", noindex: true });
export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

const NOT_FOUND = "This visit does not exist, or this link is not valid.";

const who = (request: Request, user: ReturnType<typeof getUser>) => ({
  user,
  token: new URL(request.url).searchParams.get("t"),
});

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const access = await tourFor(app, params.tourId, who(request, getUser(context)));
  if (!access) throw data({ error: NOT_FOUND }, { status: 404 });
  const { tour, venue, by } = access;
  const open = changeable(tour) && by !== "manager";
  const w = tourWindow();
  const asked = new URL(request.url).searchParams.get("from");
  const from = isCalendarDay(asked) && asked >= w.first && asked <= w.last ? asked : w.first;
  const days = open ? await venueSlots(app.db, venue.id, from, addDays(from, TOUR_PAGE_DAYS - 1)) : [];
  const later = addDays(from, TOUR_PAGE_DAYS);
  // The pages of dates keep the signed link's token.
  const token = new URL(request.url).searchParams.get("t");
  const href = (day: string | null) =>
    `?${new URLSearchParams({ ...(token ? { t: token } : {}), ...(day ? { from: day } : {}) })}`;
  return {
    visit: { startsAt: tour.startsAt.toISOString(), status: tour.status, name: tour.name, email: tour.email },
    venue: { name: venue.name, path: venue.path, location: venue.location },
    open,
    cancellable: changeable(tour),
    days,
    later: open && later <= w.last ? href(later) : null,
    earlier: open && from > w.first ? href(null) : null,
  };
}

type Reply = { ok: false; intent: string; error: string };

export const action = formAction({
  run: async ({ app, request, params, values, intent, user }) => {
    const access = await tourFor(app, params.tourId ?? "", who(request, user));
    if (!access) return data<Reply>({ ok: false, intent: intent ?? "", error: NOT_FOUND }, { status: 404 });
    const back = new URL(request.url);
    back.searchParams.delete("from");
    const to = back.pathname + back.search;
    const refuse = (error: string, status: number) =>
      data<Reply>({ ok: false, intent: intent ?? "", error }, { status });
    if (intent === "reschedule") {
      const r = await rescheduleTour(app.db, access, values.slot);
      if (!r.ok) return refuse(r.error, r.status);
      await mailTourChange(app, access.venue, r.tour, "moved");
      return redirectWithToast(app, request, to, { type: "success", message: tourMessages.rescheduled });
    }
    if (intent === "cancel") {
      const r = await cancelTour(app.db, access);
      if (!r.ok) return refuse(r.error, r.status);
      await mailTourChange(app, access.venue, r.tour, "cancelled", access.by === "manager");
      return redirectWithToast(app, request, to, { type: "success", message: tourMessages.cancelled });
    }
    return refuse("Unknown action", 400);
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your visit was not changed");

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "Visit Not Found" }} />;
}

export default function TourPage({ loaderData, actionData }: Route.ComponentProps) {
  const { visit, venue, open, cancellable, days, later, earlier } = loaderData;
  const pending = useNavigation().state === "submitting";
  const error = (intent: string) =>
    actionData && "intent" in actionData && actionData.intent === intent ? actionData.error : null;
  const cancelled = visit.status === "cancelled";
  return (
    <div className="mx-auto max-w-2xl space-y-6 px-4 py-8 sm:px-6">
      <h1 className="text-3xl break-words sm:text-4xl">{`Site visit: ${venue.name}`}</h1>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        <dt className="text-muted">When</dt>
        <dd className={cancelled ? "line-through" : undefined}>{visitLabel(visit.startsAt)}</dd>
        <dt className="text-muted">Where</dt>
        <dd className="break-words">{venue.location || "Ask the venue"}</dd>
        <dt className="text-muted">Visitor</dt>
        <dd className="break-words">{`${visit.name} (${visit.email})`}</dd>
        <dt className="text-muted">Status</dt>
        <dd>
          <span role="status">{cancelled ? "Cancelled" : cancellable ? "Booked" : "Past"}</span>
        </dd>
      </dl>
      <p>
        <Link to={venue.path}>{venue.name}</Link>
        {cancelled ? (
          <>
            {" · "}
            <Link to={tourBookingPath(venue.path)}>Book another visit</Link>
          </>
        ) : null}
      </p>
      {open ? (
        <section aria-labelledby="move-heading" className="space-y-4">
          <h2 id="move-heading" className="text-2xl">
            Move this visit
          </h2>
          <Form method="post" className="space-y-4">
            <input type="hidden" name="intent" value="reschedule" />
            <FormError message={error("reschedule")} />
            <TourSlots days={days} />
            <nav aria-label="More dates" className="flex justify-between gap-4 text-sm">
              {earlier ? <Link to={earlier}>First dates</Link> : <span />}
              {later ? <Link to={later}>Later dates</Link> : null}
            </nav>
            <Button type="submit" pending={pending} disabled={days.length === 0}>
              Move my visit
            </Button>
          </Form>
        </section>
      ) : null}
      {cancellable ? (
        <Form method="post" className="space-y-2">
          <input type="hidden" name="intent" value="cancel" />
          <FormError message={error("cancel")} />
          <Button type="submit" variant="outline" disabled={pending}>
            Cancel this visit
          </Button>
        </Form>
      ) : null}
    </div>
  );
}
