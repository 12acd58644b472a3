// The integration tests serve the production server build, as `npm start` does: one build,
// shared with the e2e stage, instead of a Vite dev server (and its transforms) per test file.
import { execSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");
export const SERVER_BUILD = path.join(ROOT, "build/server/index.js");
/** The production entry, server.ts compiled by scripts/build-server.ts. */
export const SERVER_ENTRY = path.join(ROOT, "build/server/start.js");
/** The .ics import's worker thread, compiled by the same script. */
const ICS_WORKER = path.join(ROOT, "build/server/ics-worker.js");
/** What the server build is made from. */
const SOURCES = [
  "app",
  "database",
  "public",
  "server.ts",
  "scripts/build-server.ts",
  "vite.config.ts",
  "react-router.config.ts",
  "package.json",
  "package-lock.json",
];

function newestChange(file: string): number {
  const stat = fs.statSync(file);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...fs.readdirSync(file).map((name) => newestChange(path.join(file, name))));
}

/** Builds the site unless build/ is newer than every file it is made from. */
export function ensureServerBuild() {
  const built = Math.min(
    ...[SERVER_BUILD, SERVER_ENTRY, ICS_WORKER].map((file) =>
      fs.existsSync(file) ? fs.statSync(file).mtimeMs : 0,
    ),
  );
  const changed = Math.max(...SOURCES.map((s) => newestChange(path.join(ROOT, s))));
  if (built > changed) return;
  console.log("The server build is missing or older than the sources: npm run build");
  execSync("npm run build", { cwd: ROOT, stdio: "inherit" });
}
