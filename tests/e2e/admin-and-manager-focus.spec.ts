import { E2E_ADMIN, E2E_MANAGER } from "./paths";
import {
  approvedVenue,
  changedPixels,
  expect,
  expectHydrated,
  expectTabStaysInDialog,
  loginViaApi,
  photo,
  reviewAs,
  test,
} from "./fixtures";
import { atDesktopAndPhone } from "./repeats";

// Issue 22, point 16, with the keyboard only, at 1280 and 390 px: the image moved keeps focus,
// the assign dialog opens on its first field, Escape cancels a review reply, and the CSV file
// box shows focus and takes a dropped file (keyboard and click still choose one).

atDesktopAndPhone((width) => {
  test("'Move image 2 right' keeps focus on the moved image's controls", async ({ page }) => {
    test.setTimeout(120_000);
    const { venue } = await approvedVenue(page, `focus-images-${width}`);
    await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=images`);
    const grid = page.getByRole("list", { name: `Images of ${venue.name}` });
    const upload = page.getByLabel("Upload New Image");
    await expectHydrated(upload);
    await upload.setInputFiles(
      await Promise.all(
        ["#8a5a44", "#44648a", "#5a8a44"].map(async (c, i) => ({
          name: `photo-${i}.jpg`,
          mimeType: "image/jpeg",
          buffer: await photo(c),
        })),
      ),
    );
    await expect(grid.getByRole("listitem")).toHaveCount(4);
    const second = await grid.getByRole("img").nth(1).getAttribute("src");

    await page.getByRole("button", { name: "Move image 2 right" }).focus();
    await page.keyboard.press("Enter");
    await expect(grid.getByRole("img").nth(2)).toHaveAttribute("src", second!);
    await expect(page.getByRole("button", { name: "Move image 3 right" })).toBeFocused();
    // Again: now the last image, whose 'right' is disabled, keeps focus on its 'left'.
    await page.keyboard.press("Enter");
    await expect(grid.getByRole("img").nth(3)).toHaveAttribute("src", second!);
    await expect(page.getByRole("button", { name: "Move image 4 left" })).toBeFocused();
  });

  test("Escape cancels a review reply and gives focus back to 'Reply'", async ({ page }) => {
    // Signed in as the submitter, who now manages the venue.
    const { venue } = await approvedVenue(page, `focus-reply-${width}`);
    await reviewAs(page, venue.path, "A calm team and a lovely lake.");
    await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=reviews`);
    const review = page.getByRole("listitem", { name: /^Review by / });
    const reply = review.getByRole("button", { name: "Reply" });
    await expectHydrated(reply);
    await reply.focus();
    await page.keyboard.press("Enter");
    const text = review.getByLabel(/^Your public reply/);
    await expect(text).toBeFocused();
    await page.keyboard.type("Thank you");
    await page.keyboard.press("Escape");
    await expect(text).toHaveCount(0);
    await expect(reply).toBeFocused();
    // Opened again, it starts empty: Escape threw the text away.
    await page.keyboard.press("Enter");
    await expect(text).toHaveValue("");
  });

  test("the assign dialog opens on its search field and the dialog is no tab stop", async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN);
    await page.goto(`/admin/users?q=${encodeURIComponent(E2E_MANAGER.email)}`);
    const assign = page.getByRole("button", { name: `Assign venues to ${E2E_MANAGER.name}` });
    await expectHydrated(assign);
    await assign.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: /^(Make Venue Manager|Assign Venues)$/ });
    // The field is there only once the venues have loaded: focus waits for it.
    await expect(dialog.getByRole("searchbox", { name: "Search venues" })).toBeFocused();
    await expectTabStaysInDialog(page, 40);
  });

  test("the CSV file box shows keyboard focus and takes a dropped file", async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN);
    await page.goto("/admin/venues");
    const panel = page.getByRole("region", { name: "Import venues from CSV" });
    const input = panel.locator('input[type="file"]');
    const box = panel.locator("label").filter({ hasText: "Choose a CSV file" });
    await expectHydrated(input);
    await box.scrollIntoViewIfNeeded();
    // Focus by the keyboard: Tab from the control before the box.
    await panel.getByRole("link", { name: "Download template" }).focus();
    const clip = (await box.boundingBox())!;
    const area = { x: 0, y: clip.y - 8, width, height: clip.height + 16 };
    const before = await page.screenshot({ clip: area, animations: "disabled" });
    // Listening makes Playwright ask Chromium to hand it the file chooser: asked here, the
    // request is in force well before the Space (once in a full run, a Space sent together
    // with the request opened no chooser; not reproduced alone).
    const chooser = page.waitForEvent("filechooser");
    await page.keyboard.press("Tab");
    await expect(input).toBeFocused();
    const focused = await page.screenshot({ clip: area, animations: "disabled" });
    expect(await changedPixels(before, focused), "pixels the box's focus changes").toBeGreaterThan(200);

    // The keyboard still opens the file chooser.
    await page.keyboard.press("Space");
    expect(await (await chooser).element().getAttribute("accept")).toBe(".csv,text/csv");

    // A file dropped on the box is read as if chosen.
    const csv =
      'name,description,location,region,category\r\nDropped Barn,A barn.,"1 Main St, Lyons, Colorado 80540",Front Range North,Castle\r\n';
    const drop = await page.evaluateHandle((text) => {
      const data = new DataTransfer();
      data.items.add(new File([text], "dropped.csv", { type: "text/csv" }));
      return data;
    }, csv);
    await box.dispatchEvent("dragover", { dataTransfer: drop });
    await box.dispatchEvent("drop", { dataTransfer: drop });
    const preview = page.getByRole("region", { name: "Import preview" });
    await expect(preview.getByRole("heading", { name: "Preview of dropped.csv" })).toBeVisible();
    await expect(preview).toContainText('Invalid category "Castle"');
  });
});
