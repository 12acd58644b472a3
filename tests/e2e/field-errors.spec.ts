import { expect, expectHydrated, expectNoSeriousA11yViolations, registerViaApi, test } from "./fixtures";
import { screenshot } from "./screens";

// Issue 22, point 17: a field's message goes as soon as the field is corrected, on input or
// change, without another try; a field still wrong keeps saying so; the server still checks
// everything. Messages of the browser's check (the form kit's schema) and of the server alike.

test("the venue form: a phone that is still wrong keeps its message, a corrected one loses it at once; the state reads as text", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page);
  await page.goto("/account/venues");
  const open = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(open);
  await open.click();
  const d = page.getByRole("dialog", { name: "Submit Your Colorado Venue" });
  const phone = d.getByLabel("Phone (optional)", { exact: true });
  const email = d.getByLabel("Email (optional)", { exact: true });
  await phone.fill("call us maybe!!");
  await email.fill("events@nowhere");
  await d.getByRole("button", { name: "Submit Venue" }).click();
  const phoneError = d.getByText("Please enter a phone number, such as (303) 555-0100");
  const emailError = d.getByText("Please enter a valid email address, such as events@yourvenue.com");
  await expect(phoneError).toBeVisible();
  await expect(emailError).toBeVisible();
  await expect(d.getByText("Venue Name is required")).toBeVisible();

  // Still not a phone: the message stays.
  await phone.fill("call us maybe at 303");
  await expect(phoneError).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  // A phone now: gone at once, and only for that field.
  await phone.fill("(303) 555-0177");
  await expect(phoneError).toBeHidden();
  await expect(phone).not.toHaveAttribute("aria-invalid", "true");
  await expect(phone).not.toHaveAttribute("aria-describedby", /error/);
  await expect(emailError).toBeVisible();
  await expect(d.getByText("Venue Name is required")).toBeVisible();
  await email.fill("events@nowhere.example");
  await expect(emailError).toBeHidden();

  // Colorado is said as text: no field that looks editable, no input to tab to.
  const state = d.getByRole("definition").filter({ hasText: "Colorado" });
  await state.scrollIntoViewIfNeeded();
  await expect(d.getByRole("textbox", { name: "State" })).toHaveCount(0);
  const box = await state.evaluate((el) => {
    const style = getComputedStyle(el);
    return { border: style.borderTopWidth, background: style.backgroundColor };
  });
  expect(box).toEqual({ border: "0px", background: "rgba(0, 0, 0, 0)" });
  await screenshot(page, "venue-form-state-390");
  await expectNoSeriousA11yViolations(page);
});

test("registration: 'Passwords do not match' goes once the password is changed to match the confirmation", async ({
  page,
}) => {
  await page.goto("/login?tab=register");
  const submit = page.getByRole("button", { name: "Create Account" });
  await expectHydrated(submit);
  await page.getByLabel("Full Name").fill("Pat Example");
  await page.getByLabel("Email").fill(`pat-${Date.now().toString(36)}@e2e.example`);
  await page.getByLabel("Password", { exact: true }).fill("secret-one");
  await page.getByLabel("Confirm Password").fill("secret-two");
  await submit.click();
  const mismatch = page.getByText("Passwords do not match");
  await expect(mismatch).toBeVisible();
  await page.getByLabel("Password", { exact: true }).fill("secret-tw");
  await expect(mismatch).toBeVisible();
  // The other field of the pair corrected: the confirmation matches now.
  await page.getByLabel("Password", { exact: true }).fill("secret-two");
  await expect(mismatch).toBeHidden();
  await expect(page.getByLabel("Confirm Password")).not.toHaveAttribute("aria-invalid", "true");
});

test.describe("the server's own messages", () => {
  // The action's refusal answers 400, which Chromium logs as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 400/] });

  test("'Current password is incorrect' goes as soon as that field is changed, not another", async ({
    page,
  }) => {
    await registerViaApi(page);
    await page.goto("/account/password");
    const current = page.getByLabel("Current Password");
    await expectHydrated(current);
    await current.fill("not-my-password");
    await page.getByLabel("New Password", { exact: true }).fill("new-password-1");
    await page.getByLabel("Confirm New Password").fill("new-password-1");
    await page.getByRole("button", { name: "Update Password" }).click();
    const wrong = page.getByText("Current password is incorrect");
    await expect(wrong).toBeVisible();
    await expect(current).toHaveAttribute("aria-invalid", "true");
    // Another field changed: the server's message on this one stays.
    await page.getByLabel("New Password", { exact: true }).fill("new-password-2");
    await page.getByLabel("Confirm New Password").fill("new-password-2");
    await expect(wrong).toBeVisible();
    await current.press("End");
    await current.pressSequentially("x");
    await expect(wrong).toBeHidden();
    await expect(current).not.toHaveAttribute("aria-invalid", "true");
  });
});
