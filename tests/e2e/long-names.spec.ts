import type { Page } from "@playwright/test";
import {
  expect,
  expectHydrated,
  expectOnTop,
  registerViaApi,
  test,
  uniqueAccount,
  venueCards,
} from "./fixtures";
import { isVenuePath, sitemapPaths } from "./sitemap";

// Issue 8: a long name or email must never make a page wider than the phone, nor push the menu
// button off screen. Sixty characters, most of them one unbroken word: the worst case.
const LONG_NAME = "Maximiliana Wolfeschlegelsteinhausenbergerdorffvoralternware";
const LONG_LOCAL_PART = "constantinople.wolfeschlegelsteinhausenbergerdorff.voralternwarengewissenhaft";

async function expectFitsThePhone(page: Page, where: string): Promise<void> {
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width, `${where} is no wider than the window`).toBeLessThanOrEqual(390);
  // The menu button stays inside the window (a toast may briefly lie over it on phones).
  const menu = (await page.getByRole("button", { name: "Open menu" }).boundingBox())!;
  expect(menu.x, `${where}: the menu button's left edge`).toBeGreaterThanOrEqual(0);
  expect(menu.x + menu.width, `${where}: the menu button's right edge`).toBeLessThanOrEqual(390);
}

async function venuePath(page: Page, offset: number): Promise<string> {
  const paths = (await sitemapPaths(page.request)).filter(isVenuePath);
  return paths[offset]!;
}

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a 60-character name fits /account, the header and a review it wrote", async ({ page, baseURL }) => {
    expect(LONG_NAME).toHaveLength(60);
    const account = uniqueAccount("long");
    await registerViaApi(page, { ...account, name: LONG_NAME });
    for (const path of ["/account", "/account/password", "/account/venues", "/favorites", "/"]) {
      await page.goto(path);
      await expectFitsThePhone(page, path);
    }

    // Its review, on a venue page.
    const path = await venuePath(page, 23);
    const res = await page.request.post(`${path}.data`, {
      form: { rating: "5", comment: `${"Unforgettable".repeat(6)} evening.` },
      headers: { origin: baseURL! },
    });
    expect(res.status()).toBe(200);
    await page.goto(path);
    const tab = page.getByRole("tab", { name: "Reviews", exact: true });
    await expectHydrated(tab);
    await tab.click();
    await expect(page.getByRole("tabpanel", { name: "Reviews" }).getByText(LONG_NAME)).toBeVisible();
    await expectFitsThePhone(page, "the venue page with the review");
  });

  test("a long email fits the reset page's confirmation", async ({ page }) => {
    await page.goto("/reset-password");
    const email = page.getByLabel("Email");
    await expectHydrated(email);
    await email.fill(`${LONG_LOCAL_PART}@example.com`);
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
    await expectFitsThePhone(page, "the reset confirmation");
  });

  test("a venue card wraps a long venue name inside the card", async ({ page }) => {
    await page.goto("/");
    const card = venueCards(page).first();
    await expect(card).toBeVisible();
    const before = (await card.boundingBox())!.width;
    // Venue names come from submissions: stand one in for the card's name, once React owns the
    // card (changed before hydration, the text would not match the server's, error #418).
    const name = card.getByRole("heading", { level: 3 }).getByRole("link");
    await expectHydrated(name);
    await name.evaluate(
      (a) => (a.textContent = "The Wolfeschlegelsteinhausenbergerdorffvoralternwaren Estate"),
    );
    expect((await card.boundingBox())!.width).toBe(before);
    await expectFitsThePhone(page, "the home page with a long card name");
  });
});

test("at 1280 px the header's account button keeps a long name to a short, truncated label", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await registerViaApi(page, { ...uniqueAccount("long"), name: LONG_NAME });
  await page.goto("/");
  const account = page.getByRole("banner").getByRole("link", { name: `My account (${LONG_NAME})` });
  await expectOnTop(account);
  expect((await account.boundingBox())!.width).toBeLessThan(220);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);
});
