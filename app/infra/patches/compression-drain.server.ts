import type { RequestHandler } from "express";
import { EventEmitter } from "node:events";

/**
 * A patch of compression@1.8.2 (pinned exactly in package.json). Its test's first case shows the
 * library's fault and fails once a release fixes it: then drop this file. Goes right after
 * `compression()`. That middleware hands `res.on("drain", fn)` to its zlib stream
 * but not `res.off("drain", fn)` (nor the self-removal of `res.once`), so a listener that is
 * removed again stays on the stream. React Router's streamed responses wait for "drain" with
 * `once` + `off` after every write the stream pushes back on, so a long page left one listener
 * per write behind: Node's MaxListenersExceededWarning on BrotliCompress, and the closures kept
 * alive until the response ended.
 *
 * Here "drain" listeners live on our own emitter, which takes one listener on the response (or
 * its zlib stream, through compression's `on`) and removes its own correctly.
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
