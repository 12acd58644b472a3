import { E2E_ADMIN } from "./paths";
import {
  expect,
  expectHydrated,
  registerViaApi,
  submitVenueViaApi,
  switchAccount,
  test,
  uniqueAccount,
} from "./fixtures";
import { expectFocusOnResult, expectPrimaryOnTop, expectWithinWidth, WIDTHS } from "./primary-action";

// Issue 41, items 11 and 16, for the admin: at 390 and 1280 px the dashboard's and the venue
// list's primary actions are on top, and a row's actions are in sight at 390 px without scrolling
// sideways; after approving a pending venue the focus is on the result.

test("the admin's dashboard and venues: primary actions and a row's actions on top", async ({ page }) => {
  test.setTimeout(120_000);
  await switchAccount(page, E2E_ADMIN);
  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    const at = `at ${viewport.width} px`;
    await page.goto("/admin");
    await expectPrimaryOnTop(page.getByRole("button", { name: "Update Sitemap" }), `dashboard ${at}`);
    await page.goto("/admin/venues");
    const add = page.getByRole("button", { name: "Add Venue" });
    await expectHydrated(add);
    await expectPrimaryOnTop(add, `venues ${at}`);
    const row = page.getByRole("table").getByRole("row").nth(1);
    await expectWithinWidth(row.getByRole("button", { name: /^Delete / }), `a row's Delete ${at}`);
    await expectPrimaryOnTop(row.getByRole("link", { name: /^Edit / }), `a row's Edit ${at}`);
    await expectPrimaryOnTop(row.getByRole("button", { name: /^Delete / }), `a row's Delete ${at}`);
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
    expect(sideways, `the venue list scrolls sideways ${at}`).toBeLessThanOrEqual(0);
  }
});

test("after approving a pending venue the focus is on the result, not on the page", async ({ page }) => {
  test.setTimeout(120_000);
  await registerViaApi(page, uniqueAccount("focus-approve"));
  const name = `E2E Focus Lodge ${Date.now().toString(36)}`;
  await submitVenueViaApi(page, name);
  await switchAccount(page, E2E_ADMIN);
  await page.goto("/admin/pending");
  const approve = page
    .getByRole("listitem")
    .filter({ hasText: name })
    .getByRole("button", { name: "Approve" });
  await expectHydrated(approve);
  await approve.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByText("Venue approved successfully").first()).toBeVisible();
  await expectFocusOnResult(page, "Venue approved successfully");
});
