// Each public page's first load: the JavaScript a browser downloads (gzip, from the production
// build's asset manifest) and the server HTML (uncompressed and gzip, fetched from a production
// server on a fresh data folder, seeded with the demo content), against issue 9's and 42's budgets. Exits
// non-zero when a page is over. Run `npm run build` first.
//   npm run bench:bundle                          every public page: JS and HTML
//   npm run bench:bundle -- --origin http://localhost:3000   the HTML of a server already running
//   npm run bench:bundle -- routes/public/home    one route's JavaScript, file by file
import fs from "node:fs";
import path from "node:path";
import { brotliCompressSync, gzipSync } from "node:zlib";
import { requireBuild, sitemapPaths, startProductionServer } from "./production-server";

const JS_BUDGET_KB = 150;
/** Issue 9 set 40 KB for home and a venue page (10 reviews), 80 for a list; issue 42 set 27 KB for
 *  the venue page and 55 for a list, a third free, and home stays under 30. */
const HTML_BUDGET = { home: 30_000, venue: 27_000, list: 55_000 };

const args = process.argv.slice(2);
const originArg = args.includes("--origin") ? args[args.indexOf("--origin") + 1] : undefined;
const routeArg = args.find((a) => a.startsWith("routes/"));

// The routes' files, from the manifest the browser loads (window.__reactRouterManifest).
const manifestFile = fs.existsSync("build/client/assets")
  ? fs.readdirSync("build/client/assets").find((f) => /^manifest-.*\.js$/.test(f))
  : undefined;
if (!manifestFile) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};
const manifestJs = fs.readFileSync(path.join("build/client/assets", manifestFile), "utf8");
const assets = JSON.parse(manifestJs.slice(manifestJs.indexOf("=") + 1).replace(/;\s*$/, "")) as Manifest;

/** The bytes a browser receives for a built file: its pre-compressed copy, or the file itself. */
function served(url: string, ext: "br" | "gz"): number {
  const file = path.join("build/client", url);
  return fs.statSync(fs.existsSync(`${file}.${ext}`) ? `${file}.${ext}` : file).size;
}

/** The files of a route's first load, each with its gzip -9 size (the budget's measure) and the
 *  Brotli and gzip bytes the server sends for it (pre-compressed at build time). */
function firstLoad(routeId: string): { url: string; gzip9: number; br: number; gz: number }[] {
  const route = Object.values(assets.routes).find((r) => r.id === routeId);
  if (!route) {
    console.error(`Unknown route "${routeId}". Known: ${Object.keys(assets.routes).join(", ")}`);
    process.exit(1);
  }
  const chain = [route];
  while (chain[0]!.parentId) chain.unshift(assets.routes[chain[0]!.parentId!]!);
  // The manifest itself: every page imports it (routeDiscovery "initial", ADR 035).
  const files = new Set<string>([`/assets/${manifestFile}`, assets.entry.module, ...assets.entry.imports]);
  for (const r of chain) [r.module, ...(r.imports ?? [])].forEach((f) => files.add(f));
  return [...files].map((url) => ({
    url,
    gzip9: gzipSync(fs.readFileSync(path.join("build/client", url)), { level: 9 }).byteLength,
    br: served(url, "br"),
    gz: served(url, "gz"),
  }));
}

const kb = (bytes: number, unit = 1024) => `${(bytes / unit).toFixed(1)} KB`;

if (routeArg) {
  const rows = firstLoad(routeArg).sort((a, b) => b.gzip9 - a.gzip9);
  for (const { url, gzip9 } of rows) console.log(`${kb(gzip9).padStart(10)}  ${url}`);
  const total = rows.reduce((sum, r) => sum + r.gzip9, 0);
  console.log(
    `\nFirst-load JavaScript for ${routeArg}: ${kb(total)} gzip (${rows.length} files; budget ${JS_BUDGET_KB} KB)`,
  );
  process.exit(total / 1024 > JS_BUDGET_KB ? 1 : 0);
}

