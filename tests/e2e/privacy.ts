import fs from "node:fs";
import type { Page } from "@playwright/test";
import { unzipSync } from "fflate";
import { expect, registerViaApi, saveFavoriteViaApi, uniqueAccount } from "./fixtures";
import { demoVenuePaths } from "./sitemap";

// What the privacy specs share (privacy-export.spec.ts, no-js.spec.ts): a new couple with a saved
// venue on their account's Privacy page, and the download of their data, opened.

/** A couple of their own with a demo venue saved, on /account/privacy through the account's tabs. */
export async function coupleOnPrivacyPage(
  page: Page,
  prefix: string,
): Promise<ReturnType<typeof uniqueAccount>> {
  const account = await registerViaApi(page, uniqueAccount(prefix));
  const [venue] = await demoVenuePaths(page.request);
  await saveFavoriteViaApi(page, venue!);
  await page.goto("/account");
  await page
    .getByRole("navigation", { name: "Account sections" })
    .getByRole("link", { name: "Privacy" })
    .click();
  await expect(page).toHaveURL(/\/account\/privacy$/);
  await expect(page.getByRole("heading", { name: "Download your data" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Delete my account" })).toHaveAttribute(
    "href",
    "/account/delete",
  );
  return account;
}

/** Presses 'Download my data' and reads the ZIP the browser saved: its entries by name. */
export async function downloadMyData(page: Page): Promise<Record<string, Uint8Array>> {
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Download my data" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^vows-and-vistas-data-\d{4}-\d{2}-\d{2}\.zip$/);
  const file = await download.path();
  return unzipSync(new Uint8Array(fs.readFileSync(file)));
}

/** The archive's JSON file `name`. */
export const jsonIn = (zip: Record<string, Uint8Array>, name: string) =>
  JSON.parse(Buffer.from(zip[name]!).toString("utf8")) as unknown;
