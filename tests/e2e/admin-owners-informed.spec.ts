import type { Page } from "@playwright/test";
import { E2E_ADMIN, ORIGIN, WIDTHS } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  registerViaApi,
  submitVenueViaApi,
  switchAccount,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 22, items 11 and 13, from the back office: Reject asks for an optional reason that the
// submitter reads in the mail; a pending card's Edit goes to the admin's form and back to the
// pending list; a manager edits and reorders their FAQs (the moved FAQ's arrow keeps the focus).
// Each page at 1280 and 390 px, without sideways scrolling.

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });

for (const width of WIDTHS) {
  test(`at ${width} px, Reject asks for an optional reason, which the submitter reads in the mail`, async ({
    page,
    mail,
  }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const submitter = await registerViaApi(page, uniqueAccount("reason"));
    const name = `E2E Reason ${width} ${Date.now().toString(36)}`;
    await submitVenueViaApi(page, name);
    await switchAccount(page, E2E_ADMIN);
    await page.goto("/admin/pending");
    const pending = card(page, name);
    await expectNoSidewaysScroll(page, `/admin/pending at ${width} px`);
    await screenshot(pending, `admin-pending-card-${width}`);
    const reject = pending.getByRole("button", { name: "Reject" });
    await expectHydrated(reject);
    await reject.click();
    const dialog = page.getByRole("dialog", { name: "Reject Venue" });
    await expect(dialog).toContainText(
      "Are you sure you want to reject this venue? It will be permanently deleted.",
    );
    const reason = dialog.getByLabel("Reason (optional)");
    await expect(reason).toBeVisible();
    await reason.fill("The photos show a different venue. Please send your own and submit again.");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `admin-reject-reason-${width}`);
    await dialog.getByRole("button", { name: "Reject" }).click();
    await expect(toast(page, "Venue has been rejected and removed")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(pending).toHaveCount(0);

    const told = await mail.waitFor(submitter.email, { subject: /not approved/ });
    expect(told.subject).toContain(name);
    expect(told.text).toContain("The reviewer's reason:");
    expect(told.text).toContain("The photos show a different venue. Please send your own and submit again.");
  });
}

test("a pending card's Edit opens the admin's form, which goes back to Pending Venues after the save", async ({
  page,
}) => {
  test.setTimeout(90_000);
  await registerViaApi(page, uniqueAccount("pending-edit"));
  const name = `E2E Edited Pending ${Date.now().toString(36)}`;
  const venue = await submitVenueViaApi(page, name);
  await switchAccount(page, E2E_ADMIN);
  await page.goto("/admin/pending");
  const edit = card(page, name).getByRole("link", { name: `Edit ${name}` });
  await expectHydrated(edit);
  await edit.click();
  await expect(page).toHaveURL(`/admin/edit-venue/${venue.id}?returnTo=%2Fadmin%2Fpending`);
  await expect(page.getByRole("link", { name: "Back to Pending Venues" })).toBeVisible();
  const capacity = page.getByLabel("Capacity (guests)");
  await expectHydrated(capacity);
  await capacity.fill("175");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL("/admin/pending");
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await expect(card(page, name)).toContainText("175 guests");

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto(`/admin/edit-venue/${venue.id}?returnTo=%2Fadmin%2Fpending`);
  await expect(page.getByRole("heading", { level: 1, name: `Edit ${name}` })).toBeVisible();
  await expectNoSidewaysScroll(page, "the admin's edit form at 390 px");
});

for (const width of WIDTHS) {
  test(`at ${width} px, a manager edits an FAQ and moves FAQs by keyboard, and the venue page follows`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    const { venue } = await approvedVenue(page, `faq-order-${width}`);
    const editPath = `/venue-manager/edit-venue/${venue.id}`;
    for (const question of ["Is there parking?", "Can we bring our own caterer?", "Is there a rain plan?"]) {
      const res = await page.request.post(editPath, {
        form: { intent: "faq-add", question, answer: `Answer: ${question}` },
        headers: { origin: ORIGIN },
      });
      expect(res.status()).toBe(200);
    }
    await page.goto(`${editPath}?tab=faqs`);
    const list = page.getByRole("tabpanel", { name: "FAQs" }).getByRole("listitem");
    const questions = () => list.getByRole("heading").allTextContents();
    expect(await questions()).toEqual([
      "Is there parking?",
      "Can we bring our own caterer?",
      "Is there a rain plan?",
    ]);
    await expect(page.getByRole("button", { name: "Move FAQ up: Is there parking?" })).toBeDisabled();
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page, `the FAQs tab at ${width} px`);
    await screenshot(page, `manager-faqs-${width}`, { fullPage: true });

    // Move the rain plan up twice with the keyboard: the focus stays on its arrow.
    const up = page.getByRole("button", { name: "Move FAQ up: Is there a rain plan?" });
    await expectHydrated(up);
    await up.focus();
    await page.keyboard.press("Enter");
    await expect(list.first().getByRole("heading")).toHaveText("Is there parking?");
    await expect
      .poll(questions)
      .toEqual(["Is there parking?", "Is there a rain plan?", "Can we bring our own caterer?"]);
    await expect(up).toBeFocused();
    // Saved before the next move is taken (the arrows do nothing while one is on its way).
    await expect(up).not.toHaveAttribute("aria-disabled", "true");
    await page.keyboard.press("Enter");
    await expect
      .poll(questions)
      .toEqual(["Is there a rain plan?", "Is there parking?", "Can we bring our own caterer?"]);
    // At the top its up arrow is disabled: the focus goes to its down arrow.
    await expect(up).toBeDisabled();
    await expect(page.getByRole("button", { name: "Move FAQ down: Is there a rain plan?" })).toBeFocused();

    // Edit a typo in place.
    await page.getByRole("button", { name: "Edit FAQ: Is there parking?" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit FAQ" });
    await expect(dialog.getByLabel("Question")).toHaveValue("Is there parking?");
    await expect(dialog.getByLabel("Answer")).toHaveValue("Answer: Is there parking?");
    await dialog.getByLabel("Question").fill("Is there parking on site?");
    await dialog.getByLabel("Answer").fill("Yes, for 80 cars, free of charge.");
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expect(toast(page, "FAQ updated successfully")).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect
      .poll(questions)
      .toEqual(["Is there a rain plan?", "Is there parking on site?", "Can we bring our own caterer?"]);

    // The order and the text after a reload, and on the public page.
    await page.reload();
    await expect
      .poll(questions)
      .toEqual(["Is there a rain plan?", "Is there parking on site?", "Can we bring our own caterer?"]);
    await page.goto(`${venue.path}?tab=faq`);
    await expect(page.locator("details > summary")).toHaveText([
      "Is there a rain plan?",
      "Is there parking on site?",
      "Can we bring our own caterer?",
    ]);
  });
}
