import type { Page } from "@playwright/test";
import { expect, expectHydrated } from "./fixtures";

// What the search page's tests share (search.spec.ts, search-map.spec.ts).

export const countLine = (page: Page) => page.getByText(/^[\d,]+ venues? found$/);
export async function resultCount(page: Page): Promise<number> {
  return Number((await countLine(page).innerText()).replace(/\D/g, ""));
}
export const filterForm = (page: Page) => page.getByRole("form", { name: "Search filters" });
export const cards = (page: Page) => page.getByRole("main").getByRole("article");
export const chip = (page: Page, label: string) =>
  page.getByRole("link", { name: `Remove filter: ${label}`, exact: true });
export const mapRegion = (page: Page) => page.getByRole("region", { name: "Map of venues" });
export const clusters = (page: Page) =>
  mapRegion(page).getByRole("button", { name: /venues? here: zoom in$/ });
/** Single-venue pins: every marker that is not a cluster (the zoom buttons are links). */
export const pins = (page: Page) =>
  mapRegion(page).locator(".leaflet-marker-pane").getByRole("button").and(page.locator(".vv-pin"));

/** Collects the analytics events the page sends (the tag's dataLayer, with no tag configured). */
export async function recordAnalytics(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  return () => page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
}

/** The whole directory's count, the list view, ready for clicks. */
export async function openList(page: Page, query = ""): Promise<number> {
  await page.goto(`/venues?view=list${query}`);
  await expect(cards(page).first()).toBeVisible();
  await expectHydrated(filterForm(page).getByRole("button", { name: "Apply Filters" }));
  return resultCount(page);
}
