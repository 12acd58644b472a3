import { Readable } from "node:stream";
import type { Route } from "./+types/privacy-export";
import { expectUser, getApp } from "~/infra/session.server";
import { Refusal } from "~/lib/refusal";
import { openDataExport } from "~/services/data-export.server";

// A download of one's data built in the background (issue 46, ADR 049): the link of its mail,
// behind the account guard (signed out: to sign in, and back). Its owner gets the file, streamed
// from the storage; anyone else a 404; after it expired, a 410 that says so.

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
  try {
    const file = await openDataExport(getApp(context), expectUser(context), params.exportId);
    return new Response(Readable.toWeb(file.body) as ReadableStream<Uint8Array>, {
      headers: {
        "Content-Type": "application/zip",
        "Content-Length": String(file.bytes),
        "Content-Disposition": `attachment; filename="${file.fileName}"`,
        "Cache-Control": "no-store",
        "X-Content-Type-Options": "nosniff",
      },
    });
  } catch (err) {
    if (err instanceof Refusal) return refusalPage(err.status, err.message);
    throw err;
  }
}
