import { expect, registerViaApi, test } from "./fixtures";

test("password reset round trip through a real SMTP receiver", async ({ page, mail, browser }) => {
  const other = await browser.newPage();
  const account = await registerViaApi(other);
  await other.close();

  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await expect(page).toHaveURL(/\/reset-password$/);
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();
  await expect(page.getByText("Password reset email has been sent")).toBeVisible();

  const message = await mail.waitFor(account.email, { subject: /Reset your/ });
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(message.text)?.[0];
  expect(link).toBeTruthy();

  await page.goto(link!);
  await expect(page).toHaveURL(/\/auth\/update-password\?type=recovery&token=/);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();

  await page.getByLabel("New Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm New Password").fill("short");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password must be at least 8 characters")).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm New Password").fill("a-different-one");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords don't match")).toBeVisible();

  await page.getByLabel("Confirm New Password").fill("a-new-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Password has been updated successfully").first()).toBeVisible();
  await expect(page).toHaveURL(/\/login$/, { timeout: 5000 });

  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill("a-new-password");
  await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/account$/);

  // The link works once: opening it again goes back to the request form with a message.
  await page.goto(link!);
  await expect(page).toHaveURL(/\/reset-password\?error=invalid-link/);
  await expect(page.getByText(/invalid, expired or has already been used/)).toBeVisible();
});

test("an address without type=recovery goes back to /reset-password", async ({ page }) => {
  await page.goto("/auth/update-password");
  await expect(page).toHaveURL(/\/reset-password\?error=invalid-link/);
});
