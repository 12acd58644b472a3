import type { Route } from "./+types/email-changed";
import { getApp, redirectWithToast } from "~/infra/session.server";
import { confirmEmailChange } from "~/services/accounts.server";

/**
 * Where the email-change confirmation link lands. Only its token changes anything: then the
 * address changes and every session ends, so the user signs in again. A link confirming the
 * account's own address (issue 41) only verifies it and opens My Inquiries.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const app = getApp(context);
  const token = new URL(request.url).searchParams.get("token") ?? "";
  const result = await confirmEmailChange(app, request, token);
  if (!result.ok)
    throw await redirectWithToast(app, request, "/account", { type: "error", message: result.error });
  if (result.verified)
    throw await redirectWithToast(app, request, "/account/inquiries", {
      type: "success",
      message: "Your email address has been verified.",
    });
  throw await redirectWithToast(
    app,
    request,
    "/login",
    { type: "success", message: "Your email address has been verified. Please log in again." },
    result.headers,
  );
}
