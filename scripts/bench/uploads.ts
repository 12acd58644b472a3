// bench:uploads — what hostile uploads cost everyone else (issue 21, item 1). Needs `npm run build`.
//   npm run bench:uploads                 # PGlite (the default database), 5 uploads at once
//   npm run bench:uploads -- --pg --uploads 3
// Starts the production server (scripts/bench/production-server.ts), registers one account per
// upload, then measures public pages (home, a venue page, and /venues with a guest count not asked
// for before, so that it is rendered, not served from the page cache; one after another) twice:
// alone for 10 s, and while that many venue submissions run at once, each a valid form with ten
// 7000 x 7000 PNGs (49 megapixels each, under the per-image limit; about 1.7 MB a body). Prints
// p50/p95/max of the pages in both phases, when each upload was answered, and the server's RSS.
// Budget: a page's p95 under 200 ms while the uploads run.
import crypto from "node:crypto";
import { parseArgs } from "node:util";
import sharp from "sharp";
import { freshDatabase, requireBuild, startProductionServer, sitemapPaths } from "./production-server";

const { values: args } = parseArgs({
  options: { uploads: { type: "string", default: "5" }, pg: { type: "boolean", default: false } },
});
const UPLOADS = Number(args.uploads);
const BUDGET_P95_MS = 200;
const ALONE_SECONDS = 10;

requireBuild();
const server = await startProductionServer(args.pg ? await freshDatabase("vv_uploads") : undefined);
const { origin } = server;

async function register(i: number): Promise<string> {
  const email = `upload-${i}-${crypto.randomBytes(3).toString("hex")}@bench.example`;
  const password = `Upload-${crypto.randomBytes(6).toString("hex")}`;
  const res = await fetch(`${origin}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { origin, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({
      intent: "register",
      name: `Upload ${i}`,
      email,
      password,
      confirmPassword: password,
    }),
  });
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");
  if (res.status !== 302 || !cookie) throw new Error(`registering ${email} answered ${res.status}`);
  return cookie;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const summary = (xs: number[]) =>
  `${xs.length} pages, p50 ${percentile(xs, 50).toFixed(0)} ms, p95 ${percentile(xs, 95).toFixed(0)} ms, max ${Math.max(...xs).toFixed(0)} ms`;

/** Pages one after another until `stop.done`; each page's time in ms. */
async function browse(paths: string[], stop: { done: boolean }): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; !stop.done; i++) {
    const started = performance.now();
    // A guest count the page cache has not seen: the search page renders on every request.
    const path = paths[i % paths.length]!.replace("{n}", String(1 + (i % 100_000)));
    const res = await fetch(origin + path, { headers: { accept: "text/html" } });
    await res.arrayBuffer();
    if (!res.ok) throw new Error(`${path} answered ${res.status}`);
    times.push(performance.now() - started);
  }
  return times;
}

try {
  const venuePage = (await sitemapPaths(origin)).find((p) => /[0-9a-f]{8}-[0-9a-f-]{27}$/.test(p))!;
  const pages = ["/", "/venues?guests={n}", venuePage];
  const { venueTypes } = (await (await fetch(`${origin}/api/venue-submissions`)).json()) as {
    venueTypes: { id: string }[];
  };
  const cookies = await Promise.all(Array.from({ length: UPLOADS }, (_, i) => register(i)));
  const photo = await sharp({ create: { width: 7000, height: 7000, channels: 3, background: "#8a9" } })
    .png()
    .toBuffer();
  const form = () => {
    const body = new FormData();
    const fields = {
      name: `Bench Barn ${crypto.randomBytes(3).toString("hex")}`,
      description: "A barn to measure what ten large photos cost the other visitors.",
      addressLine1: "12 Ridge Rd",
      city: "Boulder",
      postalCode: "80302",
      region: "Front Range North",
      category: venueTypes[0]!.id,
      priceType: "single",
      price: "4500",
      capacity: "150",
      website: "www.bench.example",
    };
    for (const [k, v] of Object.entries(fields)) body.append(k, v);
    for (let i = 0; i < 10; i++)
      body.append("images", new Blob([new Uint8Array(photo)], { type: "image/png" }), `big-${i}.png`);
    return body;
  };

  for (const p of pages) await fetch(origin + p); // warm-up, not measured
  const alone = { done: false };
  setTimeout(() => (alone.done = true), ALONE_SECONDS * 1000);
  const quiet = await browse(pages, alone);
  const rssBefore = server.rssMb();

  const busy = { done: false };
  const started = performance.now();
  const uploads = Promise.all(
    cookies.map(async (cookie) => {
      const res = await fetch(`${origin}/api/venue-submissions`, {
        method: "POST",
        headers: { cookie, origin },
        body: form(),
      });
      const text = await res.text();
      return { status: res.status, seconds: (performance.now() - started) / 1000, text };
    }),
  ).finally(() => (busy.done = true));
  const loaded = await browse(pages, busy);
  const answers = await uploads;
  const rssAfter = server.rssMb();

  console.log(`Pages alone (${ALONE_SECONDS} s):        ${summary(quiet)}`);
  console.log(`Pages during ${UPLOADS} uploads:        ${summary(loaded)}`);
  for (const a of answers)
    console.log(
      `  upload answered ${a.status} after ${a.seconds.toFixed(1)} s` +
        (a.status === 200 ? "" : `: ${a.text.slice(0, 160)}`),
    );
  console.log(`Server RSS: ${rssBefore.toFixed(0)} MB before the uploads, ${rssAfter.toFixed(0)} MB after`);
  const p95 = percentile(loaded, 95);
  console.log(
    p95 < BUDGET_P95_MS
      ? `OK: p95 ${p95.toFixed(0)} ms < ${BUDGET_P95_MS} ms while the uploads ran`
      : `OVER BUDGET: p95 ${p95.toFixed(0)} ms >= ${BUDGET_P95_MS} ms while the uploads ran`,
  );
  process.exitCode = p95 < BUDGET_P95_MS ? 0 : 1;
} finally {
  await server.stop();
}
