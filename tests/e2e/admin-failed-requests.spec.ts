import sharp from "sharp";
import type { Page } from "@playwright/test";
import { E2E_ADMIN, ORIGIN } from "./paths";
import {
  adminAddVenueDialog,
  clickAndSaved,
  expect,
  expectHydrated,
  expectOnTop,
  loginViaApi,
  submitVenueViaApi,
  test,
  toast,
} from "./fixtures";
import { FAILED_POST_ERRORS, failPosts, FAILURES, failureToast } from "./failed-posts";

// Issue 19, parts 3 and 4, in the admin area: a failed request (the network gone, a proxy's 413
// or 502 page) keeps the Add Venue dialog, the Edit venue form with its chosen images, and the
// FAQ forms, says why, and the same thing can be sent again.

test.use({ allowedConsoleErrors: [FAILED_POST_ERRORS] });

const photo = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

/** An approved venue of this test's own: submitted by the admin, then approved. */
async function ownVenue(page: Page, prefix: string) {
  const name = `E2E ${prefix} ${Date.now().toString(36)}`;
  const venue = await submitVenueViaApi(page, name);
  const approved = await page.request.post("/admin/pending", {
    headers: { origin: ORIGIN },
    form: { intent: "approve", venueId: venue.id },
  });
  expect(approved.status()).toBe(200);
  return { ...venue, name };
}

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

test("Add Venue whose request fails keeps the dialog and the fields, with the toast on top, and adds when sent again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const name = `E2E Failing Hall ${Date.now().toString(36)}`;
  const dialog = await adminAddVenueDialog(page, name);

  const url = "**/admin/venues.data*";
  await failPosts(page, url, "network");
  await dialog.getByRole("button", { name: "Add Venue" }).click();
  const shown = failureToast(page, "Failed to add venue", "network");
  await expect(shown).toBeVisible();
  await expectOnTop(shown);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Venue Name", { exact: true })).toHaveValue(name);
  await expect(dialog.getByLabel("Region", { exact: true })).toHaveValue("Front Range North");

  await page.unroute(url);
  await dialog.getByRole("button", { name: "Add Venue" }).click();
  await expect(toast(page, "Venue added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
});

test("Edit venue whose request fails keeps the fields and the chosen images, says why, and saves when sent again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const venue = await ownVenue(page, "Edit Failing Lodge");
  await page.goto(`/admin/edit-venue/${venue.id}`);
  const description = page.getByLabel("Description");
  await expectHydrated(description);
  await description.fill("Rebuilt after the fire: a new hall with a view of the range.");
  await page.getByLabel("Email").fill("events@failing-lodge.example");
  await page.getByLabel("Images", { exact: true }).setInputFiles([
    { name: "hall.jpg", mimeType: "image/jpeg", buffer: await photo("#5a6f8f") },
    { name: "view.jpg", mimeType: "image/jpeg", buffer: await photo("#8f7a5a") },
  ]);
  const chosen = page.getByRole("list", { name: "Chosen images" }).getByRole("img");
  await expect(chosen).toHaveCount(2);

  const url = `**/admin/edit-venue/${venue.id}.data*`;
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(failureToast(page, "Failed to update venue", failure)).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/admin/edit-venue/${venue.id}$`));
    await expect(description).toHaveValue("Rebuilt after the fire: a new hall with a view of the range.");
    await expect(page.getByLabel("Email")).toHaveValue("events@failing-lodge.example");
    await expect(chosen).toHaveCount(2);
  }

  await page.unroute(url);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page).toHaveURL(/\/admin\/venues$/);
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
});

test("FAQs: an add whose request fails keeps what was typed; a move whose request fails puts the order back; both work when sent again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const venue = await ownVenue(page, "FAQ Failing Lodge");
  await page.goto(`/admin/venue-faqs/${venue.id}`);
  const form = page.getByRole("region", { name: "Add New FAQ" });
  await expectHydrated(form.getByRole("button", { name: "Add FAQ" }));
  const questions = () =>
    page
      .getByRole("region", { name: "Existing FAQs" })
      .getByRole("listitem")
      .evaluateAll((items) => items.map((li) => (li.querySelector("input") as HTMLInputElement).value));

  const url = `**/admin/venue-faqs/${venue.id}.data*`;
  await form.getByLabel("Question").fill("Is there parking?");
  await form.getByLabel("Answer").fill("Yes, for 80 cars.");
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    await form.getByRole("button", { name: "Add FAQ" }).click();
    await expect(failureToast(page, "Failed to add FAQ", failure)).toBeVisible();
    await expect(form.getByLabel("Question")).toHaveValue("Is there parking?");
    await expect(form.getByLabel("Answer")).toHaveValue("Yes, for 80 cars.");
  }
  await page.unroute(url);
  await form.getByRole("button", { name: "Add FAQ" }).click();
  await expect(toast(page, "FAQ added successfully")).toBeVisible();
  await expect(form.getByLabel("Question")).toHaveValue("");
  await form.getByLabel("Question").fill("Can we bring our own caterer?");
  await form.getByLabel("Answer").fill("Yes, from our list.");
  await form.getByRole("button", { name: "Add FAQ" }).click();
  await expect.poll(questions).toEqual(["Is there parking?", "Can we bring our own caterer?"]);

  // The move shows at once; its request fails: the saved order comes back, the page stays.
  await failPosts(page, url, "network");
  await page.getByRole("button", { name: "Move question 2 up" }).click();
  await expect(failureToast(page, "Failed to reorder FAQs", "network")).toBeVisible();
  await expect.poll(questions).toEqual(["Is there parking?", "Can we bring our own caterer?"]);
  await expect(page.getByRole("heading", { level: 1, name: `FAQs for ${venue.name}` })).toBeVisible();

  await page.unroute(url);
  await clickAndSaved(page, page.getByRole("button", { name: "Move question 2 up" }));
  await expect.poll(questions).toEqual(["Can we bring our own caterer?", "Is there parking?"]);
  await page.reload();
  await expect.poll(questions).toEqual(["Can we bring our own caterer?", "Is there parking?"]);
});
