import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { getApp, redirectWithToast } from "~/infra/session.server";
import { signOut } from "~/services/accounts.server";

export async function loader() {
  throw redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const app = getApp(context);
  const headers = await signOut(app, request);
  throw await redirectWithToast(
    app,
    request,
    "/",
    { type: "success", message: "Logged out successfully" },
    headers,
  );
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, "Error logging out. Please try again.");
}
