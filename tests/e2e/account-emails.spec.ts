import type { Page } from "@playwright/test";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  test,
  toast,
} from "./fixtures";
import { atDesktopAndPhone } from "./repeats";

// /account/emails (issue 44, ADR 043): a couple turns venue replies off, from the account's
// navigation, with scripts and as a plain HTML form, on a desktop and on a phone.

async function openEmailSettings(page: Page) {
  await registerViaApi(page);
  await page.goto("/account");
  await page
    .getByRole("navigation", { name: "Account sections" })
    .getByRole("link", { name: "Email Settings" })
    .click();
  await expect(page).toHaveURL(/\/account\/emails$/);
  await expect(page.getByRole("heading", { name: "Email Settings" })).toBeVisible();
  // A couple's kinds only; the managers' are not offered.
  await expect(page.getByRole("checkbox")).toHaveCount(4);
  await expect(page.getByText("Account emails, such as password resets")).toBeVisible();
  const reply = page.getByRole("checkbox", { name: "Venue replies" });
  await expect(reply).toBeChecked();
  await expect(reply).toHaveAccessibleDescription("When a venue answers an inquiry you sent.");
  return reply;
}

async function expectReplyOff(page: Page) {
  await page.reload();
  await expect(page.getByRole("checkbox", { name: "Venue replies" })).not.toBeChecked();
  await expect(page.getByRole("checkbox", { name: "Venue decisions" })).toBeChecked();
}

atDesktopAndPhone(() => {
  test("turn venue replies off", async ({ page }) => {
    const reply = await openEmailSettings(page);
    await expectNoSeriousA11yViolations(page);
    const save = page.getByRole("button", { name: "Save email settings" });
    await expectHydrated(save);
    await reply.uncheck();
    await save.click();
    await expect(toast(page, "Email settings saved")).toBeVisible();
    await expect(page).toHaveURL(/\/account\/emails$/);
    await expectReplyOff(page);
  });

  // axe runs in the page: the scripted test checks it.
  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    test("turn venue replies off with the plain form", async ({ page }) => {
      const reply = await openEmailSettings(page);
      await reply.uncheck();
      await page.getByRole("button", { name: "Save email settings" }).click();
      await expect(page).toHaveURL(/\/account\/emails$/);
      await expect(page.getByRole("status").filter({ hasText: "Email settings saved" })).toBeVisible();
      await expectReplyOff(page);
    });
  });
});
