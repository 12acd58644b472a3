import { data } from "react-router";
import type { Route } from "./+types/favorites";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { readFormValues } from "~/infra/form.server";
import { getApp, getUser } from "~/infra/session.server";
import type { Toast } from "~/lib/toast";
import { FavoriteError, setFavorite } from "~/services/favorites.server";

const reply = (toast: Toast, status = 200, saved?: boolean) => data({ saved, toast }, { status });

/** This address only takes the heart's POST. */
export function loader() {
  return new Response("Method Not Allowed", { status: 405, headers: { Allow: "POST" } });
}

/** The heart's fetcher posts here: `venueId` and `saved` (the state wanted). */
export async function action({ request, context }: Route.ActionArgs) {
  const { db, logger } = getApp(context);
  const values = await readFormValues(request);
  const saved = values.saved === "true";
  const user = getUser(context);
  if (!user) {
    const message = saved
      ? "You must be logged in to save favorites"
      : "You must be logged in to manage favorites";
    return reply({ type: "error", message }, 401);
  }
  const failed: Toast = {
    type: "error",
    message: saved ? "Failed to add to favorites" : "Failed to remove from favorites",
  };
  try {
    const now = await setFavorite(db, user.id, values.venueId ?? "", saved);
    return reply(
      { type: "success", message: now ? "Venue added to favorites" : "Removed from favorites" },
      200,
      now,
    );
  } catch (err) {
    if (err instanceof FavoriteError) return reply(failed, 404);
    logger.error("favorite failed", { error: String(err) });
    return reply(failed, 500);
  }
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, (form) =>
    form.get("saved") === "true" ? "Failed to add to favorites" : "Failed to remove from favorites",
  );
}
