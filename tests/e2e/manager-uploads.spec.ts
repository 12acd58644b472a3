import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  HEIC_HEAD,
  noisyPhoto,
  test,
  toast,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 22, points 14 and 17, on the venue manager's Images tab: more photos chosen than there
// is room for keeps the first ones that fit and says how many more could be added; each upload
// shows a bar per photo and one for all, which stay full with 'Upload complete.'; a HEIC photo
// is refused with how to send it; the 10-image limit is said once.

const files = async (prefix: string, count: number) =>
  Promise.all(
    Array.from({ length: count }, async (_, i) => ({
      name: `${prefix}-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await noisyPhoto({ width: 800, height: 533, mean: 60 + i * 12, quality: 85 }),
    })),
  );

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`at ${width} px: too many photos keep the first that fit ('You can add 2 more'), and the upload's bars end full with 'Upload complete.'`, async ({
    page,
  }) => {
    test.setTimeout(150_000);
    await page.setViewportSize({ width, height });
    const { venue } = await approvedVenue(page, `uploads-${width}`);
    await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=images`);
    const grid = page.getByRole("list", { name: `Images of ${venue.name}` });
    await expect(grid.getByRole("listitem")).toHaveCount(1);
    const picker = page.getByLabel("Upload New Image");
    await expectHydrated(picker);
    await expect(page.getByText(/1 of 10 images\./)).toBeVisible();

    // A HEIC photo is refused before anything is sent, with how to send it.
    await picker.setInputFiles({ name: "IMG_0042.HEIC", mimeType: "image/heic", buffer: HEIC_HEAD });
    await expect(toast(page, "IMG_0042.HEIC is a HEIC photo (from an iPhone)")).toContainText(
      'choose "Most Compatible" in Settings → Camera → Formats, or export the photo as JPEG',
    );
    await expect(page.getByRole("progressbar")).toHaveCount(0);

    await picker.setInputFiles(await files("first", 7));
    await expect(toast(page, "7 images uploaded")).toBeVisible();
    await expect(grid.getByRole("listitem")).toHaveCount(8);
    await expect(page.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();

    // Four chosen, room for two: the first two go, the others are not added.
    await picker.setInputFiles(await files("second", 4));
    await expect(
      toast(page, "You can add 2 more images: 2 of the ones you chose were not added."),
    ).toBeVisible();
    await expect(toast(page, "2 images uploaded")).toBeVisible();
    await expect(grid.getByRole("listitem")).toHaveCount(10);
    const each = page.getByRole("list", { name: "Each image" });
    await expect(each.getByRole("progressbar")).toHaveCount(2);
    for (const name of ["All 2 images", "second-1.jpg", "second-2.jpg"])
      await expect(page.getByRole("progressbar", { name })).toHaveJSProperty("value", 100);
    await expect(page.getByRole("progressbar", { name: "second-3.jpg" })).toHaveCount(0);
    await expect(page.getByRole("status").filter({ hasText: "Upload complete." })).toBeVisible();

    // Full: the number is said once (the count), and the picker gives way to what to do.
    await expect(page.getByText(/10 of 10 images\./)).toBeVisible();
    await expect(page.getByText("Remove an image to add another.")).toBeVisible();
    await expect(page.getByLabel("Upload New Image")).toHaveCount(0);
    await expect(page.getByText(/maximum of 10/)).toHaveCount(0);

    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    await page.getByRole("status").filter({ hasText: "Upload complete." }).scrollIntoViewIfNeeded();
    await screenshot(page, `manager-upload-done-${width}`);
    await expectNoSeriousA11yViolations(page);
  });
}
