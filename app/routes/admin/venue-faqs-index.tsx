import { getApp, redirectWithToast } from "~/infra/session.server";
import type { Route } from "./+types/venue-faqs-index";

// A FAQ address without a venue id: the spec's message, then the venue list to pick one from.
export async function loader({ request, context }: Route.LoaderArgs) {
  throw await redirectWithToast(getApp(context), request, "/admin/venues", {
    type: "error",
    message: "No venue ID provided",
  });
}
