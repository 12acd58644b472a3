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
 * Sends the build-time compressed copy of a file under `root` (scripts/compress-assets.ts):
 * Brotli when the browser takes it, else gzip, with `Vary: Accept-Encoding`. Files without a
 * copy, or browsers that take neither, fall through to the plain static handler.
 */
export function precompressed(
  root: string,
  sendOptions: { maxAge: string; immutable?: boolean },
): RequestHandler {
  const available = new Set(relativeFiles(root));
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    for (const [encoding, ext] of ENCODINGS) {
      // Our order, not the header's: Brotli is smaller whenever the browser takes it.
      if (req.acceptsEncodings(encoding) !== encoding || !available.has(req.path + ext)) continue;
      res.vary("Accept-Encoding");
      res.setHeader("Content-Encoding", encoding);
      res.type(path.extname(req.path));
      return res.sendFile(req.path + ext, { root, ...sendOptions });
    }
    if (available.has(req.path + ".br")) res.vary("Accept-Encoding");
    next();
  };
}
