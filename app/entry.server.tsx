import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { PassThrough } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { SentOnceValues } from "./components/ui/sent-once";
import { appContext, nonceContext, sentOnceContext } from "./infra/context.server";

export const streamTimeout = 5_000;

/**
 * Unexpected errors of loaders, actions and rendering: one JSON log line with the request.
 * A 4xx answer (a refused form, a wrong method) is the client's mistake, not ours: not logged.
 */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  if (request.signal.aborted) return;
  if (isRouteErrorResponse(error) && error.status < 500) return;
  logError(context, request, error);
};

function logError(context: Readonly<RouterContextProvider>, request: Request, error: unknown) {
  const { logger } = context.get(appContext);
  const url = new URL(request.url);
  logger.error("request failed", {
    method: request.method,
    path: url.pathname,
    error: error instanceof Error ? (error.stack ?? error.message) : String(error),
  });
}

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers and no-JS clients get the whole document at once; browsers get it streamed.
    const readyOption =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    const nonce = loadContext.get(nonceContext);

    const { pipe, abort } = renderToPipeableStream(
      <SentOnceValues value={loadContext.get(sentOnceContext)}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </SentOnceValues>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough();
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
          pipe(body);
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors before the shell reach handleError through the rejected promise.
          if (shellRendered) logError(loadContext, request, error);
        },
      },
    );
    setTimeout(abort, streamTimeout + 1000);
  });
}
