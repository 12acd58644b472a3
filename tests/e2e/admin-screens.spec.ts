import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_MANAGER, ORIGIN } from "./paths";
import { expect, expectHydrated, loginViaApi, settle, test } from "./fixtures";
import { screenshot } from "./screens";

// Issue 12, acceptance: each admin screen at 1280 px, for a look (full-page PNGs in
// test-results/screens, ./screens.ts), and checked for what a look catches late:
// nothing wider than the window, no table cut off by its panel.

test.use({ viewport: { width: 1280, height: 800 } });

async function shoot(page: Page, name: string) {
  await page.evaluate(() => document.fonts.ready);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await settle(page);
  // Nothing sideways: the page fits the window, and every table fits its scroller.
  const overflow = await page.evaluate(() => ({
    page: document.documentElement.scrollWidth - document.documentElement.clientWidth,
    tables: [...document.querySelectorAll("table")]
      .map((t) => t.parentElement!)
      .filter((box) => box.scrollWidth > box.clientWidth + 1)
      .map((box) => box.querySelector("caption")?.textContent ?? "a table"),
  }));
  expect(overflow.page, `${name}: page wider than 1280 px`).toBeLessThanOrEqual(0);
  expect(overflow.tables, `${name}: tables scrolling sideways at 1280 px`).toEqual([]);
  await screenshot(page, `admin-${name}`, { fullPage: true });
}

test("every admin screen at 1280 px", async ({ page }) => {
  test.setTimeout(120_000);
  await loginViaApi(page, E2E_ADMIN);

  // One pending venue of this test's own, so the pending screen shows a card.
  const choices = (await (await page.request.get("/api/venue-submissions")).json()) as {
    venueTypes: { id: string }[];
  };
  const pending = await page.request.post("/api/venue-submissions", {
    headers: { origin: ORIGIN },
    multipart: {
      name: `Screenshot Pending Hall ${Date.now().toString(36)}`,
      description: "A stone hall by the river, with a terrace for the ceremony.",
      addressLine1: "5 River Rd",
      city: "Salida",
      postalCode: "81201",
      region: "Western Slope South",
      category: choices.venueTypes[0]!.id,
      priceType: "single",
      price: "3800",
      capacity: "120",
    },
  });
  expect(pending.status()).toBe(200);

  await page.goto("/admin/dashboard");
  await shoot(page, "01-dashboard");

  await page.goto("/admin/venues");
  await shoot(page, "02-venues");
  const firstEdit = page
    .getByRole("table", { name: /^Approved venues/ })
    .getByRole("link", { name: /^Edit / });
  const editHref = await firstEdit.first().getAttribute("href");
  const faqHref = await page
    .getByRole("table", { name: /^Approved venues/ })
    .getByRole("link", { name: /^FAQs of / })
    .first()
    .getAttribute("href");

  await page.getByRole("button", { name: "Add Venue" }).click();
  await expect(page.getByRole("dialog", { name: "Add Venue" })).toBeVisible();
  await shoot(page, "03-venues-add-dialog");
  await page.keyboard.press("Escape");

  await page.goto("/admin/pending");
  await shoot(page, "04-pending");

  await page.goto(`/admin/users?q=${encodeURIComponent(E2E_MANAGER.email)}`);
  await shoot(page, "05-users");
  const assign = page.getByRole("button", { name: `Assign venues to ${E2E_MANAGER.name}` });
  await expectHydrated(assign);
  await assign.click();
  const dialog = page.getByRole("dialog", { name: /Venue/ });
  await expect(
    dialog.getByRole("group", { name: "Approved venues" }).getByRole("checkbox").first(),
  ).toBeVisible();
  await shoot(page, "06-users-assign-dialog");
  await page.keyboard.press("Escape");

  await page.goto("/admin/venue-categories");
  await shoot(page, "07-venue-types");

  await page.goto("/admin/venue-amenities");
  await shoot(page, "08-amenities");

  await page.goto(editHref!);
  await shoot(page, "09-edit-venue");

  await page.goto(faqHref!);
  await expect(page.getByRole("heading", { level: 1, name: /^FAQs for / })).toBeVisible();
  await shoot(page, "10-faqs");
});
