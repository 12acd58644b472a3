import type { Route } from "./+types/email-changed";
import { redirectWithToast } from "~/infra/session.server";
import { endAllSessions } from "~/services/accounts.server";

/** Where the email-change confirmation link lands: the address is changed, so sign in again. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const headers = await endAllSessions(context, request);
  throw await redirectWithToast(
    request,
    "/login",
    { type: "success", message: "Your email address has been verified. Please log in again." },
    headers,
  );
}
