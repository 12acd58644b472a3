// `npm test`: every check and test of the project, in stages, and what each took.
//   npm test                      the stages, overlapping where they can (see STAGES)
//   npm run test:profile          the same, then the 15 slowest tests of each runner
//   npm test -- --serial          one stage at a time (to measure a stage alone)
// Each stage's output goes to test-results/stages/<stage>.log and is printed when it ends, so
// stages that run at once do not interleave their lines. The run stops at the first failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const args = new Set(process.argv.slice(2));
const PROFILE = args.has("--profile");
const SERIAL = args.has("--serial");
const OUT = path.resolve("test-results/stages");
fs.rmSync(OUT, { recursive: true, force: true });
fs.mkdirSync(OUT, { recursive: true });

type Stage = {
  name: string;
  command: string;
  env?: Record<string, string>;
  /** Stages that must have passed first. */
  after?: string[];
  /** Where its runner writes per-test timings (profile only). */
  report?: { kind: "vitest" | "playwright"; file: string };
};

const report = (name: string, kind: "vitest" | "playwright") => ({
  kind,
  file: path.join(OUT, `${name}.json`),
});
const withReport = (stage: Stage): Stage => {
  if (!PROFILE || !stage.report) return stage;
  const { kind, file } = stage.report;
  return kind === "vitest"
    ? { ...stage, command: `${stage.command} --reporter=default --reporter=json --outputFile.json=${file}` }
    : {
        ...stage,
        env: { ...stage.env, PLAYWRIGHT_JSON_OUTPUT_NAME: file },
        command: `${stage.command} --reporter=list,json`,
      };
};

const postgres = process.env.TEST_DATABASE_URL;
const STAGES: Stage[] = [
  { name: "typecheck", command: "npm run typecheck" },
  { name: "lint", command: "npx eslint ." },
  { name: "format", command: "npx prettier --check ." },
  { name: "unit", command: "npx vitest run --project unit", report: report("unit", "vitest") },
  {
    name: "integration (PGlite)",
    command: "npx vitest run --project integration",
    env: { TEST_DB: "pglite" },
    report: report("integration-pglite", "vitest"),
  },
  ...(postgres
    ? [
        {
          name: "integration (PostgreSQL)",
          command: "npx vitest run --project integration",
          env: { TEST_DB: "postgres" },
          report: report("integration-postgres", "vitest"),
        },
      ]
    : []),
  { name: "build", command: "tsx scripts/ensure-chromium.ts && npm run build" },
  { name: "e2e", command: "npx playwright test", after: ["build"], report: report("e2e", "playwright") },
].map(withReport);
if (!postgres) console.log("TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.");

type Result = { stage: Stage; ok: boolean; seconds: number; start: number };
const t0 = Date.now();
const results: Result[] = [];

function run(stage: Stage): Promise<Result> {
  const start = Date.now();
  const log = fs.openSync(path.join(OUT, `${stage.name.replace(/\W+/g, "-")}.log`), "w");
  return new Promise((resolve) => {
    const child = spawn(stage.command, {
      shell: true,
      stdio: ["ignore", log, log],
      env: { ...process.env, FORCE_COLOR: "0", ...stage.env },
    });
    child.on("exit", (code) => {
      fs.closeSync(log);
      resolve({ stage, ok: code === 0, seconds: (Date.now() - start) / 1000, start: (start - t0) / 1000 });
    });
  });
}

async function main(): Promise<boolean> {
  const pending = [...STAGES];
  const running = new Map<string, Promise<Result>>();
  const passed = new Set<string>();
  while (pending.length || running.size) {
    // Start every stage whose prerequisites passed (one at a time with --serial).
    for (const stage of [...pending]) {
      if (SERIAL && running.size > 0) break;
      if (!(stage.after ?? []).every((s) => passed.has(s))) continue;
      pending.splice(pending.indexOf(stage), 1);
      console.log(`▶ ${stage.name}`);
      running.set(stage.name, run(stage));
    }
    const done = await Promise.race(running.values());
    running.delete(done.stage.name);
    results.push(done);
    const logFile = path.join(OUT, `${done.stage.name.replace(/\W+/g, "-")}.log`);
    process.stdout.write(fs.readFileSync(logFile, "utf8"));
    console.log(`${done.ok ? "✔" : "✘"} ${done.stage.name} (${done.seconds.toFixed(0)} s)\n`);
    if (!done.ok) {
      // Stop the others: a red run is red.
      for (const stage of pending.splice(0)) results.push({ stage, ok: false, seconds: 0, start: 0 });
      await Promise.allSettled(running.values());
      return false;
    }
    passed.add(done.stage.name);
  }
  return true;
}

const ok = await main();
console.log("stage                         start    wall");
for (const r of results.filter((r) => r.seconds > 0))
  console.log(
    `${r.stage.name.padEnd(28)} ${r.start.toFixed(0).padStart(5)} s ${r.seconds.toFixed(0).padStart(5)} s${r.ok ? "" : "  FAILED"}`,
  );
console.log(`${"total".padEnd(28)}         ${((Date.now() - t0) / 1000).toFixed(0).padStart(5)} s`);
if (PROFILE)
  for (const r of results) if (r.stage.report && fs.existsSync(r.stage.report.file)) printSlowest(r.stage);
process.exit(ok ? 0 : 1);

type Timed = { name: string; ms: number };

/** The 15 slowest tests a runner reported. */
function printSlowest(stage: Stage) {
  const { kind, file } = stage.report!;
  const json = JSON.parse(fs.readFileSync(file, "utf8")) as unknown;
  const tests = kind === "vitest" ? vitestTimes(json as VitestReport) : playwrightTimes(json as PwSuite);
  console.log(`\nslowest tests, ${stage.name} (${tests.length} tests)`);
  for (const t of tests.sort((a, b) => b.ms - a.ms).slice(0, 15))
    console.log(`${(t.ms / 1000).toFixed(1).padStart(7)} s  ${t.name}`);
}

type VitestReport = {
  testResults: { name: string; assertionResults: { fullName: string; duration?: number | null }[] }[];
};
function vitestTimes(r: VitestReport): Timed[] {
  return r.testResults.flatMap((f) =>
    f.assertionResults.map((t) => ({
      name: `${path.relative(process.cwd(), f.name)} › ${t.fullName}`,
      ms: t.duration ?? 0,
    })),
  );
}

type PwSuite = {
  suites?: PwSuite[];
  specs?: {
    title: string;
    file: string;
    line: number;
    tests: { projectName: string; results: { duration: number }[] }[];
  }[];
};
function playwrightTimes(s: PwSuite): Timed[] {
  return [
    ...(s.specs ?? []).flatMap((spec) =>
      spec.tests.map((t) => ({
        name: `${spec.file}:${spec.line} › ${spec.title} [${t.projectName}]`,
        ms: t.results.reduce((sum, r) => sum + r.duration, 0),
      })),
    ),
    ...(s.suites ?? []).flatMap(playwrightTimes),
  ];
}
