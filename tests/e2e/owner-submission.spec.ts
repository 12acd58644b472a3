import sharp from "sharp";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  registerViaApi,
  submitVenueViaApi,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 22, item 11 (acceptance): the owner of a pending submission edits it (a field, a photo
// removed, another added) and withdraws it, at 1280 and 390 px; My Venues and the submission's
// page say what happens next, pass axe and do not scroll sideways.

const photo = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();

for (const width of [1280, 390]) {
  test(`at ${width} px, the owner edits a pending submission, then withdraws it`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
    await registerViaApi(page, uniqueAccount("owner"));
    const name = `E2E Owner Lodge ${width} ${Date.now().toString(36)}`;
    const venue = await submitVenueViaApi(page, name);

    // My Venues: the pending row, its Edit and Withdraw, and what happens next.
    await page.goto("/account/venues");
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expect(page.getByText(/usually within 2 business days/)).toBeVisible();
    const row = page.getByRole("main").getByRole("listitem").filter({ hasText: name });
    await expect(row).toContainText("Pending");
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page, `My Venues at ${width} px`);
    await screenshot(page, `owner-my-venues-${width}`, { fullPage: true });

    // The submission's page: the form as it was sent, photos included.
    const edit = row.getByRole("link", { name: `Edit ${name}` });
    await expectHydrated(edit);
    await edit.click();
    await expect(page).toHaveURL(`/account/venues/${venue.id}`);
    await expect(page.getByRole("heading", { name: `Edit ${name}` })).toBeVisible();
    const venueName = page.getByLabel("Venue Name", { exact: true });
    await expect(venueName).toHaveValue(name);
    await expect(page.getByLabel("Address Line 1", { exact: true })).toHaveValue("77 Lakeview Dr");
    const current = page.getByRole("list", { name: "Current images" });
    await expect(current.getByRole("img")).toHaveCount(1);
    const original = await current.getByRole("img").getAttribute("src");
    await expectNoSeriousA11yViolations(page);
    await expectNoSidewaysScroll(page, `the submission's page at ${width} px`);
    await screenshot(page, `owner-submission-${width}`, { fullPage: true });

    // Edit: a new name and capacity, the photo swapped for another.
    await expectHydrated(venueName);
    await venueName.fill(`${name} Renamed`);
    await page.getByLabel("Capacity (guests)").fill("160");
    await page.getByRole("button", { name: "Remove current image 1" }).click();
    await expect(current).toHaveCount(0);
    await page.getByLabel("Images", { exact: true }).setInputFiles({
      name: "terrace.jpg",
      mimeType: "image/jpeg",
      buffer: await photo("#8a5a44"),
    });
    await expect(page.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(1);
    await page.getByRole("button", { name: "Save Changes" }).click();
    await expect(page).toHaveURL("/account/venues");
    await expect(toast(page, "Your changes are saved")).toBeVisible();
    const renamed = page
      .getByRole("main")
      .getByRole("listitem")
      .filter({ hasText: `${name} Renamed` });
    await expect(renamed).toContainText("Pending");

    // Saved: the page shows the new photo, and the old one is gone from storage.
    await renamed.getByRole("link", { name: `Edit ${name} Renamed` }).click();
    await expect(page.getByLabel("Capacity (guests)")).toHaveValue("160");
    const now = await page.getByRole("list", { name: "Current images" }).getByRole("img").getAttribute("src");
    expect(now).toMatch(new RegExp(`^/uploads/venues/${venue.id}/.+\\.webp$`));
    expect(now).not.toBe(original);
    expect((await page.request.get(original!)).status()).toBe(404);

    // Withdraw, from the submission's page: Cancel keeps it, Withdraw removes it.
    const withdraw = page.getByRole("button", { name: `Withdraw ${name} Renamed` });
    await expectHydrated(withdraw);
    await withdraw.click();
    const confirm = page.getByRole("dialog", { name: "Withdraw Submission" });
    await expect(confirm).toContainText("Are you sure you want to withdraw this venue?");
    await expectNoSeriousA11yViolations(page);
    await screenshot(page, `owner-withdraw-${width}`);
    await confirm.getByRole("button", { name: "Cancel" }).click();
    await expect(confirm).toBeHidden();
    await withdraw.click();
    await confirm.getByRole("button", { name: "Withdraw" }).click();
    await expect(page).toHaveURL("/account/venues");
    await expect(toast(page, "Submission withdrawn")).toBeVisible();
    await expect(renamed).toHaveCount(0);
    await expect(page.getByText("You have not submitted any venues yet.")).toBeVisible();
    await expect(page.getByRole("heading", { name: "What happens next" })).toHaveCount(0);
    // Gone, files and all.
    expect((await page.request.get(venue.path)).status()).toBe(404);
    expect((await page.request.get(now!)).status()).toBe(404);
  });
}

test.describe("a withdrawn submission", () => {
  // Its page answers 404, which the browser logs.
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("withdrawing from My Venues at 390 px, then its page says it is gone", async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page, uniqueAccount("withdrawer"));
    const name = `E2E Withdrawn Barn ${Date.now().toString(36)}`;
    const venue = await submitVenueViaApi(page, name);
    await page.goto("/account/venues");
    const withdraw = page.getByRole("button", { name: `Withdraw ${name}` });
    await expectHydrated(withdraw);
    await withdraw.click();
    await page
      .getByRole("dialog", { name: "Withdraw Submission" })
      .getByRole("button", { name: "Withdraw" })
      .click();
    await expect(toast(page, "Submission withdrawn")).toBeVisible();
    await expect(page.getByRole("main").getByRole("listitem").filter({ hasText: name })).toHaveCount(0);

    const gone = await page.goto(`/account/venues/${venue.id}`);
    expect(gone?.status()).toBe(404);
    await expect(page.getByRole("heading", { name: "Submission not found" })).toBeVisible();
    await expectNoSidewaysScroll(page, "a withdrawn submission's page at 390 px");
  });
});
