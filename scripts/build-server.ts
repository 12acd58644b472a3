// Build step: compiles server.ts to build/server/start.js, which production runs with plain
// `node` (ADR 022): signals reach the server itself, with no tsx process in between. And the
// .ics import's worker thread to build/server/ics-worker.js, which the server build starts from
// beside itself (app/services/ics-import.server.ts).
import { build } from "esbuild";

const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Packages load from node_modules as they do for the server build.
  packages: "external",
  logLevel: "warning",
} as const;

await build({
  ...common,
  entryPoints: ["server.ts"],
  // Beside the React Router server build, at the depth of app/infra/ and app/services/: their
  // paths relative to import.meta.dirname (../../database/migrations) stay right once bundled.
  outfile: "build/server/start.js",
  // "#server-build" is that build itself, resolved at run time through package.json "imports".
  external: ["#server-build"],
});
await build({
  ...common,
  entryPoints: ["app/services/ics-worker.server.ts"],
  outfile: "build/server/ics-worker.js",
});
