import { E2E_ADMIN } from "./paths";
import { expect, expectNoSeriousA11yViolations, loginViaApi, registerViaApi, test } from "./fixtures";

test.describe("not-found page", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("answers 404 with the spec's texts and noindex", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("paths under /admin render without the site header and footer", async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN);
    await page.goto("/admin/not-built-here");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
});

test("the header becomes more opaque and smaller after 10 px of scroll", async ({ page }) => {
  await page.goto("/categories");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  const before = (await header.boundingBox())!.height;
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(before);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("slides in below the header, lists the links and closes on navigation", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())!.y).toBe(60);
    for (const name of ["Home", "All Venues", "Venue Types", "My Favorites"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("button", { name: "Sign In" })).toBeVisible();
    await menu.getByRole("link", { name: "Venue Types" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("signed in, it offers the account instead of Sign In", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByTestId("mobile-menu").getByRole("link", { name: "Account" })).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const path of ["/", "/login", "/reset-password"]) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }

  test("axe finds no serious violation on the account page", async ({ page }) => {
    await registerViaApi(page);
    for (const tab of ["settings", "password", "venues"]) {
      await page.goto(`/account?tab=${tab}`);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test("server-rendered home page carries the site name, hero and metadata", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("<title>Vows &amp; Vistas</title>");
  expect(html).toContain("Find Your Perfect Colorado Wedding Venue");
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
  expect(html).toContain('"@type":"WebSite"');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  const health = await (await request.get("/healthz")).json();
  expect(health).toMatchObject({ status: "ok", database: { up: true } });
  expect(health.database.venues.approved).toBeGreaterThanOrEqual(150);
});

test("a cross-site form post is refused", async ({ request }) => {
  const res = await request.post("/login", {
    form: { intent: "login", email: "a@b.example", password: "whatever" },
    headers: { origin: "https://evil.example" },
  });
  expect(res.status()).toBe(403);
});
