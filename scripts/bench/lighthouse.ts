// Lighthouse (mobile, simulated throttling) on the production build with a fresh data folder,
// in the system Chromium. Prints scores, paint metrics and the LCP element with its phases;
// exits non-zero below the budget. A benchmark, not part of `npm test`.
//   npm run build && npm run bench:lighthouse [-- page names, e.g. home /venues?view=list]
// Each page runs LIGHTHOUSE_RUNS times (3); the run with the median performance score is printed.
// LIGHTHOUSE_REPORTS=dir also writes each run's report and trace there, as JSON.
import fs from "node:fs";
import path from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { requireBuild, sitemapPaths, startProductionServer } from "./production-server";

const BUDGET = { performance: 0.95, accessibility: 1, cls: 0.05 };
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

requireBuild();
// Lighthouse needs the full browser: the tests' headless shell has no --headless=new.
if (!fs.existsSync(CHROMIUM)) {
  console.error(
    `bench:lighthouse needs Chromium at ${CHROMIUM}: apt-get install chromium (or set CHROMIUM_PATH)`,
  );
  process.exit(1);
}
const server = await startProductionServer();
const chrome = await chromeLauncher.launch({
  chromePath: CHROMIUM,
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
    "--disable-sync",
    "--disable-quic",
  ],
});
let failed = false;
try {
  const venue = (await sitemapPaths(server.origin)).find((p) => p.startsWith("/venue/"))!;
  const pages: [string, string][] = [
    ["home", "/"],
    ["venue page", venue],
    ["/categories", "/categories"],
  ];
  // The venue with the most reviews (the first of that sort), and so the longest page: with its
  // FAQs, the most for the tabs to hydrate.
  const byReviews = await (await fetch(`${server.origin}/venues?view=list&sort=reviews`)).text();
  const mostReviewed = /href="(\/venue\/[^"?#]+)"/.exec(byReviews)?.[1];
  if (mostReviewed) pages.push(["venue page, most reviews", mostReviewed]);
  pages.push(["/venues", "/venues"], ["/venues?view=list", "/venues?view=list"]);
  const only = process.argv.slice(2);
  const reports = process.env.LIGHTHOUSE_REPORTS;
  if (reports) fs.mkdirSync(reports, { recursive: true });

  for (const [name, url] of pages.filter(([name]) => only.length === 0 || only.includes(name))) {
    // A visitor after the first: the page is in the server's page cache (ADR 010).
    await fetch(server.origin + url, { headers: { accept: "text/html" } });
    // Lighthouse's own advice on variance: several runs, judged by the median performance score.
    const runs: Result[] = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(server.origin + url, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        onlyCategories: ["performance", "accessibility", "seo"],
      });
      runs.push(result!.lhr);
      if (reports) {
        const file = path.join(reports, `${name.replace(/\W+/g, "-")}-${i + 1}`);
        fs.writeFileSync(`${file}.json`, JSON.stringify(result!.lhr));
        fs.writeFileSync(`${file}.trace.json`, JSON.stringify(result!.artifacts.Trace));
      }
    }
    const perf = (r: Result) => r.categories.performance?.score ?? 0;
    const lhr = [...runs].sort((a, b) => perf(a) - perf(b))[Math.floor(RUNS / 2)]!;
    const score = (c: string) => lhr.categories[c]?.score ?? 0;
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 1;
    console.log(`\n${name} (${url})`);
    console.log(
      `  performance ${score("performance").toFixed(2)} (median of ${runs.map((r) => perf(r).toFixed(2)).join(", ")})   accessibility ${score("accessibility").toFixed(2)}   seo ${score("seo").toFixed(2)}`,
    );
    console.log(
      `  FCP ${metric("first-contentful-paint")}   LCP ${metric("largest-contentful-paint")}   TBT ${metric("total-blocking-time")}   CLS ${metric("cumulative-layout-shift")}`,
    );
    console.log(`  LCP element: ${lcpElement(lhr)}`);
    for (const phase of lcpPhases(lhr)) console.log(`    ${phase}`);
    if (
      score("performance") < BUDGET.performance ||
      score("accessibility") < BUDGET.accessibility ||
      cls >= BUDGET.cls
    )
      failed = true;
  }
} finally {
  await chrome.kill();
  await server.stop();
}
console.log(
  `\nBudget: performance >= ${BUDGET.performance}, accessibility ${BUDGET.accessibility}, CLS < ${BUDGET.cls}: ${failed ? "MISSED" : "met"}`,
);
if (failed) process.exitCode = 1;

type Item = {
  node?: { snippet?: string; nodeLabel?: string };
  phase?: string;
  timing?: number;
  percent?: string;
};
type Details = { type?: string; items?: (Item | Details)[] };

function items(lhr: Result, id: string): Item[] {
  const details = lhr.audits[id]?.details as Details | undefined;
  // Tables may be nested in a list (one table per part of the insight).
  const flat = (d: Details | Item): Item[] =>
    "items" in d && Array.isArray(d.items) ? d.items.flatMap((x) => flat(x as Details | Item)) : [d as Item];
  return details ? flat(details) : [];
}

function lcpElement(lhr: Result): string {
  const node = [
    ...items(lhr, "largest-contentful-paint-element"),
    ...items(lhr, "lcp-breakdown-insight"),
  ].find((i) => i.node)?.node;
  return node ? `${node.nodeLabel ?? ""} ${node.snippet ?? ""}`.trim().slice(0, 160) : "?";
}

function lcpPhases(lhr: Result): string[] {
  return [...items(lhr, "largest-contentful-paint-element"), ...items(lhr, "lcp-breakdown-insight")]
    .filter((i) => i.phase && typeof i.timing === "number")
    .map((i) => `${i.phase!.padEnd(22)} ${Math.round(i.timing!)} ms${i.percent ? ` (${i.percent})` : ""}`);
}
