import { E2E_ADMIN, ORIGIN } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  settle,
  switchAccount,
  test,
  uniqueAccount,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 23, insights: a couple finds a venue through the search page, opens it and saves it; its
// manager's dashboard then shows the view, the save and the words searched for. Views are counted
// by the server once the page is sent (ADR 029), so the dashboard is reloaded until they show.
// Screenshots of the dashboard with its insights at 1280 and 390 px, and of the admin's.

// Headless Chromium says "HeadlessChrome" in its User-Agent, which isbot rightly takes for a
// robot whose views do not count: these browsers present themselves as a person's Chrome.
const CHROME = (n: number) =>
  `Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.${n} Safari/537.36`;
test.use({ userAgent: CHROME(1) });

test("the manager dashboard's figures follow a couple's view and save of their venue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "insights");
  await page.goto("/venue-manager/dashboard");
  const insights = page.getByRole("region", { name: "Insights" });
  await expect(insights.getByTestId("insight-views")).toHaveText("0");
  await expect(insights.getByTestId("insight-saves")).toHaveText("0");
  await expect(insights.getByText(/^No views from the search page yet/)).toBeVisible();

  // A couple, in a browser of their own, searches for the venue, opens it and saves it.
  const couple = await browser.newContext({ baseURL: ORIGIN, userAgent: CHROME(2) });
  const p = await couple.newPage();
  await registerViaApi(p, uniqueAccount("couple"));
  await p.goto(`/venues?view=list&q=${encodeURIComponent(venue.name)}`);
  // Hydrated, the card's link moves in the page: the view is counted from the page's data request.
  const card = p.getByRole("main").getByRole("link", { name: venue.name }).first();
  await expectHydrated(card);
  await card.click();
  await expect(p.getByRole("heading", { level: 1, name: venue.name })).toBeVisible();
  const saved = p.waitForResponse(
    (r) => new URL(r.url()).pathname.startsWith("/api/favorites") && r.request().method() === "POST",
  );
  await p
    .getByRole("button", { name: `Save ${venue.name} to favorites` })
    .first()
    .click();
  expect((await saved).status()).toBe(200);
  await couple.close();

  // The manager's figures follow (the view is counted just after its page is sent).
  await expect(async () => {
    await page.reload();
    await expect(insights.getByTestId("insight-views")).toHaveText("1", { timeout: 1000 });
  }).toPass();
  await expect(insights.getByTestId("insight-saves")).toHaveText("1");
  await expect(insights.getByTestId("insight-conversion")).toHaveText("0.0");
  const terms = insights.getByRole("list", { name: "Search terms, most views first" });
  await expect(terms.getByRole("listitem")).toHaveText([
    new RegExp(`^${venue.name.toLowerCase()}\\s*1 view$`),
  ]);
  await expect(insights.getByRole("img", { name: /^Daily views and inquiries/ })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await settle(page);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await screenshot(page, `manager-insights-${width}`, { fullPage: true });
  }

  // The chart's figures as a table, for those who cannot see it; today is the last row.
  await insights.getByText("The figures day by day").click();
  const today = insights.getByRole("table").getByRole("row").last();
  await expect(today.getByRole("cell")).toHaveText(["1", "0"]);
  await expectNoSeriousA11yViolations(page);

  // The admin dashboard: the same figures for the whole site, and the venues viewed but not asked.
  await switchAccount(page, E2E_ADMIN);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/admin/dashboard");
  const site = page.getByRole("region", { name: "Site insights" });
  expect(Number(await site.getByTestId("insight-views").textContent())).toBeGreaterThanOrEqual(1);
  expect(Number(await site.getByTestId("insight-saves").textContent())).toBeGreaterThanOrEqual(1);
  await expect(
    page.getByRole("region", { name: "Most viewed, no inquiries" }).getByRole("listitem").first(),
  ).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0); // 'Login successful' has gone
  await screenshot(page, "admin-insights-1280", { fullPage: true });
});
