// Build step: compiles server.ts to build/server/start.js, which production runs with plain
// `node` (ADR 022): signals reach the server itself, with no tsx process in between.
import { build } from "esbuild";

await build({
  entryPoints: ["server.ts"],
  // Beside the React Router server build, at the depth of app/infra/ and database/seed/: their
  // paths relative to import.meta.dirname (../../database/migrations) stay right once bundled.
  outfile: "build/server/start.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  // Packages load from node_modules as they do for the server build; "#server-build" is that
  // build itself, resolved at run time through package.json "imports".
  packages: "external",
  external: ["#server-build"],
  logLevel: "warning",
});
