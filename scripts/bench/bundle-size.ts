// Prints the JavaScript a browser downloads on the first load of a page (default: the venue
// page), gzip-compressed, from the production build's asset manifest. Run `npm run build` first.
//   npm run bench:bundle [-- routes/public/home]
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const BUDGET_KB = 150;
const routeFile = process.argv[2] ?? "routes/public/venue";
// The route build is a chunk of the server bundle (whose entry is the HTTP app).
const chunk = fs.existsSync("build/server/assets")
  ? fs.readdirSync("build/server/assets").find((f) => /^server-build-.*\.js$/.test(f))
  : undefined;
if (!chunk) {
  console.error("No production build: run `npm run build` first.");
  process.exit(1);
}
const serverBuild = path.resolve("build/server/assets", chunk);

type Manifest = {
  entry: { module: string; imports: string[] };
  routes: Record<string, { id: string; parentId?: string; module: string; imports?: string[] }>;
};
const { assets } = (await import(serverBuild)) as { assets: Manifest };

const route = Object.values(assets.routes).find((r) => r.id === routeFile);
if (!route) {
  console.error(`Unknown route "${routeFile}". Known: ${Object.keys(assets.routes).join(", ")}`);
  process.exit(1);
}
const chain = [route];
while (chain[0]!.parentId) chain.unshift(assets.routes[chain[0]!.parentId!]!);

const files = new Set<string>([assets.entry.module, ...assets.entry.imports]);
for (const r of chain) [r.module, ...(r.imports ?? [])].forEach((f) => files.add(f));

let total = 0;
const rows: [string, number][] = [];
for (const url of files) {
  const gz = gzipSync(fs.readFileSync(path.join("build/client", url)), { level: 9 }).byteLength;
  total += gz;
  rows.push([url, gz]);
}
rows.sort((a, b) => b[1] - a[1]);
for (const [url, gz] of rows) console.log(`${(gz / 1024).toFixed(1).padStart(7)} KB  ${url}`);
const kb = total / 1024;
console.log(
  `\nFirst-load JavaScript for ${route.id}: ${kb.toFixed(1)} KB gzip (${files.size} files; budget ${BUDGET_KB} KB)`,
);
if (kb > BUDGET_KB) process.exit(1);
