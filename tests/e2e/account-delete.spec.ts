import {
  asNewVisitor,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  submitVenueViaApi,
  test,
  uniqueAccount,
} from "./fixtures";
import { screenshot } from "./screens";

// Deleting one's account (issue 46, ADR 050): a couple finds the page from Account Settings, reads
// what happens, gets a wrong password refused with the choices kept, deletes, lands on the home
// page signed out, and can no longer sign in. At a phone's width and a desktop's. The same journey
// without scripts is in no-js.spec.ts.

// A wrong password and a refused sign-in are answered 400/401 on purpose; Chromium logs them.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

for (const [label, viewport] of [
  ["390", { width: 390, height: 844 }],
  ["1280", { width: 1280, height: 900 }],
] as const) {
  test.describe(`at ${label} px`, () => {
    test.use({ viewport });

    test("a couple deletes their account and can no longer sign in", async ({ page }) => {
      const account = await registerViaApi(page, uniqueAccount(`delete${label}`));
      const pending = `Deleted Couple Barn ${label} ${Date.now().toString(36)}`;
      await submitVenueViaApi(page, pending);

      await page.goto("/account");
      await page.getByRole("link", { name: "Delete my account" }).click();
      await expect(page).toHaveURL((u) => u.pathname === "/account/delete");
      const main = page.getByRole("main");
      await expect(main.getByRole("heading", { name: "Delete My Account" })).toBeVisible();
      await expect(main.getByText(`deleted with their photos: ${pending}`)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await screenshot(page, `account-delete-${label}`, { fullPage: true });

      const erase = main.getByRole("checkbox", { name: "Erase my contact details from my inquiries now" });
      const submit = main.getByRole("button", { name: "Delete my account" });
      await expectHydrated(submit);
      await erase.check();
      await main.getByLabel("Password").fill("not-the-password");
      await submit.click();
      await expect(main.getByText("That password is not right. Nothing was deleted.")).toBeVisible();
      await expect(erase).toBeChecked();
      await screenshot(page, `account-delete-wrong-password-${label}`, { fullPage: true });

      await main.getByLabel("Password").fill(account.password);
      await submit.click();
      await expect(page).toHaveURL((u) => u.pathname === "/");
      await expect(page.getByText("Your account was deleted.")).toBeVisible();
      // Signed out: the header no longer links to an account (at 390 px its Sign In is in the menu).
      await expect(page.getByRole("banner").getByRole("link", { name: /My account/ })).toHaveCount(0);
      await screenshot(page, `account-deleted-${label}`);

      const res = await page.request.post("/login", {
        form: { intent: "login", email: account.email, password: account.password },
        headers: asNewVisitor(),
        maxRedirects: 0,
      });
      expect(res.status()).not.toBe(302);
      expect(await res.text()).toContain("Invalid email or password");
      await page.goto("/account/delete");
      await expect(page).toHaveURL((u) => u.pathname === "/login");
    });
  });
}
