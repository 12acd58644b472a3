import { data } from "react-router";
import type { Route } from "./+types/venue-submissions";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { invalid } from "~/infra/form.server";
import { getApp, getUser } from "~/infra/session.server";
import type { Toast } from "~/lib/toast";
import { uploadMessages } from "~/lib/uploads";
import { listSubmissionChoices, submitVenue } from "~/services/submissions.server";

// The venue submission dialog's endpoint (docs/decisions/011-venue-submission-and-uploads.md).
// GET: the form's choices (venue types and amenities; public data). POST: a signed-in user's
// multipart form with up to 10 images and a logo, which becomes a pending venue.

export async function loader({ context }: Route.LoaderArgs) {
  const { db, logger } = getApp(context);
  const choices = await listSubmissionChoices(db, (what, err) =>
    logger.error(`loading ${what} for the submission form failed`, { error: String(err) }),
  );
  return data(choices, { headers: { "Cache-Control": "private, max-age=60" } });
}

/**
 * The dialog's choices when the request for them failed (the network, a proxy): the same answer
 * as a list that failed on the server, so the dialog says so instead of the page giving way to
 * the error page. Opening the dialog again asks again.
 */
export async function clientLoader({ serverLoader }: Route.ClientLoaderArgs) {
  try {
    return await serverLoader();
  } catch (error) {
    if (error instanceof Response) throw error;
    return { venueTypes: null, amenities: null };
  }
}

const SUBMITTED: Toast = { type: "success", message: "Venue submitted for approval" };
const FAILED: Toast = { type: "error", message: "Error submitting venue" };

/** Images that could not be stored: how many of all, then each one's reason. */
function notices({ failures, total }: { failures: { message: string }[]; total: number }): Toast[] {
  if (failures.length === 0) return [];
  return [
    {
      type: "error",
      message: uploadMessages.partial(failures.length, total),
      description: uploadMessages.partialDescription,
      duration: 5000,
    },
    ...failures.map((f): Toast => ({ type: "error", message: f.message })),
  ];
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "GET, POST" } });
  const app = getApp(context);
  const user = getUser(context);
  // Refused before a byte of the body is read: guests upload nothing.
  if (!user) {
    const message = "You must be logged in to submit a venue";
    return invalid({ form: message }, {}, { status: 401, toast: { type: "error", message } });
  }

  try {
    const result = await submitVenue(app, user, request);
    if (!result.ok) {
      const reply = invalid(result.errors, result.values, { status: result.status, toast: result.toast });
      // Refused part-way through the body: the rest is not read, the connection closes after.
      return result.unread
        ? data(reply.data, { status: result.status, headers: { Connection: "close" } })
        : reply;
    }
    return {
      ok: true as const,
      toast: SUBMITTED,
      notices: notices(result.images),
      venue: result.venue,
      // Spec: after a second, admins go to the review queue, everyone else to their venues.
      redirectTo: user.role === "admin" ? "/admin/pending" : "/account/venues",
    };
  } catch (err) {
    app.logger.error("venue submission failed", { error: String(err) });
    return data({ ok: false as const, errors: {}, values: {}, toast: FAILED }, { status: 500 });
  }
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, FAILED.message);
}
