import { data, Form, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/venue-tour";
import { Field, FormError } from "~/components/forms/fields";
import { GeneralErrorBoundary } from "~/components/layout/error-boundary";
import { Button } from "~/components/ui/button";
import { Link } from "~/components/ui/link";
import { TourSlots } from "~/components/venue/tour-slots";
import { VenueBreadcrumb } from "~/components/venue/venue-breadcrumb";
import { formAction } from "~/infra/action.server";
import { keepValues } from "~/infra/form.server";
import { expectUser, getApp, redirectWithToast, requireUser } from "~/infra/session.server";
import { NO_CONTEXT } from "~/lib/couple-context";
import { keepWork } from "~/lib/failed-request";
import { pageMeta } from "~/lib/seo";
import { tourBookingPath, tourMessages, tourPath } from "~/lib/tours";
import { tourBookingSchema } from "~/lib/validation/tour";
import { parseVenueParam } from "~/lib/venue-url";
import { mailTourChange } from "~/services/tour-emails.server";
import { bookingPage, bookTour } from "~/services/tours.server";

// "Book a site visit" (issue 45, ADR 046): the venue's free visits from tomorrow, two weeks a page,
// as radio buttons in one plain form with the couple's name and email. Signed-out visitors sign
// in first and come back. The slot is checked again when posted, and a slot another couple took
// meanwhile is refused by the database's unique index: the page then says so and shows the rest.

export const meta: Route.MetaFunction = pageMeta({ title: "Book a site visit", noindex: true });
export const middleware: Route.MiddlewareFunction[] = [requireUser];

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const { db } = getApp(context);
  const url = new URL(request.url);
  const page = await bookingPage(
    db,
    parseVenueParam(params.slugId),
    expectUser(context),
    url.searchParams.get("from"),
  );
  if (!page) throw data({ error: "This venue is not taking visits" }, { status: 404 });
  const canonical = tourBookingPath(page.venue.path);
  if (url.pathname !== canonical) throw redirect(canonical + url.search, 301);
  return page;
}

export const headers: Route.HeadersFunction = () => ({ "Cache-Control": "private, no-store" });

type Reply = { ok: false; error: string; values?: Record<string, string> };

export const action = formAction({
  schema: tourBookingSchema,
  run: async ({ app, actor, input, values, params, request }) => {
    const r = await bookTour(app.db, { venueId: parseVenueParam(params.slugId), user: actor, ...input });
    if (!r.ok)
      return data<Reply>({ ok: false, error: r.error, values: keepValues(values) }, { status: r.status });
    await mailTourChange(app, r.venue, r.tour, "booked");
    return redirectWithToast(app, request, tourPath(r.tour.id), {
      type: "success",
      message: tourMessages.booked,
    });
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Your visit was not booked");

export function ErrorBoundary() {
  return <GeneralErrorBoundary notFound={{ title: "Venue Not Found" }} />;
}

export default function VenueTourPage({ loaderData, actionData }: Route.ComponentProps) {
  const { venue, days, earlier, later, prefill } = loaderData;
  const pending = useNavigation().state === "submitting";
  const reply = actionData && "error" in actionData ? (actionData as Reply) : null;
  const errors = actionData && "errors" in actionData ? (actionData.errors as Record<string, string>) : {};
  const here = tourBookingPath(venue.path);
  return (
    <div className="mx-auto max-w-2xl px-4 py-8 sm:px-6">
      <VenueBreadcrumb context={NO_CONTEXT} venue={venue} current="Book a site visit" />
      <h1 className="mt-6 text-3xl break-words sm:text-4xl">Book a site visit</h1>
      <p className="mt-2 text-ink-soft">
        Visit <span className="font-medium text-ink">{venue.name}</span> for an hour. Times are Colorado time;
        you get a calendar invitation by email.
      </p>
      <Form method="post" className="mt-6 space-y-6">
        <FormError message={reply?.error ?? errors.slot ?? errors.form} />
        <TourSlots days={days} checked={reply?.values?.slot} />
        <nav aria-label="More dates" className="flex justify-between gap-4 text-sm">
          {earlier ? <Link to={`${here}?from=${earlier}`}>Earlier dates</Link> : <span />}
          {later ? <Link to={`${here}?from=${later}`}>Later dates</Link> : null}
        </nav>
        <div className="grid gap-4 sm:grid-cols-2">
          <Field
            label="Your name"
            name="name"
            autoComplete="name"
            required
            defaultValue={reply?.values?.name ?? prefill.name}
            error={errors.name}
          />
          <Field
            label="Your email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={reply?.values?.email ?? prefill.email}
            error={errors.email}
          />
        </div>
        <Button type="submit" pending={pending} disabled={days.length === 0}>
          Book this visit
        </Button>
      </Form>
    </div>
  );
}
