import { data } from "react-router";
import type { Route } from "./+types/favorites";
import { getUser } from "~/infra/session.server";
import { isUuid } from "~/lib/venue-url";
import { FavoriteError, setFavorite } from "~/services/favorites.server";

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const venueId = String(form.get("venueId") ?? "");
  const saved = form.get("saved") === "true";
  const user = await getUser(request, context);
  if (!user) {
    const message = saved
      ? "You must be logged in to save favorites"
      : "You must be logged in to manage favorites";
    return data({ saved: undefined, toast: { type: "error" as const, message } }, { status: 401 });
  }
  const failed = saved ? "Failed to add to favorites" : "Failed to remove from favorites";
  if (!isUuid(venueId))
    return data({ saved: undefined, toast: { type: "error" as const, message: failed } }, { status: 400 });
  try {
    const now = await setFavorite(context.db, user.id, venueId, saved);
    return {
      saved: now,
      toast: {
        type: "success" as const,
        message: now ? "Venue added to favorites" : "Removed from favorites",
      },
    };
  } catch (err) {
    if (!(err instanceof FavoriteError)) context.logger.error("favorite failed", { error: String(err) });
    return data(
      { saved: undefined, toast: { type: "error" as const, message: failed } },
      { status: err instanceof FavoriteError ? 404 : 500 },
    );
  }
}
