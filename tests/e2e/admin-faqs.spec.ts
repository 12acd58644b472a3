import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./paths";
import {
  approveViaApi,
  clickAndSaved,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  loginViaApi,
  submitVenueViaApi,
  test,
  UUID,
} from "./fixtures";

// Issue 12, item 9: the FAQs of one venue, reached from the venues table: add, edit (held until
// 'Save Changes', with a warning before leaving), move up and down, delete.

/** An approved venue of this test's own: submitted by the admin, then approved. */
async function ownVenue(page: Page, name: string): Promise<string> {
  const venue = await submitVenueViaApi(page, name);
  await approveViaApi(page, venue.id);
  return venue.id;
}

const card = (page: Page, n: number) =>
  page
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { name: new RegExp(`^Question #${n}( |$)`) }) });
const questions = (page: Page) =>
  page
    .getByRole("region", { name: "Existing FAQs" })
    .getByRole("listitem")
    .evaluateAll((items) => items.map((li) => (li.querySelector("input") as HTMLInputElement).value));

async function addFaq(page: Page, question: string, answer: string) {
  const form = page.getByRole("region", { name: "Add New FAQ" });
  await form.getByLabel("Question").fill(question);
  await form.getByLabel("Answer").fill(answer);
  await form.getByRole("button", { name: "Add FAQ" }).click();
  await expect(page.getByText("FAQ added successfully").first()).toBeVisible();
  await expect(form.getByLabel("Question")).toHaveValue("");
}

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

test("FAQs of a venue: add, edit and save, move up and down, delete", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E Aspen Loop Lodge ${Date.now().toString(36)}`;
  const venueId = await ownVenue(page, name);

  // From the venues table's FAQs action.
  await page.goto(`/admin/venues?q=${encodeURIComponent(name)}`);
  await page.getByRole("link", { name: `FAQs of ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/venue-faqs/${UUID}$`));
  expect(page.url()).toContain(venueId);
  await expect(page.getByRole("heading", { level: 1, name: `FAQs for ${name}` })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Existing FAQs" })).toBeVisible();
  await expect(page.getByText("No FAQs have been added yet")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Add FAQ stays disabled until both fields are filled.
  const form = page.getByRole("region", { name: "Add New FAQ" });
  const addButton = form.getByRole("button", { name: "Add FAQ" });
  await expectHydrated(addButton);
  await expect(form.getByLabel("Answer")).toHaveAttribute("rows", "4");
  await expect(addButton).toBeDisabled();
  await form.getByLabel("Question").fill("Is there parking?");
  await expect(form.getByText("Please enter both a question and answer")).toBeVisible();
  await expect(addButton).toBeDisabled();
  await form.getByLabel("Question").fill("");

  await addFaq(page, "Is there parking?", "Yes, for 80 cars.");
  await addFaq(page, "Can we bring our own caterer?", "Yes, from our list of approved caterers.");
  await addFaq(page, "Is the venue accessible?", "Every space is step-free.");
  expect(await questions(page)).toEqual([
    "Is there parking?",
    "Can we bring our own caterer?",
    "Is the venue accessible?",
  ]);
  await expect(page.getByText("No FAQs have been added yet")).toHaveCount(0);

  // The first cannot move up, the last cannot move down.
  await expect(card(page, 1).getByRole("button", { name: "Move question 1 up" })).toBeDisabled();
  await expect(card(page, 3).getByRole("button", { name: "Move question 3 down" })).toBeDisabled();
  await card(page, 1).getByRole("button", { name: "Move question 1 down" }).click();
  await expect
    .poll(() => questions(page))
    .toEqual(["Can we bring our own caterer?", "Is there parking?", "Is the venue accessible?"]);
  await expect(card(page, 2).getByRole("button", { name: "Move question 2 up" })).toBeEnabled();
  await clickAndSaved(page, card(page, 3).getByRole("button", { name: "Move question 3 up" }));
  await expect
    .poll(() => questions(page))
    .toEqual(["Can we bring our own caterer?", "Is the venue accessible?", "Is there parking?"]);
  // Saved: a reload shows the same order.
  await page.reload();
  await expect
    .poll(() => questions(page))
    .toEqual(["Can we bring our own caterer?", "Is the venue accessible?", "Is there parking?"]);

  // Edits are held until 'Save Changes'; leaving with one unsaved asks first.
  const third = card(page, 3);
  const save = third.getByRole("button", { name: "Save Changes" });
  await expectHydrated(save);
  await expect(save).toBeDisabled();
  await third.getByLabel("Answer").fill("Yes: 80 cars, and a shuttle from town.");
  await expect(third.getByText("Unsaved changes")).toBeVisible();
  await page.getByRole("link", { name: "Back to Venues" }).click();
  const leave = page.getByRole("dialog", { name: "Unsaved Changes" });
  await expect(leave).toContainText("You have unsaved changes to 1 FAQ");
  await leave.getByRole("button", { name: "Cancel" }).click();
  await expect(page).toHaveURL(new RegExp(`/admin/venue-faqs/${venueId}$`));
  await save.click();
  await expect(page.getByText("FAQ updated successfully").first()).toBeVisible();
  await expect(third.getByText("Unsaved changes")).toHaveCount(0);
  await page.reload();
  await expect(card(page, 3).getByLabel("Answer")).toHaveValue("Yes: 80 cars, and a shuttle from town.");

  // Delete, after the 'Delete FAQ' confirmation.
  await card(page, 2).getByRole("button", { name: "Delete question 2" }).click();
  const confirm = page.getByRole("dialog", { name: "Delete FAQ" });
  await expect(confirm).toContainText("Is the venue accessible?");
  await expectNoSeriousA11yViolations(page);
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("FAQ deleted successfully").first()).toBeVisible();
  await expect.poll(() => questions(page)).toEqual(["Can we bring our own caterer?", "Is there parking?"]);

  // Nothing unsaved now: Back to Venues leaves at once.
  await page.getByRole("link", { name: "Back to Venues" }).click();
  await expect(page).toHaveURL(/\/admin\/venues$/);
});
