import { data, redirect } from "react-router";
import type { Route } from "./+types/favorites";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { isDocumentRequest } from "~/infra/form.server";
import { redirectWithToast } from "~/infra/session.server";
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
export const action = formAction({
  run: async ({ app, user, values, request }) => {
    const saved = values.saved === "true";
    const venueId = values.venueId ?? "";
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
    // An unknown venue is the client's mistake (404); anything else is logged (500).
    const now = await setFavorite(app.db, user.id, venueId, saved).catch((err: unknown) => {
      if (err instanceof FavoriteError) return 404;
      app.logger.error("favorite failed", { error: String(err) });
      return 500;
    });
    if (typeof now === "number")
      return reply({ type: "error", message: saved ? FAILED.add : FAILED.remove }, now);
    return reply(
      { type: "success", message: now ? "Venue added to favorites" : "Removed from favorites" },
      200,
      now,
    );
  },
});
const FAILED = { add: "Failed to add to favorites", remove: "Failed to remove from favorites" };
export const clientAction = keepWork<Route.ClientActionArgs>((form) =>
  form.get("saved") === "true" ? FAILED.add : FAILED.remove,
);
