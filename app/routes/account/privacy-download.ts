import { redirect } from "react-router";
import { formAction } from "~/infra/action.server";
import { redirectWithToast } from "~/infra/session.server";
import { exportMessages } from "~/lib/data-export";
import { Refusal } from "~/lib/refusal";
import { requestDataExport } from "~/services/data-export.server";

// The privacy page's 'Download my data' (issue 46, ADR 049), behind the account guard: a native
// form post (reloadDocument), answered with the ZIP itself when small, else back to the page with
// a toast saying it is being prepared; a refusal (one already building, too many today) likewise.

export const loader = () => redirect("/account/privacy");

export const action = formAction({
  run: async ({ app, request, actor }) => {
    const back = (type: "success" | "error", message: string) =>
      redirectWithToast(app, request, "/account/privacy", { type, message });
    try {
      const answer = await requestDataExport(app, actor);
      if (answer.kind === "queued") return back("success", exportMessages.building);
      return new Response(answer.body, {
        headers: {
          "Content-Type": "application/zip",
          "Content-Disposition": `attachment; filename="${answer.fileName}"`,
          "Cache-Control": "no-store",
          "X-Content-Type-Options": "nosniff",
        },
      });
    } catch (err) {
      if (err instanceof Refusal) return back("error", err.message);
      throw err;
    }
  },
});
