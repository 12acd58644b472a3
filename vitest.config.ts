import path from "node:path";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

const alias = { "~": path.resolve(import.meta.dirname, "app") };

/**
 * The longest files first: with no timings cached (a clean clone) Vitest runs larger files first,
 * and these are small (the fuzz suite lives in tests/setup/fuzz/) or spend their time waiting (on
 * servers they start, on the every-minute alerts check): run last, one worker idled while the
 * other finished them (issue 40).
 */
const LONG =
  /\/(fuzz-[^/]+|several-servers|backup|job-queue|shutdown|kill-9|inquiry-abuse|geocoding)\.test\.ts$/;
class LongFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]) {
    const sorted = await super.sort(files);
    const long = (f: TestSpecification) => LONG.test(f.moduleId);
    return [...sorted.filter(long), ...sorted.filter((f) => !long(f))];
  }
}

export default defineConfig({
  resolve: { alias },
  test: {
    // A global option: projects cannot have their own.
    sequence: { sequencer: LongFirst },
    projects: [
      {
        resolve: { alias },
        test: {
          name: "unit",
          include: ["app/**/*.test.{ts,tsx}", "database/**/*.test.ts", "tests/lint/**/*.test.ts"],
          environment: "node",
          // One module graph for all the files: 6 core-seconds instead of 19 (issue 20). The tests
          // that stub a global or spy on a module undo it after each test.
          isolate: false,
        },
      },
      {
        resolve: { alias },
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          globalSetup: ["tests/setup/global-setup.ts"],
          // The cheapest password hashes (infra/passwords.server.ts), for the test apps and the
          // servers and commands the tests start: the suite signs up hundreds of accounts.
          env: { PASSWORD_HASH_COST: "10" },
          // The server build (tests/setup/http-app.ts) loads as Node loads it in production, with
          // the same copy of react-router as @react-router/express, not through Vite's module runner.
          server: { deps: { external: [/\/build\/server\//] } },
          // Generous: beside the browser tests, or on a busy machine, a test of 3 s may take ten times as long.
          testTimeout: 120_000,
          hookTimeout: 300_000,
          fileParallelism: true,
          // More where the files mostly wait (scripts/test.ts: the PostgreSQL stage).
          maxWorkers: Number(process.env.INTEGRATION_WORKERS ?? 2),
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
