import type { APIRequestContext, Page } from "@playwright/test";
import { linkIn } from "../setup/mail-catcher";
import { E2E_ADMIN } from "./paths";
import {
  asNewVisitor,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectReadableToast,
  loginViaApi,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 12, item 6: the Users screen and each of its four dialogs (promote to admin, make venue
// manager with the venue multi-select, remove special roles, send a password reset email).

/** A new account, registered without touching the admin's session in the page. */
async function registerElsewhere(request: APIRequestContext, prefix: string) {
  const account = uniqueAccount(prefix);
  const res = await request.post("/login", {
    form: { intent: "register", ...account, confirmPassword: account.password },
    headers: asNewVisitor(),
    maxRedirects: 0,
  });
  expect(res.status(), "registration redirects").toBe(302);
  return account;
}

const table = (page: Page) => page.getByRole("table", { name: /^Users, newest first/ });

/** Finds the user with the search box (name or email), the way an admin would. */
async function findUser(page: Page, email: string) {
  const box = page.getByRole("searchbox", { name: "Search users by name or email" });
  await expectHydrated(box);
  await box.fill(email);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(email)}`));
  const row = table(page).getByRole("row").filter({ hasText: email });
  await expect(table(page).locator("tbody tr")).toHaveCount(1);
  return row;
}

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

test("each dialog of the users screen: promote, remove special roles, make venue manager, send a password reset", async ({
  page,
  browser,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const account = await registerElsewhere(request, "roles");
  await page.goto("/admin/users");
  // Newest first: the account just registered leads the list (before any search).
  await expect(page.getByRole("columnheader")).toHaveText(["User", "Role", "Joined", "Actions"]);
  const row = await findUser(page, account.email);
  await expect(row).toContainText(account.name);
  await expect(row.getByText("User", { exact: true })).toBeVisible();

  // 1. Promote to admin.
  await row.getByRole("button", { name: `Promote ${account.name} to admin` }).click();
  const promote = page.getByRole("dialog", { name: "Promote to Admin" });
  await expect(promote).toContainText(account.email);
  await expectNoSeriousA11yViolations(page);
  await promote.getByRole("button", { name: "Promote to Admin" }).click();
  await expect(toast(page, "User role updated to Admin")).toBeVisible();
  await expectReadableToast(page, "User role updated to Admin");
  await expect(promote).toBeHidden();
  await expect(row.getByText("Admin", { exact: true })).toBeVisible();
  await expect(row.getByRole("button", { name: `Promote ${account.name} to admin` })).toHaveCount(0);

  // 2. Remove special roles: back to a plain user.
  await row.getByRole("button", { name: `Remove special roles of ${account.name}` }).click();
  const remove = page.getByRole("dialog", { name: "Remove Special Roles" });
  await expect(remove).toContainText("will be a regular user again");
  await remove.getByRole("button", { name: "Remove Roles" }).click();
  await expect(toast(page, "User role updated to User")).toBeVisible();
  await expect(remove).toBeHidden();
  await expect(row.getByText("User", { exact: true })).toBeVisible();

  // 3. Make venue manager: choose two approved venues in the multi-select.
  await row.getByRole("button", { name: `Assign venues to ${account.name}` }).click();
  const assign = page.getByRole("dialog", { name: "Make Venue Manager" });
  await expect(assign.getByText("No venues selected yet")).toBeVisible();
  const save = assign.getByRole("button", { name: "Save Assignments" });
  await expect(save).toBeDisabled();
  const options = assign.getByRole("group", { name: "Approved venues" }).getByRole("checkbox");
  await expect(options.first()).toBeVisible();
  await options.nth(0).check();
  await options.nth(1).check();
  const chosen = assign.getByRole("list", { name: "Selected venues" }).getByRole("button");
  await expect(chosen).toHaveCount(2);
  const names = (
    await chosen.evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label")!))
  ).map((label) => label.replace(/^Remove /, ""));
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "users-assign-dialog");
  await save.click();
  await expect(toast(page, "Venue assignments updated successfully")).toBeVisible();
  await expect(toast(page, "User role updated to Venue Manager")).toBeVisible();
  await expect(assign).toBeHidden();
  await expect(row.getByText("Venue Manager", { exact: true })).toBeVisible();
  await expect(row).toContainText("2 venues");

  // Opening it again shows the current links selected; it is 'Assign Venues' for a manager now.
  await row.getByRole("button", { name: `Assign venues to ${account.name}` }).click();
  const reassign = page.getByRole("dialog", { name: "Assign Venues" });
  await expect(reassign.getByRole("list", { name: "Selected venues" })).toBeVisible();
  for (const n of names)
    await expect(
      reassign.getByRole("list", { name: "Selected venues" }).getByRole("button", { name: `Remove ${n}` }),
    ).toBeVisible();
  // Searching narrows the list to the venue asked for.
  await reassign.getByRole("searchbox", { name: "Search venues" }).fill(names[1]!);
  await expect(
    reassign.getByRole("group", { name: "Approved venues" }).getByRole("checkbox", { checked: true }),
  ).toHaveCount(1);
  await reassign.getByRole("button", { name: `Remove ${names[0]}` }).click();
  await reassign.getByRole("button", { name: "Save Assignments" }).click();
  await expect(toast(page, "Venue assignments updated successfully")).toBeVisible();
  await expect(reassign).toBeHidden();
  await expect(row).toContainText("1 venue");

  // 4. Send a password reset email: it arrives, with the same link a user's own reset sends.
  await row.getByRole("button", { name: `Send a password reset email to ${account.name}` }).click();
  const reset = page.getByRole("dialog", { name: "Send Password Reset" });
  await expect(reset).toContainText(account.email);
  await reset.getByRole("button", { name: "Send Email" }).click();
  await expect(toast(page, "Password reset email sent")).toBeVisible();
  await expect(reset).toBeHidden();
  const sent = await mail.waitFor(account.email, { subject: /Reset your .* password/ });
  const link = linkIn(sent);
  expect(link, "a reset link in the mail").toMatch(/\/api\/auth\/reset-password\//);

  // The user, following the link, reaches the page that sets a new password.
  const context = await browser.newContext();
  const visitor = await context.newPage();
  await visitor.goto(link!);
  await expect(visitor).toHaveURL(/\/auth\/update-password/);
  await context.close();
});

test("an admin cannot remove their own admin role: no button for it on their own row", async ({ page }) => {
  await page.goto("/admin/users");
  const me = await findUser(page, E2E_ADMIN.email);
  await expect(me).toContainText("(you)");
  await expect(me.getByRole("button", { name: /^Remove special roles/ })).toHaveCount(0);
  await expect(me.getByRole("button", { name: /^Promote/ })).toHaveCount(0);
  await expectNoSeriousA11yViolations(page);
});
