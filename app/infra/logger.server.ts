import { AsyncLocalStorage } from "node:async_hooks";
import { isFault } from "~/lib/refusal";

type Level = "debug" | "info" | "warn" | "error";
const order: Record<Level, number> = { debug: 10, info: 20, warn: 30, error: 40 };

export type Logger = Record<Level, (msg: string, data?: Record<string, unknown>) => void>;

// The id of the request being handled, for every line logged while handling it. One store per
// process, not per copy of this module: the server bundle (the HTTP app) and server.ts's compiled
// entry (which makes the logger) each hold a copy of this file (ADR 006), as do the tests.
const requestIds = ((globalThis as { [key: symbol]: unknown })[Symbol.for("vows.requestIds")] ??=
  new AsyncLocalStorage<string>()) as AsyncLocalStorage<string>;

/** Runs `fn` (a request's handling, and everything it awaits) with `id` on each line it logs. */
export const withRequestId = <T>(id: string, fn: () => T): T => requestIds.run(id, fn);

/** One JSON line per event on stdout/stderr: easy to read locally, easy to ship in production. */
export function createLogger(level: Level = "info"): Logger {
  const log = (l: Level) => (msg: string, data?: Record<string, unknown>) => {
    if (order[l] < order[level]) return;
    const requestId = requestIds.getStore();
    const line = JSON.stringify({ time: new Date().toISOString(), level: l, msg, requestId, ...data });
    (l === "error" || l === "warn" ? process.stderr : process.stdout).write(line + "\n");
  };
  return { debug: log("debug"), info: log("info"), warn: log("warn"), error: log("error") };
}

/**
 * A `.catch` for data a page can do without: the failure is logged and null stands in for the
 * data, so the page shows its 'failed to load' message. A thrown answer (a redirect, a response,
 * a Refusal) goes on.
 */
export const loggedAsNull = (logger: Logger, msg: string) => (err: unknown) => {
  if (!isFault(err)) throw err;
  logger.error(msg, { error: String(err) });
  return null;
};
