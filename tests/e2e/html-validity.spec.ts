import { execFile } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { expect, registerViaApi, saveFavoriteViaApi, test } from "./fixtures";
import { sitemapPaths } from "./sitemap";

// Issue 8: the W3C Nu HTML Checker (vnu-jar from npm, run with the system Java) finds no error in
// the server HTML of the public pages. Warnings and info messages are not errors.
const VNU_JAR = path.resolve("node_modules/vnu-jar/build/dist/vnu.jar");

type VnuMessage = { type: string; subType?: string; url: string; message: string; extract?: string };

test("the Nu HTML Checker reports no error on the public pages' server HTML", async ({ page }) => {
  test.slow(); // one JVM start for every page, ~10 s
  const locs = await sitemapPaths(page.request);
  const venue = locs.find((p) => p.startsWith("/venue/"))!;
  const pages = {
    login: "/login", // first: it redirects a signed-in user
    home: "/",
    venue,
    inquiry: `${venue}/inquiry`,
    categories: "/categories",
    // The search views, with a flexible month (issue 41: no placeholder or pattern on type=month).
    venues: "/venues?guests=120",
    map: "/venues?view=map",
    category: locs.find((p) => /^\/categories\/.+/.test(p))!,
    account: "/account",
    inquiries: "/account/inquiries",
    emails: "/account/emails",
    privacy: "/account/privacy",
    favorites: "/favorites",
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "vnu-"));
  const files: string[] = [];
  for (const [name, url] of Object.entries(pages)) {
    if (name === "home") {
      // Signed in from here on, as /account needs, with a saved venue for /favorites.
      await registerViaApi(page);
      await saveFavoriteViaApi(page, pages.venue);
    }
    const res = await page.request.get(url);
    expect(res.status(), url).toBe(200);
    const file = path.join(dir, `${name}.html`);
    fs.writeFileSync(file, await res.text());
    files.push(file);
  }
  let output: string;
  try {
    const run = await promisify(execFile)(
      "java",
      ["-jar", VNU_JAR, "--format", "json", "--exit-zero-always", ...files],
      {
        maxBuffer: 16 * 1024 * 1024,
      },
    );
    output = run.stderr;
  } catch (err) {
    throw new Error(`could not run the Nu HTML Checker (java -jar ${VNU_JAR}): ${String(err)}`, {
      cause: err,
    });
  }
  const { messages } = JSON.parse(output) as { messages: VnuMessage[] };
  const errors = messages
    .filter((m) => m.type === "error" || m.subType === "fatal")
    .map((m) => `${path.basename(m.url)}: ${m.message} [${m.extract ?? ""}]`);
  expect(errors).toEqual([]);
  fs.rmSync(dir, { recursive: true, force: true });
});
