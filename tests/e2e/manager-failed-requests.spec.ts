import sharp from "sharp";
import type { Locator, Page } from "@playwright/test";
import { approvedVenue, expect, expectHydrated, expectOnTop, test, toast } from "./fixtures";
import { FAILED_POST_ERRORS, failPosts, FAILURES, failureToast } from "./failed-posts";

// Issue 19, parts 3 and 4, in the venue-manager area: a failed request (the network gone, a
// proxy's 413 or 502 page) keeps the Details form, the Add FAQ dialog and the chosen photos, says
// why, and the same thing can be sent again; the Edit Details sheet shows its toast and closes on
// success; text typed before the page hydrates stays.

test.use({ allowedConsoleErrors: [FAILED_POST_ERRORS] });

const photo = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

const editPath = (id: string) => `/venue-manager/edit-venue/${id}`;

test("Save Changes whose request fails keeps the details and the chosen logo, says why, and saves when sent again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "details-fail");
  await page.goto(editPath(venue.id));
  const description = page.getByLabel("Description");
  await expectHydrated(description);
  const typed = "A lodge on the lake, with a heated pavilion for winter weddings.";
  await description.fill(typed);
  await page.getByLabel("Capacity (guests)").fill("185");
  await page
    .getByLabel("Logo")
    .setInputFiles({ name: "crest.jpg", mimeType: "image/jpeg", buffer: await photo("#1f4d3f") });
  await expect(page.getByRole("img", { name: "Logo: crest.jpg" })).toBeVisible();

  const url = `**${editPath(venue.id)}.data*`;
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(failureToast(page, "Failed to update venue", failure)).toBeVisible();
    await expect(page.getByRole("heading", { level: 1, name: venue.name })).toBeVisible();
    await expect(description).toHaveValue(typed);
    await expect(page.getByLabel("Capacity (guests)")).toHaveValue("185");
    await expect(page.getByRole("img", { name: "Logo: crest.jpg" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Save Changes" })).toBeEnabled();
  }

  await page.unroute(url);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await page.reload();
  await expect(page.getByLabel("Description")).toHaveValue(typed);
  await expect(page.getByLabel("Capacity (guests)")).toHaveValue("185");
  await expect(page.getByRole("img", { name: "Current logo" })).toBeVisible();
});

test("Add FAQ whose request fails keeps the dialog and what was typed, with the toast on top, and adds when sent again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { venue } = await approvedVenue(page, "faq-fail");
  await page.goto(`${editPath(venue.id)}?tab=faqs`);
  const open = page.getByRole("button", { name: "Add FAQ" });
  await expectHydrated(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Add FAQ" });
  await dialog.getByLabel("Question").fill("Is there a rain plan?");
  await dialog.getByLabel("Answer").fill("The pavilion seats everyone.");

  const url = `**${editPath(venue.id)}.data*`;
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    await dialog.getByRole("button", { name: "Add FAQ" }).click();
    const shown = failureToast(page, "Failed to add FAQ", failure);
    await expect(shown).toBeVisible();
    await expectOnTop(shown);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Question")).toHaveValue("Is there a rain plan?");
    await expect(dialog.getByLabel("Answer")).toHaveValue("The pavilion seats everyone.");
    // Not the form's own refusal: the fields were fine.
    await expect(dialog.getByText("Please provide both question and answer")).toHaveCount(0);
  }

  await page.unroute(url);
  await dialog.getByRole("button", { name: "Add FAQ" }).click();
  await expect(toast(page, "FAQ added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Is there a rain plan?" })).toBeVisible();
});

test("a photo upload whose request fails keeps the photos to send again, says why, and uploads on Try Again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { venue } = await approvedVenue(page, "upload-fail");
  await page.goto(`${editPath(venue.id)}?tab=images`);
  const grid = page.getByRole("list", { name: `Images of ${venue.name}` });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  const picker = page.getByLabel("Upload New Image");
  await expectHydrated(picker);
  const pavilion = { name: "pavilion.jpg", mimeType: "image/jpeg", buffer: await photo("#8a5a44") };
  const dock = { name: "dock.jpg", mimeType: "image/jpeg", buffer: await photo("#44608a") };

  const url = `**${editPath(venue.id)}/images.data*`;
  let retry: Locator | null = null;
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    if (retry) await retry.click();
    else await picker.setInputFiles([pavilion, dock]);
    await expect(failureToast(page, "Failed to upload images. Please try again.", failure)).toBeVisible();
    await expect(page.getByText("Not uploaded: pavilion.jpg, dock.jpg")).toBeVisible();
    retry = page.getByRole("button", { name: "Try Again" });
    await expect(grid.getByRole("listitem")).toHaveCount(1);
  }

  await page.unroute(url);
  await retry!.click();
  await expect(toast(page, "2 images uploaded")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(3);
  await expect(page.getByText(/^Not uploaded/)).toHaveCount(0);
});

