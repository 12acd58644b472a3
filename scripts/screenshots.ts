// Full-page screenshots of the public side at phone, tablet and desktop widths, for a design
// review: home, /categories, a venue type, a venue, the search page /venues, /account of a user
// with a 60-character name, and the open mobile menu (for a guest and for an admin when
// ADMIN_EMAIL / ADMIN_PASSWORD are given).
//
//   npm run screenshots -- http://localhost:3000 [out-dir]
//
// Against a running production server (`npm start`); registers one throwaway user each run.
import { chromium, type Browser, type Page } from "playwright-core";
import fs from "node:fs";
import path from "node:path";
import { sitemapPaths } from "./bench/production-server";

const base = (process.argv[2] ?? "http://localhost:3000").replace(/\/$/, "");
const out = path.resolve(process.argv[3] ?? "test-results/screens");
const WIDTHS = [390, 820, 1280] as const;
const HEIGHT: Record<number, number> = { 390: 844, 820: 1180, 1280: 800 };
/** Sixty characters, one unbroken word at its heart: the worst case for wrapping. */
export const LONG_NAME = "Maximiliana Wolfeschlegelsteinhausenbergerdorffvoralternware";

const args = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];

/** Waits for fonts, images and entrance animations, so the picture is what a visitor ends up seeing. */
async function settle(page: Page): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  // Lazy images load only near the viewport: walk down the page once, then back to the top.
  await page.evaluate(async () => {
    for (let y = 0; y < document.body.scrollHeight; y += innerHeight / 2) {
      scrollTo(0, y);
      await new Promise((r) => setTimeout(r, 100));
    }
    scrollTo(0, 0);
  });
  // A full-page capture repaints the page at its whole height, and images decoded asynchronously
  // can come out blank in it: decode them synchronously for the picture.
  await page.evaluate(() => document.querySelectorAll("img").forEach((img) => (img.decoding = "sync")));
  // Images off to the side of a carousel never load (lazy): wait for the others, a while at most.
  await page
    .waitForFunction(() => [...document.images].every((img) => img.complete), null, { timeout: 5_000 })
    .catch(() => undefined);
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState !== "running"),
  );
  await page.waitForLoadState("networkidle");
}

async function firstPath(pattern: RegExp): Promise<string> {
  const found = (await sitemapPaths(base)).find((p) => pattern.test(p));
  if (!found) throw new Error(`no ${pattern} in the sitemap`);
  return found;
}

async function shoot(browser: Browser, name: string, url: string, login?: (page: Page) => Promise<void>) {
  for (const width of WIDTHS) {
    const context = await browser.newContext({ viewport: { width, height: HEIGHT[width]! } });
    const page = await context.newPage();
    await login?.(page);
    await page.goto(`${base}${url}`);
    // Sections far below the first screen are drawn only when scrolled near (content-visibility,
    // ADR 017); a full-page capture does not scroll, so they are drawn for it here.
    await page.addStyleTag({ content: ".below-fold { content-visibility: visible !important; }" });
    await settle(page);
    await page.screenshot({ path: path.join(out, `${name}-${width}.png`), fullPage: true });
    await context.close();
  }
}

async function register(page: Page, name: string): Promise<void> {
  const password = "screenshots-password-1";
  const email = `screens-${Date.now().toString(36)}@example.com`;
  const res = await page.request.post(`${base}/login`, {
    form: { intent: "register", name, email, password, confirmPassword: password },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`registration answered ${res.status()}`);
}

async function login(page: Page, email: string, password: string): Promise<void> {
  const res = await page.request.post(`${base}/login`, {
    form: { intent: "login", email, password },
    headers: { origin: base },
    maxRedirects: 0,
  });
  if (res.status() !== 302) throw new Error(`login answered ${res.status()}`);
}

async function mobileMenu(browser: Browser, name: string, signIn?: (page: Page) => Promise<void>) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  await signIn?.(page);
  await page.goto(`${base}/`);
  await page.getByRole("button", { name: "Open menu" }).click();
  await settle(page);
  await page.screenshot({ path: path.join(out, `${name}-390.png`) });
  await context.close();
}

fs.mkdirSync(out, { recursive: true });
const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
  args,
});
try {
  const venue = await firstPath(/^\/venue\//);
  const category = await firstPath(/^\/categories\/.+/);

  await shoot(browser, "home", "/");
  await shoot(browser, "categories", "/categories");
  await shoot(browser, "category", category);
  await shoot(browser, "venue", venue);
  await shoot(browser, "venues", "/venues");
  await shoot(browser, "account-long-name", "/account", (page) => register(page, LONG_NAME));
  await mobileMenu(browser, "menu-guest");
  await mobileMenu(browser, "menu-user", (page) => register(page, LONG_NAME));
  const { ADMIN_EMAIL, ADMIN_PASSWORD } = process.env;
  if (ADMIN_EMAIL && ADMIN_PASSWORD)
    await mobileMenu(browser, "menu-admin", (page) => login(page, ADMIN_EMAIL, ADMIN_PASSWORD));
  console.log(`Screenshots in ${out}`);
} finally {
  await browser.close();
}
