import { data, isRouteErrorResponse } from "react-router";
import { bodyLimitFor } from "./body-limits";
import type { Toast } from "./toast";

// A form's request that got no usable answer: the network failed (a phone losing signal), a proxy
// answered for the server (its 413 or 502 page), or the server broke. React Router would take
// such a failure to the route's error boundary and the page, with what was typed and the photos
// chosen, would be gone (issue 19; ADR 018, ADR 020). Every route with
// an action exports a `clientAction` that calls `keepWorkOnFailure`: the failure comes back as the
// route's own kind of error answer, so the form shows it in its toast, keeps its fields and files,
// and can simply be sent again.

/** The answer a form gets when its request failed. Nothing was saved. */
export type FailedRequestReply = {
  ok: false;
  toast: Toast;
  /** The status of the answer that came, or null when none came (network). */
  failedRequest: { status: number | null };
};

/** What was sent: all of the body, and the files in it. */
export type SentBody = { bytes: number; files: number; fileBytes: number };

export const failureMessages = {
  network: "Could not reach the server. Check your connection and try again.",
  unavailable: "The server is not answering right now. Please try again in a moment.",
  unreadable: "The server's answer could not be read. Please try again.",
  signedOut: "Your session has ended. Please sign in again, then try again.",
  tooMany: "Too many requests. Please wait a minute, then try again.",
  serverError: (status: number) => `Something went wrong on the server (error ${status}). Please try again.`,
  refused: (status: number) => `The server refused the request (error ${status}). Please try again.`,
};

const KB = 1024;
const MB = 1024 * KB;

/** '38 MB', '4.8 MB', '350 KB': a size as people read it. */
export function formatBytes(bytes: number): string {
  if (bytes >= 10 * MB) return `${Math.round(bytes / MB)} MB`;
  if (bytes >= MB) return `${(bytes / MB).toFixed(1).replace(/\.0$/, "")} MB`;
  return `${Math.max(1, Math.round(bytes / KB))} KB`;
}

/** 413: what was too large, and whether the server's own limit or something on the way refused it. */
export function tooLargeMessage(sent: SentBody, limit: number): string {
  const what = sent.files === 0 ? "The form is" : sent.files === 1 ? "The photo is" : "The photos are";
  const size = formatBytes(sent.files === 0 ? sent.bytes : sent.fileBytes);
  if (sent.bytes > limit)
    return `${what} too large: ${size}, the limit is ${formatBytes(limit)}. ${
      sent.files === 0 ? "Shorten it" : "Remove some"
    } and try again.`;
  // Within the server's limit: a proxy or gateway between took less.
  return `${what} too large for the connection: ${size} did not get through, although the server takes up to ${formatBytes(limit)}. ${
    sent.files > 1 ? "Send fewer at a time." : "Please try again later."
  }`;
}

/** The message an error answer of the server carries (`{ error }`), if any. */
const saidByServer = (body: unknown): string | null => {
  const error = typeof body === "object" && body !== null ? (body as { error?: unknown }).error : null;
  return typeof error === "string" ? error : null;
};

/**
 * Why a request failed, in words for the person who sent it, or null when the error is no
 * failure (a redirect, which the router follows). `error` is what the router's server call threw:
 * a TypeError from fetch when no answer came, an ErrorResponse for a 4xx/5xx answer (a proxy's
 * page or the server's own refusal), an Error when the answer could not be decoded.
 */
export function describeFailure(
  error: unknown,
  sent: SentBody,
  limit: number,
): { status: number | null; description: string } | null {
  if (error instanceof Response) return null;
  if (isRouteErrorResponse(error)) {
    const status = error.status;
    const said = saidByServer(error.data);
    if (status === 413) return { status, description: tooLargeMessage(sent, limit) };
    if (status === 502 || status === 503 || status === 504)
      return { status, description: failureMessages.unavailable };
    if (status === 401) return { status, description: failureMessages.signedOut };
    if (status === 429) return { status, description: failureMessages.tooMany };
    if (said) return { status, description: said };
    return {
      status,
      description: status >= 500 ? failureMessages.serverError(status) : failureMessages.refused(status),
    };
  }
  if (error instanceof Error && error.message === "Unable to decode turbo-stream response")
    return { status: 502, description: failureMessages.unreadable };
  // fetch rejects with a TypeError when no answer comes; an error the action threw arrives as
  // 'Unexpected Server Error' (any type: the server hides the details).
  if (error instanceof TypeError && error.message !== "Unexpected Server Error")
    return { status: null, description: failureMessages.network };
  return { status: 500, description: failureMessages.serverError(500) };
}

