import { E2E_ADMIN, E2E_MANAGER } from "./paths";
import { expect, expectHydrated, expectNoSeriousA11yViolations, loginViaApi, test } from "./fixtures";

// Issue 12, items 1, 2 and 11: who gets into /admin and where everyone else goes; the
// addresses that forward (bare /admin, a FAQ or edit address without a venue); the layout; the
// dashboard's counts, links and 'Update Sitemap'.

const RANDOM_UUID = "00000000-0000-4000-8000-000000000000";

test("a signed-out visitor goes to /login and comes back to the admin page after signing in", async ({
  page,
}) => {
  await page.goto("/admin/users?q=erin");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fusers%3Fq%3Derin$/);
  const email = page.getByLabel("Email", { exact: true });
  await expectHydrated(email);
  await email.fill(E2E_ADMIN.email);
  await page.getByLabel("Password", { exact: true }).fill(E2E_ADMIN.password);
  await page.getByRole("tabpanel", { name: "Login" }).getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/admin\/users\?q=erin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
});

test("a signed-in non-admin lands on /account with the spec's message", async ({ page }) => {
  await loginViaApi(page, E2E_MANAGER);
  await page.goto("/admin/dashboard");
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByText("You do not have permission to access the admin area")).toBeVisible();
});

test.describe("as an admin", () => {
  test.beforeEach(async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN);
  });

  test("bare /admin opens the dashboard; FAQ and edit addresses without a venue go to the venues list", async ({
    page,
  }) => {
    await page.goto("/admin");
    await expect(page).toHaveURL(/\/admin\/dashboard$/);

    await page.goto("/admin/venue-faqs");
    await expect(page).toHaveURL(/\/admin\/venues$/);
    await expect(page.getByText("No venue ID provided")).toBeVisible();

    await page.goto(`/admin/venue-faqs/${RANDOM_UUID}`);
    await expect(page).toHaveURL(/\/admin\/venues$/);
    await expect(page.getByText("Venue not found", { exact: true })).toBeVisible();

    await page.goto(`/admin/edit-venue/${RANDOM_UUID}`);
    await expect(page).toHaveURL(/\/admin\/venues$/);
    await expect(page.getByText("Venue Not Found", { exact: true })).toBeVisible();
  });

  test("the layout: the sidebar's entries, no public header or footer, never indexed", async ({ page }) => {
    // Seven screens, each scanned by axe.
    test.setTimeout(120_000);
    const res = await page.goto("/admin/dashboard");
    expect(res!.headers()["x-robots-tag"]).toBe("noindex, nofollow");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex, nofollow");
    const nav = page.getByRole("navigation", { name: "Admin" });
    await expect(nav.getByRole("link")).toHaveText([
      "Dashboard",
      "Venues",
      "Pending Venues",
      "Claims",
      "Venue Types",
      "Amenities",
      "Users",
      "Reviews",
      "Inquiries",
      "Back to Site",
    ]);
    await expect(nav.getByRole("button", { name: "Logout" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
    await expect(page.getByRole("navigation", { name: /main|primary/i })).toHaveCount(0);
    await expect(nav.getByRole("link", { name: "Back to Site" })).toHaveAttribute("href", "/");

    // Each entry opens its screen (client-side), with axe passing on each.
    for (const [label, heading] of [
      ["Pending Venues", "Pending Venues"],
      ["Claims", "Claims"],
      ["Venue Types", "Venue Types"],
      ["Amenities", "Venue Amenities Management"],
      ["Users", "Users"],
      ["Reviews", "Reviews"],
      ["Venues", "Venues"],
      ["Dashboard", "Dashboard"],
    ] as const) {
      const link = nav.getByRole("link", { name: label, exact: true });
      await expectHydrated(link);
      await link.click();
      await expect(page.getByRole("heading", { level: 1, name: heading, exact: true })).toBeVisible();
      await expect(link).toHaveAttribute("aria-current", "page");
      await expectNoSeriousA11yViolations(page);
    }
  });

  test("the dashboard: three counts linking to their screens, recent activity, 'Update Sitemap'", async ({
    page,
  }) => {
    await page.goto("/admin/dashboard");
    for (const [label, to] of [
      ["Total Venues", "/admin/venues"],
      ["Total Users", "/admin/users"],
      ["Pending Venues", "/admin/pending"],
    ] as const) {
      const link = page.getByRole("main").getByRole("link", { name: new RegExp(`^${label} [\\d,]+$`) });
      await expect(link).toHaveAttribute("href", to);
    }
    const total = Number((await page.getByTestId("stat-totalVenues").innerText()).replace(/,/g, ""));
    expect(total).toBeGreaterThan(0);
    await expect(page.getByRole("heading", { name: "Recent Activity" })).toBeVisible();

    const update = page.getByRole("button", { name: "Update Sitemap" });
    await expectHydrated(update);
    await update.click();
    await expect(
      page.getByText(/^Sitemap and robots\.txt are up to date: [\d,]+ venues, [\d,]+ venue types$/),
    ).toBeVisible();
    await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
    await expectNoSeriousA11yViolations(page);

    await page
      .getByRole("main")
      .getByRole("link", { name: /^Pending Venues/ })
      .click();
    await expect(page).toHaveURL(/\/admin\/pending$/);
  });
});

test.describe("the checking state of a client-side move between admin screens", () => {
  // The held data request is aborted when the page gives up and loads the address itself.
  test.use({ allowedConsoleErrors: [/net::ERR_|Failed to fetch|aborted/i] });

  test("a slow check shows 'Checking access...', the help box after 5 s, and a full page load after 15 s", async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await loginViaApi(page, E2E_ADMIN);
    await page.goto("/admin/dashboard");
    // The Users screen's data (which carries the server's guard) does not answer.
    await page.route(/\/admin\/users\.data/, () => undefined);
    const users = page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Users" });
    await expectHydrated(users);
    const started = Date.now();
    await users.click();
    const status = page.getByRole("status").filter({ hasText: "Checking access..." });
    await expect(status).toBeVisible();
    await expect(page.getByTestId("access-help")).toBeHidden();
    await expect(page.getByTestId("access-help")).toBeVisible({ timeout: 10_000 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(4_500);
    const help = page.getByTestId("access-help");
    await expect(help.getByRole("button", { name: "Refresh the page" })).toBeVisible();
    await expect(help).toContainText("Clear your browser cache");
    await expect(help.getByRole("link", { name: "Log in again" })).toHaveAttribute(
      "href",
      "/login?redirectTo=%2Fadmin%2Fusers",
    );
    // At 15 s the wait is given up: the browser loads /admin/users itself and the server decides.
    await page.waitForURL(/\/admin\/users$/, { timeout: 15_000, waitUntil: "load" });
    expect(Date.now() - started).toBeGreaterThanOrEqual(14_500);
    await expect(page.getByRole("heading", { level: 1, name: "Users" })).toBeVisible();
    await expect(status).toHaveCount(0);
  });
});
