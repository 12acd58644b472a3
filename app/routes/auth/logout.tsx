import { redirect } from "react-router";
import type { Route } from "./+types/logout";
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
