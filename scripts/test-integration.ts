// Runs the integration suite on embedded PGlite, then again on real PostgreSQL when
// TEST_DATABASE_URL is set. Each test file gets its own fresh database either way.
import { spawnSync } from "node:child_process";

const extra = process.argv.slice(2);
const targets: { name: string; env: Record<string, string> }[] = [
  { name: "PGlite", env: { TEST_DB: "pglite" } },
];
if (process.env.TEST_DATABASE_URL) targets.push({ name: "PostgreSQL", env: { TEST_DB: "postgres" } });
else console.log("TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.");

for (const target of targets) {
  console.log(`\n=== Integration suite on ${target.name} ===\n`);
  const result = spawnSync("npx", ["vitest", "run", "--project", "integration", ...extra], {
    stdio: "inherit",
    env: { ...process.env, ...target.env },
  });
  if (result.status !== 0) {
    console.error(`\nIntegration suite failed on ${target.name}.`);
    process.exit(result.status ?? 1);
  }
}
