import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { keepWork } from "~/lib/failed-request";
import { formAction } from "~/infra/action.server";
import { redirectWithToast } from "~/infra/session.server";
import { signOut } from "~/services/accounts.server";

export async function loader() {
  throw redirect("/");
}

// Signing out reads no form: the body is left as it came.
export const action = formAction({
  body: "none",
  run: async ({ app, request }) => {
    const headers = await signOut(app, request);
    throw await redirectWithToast(
      app,
      request,
      "/",
      { type: "success", message: "Logged out successfully" },
      headers,
    );
  },
});
export const clientAction = keepWork<Route.ClientActionArgs>("Error logging out. Please try again.");
