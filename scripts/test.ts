// `npm test`: every check and test of the project, in stages, and what each took.
//   npm test                      every stage as soon as its prerequisites passed (see STAGES)
//   npm run test:profile          the same, then the 15 slowest tests of each runner
//   npm test -- --serial          one stage at a time: each stage's own wall time and CPU
//   npm test -- e2e lint          only the stages named (their prerequisites are assumed done)
// The browser tests are the longest stage and leave the cores idle part of the time (a browser
// waiting for the server, a test waiting out a delay it checks): the other stages run beside them
// and use that time (issue 20). Not at a lower priority: beside other work (the machine's, or two
// busy processes) a niced stage would get a tenth of the CPU and its tests would time out. Each
// stage's output goes to test-results/stages/<stage>.log and is printed when it ends, so stages
// that run at once do not interleave their lines. The run stops at the first failure.
import { spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";

const args = new Set(process.argv.slice(2));
const ONLY = [...args].filter((a) => !a.startsWith("--"));
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
  /** And one of these at least. */
  afterAny?: string[];
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
// The build comes first: the browser tests serve it, the integration tests serve its server, and
// typecheck's `react-router typegen` writes where the build reads.
const ALL_STAGES: Stage[] = [
  {
    name: "build",
    // nginx for the production guide's example (tests/integration/deploy-examples.test.ts).
    command: "tsx scripts/ensure-chromium.ts && tsx scripts/ensure-nginx.ts && npm run build",
  },
  // The demo's pictures, drawn once for the stages that seed a database (about 75 core-seconds on
  // a clean clone; each of those stages would otherwise draw them all, side by side).
  { name: "seed art", command: "tsx scripts/seed.ts --art-only", after: ["build"] },
  {
    name: "e2e",
    command: "npx playwright test",
    after: ["build", "seed art"],
    report: report("e2e", "playwright"),
  },
  { name: "typecheck", command: "npm run typecheck", after: ["build"] },
  { name: "lint", command: "npm run lint", after: ["build"] },
  { name: "format", command: "npx prettier --check .", after: ["build"] },
  {
    name: "unit",
    command: "npx vitest run --project unit",
    after: ["build"],
    report: report("unit", "vitest"),
  },
  {
    name: "integration (PGlite)",
    command: "npx vitest run --project integration",
    env: { TEST_DB: "pglite" },
    after: ["build", "seed art"],
    report: report("integration-pglite", "vitest"),
  },
  ...(postgres
    ? [
        {
          name: "integration (PostgreSQL)",
          command: "npx vitest run --project integration",
          // Four workers: its files wait on PostgreSQL, on servers they start and on the
          // every-minute alerts check; with two, it ran alone at the end on 1.2 cores (issue 40).
          env: { TEST_DB: "postgres", INTEGRATION_WORKERS: "4" },
          // Once the browser tests or the PGlite suite are done, beside the other: three stages
          // at once spent a tenth more CPU than two (issue 20), and after both, the cores idled
          // while the PGlite suite's last files ran alone (issue 40).
          after: ["build", "seed art"],
          afterAny: ["e2e", "integration (PGlite)"],
          report: report("integration-postgres", "vitest"),
        },
      ]
    : []),
];
const STAGES = ALL_STAGES.filter(
  (stage) => ONLY.length === 0 || ONLY.some((name) => stage.name.startsWith(name)),
)
  .map((stage) => (ONLY.length ? { ...stage, after: [], afterAny: undefined } : stage))
  .map(withReport);
if (!postgres) console.log("TEST_DATABASE_URL is not set: the integration suite runs on PGlite only.");

type Result = { stage: Stage; ok: boolean; seconds: number; start: number; cpu?: number };
const t0 = Date.now();
const busyAtStart = busySeconds();
const results: Result[] = [];

const fileOf = (stage: Stage, ext: string) => path.join(OUT, `${stage.name.replace(/\W+/g, "-")}.${ext}`);

/** Core-seconds the whole machine has spent busy (Linux): stages' servers and browsers, and the
 *  database server, included. Beside another stage's, a stage's own share cannot be told apart. */
function busySeconds(): number | undefined {
  try {
    const [cpu] = fs.readFileSync("/proc/stat", "utf8").split("\n");
    const ticks = cpu!.trim().split(/\s+/).slice(1).map(Number);
    const idle = ticks[3]! + ticks[4]!; // idle, iowait
    return (ticks.reduce((a, b) => a + b, 0) - idle) / 100; // USER_HZ
  } catch {
    return undefined;
  }
}

/** The process groups of the stages running, to stop them when one fails. */
const groups = new Set<number>();
const stopAll = (signal: NodeJS.Signals) => {
  for (const group of groups)
    try {
      process.kill(-group, signal);
    } catch {
      // It ended meanwhile.
    }
};
// Ctrl-C reaches the terminal's group only: pass it on to the stages' own groups.
for (const signal of ["SIGINT", "SIGTERM"] as const)
  process.on(signal, () => {
    stopAll(signal);
    process.exit(1);
  });

function run(stage: Stage): Promise<Result> {
  const start = Date.now();
  const busyAtStart = busySeconds();
  const log = fs.openSync(fileOf(stage, "log"), "w");
  return new Promise((resolve) => {
    const child = spawn(stage.command, {
      shell: true,
      // A group of its own (not on Windows, where there are none): a failure elsewhere stops it all.
      detached: process.platform !== "win32",
      stdio: ["ignore", log, log],
      env: { ...process.env, FORCE_COLOR: "0", ...stage.env },
    });
    if (child.pid && process.platform !== "win32") groups.add(child.pid);
    child.on("exit", (code) => {
      if (child.pid) groups.delete(child.pid);
      fs.closeSync(log);
      const busy = busySeconds();
      resolve({
        stage,
        ok: code === 0,
        seconds: (Date.now() - start) / 1000,
        start: (start - t0) / 1000,
        cpu: busy !== undefined && busyAtStart !== undefined ? busy - busyAtStart : undefined,
      });
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
      if (stage.afterAny && !stage.afterAny.some((s) => passed.has(s))) continue;
      pending.splice(pending.indexOf(stage), 1);
      console.log(`▶ ${stage.name}`);
      running.set(stage.name, run(stage));
    }
    const done = await Promise.race(running.values());
    running.delete(done.stage.name);
    results.push(done);
    process.stdout.write(fs.readFileSync(fileOf(done.stage, "log"), "utf8"));
    console.log(`${done.ok ? "✔" : "✘"} ${done.stage.name} (${done.seconds.toFixed(0)} s)\n`);
    if (!done.ok) {
      // Stop the others: a red run is red.
      for (const stage of pending.splice(0)) results.push({ stage, ok: false, seconds: 0, start: 0 });
      stopAll("SIGTERM");
      await Promise.allSettled(running.values());
      return false;
    }
    passed.add(done.stage.name);
  }
  return true;
}

const ok = await main();
const secs = (n: number | undefined) => (n === undefined ? "       " : `${n.toFixed(0).padStart(5)} s`);
console.log("stage                         start    wall     cpu");
for (const r of results.filter((r) => r.seconds > 0))
  console.log(
    `${r.stage.name.padEnd(28)} ${secs(r.start)} ${secs(r.seconds)} ${secs(r.cpu)}${r.ok ? "" : "  FAILED"}`,
  );
const busy = busySeconds();
console.log(
  `${"total".padEnd(28)}         ${secs((Date.now() - t0) / 1000)} ${secs(busy !== undefined && busyAtStart !== undefined ? busy - busyAtStart : undefined)}`,
);
console.log(
  "cpu: core-seconds the machine was busy while the stage ran (2 cores: at most twice its wall time)",
);
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
