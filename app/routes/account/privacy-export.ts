import { Readable } from "node:stream";
import { redirect } from "react-router";
import type { Route } from "./+types/privacy-export";
import { formAction } from "~/infra/action.server";
import { expectUser, getApp, redirectWithToast } from "~/infra/session.server";
import { exportMessages } from "~/lib/data-export";
import { Refusal } from "~/lib/refusal";
import { openDataExport, requestDataExport } from "~/services/data-export.server";

// Downloads of one's data (issue 46, ADR 049), behind the account guard; one module, so that the
// route manifest every page loads has one entry for both:
// - POST /account/privacy/exports: the privacy page's 'Download my data', a native form post
//   answered with the ZIP itself when small, else back to the page with a toast saying it is
//   being prepared; a refusal (one already building, too many today) likewise.
// - GET /account/privacy/exports/:exportId: the link of the mail when it was built in the
//   background. Its owner gets the file, streamed from the storage; anyone else a 404; after it
//   expired, a 410 that says so. Without an id, back to the page.

const ZIP_HEADERS = {
  "Content-Type": "application/zip",
  "Cache-Control": "no-store",
  "X-Content-Type-Options": "nosniff",
};
const attachment = (fileName: string) => `attachment; filename="${fileName}"`;

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** A resource route has no page of its own: a plain one for the refusal. */
function refusalPage(status: number, title: string): Response {
  const body = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title></head><body><main><h1>${escape(title)}</h1><p>${status === 410 ? "Downloads are kept for a few days. " : ""}You can ask for a new download of your data on <a href="/account/privacy">your account's Privacy page</a>.</p></main></body></html>`;
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}

export async function loader({ params, context }: Route.LoaderArgs) {
  if (!params.exportId) return redirect("/account/privacy");
  try {
    const file = await openDataExport(getApp(context), expectUser(context), params.exportId);
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      headers: {
        ...ZIP_HEADERS,
        "Content-Length": String(file.bytes),
        "Content-Disposition": attachment(file.fileName),
      },
    });
  } catch (err) {
    if (err instanceof Refusal) return refusalPage(err.status, err.message);
    throw err;
  }
}

export const action = formAction({
  run: async ({ app, request, actor, params }) => {
    if (params.exportId) throw new Refusal(405, "A download is asked for on the privacy page.");
    const back = (type: "success" | "error", message: string) =>
      redirectWithToast(app, request, "/account/privacy", { type, message });
    try {
      const answer = await requestDataExport(app, actor);
      if (answer.kind === "queued") return back("success", exportMessages.building);
      return new Response(answer.body, {
        headers: { ...ZIP_HEADERS, "Content-Disposition": attachment(answer.fileName) },
      });
    } catch (err) {
      if (err instanceof Refusal) return back("error", err.message);
      throw err;
    }
  },
});