/** The size of a form's body, and of the files in it. */
export function measureForm(form: FormData): SentBody {
  const sent: SentBody = { bytes: 0, files: 0, fileBytes: 0 };
  const encoder = new TextEncoder();
  for (const [key, value] of form.entries()) {
    sent.bytes += encoder.encode(key).byteLength;
    if (typeof value === "string") sent.bytes += encoder.encode(value).byteLength;
    else if (value.size > 0) {
      sent.bytes += value.size;
      sent.files += 1;
      sent.fileBytes += value.size;
    }
  }
  return sent;
}

/**
 * A route's `clientAction`: the server's answer as it is, or, when the request failed, an answer
 * with status (>= 400, so the router does not reload the page's data, which would fail too) and a
 * toast: `title` (the spec's failure message of that form, chosen by the form's fields when one
 * route has several forms) with why it failed as its description.
 */
export async function keepWorkOnFailure<T>(
  { request, serverAction }: { request: Request; serverAction: () => Promise<T> },
  title: string | ((form: FormData) => string),
) {
  // The router reads the body once to send it: this copy tells what was sent if it fails.
  const copy = request.clone();
  try {
    return await serverAction();
  } catch (error) {
    // Cancelled by the router (a newer submission, a navigation): nobody waits for this answer.
    if (request.signal.aborted) throw error;
    const form = await copy.formData().catch(() => new FormData());
    const failure = describeFailure(error, measureForm(form), bodyLimitFor(new URL(request.url).pathname));
    if (!failure) throw error;
    return data<FailedRequestReply>(
      {
        ok: false,
        failedRequest: { status: failure.status },
        toast: {
          type: "error",
          message: typeof title === "function" ? title(form) : title,
          description: failure.description,
        },
      },
      // No answer: 503, what a gateway says when the server cannot be reached.
      { status: failure.status ?? 503 },
    );
  }
}

/** True for the answer `keepWorkOnFailure` gives (the request failed; the same form can be sent again). */
export function isFailedRequest(reply: unknown): reply is FailedRequestReply {
  return typeof reply === "object" && reply !== null && "failedRequest" in reply;
}

/** A route's failure titles: one for all its forms, one per intent, or chosen from the form. */
export type FailureTitles = string | Readonly<Record<string, string>> | ((form: FormData) => string);

/** The failure title of the form with `intent` ('' when a function picks it from the form). */
export function failureTitle(titles: FailureTitles, intent: string | undefined, fallback = "Unknown action") {
  if (typeof titles === "string") return titles;
  if (typeof titles === "function") return fallback;
  return (intent !== undefined && Object.hasOwn(titles, intent) ? titles[intent] : undefined) ?? fallback;
}

type ClientArgs<T = unknown> = { request: Request; serverAction: () => Promise<T> };
type ServerAnswer<A> = A extends ClientArgs<infer T> ? T : never;

/**
 * A route's `clientAction` in one line (ADR 018, ADR 036): `export const clientAction =
 * keepWork<Route.ClientActionArgs>(FAILURES, fallback)`; the title is the sent form's intent's,
 * or `fallback`. The type argument keeps the route's answer typed for its page.
 */
export function keepWork<A extends ClientArgs>(titles: FailureTitles, fallback?: string) {
  return (args: A): Promise<ServerAnswer<A> | ReturnType<typeof data<FailedRequestReply>>> =>
    keepWorkOnFailure(args as ClientArgs<ServerAnswer<A>>, (form) =>
      typeof titles === "function" ? titles(form) : failureTitle(titles, formIntent(form), fallback),
    );
}

const formIntent = (form: FormData) => {
  const intent = form.get("intent");
  return typeof intent === "string" ? intent : undefined;
};