requireBuild();
const server = originArg ? undefined : await startProductionServer();
const origin = originArg?.replace(/\/$/, "") ?? server!.origin;
const html = async (p: string) => (await fetch(origin + p, { headers: { accept: "text/html" } })).text();

try {
  const paths = await sitemapPaths(origin);
  // The budget is for a venue page with ten reviews: of the first 60 venues, those with the fewest
  // reviews from ten up, and of them the heaviest page; the venue type with the most venues.
  const reviewCount = (page: string) => Number(/"reviewCount":(\d+)/.exec(page)?.[1] ?? 0);
  let venue = { path: "", reviews: Infinity, bytes: 0 };
  for (const p of paths.filter((x) => x.startsWith("/venue/")).slice(0, 60)) {
    const page = await html(p);
    const reviews = reviewCount(page);
    const bytes = Buffer.byteLength(page);
    if (reviews < 10 || reviews > venue.reviews) continue;
    if (reviews < venue.reviews || bytes > venue.bytes) venue = { path: p, reviews, bytes };
  }
  let category = { path: "", cards: -1 };
  for (const p of paths.filter((x) => /^\/categories\/./.test(x))) {
    const cards = (await html(p)).split('<article class="venue-card').length - 1;
    if (cards > category.cards) category = { path: p, cards };
  }

  const pages: { name: string; route: string; path: string; budget?: number }[] = [
    { name: "home", route: "routes/public/home", path: "/", budget: HTML_BUDGET.home },
    {
      name: `venue page (${venue.reviews} reviews)`,
      route: "routes/public/venue",
      path: venue.path,
      budget: HTML_BUDGET.venue,
    },
    { name: "/categories", route: "routes/public/categories", path: "/categories" },
    {
      name: `category page (${category.cards} venues)`,
      route: "routes/public/category",
      path: category.path,
      budget: HTML_BUDGET.list,
    },
    {
      name: "/venues (24 results)",
      route: "routes/public/venues",
      path: "/venues",
      budget: HTML_BUDGET.list,
    },
  ];

  let over = false;
  console.log(
    `${"page".padEnd(26)}${"JS gzip -9".padStart(11)}${"sent br".padStart(9)}${"sent gz".padStart(9)}` +
      `${"HTML".padStart(9)}${"br".padStart(8)}${"gzip".padStart(8)}  HTML budget`,
  );
  const sum = (rows: ReturnType<typeof firstLoad>, key: "gzip9" | "br" | "gz") =>
    rows.reduce((total, r) => total + r[key], 0);
  for (const page of pages) {
    const js = firstLoad(page.route);
    const body = Buffer.from(await html(page.path));
    const jsOver = sum(js, "gzip9") / 1024 > JS_BUDGET_KB;
    const htmlOver = page.budget !== undefined && body.byteLength > page.budget;
    over ||= jsOver || htmlOver;
    console.log(
      page.name.padEnd(26) +
        (kb(sum(js, "gzip9")) + (jsOver ? "!" : " ")).padStart(11) +
        kb(sum(js, "br")).padStart(9) +
        kb(sum(js, "gz")).padStart(9) +
        kb(body.byteLength, 1000).padStart(9) +
        kb(brotliCompressSync(body).byteLength, 1000).padStart(8) +
        kb(gzipSync(body).byteLength, 1000).padStart(8) +
        "  " +
        (page.budget === undefined ? "-" : kb(page.budget, 1000)) +
        (htmlOver ? "  OVER" : ""),
    );
  }
  console.log(
    `\nJS: the first load, KB of 1,024 bytes: gzip -9 (budget ${JS_BUDGET_KB} KB a page, '!' marks one over),` +
      `\nand the Brotli and gzip bytes the server sends (compressed at build time, chosen by Accept-Encoding).` +
      `\nHTML: the server's answer to a signed-out visitor, KB of 1,000 bytes (as issue 9 measures), and` +
      `\nits Brotli and gzip sizes.`,
  );
  if (over) process.exitCode = 1;
} finally {
  await server?.stop();
}
