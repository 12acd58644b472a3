import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN, ORIGIN } from "./paths";
import { expect, expectHydrated, expectNoSeriousA11yViolations, loginViaApi, test } from "./fixtures";

// Issue 12, items 7 and 8: venue types (with one image each; deleting a type in use moves its
// venues) and amenities (trimmed, no duplicates, 'Edit Amenity', 'Are you sure?').

const stamp = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

const typesTable = (page: Page) => page.getByRole("table", { name: "Venue types by name" });
const typeRow = (page: Page, name: string) =>
  typesTable(page)
    .getByRole("row")
    .filter({ has: page.getByText(name, { exact: true }) });

async function addType(page: Page, name: string, description = "", image?: Buffer) {
  await page.getByRole("button", { name: "Add Venue Type" }).click();
  const dialog = page.getByRole("dialog", { name: "Add Venue Type" });
  await dialog.getByLabel("Name", { exact: true }).fill(name);
  if (description) await dialog.getByLabel("Description").fill(description);
  if (image)
    await dialog
      .getByLabel("Image file")
      .setInputFiles({ name: "type.png", mimeType: "image/png", buffer: image });
  await dialog.getByRole("button", { name: "Add", exact: true }).click();
  await expect(page.getByText(`${name} category added`)).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(typeRow(page, name)).toHaveCount(1);
}

test("venue types: add with an image, edit, delete; a type in use moves its venues first", async ({
  page,
}) => {
  test.setTimeout(120_000);
  const id = stamp();
  const name = `E2E Glacier ${id}`;
  await page.goto("/admin/venue-categories");
  await expect(page.getByRole("heading", { level: 1, name: "Venue Types" })).toBeVisible();
  await expect(typesTable(page).getByRole("columnheader")).toHaveText([
    "Image",
    "Name",
    "Description",
    "Actions",
  ]);
  const add = page.getByRole("button", { name: "Add Venue Type" });
  await expectHydrated(add);

  // The name is required: Add stays disabled while it is empty.
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add Venue Type" });
  const addButton = dialog.getByRole("button", { name: "Add", exact: true });
  await expect(addButton).toBeDisabled();
  await dialog.getByLabel("Name", { exact: true }).fill("x");
  await dialog.getByLabel("Name", { exact: true }).fill("");
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(addButton).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();

  const image = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#5b7fa6" } })
    .png()
    .toBuffer();
  await addType(page, name, "Venues beside the ice.", image);
  const row = typeRow(page, name);
  await expect(row).toContainText("Venues beside the ice.");
  await expect(row).toContainText("0 venues");
  const img = row.locator('img[src*="/uploads/categories/"]');
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((i: HTMLImageElement) => i.naturalWidth)).toBeGreaterThan(0);

  // Edit: a new name and description, the image kept.
  const renamed = `E2E Icefield ${id}`;
  await row.getByRole("button", { name: `Edit ${name}` }).click();
  const edit = page.getByRole("dialog", { name: "Edit Venue Type" });
  await expect(edit.getByLabel("Name", { exact: true })).toHaveValue(name);
  await edit.getByLabel("Name", { exact: true }).fill(renamed);
  await edit.getByLabel("Description").fill("Venues within sight of the ice.");
  await edit.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText(`${renamed} category updated`)).toBeVisible();
  await expect(edit).toBeHidden();
  const renamedRow = typeRow(page, renamed);
  await expect(renamedRow).toContainText("Venues within sight of the ice.");
  await expect(renamedRow.locator('img[src*="/uploads/categories/"]')).toBeVisible();
  await expect(typeRow(page, name)).toHaveCount(0);

  // A venue of this type (a submission, pending), and a second type to move it to.
  const choices = (await (await page.request.get("/api/venue-submissions")).json()) as {
    venueTypes: { id: string; name: string }[];
  };
  const typeId = choices.venueTypes.find((t) => t.name === renamed)!.id;
  const venueName = `E2E Moraine Hall ${id}`;
  const submitted = await page.request.post("/api/venue-submissions", {
    headers: { origin: ORIGIN },
    multipart: {
      name: venueName,
      addressLine1: "3 Moraine Way",
      city: "Estes Park",
      postalCode: "80517",
      region: "Front Range North",
      category: typeId,
    },
  });
  expect(submitted.status()).toBe(200);
  const target = `E2E Tarn ${id}`;
  await addType(page, target);
  await page.reload();
  await expect(typeRow(page, renamed)).toContainText("1 venue");

  await typeRow(page, renamed)
    .getByRole("button", { name: `Delete ${renamed}` })
    .click();
  const del = page.getByRole("dialog", { name: "Delete Venue Type" });
  await expect(del).toContainText(`Are you sure you want to delete ${renamed}?`);
  await expect(del).toContainText("1 venue uses this venue type");
  const moveAndDelete = del.getByRole("button", { name: "Move Venues and Delete" });
  await expect(moveAndDelete).toBeDisabled();
  await expectNoSeriousA11yViolations(page);
  await del.getByLabel("Move the venues to").selectOption({ label: target });
  await moveAndDelete.click();
  await expect(page.getByText(`${renamed} category deleted`)).toBeVisible();
  await expect(typeRow(page, renamed)).toHaveCount(0);
  await expect(typeRow(page, target)).toContainText("1 venue");
  // The venue kept its place, under the other type.
  await page.goto("/admin/pending");
  await expect(page.getByRole("listitem").filter({ hasText: venueName })).toContainText(target);

  // A type no venue uses: a plain confirmation.
  const spare = `E2E Spare ${id}`;
  await page.goto("/admin/venue-categories");
  await expectHydrated(page.getByRole("button", { name: "Add Venue Type" }));
  await addType(page, spare);
  await typeRow(page, spare)
    .getByRole("button", { name: `Delete ${spare}` })
    .click();
  const plain = page.getByRole("dialog", { name: "Delete Venue Type" });
  await expect(plain).not.toContainText("uses this venue type");
  await plain.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByText(`${spare} category deleted`)).toBeVisible();
  await expect(typeRow(page, spare)).toHaveCount(0);
});

