import path from "node:path";
import { defineConfig } from "vitest/config";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

export default defineConfig({
  resolve: { alias },
  test: {
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "database/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          // The server build (tests/setup/http-app.ts) loads as Node loads it in production, with
          // the same copy of react-router as @react-router/express, not through Vite's module runner.
          server: { deps: { external: [/\/build\/server\//] } },
          // Generous: beside the browser tests, or on a busy machine, a test of 3 s may take ten times as long.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: true,
          maxWorkers: 2,
          // The files of a worker share its modules (the app, drizzle, PGlite's compiled
          // WebAssembly) instead of loading them afresh for each: half the CPU time of the suite
          // (issue 20). Each file still gets its own database, app context and mail catcher
          // (tests/setup/test-app.ts), which is all the state the tests own.
          isolate: false,
        },
      },
    ],
  },
});
