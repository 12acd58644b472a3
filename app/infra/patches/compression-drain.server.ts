import type { RequestHandler } from "express";
import { EventEmitter } from "node:events";

/**
 * A patch of compression@1.8.2 (pinned), mounted right after `compression()`: it forwards
 * `res.on("drain")` to its zlib stream but not `res.off`, so each streamed write of a long page
 * left a listener behind (MaxListenersExceededWarning). "drain" listeners live on our own emitter
 * instead. The test's first case shows the library's fault: when it fails, drop this file.
 */
type Listener = (...args: unknown[]) => void;
type Subscribe = (
  this: NodeJS.EventEmitter,
  event: string | symbol,
  listener: Listener,
) => NodeJS.EventEmitter;

export const keepDrainListenersRemovable: RequestHandler = (_req, res, next) => {
  const on = res.on as Subscribe;
  const removeListener = res.removeListener as Subscribe;
  const drains = new EventEmitter();
  let relaying = false;
  const addDrainable: Subscribe = function (event, listener) {
    if (event !== "drain") return on.call(this, event, listener);
    if (!relaying) {
      relaying = true;
      on.call(this, "drain", () => drains.emit("drain"));
    }
    drains.on("drain", listener);
    return this;
  };
  const removeDrainable: Subscribe = function (event, listener) {
    if (event !== "drain") return removeListener.call(this, event, listener);
    drains.removeListener("drain", listener);
    return this;
  };
  res.on = res.addListener = addDrainable as typeof res.on;
  res.removeListener = res.off = removeDrainable as typeof res.off;
  next();
};
