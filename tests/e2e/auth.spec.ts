import { expect, expectHydrated, loginViaApi, registerViaApi, test, uniqueAccount } from "./fixtures";

// Failed sign-ins and server-side validation answer 4xx on purpose; Chromium logs those responses.
const expected4xx = [/status of 40[01]/];

test.describe("registration and sign-in", () => {
  test.use({ allowedConsoleErrors: expected4xx });

  test("registers on /login, lands on /account, signs out and back in", async ({ page }) => {
    const account = uniqueAccount("reg");
    await page.goto("/login");
    // The tabs switch once the page's scripts run (ADR 017: after the first paint).
    const register = page.getByRole("tab", { name: "Register" });
    await expectHydrated(register);
    await register.click();
    await page.getByLabel("Full Name").fill(account.name);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByLabel("Confirm Password").fill(account.password);
    await page.getByRole("button", { name: "Create Account" }).click();

    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Account created successfully")).toBeVisible();
    await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
    await expect(page.getByRole("complementary").getByText(account.email)).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText("Logged out successfully")).toBeVisible();
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign In" })).toBeVisible();

    await page.goto("/login");
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/account$/);
    await expect(page.getByText("Login successful")).toBeVisible();
  });

  test("the header's dialog signs in, keeps the visitor on the page and closes itself", async ({
    page,
    browser,
  }) => {
    const account = uniqueAccount("dialog");
    const other = await browser.newPage();
    await registerViaApi(other, account);
    await other.close();

    await page.goto("/categories");
    const signIn = page.getByRole("banner").getByRole("link", { name: "Sign In" });
    await expectHydrated(signIn);
    await signIn.click();
    const dialog = page.getByRole("dialog", { name: "Welcome" });
    await expect(dialog).toBeVisible();

    // A wrong password shows the server's message; switching tabs clears it.
    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Password").fill("wrong-password");
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog.getByText("Invalid email or password")).toBeVisible();
    await dialog.getByRole("tab", { name: "Register" }).click();
    await dialog.getByRole("tab", { name: "Login" }).click();
    await expect(dialog.getByText("Invalid email or password")).toHaveCount(0);

    await dialog.getByLabel("Email").fill(account.email);
    await dialog.getByLabel("Password").fill(account.password);
    await dialog.getByRole("button", { name: "Sign In" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(page.getByRole("banner").getByRole("link", { name: /My account/ })).toBeVisible();
  });

  test("a signed-in visitor is sent from /login to /account", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/login");
    await expect(page).toHaveURL(/\/account$/);
  });
});

test.describe("validation messages (spec section 5)", () => {
  test.use({ allowedConsoleErrors: expected4xx });

  test("login", async ({ page }) => {
    await page.goto("/login");
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByLabel("Password").fill("secret1");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await page.getByLabel("Email").fill("someone@e2e.example");
    await page.getByLabel("Password").fill("12345");
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
    await expect(page.getByLabel("Email")).toHaveValue("someone@e2e.example");
  });

  test("registration, in the spec's order", async ({ page }) => {
    await page.goto("/login?tab=register");
    const submit = page.getByRole("button", { name: "Create Account" });
    await page.getByLabel("Full Name").fill("Ann");
    await submit.click();
    await expect(page.getByText("Please fill in all fields")).toBeVisible();
    await page.getByLabel("Email").fill("ann@e2e.example");
    await page.getByLabel("Password", { exact: true }).fill("abc");
    await page.getByLabel("Confirm Password").fill("abd");
    await submit.click();
    await expect(page.getByText("Passwords do not match")).toBeVisible();
    await page.getByLabel("Confirm Password").fill("abc");
    await submit.click();
    await expect(page.getByText("Password must be at least 6 characters")).toBeVisible();
  });

  test("reset request", async ({ page }) => {
    await page.goto("/reset-password");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Email is required")).toBeVisible();
    await page.getByLabel("Email").fill("nope@");
    await page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(page.getByText("Please enter a valid email")).toBeVisible();
  });

  test("change password", async ({ page }) => {
    const account = await registerViaApi(page);
    await page.goto("/account");
    await page
      .getByRole("navigation", { name: "Account sections" })
      .getByRole("link", { name: "Change Password" })
      .click();
    await expect(page).toHaveURL(/\/account\/password$/);
    await expect(page.getByRole("link", { name: "Change Password" })).toHaveAttribute("aria-current", "page");
    const submit = page.getByRole("button", { name: "Update Password" });
    await page.getByLabel("Current Password").fill("123");
    await page.getByLabel("New Password", { exact: true }).fill("1234567");
    await submit.click();
    await expect(page.getByText("Current password must be at least 6 characters")).toBeVisible();
    await expect(page.getByText("New password must be at least 8 characters")).toBeVisible();
    await expect(page.getByText("Please confirm your new password")).toBeVisible();

    await page.getByLabel("Current Password").fill(account.password);
    await page.getByLabel("New Password", { exact: true }).fill("new-password-1");
    await page.getByLabel("Confirm New Password").fill("new-password-2");
    await submit.click();
    await expect(page.getByText("Passwords don't match")).toBeVisible();

    await page.getByLabel("Current Password").fill("wrong-current");
    await page.getByLabel("Confirm New Password").fill("new-password-1");
    await submit.click();
    await expect(page.getByText("Current password is incorrect")).toBeVisible();

    await page.getByLabel("Current Password").fill(account.password);
    await submit.click();
    await expect(page.getByText("Password updated successfully")).toBeVisible();
    await expect(page.getByLabel("Current Password")).toHaveValue("");
    await page.context().clearCookies();
    await loginViaApi(page, { email: account.email, password: "new-password-1" });
  });
});

test("the account page's old tab addresses lead to its tab pages", async ({ page }) => {
  await registerViaApi(page);
  for (const [tab, path] of [
    ["password", "/account/password"],
    ["venues", "/account/venues"],
    ["settings", "/account"],
  ] as const) {
    await page.goto(`/account?tab=${tab}`);
    await expect(page).toHaveURL((url) => url.pathname === path && url.search === "");
  }
  await expect(page.getByRole("heading", { name: "Account Settings" })).toBeVisible();
  await page
    .getByRole("navigation", { name: "Account sections" })
    .getByRole("link", { name: "My Venues" })
    .click();
  await expect(page.getByRole("heading", { name: "My Venues" })).toBeVisible();
  await expect(page.getByText("You have not submitted any venues yet.")).toBeVisible();
});

test("a crafted redirectTo keeps the browser on our site, before and after signing in", async ({ page }) => {
  const account = await registerViaApi(page);
  await page.context().clearCookies();
  for (const target of ["/%09/evil.example/x", "/%5C%5Cevil.example", "/%0A/x"]) {
    await page.goto(`/login?redirectTo=${target}`);
    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password").fill(account.password);
    await page.getByRole("main").getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/account");
    expect(new URL(page.url()).hostname).not.toContain("evil");
    // Signed in, the same address sends the browser home, not away.
    await page.goto(`/login?redirectTo=${target}`);
    await expect(page).toHaveURL((url) => url.pathname === "/account" && !url.hostname.includes("evil"));
    await page.context().clearCookies();
  }
});
