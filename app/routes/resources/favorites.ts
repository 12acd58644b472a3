import { data, redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { isDocumentRequest, readFormValues } from "~/infra/form.server";
import { getApp, getUser, redirectWithToast } from "~/infra/session.server";
import type { Toast } from "~/lib/toast";
import { loginPath, safeRedirect } from "~/lib/user";
import { FavoriteError, setFavorite } from "~/services/favorites.server";

/** This address only takes the heart's POST. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/**
 * The heart's form posts here: `venueId`, `saved` (the state wanted) and `returnTo` (the page it
 * is on). Through the fetcher the answer is data with a toast; a form posted without the script
 * goes back to its page with the toast as a flash, or, for a guest, to sign in first with the
 * save carried through (ADR 020).
 */
export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const values = await readFormValues(request);
  const saved = values.saved === "true";
  const venueId = values.venueId ?? "";
  const user = getUser(context);
  const page = isDocumentRequest(request) ? safeRedirect(values.returnTo) : null;
  const reply = async (toast: Toast, status = 200, now?: boolean) => {
    if (page !== null) throw await redirectWithToast(app, request, page, toast);
    return data({ saved: now, toast }, { status });
  };

  if (!user) {
    if (page !== null) throw redirect(loginPath(page, saved ? { save: venueId } : {}));
    const message = saved
      ? "You must be logged in to save favorites"
      : "You must be logged in to manage favorites";
    return reply({ type: "error", message }, 401);
  }
  let now: boolean;
  try {
    now = await setFavorite(app.db, user.id, venueId, saved);
  } catch (err) {
    if (!(err instanceof FavoriteError)) app.logger.error("favorite failed", { error: String(err) });
    const message = saved ? "Failed to add to favorites" : "Failed to remove from favorites";
    return reply({ type: "error", message }, err instanceof FavoriteError ? 404 : 500);
  }
  return reply(
    { type: "success", message: now ? "Venue added to favorites" : "Removed from favorites" },
    200,
    now,
  );
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, (form) =>
    form.get("saved") === "true" ? "Failed to add to favorites" : "Failed to remove from favorites",
  );
}
