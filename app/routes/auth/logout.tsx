import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { redirectWithToast } from "~/infra/session.server";
import { signOut } from "~/services/accounts.server";

export async function loader() {
  throw redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(context, request);
  throw await redirectWithToast(
    request,
    "/",
    { type: "success", message: "Logged out successfully" },
    headers,
  );
}