test("the Edit Details sheet shows 'Venue updated successfully' and closes once saved", async ({ page }) => {
  test.setTimeout(90_000);
  const { venue } = await approvedVenue(page, "sheet");
  await page.goto("/venue-manager/venues");
  const open = page.getByRole("button", { name: `Edit Details of ${venue.name}` });
  await expectHydrated(open);
  await open.click();
  const sheet = page.getByRole("dialog", { name: "Edit Venue" });
  await sheet.getByLabel("Capacity (guests)").fill("222");
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.getByText("222 guests")).toBeVisible();
});

test("the Edit Details sheet: a failed load says so and the page stays; a failed save keeps the sheet and the form, and saves when sent again", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { venue } = await approvedVenue(page, "sheet-fail");
  await page.goto("/venue-manager/venues");
  const open = page.getByRole("button", { name: `Edit Details of ${venue.name}` });
  await expectHydrated(open);
  const sheet = page.getByRole("dialog", { name: "Edit Venue" });
  const url = `**${editPath(venue.id)}.data*`;

  await page.route(url, (route) => route.abort("failed"));
  await open.click();
  await expect(sheet.getByRole("alert")).toHaveText("Failed to load venue details");
  await sheet.getByRole("button", { name: "Close", exact: true }).click();
  await expect(sheet).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "My Venues" })).toBeVisible();
  await page.unroute(url);

  await open.click();
  await sheet.getByLabel("Capacity (guests)").fill("240");
  for (const failure of FAILURES) {
    await failPosts(page, url, failure);
    await sheet.getByRole("button", { name: "Save Changes" }).click();
    const failed = failureToast(page, "Failed to update venue", failure);
    await expect(failed).toBeVisible();
    await expectOnTop(failed);
    await expect(sheet.getByLabel("Capacity (guests)")).toHaveValue("240");
  }
  await page.unroute(url);
  await sheet.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await expect(sheet).toBeHidden();
  await expect(page.getByText("240 guests")).toBeVisible();
});

/** Holds every script of the page until `release()`: the page is its server HTML meanwhile. */
const SCRIPTS = /\/assets\/[^/?]+\.js(\?.*)?$/;
async function holdScripts(page: Page) {
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(SCRIPTS, async (route) => {
    await held;
    await route.fallback();
  });
  return release;
}

const isHydrated = (field: Locator) =>
  field.evaluate((el) => Object.keys(el).some((k) => k.startsWith("__reactFiber$")));

test("text typed into the details form before the page hydrates stays, and more typing goes after it", async ({
  page,
}) => {
  test.setTimeout(90_000);
  const { venue } = await approvedVenue(page, "typing");
  await page.goto(editPath(venue.id));
  await expectHydrated(page.getByLabel("Description"));

  // A reload whose scripts arrive late: the person selects a field's text and types over it.
  const release = await holdScripts(page);
  await page.reload({ waitUntil: "commit" });
  const name = page.getByLabel("Venue Name");
  const description = page.getByLabel("Description");
  await expect(description).toBeVisible();
  for (const [field, text] of [
    [name, "Aspen Lake Lodge"],
    [description, "Typed before the scripts ran."],
  ] as const) {
    await field.click();
    await field.press("ControlOrMeta+a");
    await field.pressSequentially(text);
  }
  expect(await isHydrated(description), "typed before hydration").toBe(false);

  release();
  await expectHydrated(description);
  await expect(description).toHaveValue("Typed before the scripts ran.");
  await expect(name).toHaveValue("Aspen Lake Lodge");
  await description.press("End");
  await description.pressSequentially(" And after.");
  await expect(description).toHaveValue("Typed before the scripts ran. And after.");

  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await page.unroute(SCRIPTS);
  await page.reload();
  await expect(page.getByLabel("Description")).toHaveValue("Typed before the scripts ran. And after.");
  await expect(page.getByRole("heading", { level: 1, name: "Aspen Lake Lodge" })).toBeVisible();
});
