import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import type { CaughtMail } from "../setup/mail-catcher";
import { E2E_PORT } from "../../playwright.config";
import { E2E_MAIL_DIR } from "./paths";

const E2E_ORIGIN = `http://localhost:${E2E_PORT}`;

export { expect };

type Account = { name: string; email: string; password: string };

type Fixtures = {
  /** Console errors matching one of these are expected by the test (e.g. a 404 it asked for). */
  allowedConsoleErrors: RegExp[];
  consoleGuard: void;
  mail: { waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<CaughtMail> };
};

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // Any console.error or uncaught exception in the page fails the test.
  consoleGuard: [
    async ({ page, allowedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (msg) => {
        if (msg.type() === "error" && !allowedConsoleErrors.some((r) => r.test(msg.text())))
          errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await use();
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  mail: async ({}, use) => {
    await use({
      async waitFor(to, opts = {}) {
        const deadline = Date.now() + (opts.timeoutMs ?? 15_000);
        for (;;) {
          const mails = fs
            .readdirSync(E2E_MAIL_DIR)
            .sort()
            .reverse()
            .map((f) => JSON.parse(fs.readFileSync(path.join(E2E_MAIL_DIR, f), "utf8")) as CaughtMail);
          const found = mails.find(
            (m) => m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)),
          );
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      },
    });
  },
});

let counter = 0;
export function uniqueAccount(prefix = "guest"): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    name: `Test ${prefix} ${counter}`,
    email: `${prefix}-${id}@e2e.example`,
    password: "e2e-password-123",
  };
}

/** Registers through the same form action the page uses; the page's context keeps the session. */
export async function registerViaApi(page: Page, account: Account = uniqueAccount()): Promise<Account> {
  const res = await page.request.post("/login", {
    form: { intent: "register", ...account, confirmPassword: account.password },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status(), "registration redirects").toBe(302);
  return account;
}

export async function loginViaApi(page: Page, account: Pick<Account, "email" | "password">): Promise<void> {
  const res = await page.request.post("/login", {
    form: { intent: "login", email: account.email, password: account.password },
    headers: { origin: E2E_ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status(), "login redirects").toBe(302);
}

/** Fails on any serious or critical axe violation. */
export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/** Waits until every finite animation and transition (card fade-ups, image fade-ins) has ended. */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState !== "running"),
  );
}

export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  // Contrast is measured on what is painted: let entrance fades and transitions finish first.
  await settle(page);
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  expect(serious).toEqual([]);
}

/**
 * Waits until React has hydrated the element (React puts its `__reactFiber$…` key on every DOM
 * node it owns), so a click reaches the component's handler rather than the server HTML.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(() => locator.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$"))), {
      message: "element is hydrated",
    })
    .toBe(true);
}