const amenityList = (page: Page) => page.getByRole("list", { name: "Amenities" });
const amenity = (page: Page, name: string) =>
  amenityList(page)
    .getByRole("listitem")
    .filter({ has: page.getByText(name, { exact: true }) });

test.describe("amenities", () => {
  // The refused duplicate answers 409, which Chromium logs as a failed resource.
  test.use({ allowedConsoleErrors: [/status of 409/] });

  test("add (trimmed, no duplicates), edit, delete with the spec's texts", async ({ page }) => {
    test.setTimeout(90_000);
    const id = stamp();
    const name = `E2E Sauna ${id}`;
    await page.goto("/admin/venue-amenities");
    await expect(page.getByRole("heading", { level: 1, name: "Venue Amenities Management" })).toBeVisible();
    const input = page.getByPlaceholder("Enter amenity name");
    const add = page.getByRole("button", { name: "Add Amenity" });
    await expectHydrated(add);
    await expect(add).toBeDisabled();
    await input.fill("   ");
    await expect(add).toBeDisabled();

    await input.fill(`  ${name}  `);
    await add.click();
    await expect(page.getByText(`${name} amenity added`)).toBeVisible();
    await expect(input).toHaveValue("");
    await expect(amenity(page, name)).toContainText("No venues");

    // The same name in another case is refused.
    await input.fill(name.toUpperCase());
    await add.click();
    await expect(page.getByText("An amenity with this name already exists").first()).toBeVisible();
    await expect(amenityList(page).getByText(name.toUpperCase(), { exact: true })).toHaveCount(0);
    await input.fill("");
    await expectNoSeriousA11yViolations(page);

    // Edit.
    const renamed = `E2E Steam Room ${id}`;
    await amenity(page, name)
      .getByRole("button", { name: `Edit ${name}` })
      .click();
    const edit = page.getByRole("dialog", { name: "Edit Amenity" });
    await expect(edit).toContainText("Update the name of the amenity.");
    const field = edit.getByPlaceholder("Enter amenity name");
    await expect(field).toHaveValue(name);
    await field.fill(renamed);
    await expectNoSeriousA11yViolations(page);
    await edit.getByRole("button", { name: "Update" }).click();
    await expect(page.getByText(`Amenity renamed to ${renamed}`)).toBeVisible();
    await expect(edit).toBeHidden();
    await expect(amenity(page, renamed)).toHaveCount(1);
    await expect(amenity(page, name)).toHaveCount(0);

    // Delete, after the spec's confirmation.
    await amenity(page, renamed)
      .getByRole("button", { name: `Delete ${renamed}` })
      .click();
    const confirm = page.getByRole("dialog", { name: "Are you sure?" });
    await expect(confirm).toContainText("permanently delete the amenity");
    await expect(confirm).toContainText("cannot be undone");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await expect(page.getByText(`${renamed} amenity deleted`)).toBeVisible();
    await expect(amenity(page, renamed)).toHaveCount(0);
  });
});
