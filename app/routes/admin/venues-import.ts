import { data } from "react-router";
import { attempt, formAction } from "~/infra/action.server";
import type { AppContext } from "~/infra/context.server";
import type { AppUser } from "~/lib/user";
import { csvMessages } from "~/lib/csv-import/read";
import { previewImport, readImportUpload, runImport, type ImportFile } from "~/services/imports.server";

// The CSV import panel's endpoint (docs/decisions/012-admin-venues-and-csv-import.md), behind the /admin guard.
// POST a multipart form with the file and `intent`:
//   preview -> JSON: the rows to add, to update and with problems, and the plan's token. Writes nothing.
//   import  -> NDJSON, one line per event as it happens: {"type":"progress","done","total"} after
//              each batch, then {"type":"summary",...}; or one {"type":"changed","preview"} when
//              the file or the venues changed since the preview (nothing written), or
//              {"type":"error","message"}.

export function loader() {
  return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
}

const failed = (status: number, message: string, detail?: string, headers?: HeadersInit) =>
  data({ ok: false as const, error: message, detail }, { status, headers });

export const action = formAction({
  body: "none",
  run: async ({ app, actor, request }) => {
    if (request.method !== "POST")
      return data({ error: "Method Not Allowed" }, { status: 405, headers: { Allow: "POST" } });
    const upload = await readImportUpload(request);
    if (!upload.ok)
      return failed(
        upload.status,
        csvMessages.uploadFailed,
        upload.error,
        upload.unread ? { Connection: "close" } : undefined,
      );
    const { file, fields } = upload;
    if (fields.intent === "preview") {
      const result = await attempt(app, () => previewImport(app.db, actor, file), {
        log: () => ["import preview failed", {}],
        failure: () => null,
      });
      if (!result) return failed(500, csvMessages.uploadFailed);
      return result.ok
        ? { ok: true as const, preview: result.preview }
        : failed(422, result.error, result.detail);
    }
    if (fields.intent !== "import") return failed(400, csvMessages.uploadFailed, "Unknown intent.");
    return importStream(app, actor, file, fields.token ?? "");
  },
});

/** The import's events, one NDJSON line each, as they happen. */
function importStream(app: AppContext, actor: AppUser, file: ImportFile, token: string) {
  const encoder = new TextEncoder();
  const stream = new ReadableStream<Uint8Array>({
    async start(controller) {
      const send = (event: unknown) => {
        try {
          controller.enqueue(encoder.encode(`${JSON.stringify(event)}\n`));
        } catch {
          // The admin closed the page: the import goes on, its summary is kept in csv_imports.
        }
      };
      try {
        const result = await runImport(app, actor, file, token, (p) => send({ type: "progress", ...p }));
        if (result.ok) send({ type: "summary", summary: result.summary });
        else if ("changed" in result) send({ type: "changed", preview: result.preview });
        else send({ type: "error", message: result.error, detail: result.detail });
      } catch (err) {
        app.logger.error("import failed", { error: String(err) });
        send({ type: "error", message: csvMessages.uploadFailed });
      }
      try {
        controller.close();
      } catch {
        // already closed by the client going away
      }
    },
  });
  return new Response(stream, {
    headers: {
      "Content-Type": "application/x-ndjson; charset=utf-8",
      // Progress lines must not wait in a compression buffer.
      "Cache-Control": "no-store, no-transform",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
