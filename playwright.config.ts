import { defineConfig } from "@playwright/test";
import { CHROMIUM_PATH } from "./scripts/chromium-path";

export const E2E_PORT = Number(process.env.E2E_PORT ?? 4317);
export const E2E_SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 4318);
const baseURL = `http://localhost:${E2E_PORT}`;
// The admin and manager specs add, approve, import and delete venues and venue types that every
// visitor sees; the public specs count the demo content exactly (12 types, the sitemap's venues).
// So the back-office specs run once the public ones are done, on the same server; so does the
// saved searches spec, whose manager approves a venue and frees its date, the review moderation
// spec, whose admin approves a venue and hides a review, the site visits spec, whose manager
// approves a venue and publishes its hours, and the claim spec, whose admin adds venues that an
// owner claims.
const BACK_OFFICE =
  /\/((admin|manager)-[^/]*|saved-searches|review-moderation|site-visits|venue-claim)\.spec\.ts$/;
// The public journeys with scripts off (ADR 020): every control works as plain HTML.
const NO_JS = /\/no-js\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  outputDir: "test-results/e2e",
  timeout: 45_000,
  // A page's answer to an action, on a machine busy with the other stages (scripts/test.ts).
  expect: { timeout: 20_000 },
  workers: Number(process.env.E2E_WORKERS ?? 2),
  // Tests, not files, are shared out: a file of thirty tests no longer holds one worker while the
  // other waits (every test makes its own account and data; issue 20).
  fullyParallel: true,
  retries: process.env.CI ? 1 : 0,
  reporter: [["list"]],
  globalSetup: "./tests/e2e/global-setup.ts",
  use: {
    baseURL,
    // A failed test keeps its trace: each action with its log (what it waited for, what took the
    // click), network and console; error-context.md has the page as it was at the failure. Not the
    // screencast (a fifth of every test's CPU) nor a DOM snapshot before and after each action
    // (a tenth): they are taken for every test, passing or not (issue 20).
    trace: { mode: "retain-on-failure", screenshots: false, snapshots: false },
    // A visitor who asked for less motion, which the site honours (app.css): entrance animations
    // end at once and the hero's images change without a cross-fade. The tests wait for motion to
    // end before they look (settle in fixtures.ts), so they see the same pages; drawing the frames
    // in between was a sixth of the browsers' CPU (issue 20). The specs about motion itself ask
    // for it (test.use({ reducedMotion: "no-preference" })).
    reducedMotion: "reduce",
    launchOptions: {
      // Debian's headless shell (scripts/ensure-chromium.ts).
      executablePath: CHROMIUM_PATH,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--no-first-run",
        "--disable-sync",
        "--disable-quic",
      ],
    },
  },
  projects: [
    // "server log" runs after every browser test and fails the run if the server logged a warning.
    { name: "server", testMatch: /server\.setup\.ts$/, teardown: "server log" },
    { name: "server log", testMatch: /server-log\.teardown\.ts$/ },
    {
      name: "chromium",
      use: { browserName: "chromium" },
      dependencies: ["server"],
      testIgnore: [BACK_OFFICE, NO_JS],
    },
    {
      name: "no javascript",
      use: { browserName: "chromium", javaScriptEnabled: false },
      dependencies: ["server"],
      testMatch: NO_JS,
    },
    {
      name: "chromium, back office",
      use: { browserName: "chromium" },
      dependencies: ["chromium", "no javascript"],
      testMatch: BACK_OFFICE,
    },
  ],
  webServer: {
    command: "npx tsx tests/e2e/serve.ts",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: "ignore",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5000 },
    stderr: "pipe",
    env: {
      // Set before the process starts: React picks its build when first imported.
      NODE_ENV: "production",
      PORT: String(E2E_PORT),
      SITE_URL: baseURL,
      SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
      // Production warns at start without it (ADR 043), and a warning fails the run.
      MAIL_POSTAL_ADDRESS: "1 Example St, Denver, CO 80202",
      LOG_LEVEL: "warn",
      // Offline tiles: one blank PNG from the server itself (tests/e2e/serve.ts).
      MAP_TILE_URL: `${baseURL}/uploads/e2e-map-tile.png?{z}/{x}/{y}`,
      E2E_PORT: String(E2E_PORT),
      // API sign-ups name their own client address (asNewVisitor in tests/e2e/fixtures.ts).
      TRUST_PROXY: "loopback",
      // A test fills the inquiry form faster than a person may (ADR 028); the integration tests
      // check the minimum time with stamps of chosen ages.
      INQUIRY_MIN_SECONDS: "0",
      // Every test signs up its own accounts: the cheapest password hashes (infra/passwords.server.ts).
      PASSWORD_HASH_COST: "10",
    },
  },
});
