import type { RequestHandler } from "express";
import fs from "node:fs";
import path from "node:path";

const ENCODINGS = [
  ["br", ".br"],
  ["gzip", ".gz"],
] as const;

function* relativeFiles(root: string, dir = root): Generator<string> {
  if (!fs.existsSync(dir)) return;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* relativeFiles(root, full);
    else yield "/" + path.relative(root, full).split(path.sep).join("/");
  }
}

/**
 * Serves the files of a build folder, listed once at start-up (the build does not change under a
 * running server): a file's build-time compressed copy (scripts/compress-assets.ts) when the
 * browser takes it, Brotli before gzip, with `Vary: Accept-Encoding`; else the file itself. Any
 * other path goes on to the router without a look at the disk: a page request cost a failed
 * `stat` and an error object in the static handler (issue 42).
 */
export function builtFiles(
  root: string,
  sendOptions: { maxAge: string; immutable?: boolean },
): RequestHandler {
  const available = new Set(relativeFiles(root));
  return (req, res, next) => {
    if ((req.method !== "GET" && req.method !== "HEAD") || !available.has(req.path)) return next();
    const send = (file: string) => res.sendFile(file, { root, ...sendOptions });
    if (available.has(req.path + ".br")) res.vary("Accept-Encoding");
    for (const [encoding, ext] of ENCODINGS) {
      // Our order, not the header's: Brotli is smaller whenever the browser takes it.
      if (req.acceptsEncodings(encoding) !== encoding || !available.has(req.path + ext)) continue;
      res.setHeader("Content-Encoding", encoding);
      res.type(path.extname(req.path));
      return send(req.path + ext);
    }
    send(req.path);
  };
}
