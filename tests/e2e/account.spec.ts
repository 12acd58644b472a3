import { E2E_ADMIN, E2E_MANAGER } from "./paths";
import {
  expect,
  expectHydrated,
  expectOnTop,
  loginViaApi,
  registerViaApi,
  test,
  uniqueAccount,
} from "./fixtures";

test("changing the email sends a verification mail to the new address", async ({ page, mail }) => {
  const account = await registerViaApi(page);
  await page.goto("/account");
  await page.getByLabel("Full Name").fill("Renamed Person");
  const newEmail = uniqueAccount("moved").email;
  await page.getByLabel("Email").fill(newEmail);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(
    page.getByRole("status").getByText("Verification email sent. Please check your inbox."),
  ).toBeVisible();
  await expect(page.getByText(/you will need to log in again/)).toBeVisible();

  const message = await mail.waitFor(newEmail, { subject: /Confirm your new/ });
  const link = /https?:\/\/\S+\/auth\/email-changed\?token=\S+/.exec(message.text)?.[0];
  expect(link).toBeTruthy();
  await page.reload();
  await expect(page.getByRole("complementary").getByText("Renamed Person")).toBeVisible();
  await expect(page.getByRole("complementary").getByText(account.email)).toBeVisible();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/login$/);
  await expect(page.getByText("Your email address has been verified. Please log in again.")).toBeVisible();
  await loginViaApi(page, { email: newEmail, password: account.password });
});

test("sign out of all other sessions", async ({ page, browser }) => {
  const account = await registerViaApi(page);
  const other = await browser.newPage();
  await loginViaApi(other, account);
  await page.goto("/account"); // shows the registration's flash toast
  // A signed-in visitor's toaster listens from the start, before any toast: none waits for a download.
  await page.reload();
  await expect(page.getByRole("region", { name: /^Notifications/ })).toBeAttached();
  await page.getByRole("button", { name: "Sign out of all other sessions" }).click();
  await expect(page.getByText("All sessions have been cleared")).toBeVisible();
  await other.goto("/account");
  await expect(other).toHaveURL(/\/login\?redirectTo=/);
  await other.close();
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("a toast shows below the header, and the menu button stays in reach", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/account");
    const toast = page.locator("[data-sonner-toast]").filter({ hasText: "Account created successfully" });
    await expect(toast).toBeVisible();
    const header = (await page.getByRole("banner").boundingBox())!;
    // Polled: the toast slides in from above.
    await expect
      .poll(async () => (await toast.boundingBox())!.y)
      .toBeGreaterThanOrEqual(header.y + header.height);
    const open = page.getByRole("button", { name: "Open menu" });
    await expectHydrated(open);
    await open.click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    // The open sheet lies over the toast, which waits under it.
    await expectOnTop(menu.getByRole("link", { name: "Home", exact: true }));
    await expect(toast).toBeAttached();
  });
});

test("badges and area links follow the role", async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
  await page.goto("/account");
  const sidebar = page.getByRole("complementary");
  await expect(sidebar.getByText("Admin", { exact: true })).toBeVisible();
  await expect(sidebar.getByRole("link", { name: "Admin Dashboard" })).toHaveAttribute(
    "href",
    "/admin/dashboard",
  );
  const adminButton = page.getByRole("banner").getByRole("button", { name: "Admin" });
  await adminButton.click();
  await expect(
    page.getByRole("navigation", { name: "Admin" }).getByRole("link", { name: "Pending Venues" }),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(page.getByRole("navigation", { name: "Admin" })).toBeHidden();

  await page.context().clearCookies();
  await loginViaApi(page, E2E_MANAGER);
  await page.goto("/account");
  await expect(
    page.getByRole("complementary").getByText("Venue Manager", { exact: true }).first(),
  ).toBeVisible();
  await expect(page.getByRole("complementary").getByRole("link", { name: "Venue Manager" })).toHaveAttribute(
    "href",
    "/venue-manager/dashboard",
  );
  await expect(page.getByRole("banner").getByRole("link", { name: "Dashboard" })).toHaveAttribute(
    "href",
    "/venue-manager/dashboard",
  );
  await expect(page.getByRole("banner").getByRole("button", { name: "Admin" })).toHaveCount(0);
});

test("/account redirects to /login when signed out", async ({ page }) => {
  await page.goto("/account");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Faccount/);
});
