// Lighthouse (mobile, simulated throttling) on the production build with a fresh data folder,
// in the system Chromium. Prints scores, paint metrics and the LCP element with its phases;
// exits non-zero below the budget. A benchmark, not part of `npm test`.
//   npm run build && npm run bench:lighthouse
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Result } from "lighthouse";
import { requireBuild, sitemapPaths, startProductionServer } from "./production-server";

const BUDGET = { performance: 0.95, accessibility: 1, cls: 0.05 };
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";

requireBuild();
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
  if ((await fetch(`${server.origin}/venues`)).status === 200) pages.push(["/venues", "/venues"]);

  for (const [name, path] of pages) {
    // A visitor after the first: the page is in the server's page cache (ADR 010).
    await fetch(server.origin + path, { headers: { accept: "text/html" } });
    const result = await lighthouse(server.origin + path, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: ["performance", "accessibility", "seo"],
    });
    const lhr = result!.lhr;
    const score = (c: string) => lhr.categories[c]?.score ?? 0;
    const metric = (id: string) => lhr.audits[id]?.displayValue ?? "?";
    const cls = lhr.audits["cumulative-layout-shift"]?.numericValue ?? 1;
    console.log(`\n${name} (${path})`);
    console.log(
      `  performance ${score("performance").toFixed(2)}   accessibility ${score("accessibility").toFixed(2)}   seo ${score("seo").toFixed(2)}`,
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
