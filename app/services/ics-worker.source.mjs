// The .ics worker when the server runs from its sources (development under tsx, the tests under
// Vitest): Node reads no TypeScript, so tsx compiles the worker's modules here. Production runs
// the built copy, build/server/ics-worker.js (scripts/build-server.ts).
import { tsImport } from "tsx/esm/api";

await tsImport("./ics-worker.server.ts", import.meta.url);
