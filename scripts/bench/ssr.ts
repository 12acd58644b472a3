// Server-rendering budget (issue 9): the venue page rendered by the server against a static file
// of the same bytes on the same server, in one run, on PostgreSQL.
//   npm run build && npm run bench:ssr [-- --seconds 10 --connections 16]
import autocannon from "autocannon";
import fs from "node:fs";
import { parseArgs } from "node:util";
import { freshDatabase, requireBuild, sitemapPaths, startProductionServer } from "./production-server";

const BUDGET_RATIO = 0.3;
const { values } = parseArgs({
  options: { seconds: { type: "string", default: "10" }, connections: { type: "string", default: "16" } },
});
const duration = Number(values.seconds);
const connections = Number(values.connections);

requireBuild();
const server = await startProductionServer(await freshDatabase("vv_bench_ssr"));
const STATIC_FILE = "build/client/bench-venue-page.html";
try {
  const venuePath = (await sitemapPaths(server.origin)).find((p) => p.startsWith("/venue/"))!;
  const html = await (await fetch(server.origin + venuePath)).text();
  fs.writeFileSync(STATIC_FILE, html); // served by the same server's static handler

  // A signed-out browser's navigation (Accept: text/html) may be answered from the page cache
  // (ADR 010); without that header every request renders, which shows the render's own cost.
  const BROWSER = { accept: "text/html,application/xhtml+xml", "accept-encoding": "identity" };
  const run = (path: string, headers: Record<string, string> = BROWSER) =>
    autocannon({ url: server.origin + path, connections, duration, headers });
  // Warm both up, then measure.
  await autocannon({ url: server.origin + venuePath, connections, duration: 2, headers: BROWSER });
  const staticRun = await run("/bench-venue-page.html");
  const pageRun = await run(venuePath);
  const renderRun = await run(venuePath, { "accept-encoding": "identity" });
  const ratio = pageRun.requests.average / staticRun.requests.average;

  const row = (name: string, r: autocannon.Result) =>
    `${name.padEnd(22)} ${r.requests.average.toFixed(0).padStart(7)} req/s   p50 ${String(r.latency.p50).padStart(4)} ms   p99 ${String(r.latency.p99).padStart(4)} ms   errors ${r.errors + r.non2xx}`;
  console.log(
    `\nVenue page ${venuePath} (${(Buffer.byteLength(html) / 1024).toFixed(1)} KB of HTML), ${connections} connections, ${duration} s each, PostgreSQL`,
  );
  console.log(row("static file, same bytes", staticRun));
  console.log(row("page, signed-out view", pageRun));
  console.log(row("page, rendered each time", renderRun));
  console.log(`ratio (signed-out view / static): ${ratio.toFixed(2)} (budget >= ${BUDGET_RATIO})`);
  if (ratio < BUDGET_RATIO || pageRun.errors + pageRun.non2xx + renderRun.errors + renderRun.non2xx > 0)
    process.exitCode = 1;
} finally {
  fs.rmSync(STATIC_FILE, { force: true });
  await server.stop();
}
