import { data } from "react-router";
import type { Route } from "./+types/venue-images";
import { keepWorkOnFailure } from "~/lib/failed-request";
import { expectUser, getApp } from "~/infra/session.server";
import type { Toast } from "~/lib/toast";
import type { ImageUploadReply } from "~/lib/validation/manager";
import { uploadMessages } from "~/lib/uploads";
import { isThrownAnswer } from "~/lib/refusal";
import { managerMessages, uploadVenueImages } from "~/services/manager-venues.server";

// The Images tab's upload (issue 13, item 4): POST multipart `images` (one or more files), behind
// the /venue-manager guard; the service checks the venue is the user's and the 10-image limit
// across the stored and the new images. Answers `{ ok, toast }` for the tab's fetcher.

export function loader() {
  return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST")
    return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
  const app = getApp(context);
  const actor = expectUser(context);
  try {
    const result = await uploadVenueImages(app, actor, params.venueId, request);
    if (!result)
      return data<ImageUploadReply>(
        { ok: false, toast: { type: "error", message: managerMessages.notFound } },
        { status: 404, headers: { Connection: "close" } },
      );
    if (!result.ok)
      return data<ImageUploadReply>(
        { ok: false, toast: result.toast },
        { status: result.status, headers: result.unread ? { Connection: "close" } : undefined },
      );
    const failed = result.failures.length;
    const toast: Toast = failed
      ? {
          type: "error",
          message: uploadMessages.partial(failed, failed + result.added),
          description: result.failures.map((f) => f.message).join(". "),
          duration: 5000,
        }
      : { type: "success", message: managerMessages.imagesAdded(result.added) };
    return data<ImageUploadReply>({ ok: true, toast });
  } catch (err) {
    if (isThrownAnswer(err)) throw err;
    app.logger.error("manager image upload failed", { error: String(err), venueId: params.venueId });
    return data<ImageUploadReply>(
      { ok: false, toast: { type: "error", message: uploadMessages.allFailed } },
      { status: 500 },
    );
  }
}

/** A request that fails (network, a proxy's 413 or 502) keeps the form and says why (lib/failed-request.ts). */
export async function clientAction(args: Route.ClientActionArgs) {
  return keepWorkOnFailure(args, uploadMessages.allFailed);
}
