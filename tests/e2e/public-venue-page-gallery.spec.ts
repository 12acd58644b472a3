import { expect, expectHydrated, test, touchSwipe } from "./fixtures";
import { openVenue } from "./venue-page";

// The venue page's tabs, FAQ accordion, gallery (buttons, swipes, drags) and Share. The rest:
// public-venue-page.spec.ts.

test("the tabs switch panels by click and with the arrow keys", async ({ page }) => {
  await openVenue(page);
  const tablist = page.getByRole("tablist", { name: "Venue details" });
  const tab = (name: string) => tablist.getByRole("tab", { name, exact: true });
  const panel = (name: string) => page.getByRole("tabpanel", { name, exact: true });

  await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
  await expect(panel("Overview")).toBeVisible();
  await expect(panel("Amenities")).toBeHidden();

  await expectHydrated(tab("Amenities"));
  await tab("Amenities").click();
  await expect(tab("Amenities")).toHaveAttribute("aria-selected", "true");
  await expect(tab("Overview")).toHaveAttribute("aria-selected", "false");
  await expect(panel("Amenities")).toBeVisible();
  await expect(panel("Amenities").getByRole("heading", { name: "Amenities" })).toBeVisible();
  await expect(panel("Overview")).toBeHidden();

  await page.keyboard.press("ArrowRight");
  await expect(tab("Reviews")).toBeFocused();
  await expect(tab("Reviews")).toHaveAttribute("aria-selected", "true");
  await expect(panel("Reviews")).toBeVisible();
  await expect(panel("Amenities")).toBeHidden();

  await page.keyboard.press("ArrowRight");
  await expect(tab("FAQ")).toHaveAttribute("aria-selected", "true");
  await expect(panel("FAQ").getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();

  // Wraps from the last tab to the first, and back with ArrowLeft.
  await page.keyboard.press("ArrowRight");
  await expect(tab("Overview")).toHaveAttribute("aria-selected", "true");
  await expect(panel("Overview")).toBeVisible();
  await page.keyboard.press("ArrowLeft");
  await expect(tab("FAQ")).toHaveAttribute("aria-selected", "true");
  await expect(panel("FAQ")).toBeVisible();
});

test("the FAQ accordion opens one item at a time", async ({ page }) => {
  await openVenue(page);
  const faqTab = page.getByRole("tab", { name: "FAQ", exact: true });
  await expectHydrated(faqTab);
  await faqTab.click();
  const panel = page.getByRole("tabpanel", { name: "FAQ" });
  const items = panel.locator("details");
  expect(await items.count()).toBeGreaterThanOrEqual(2);
  const [first, second] = [items.nth(0), items.nth(1)];
  await expect(first).not.toHaveAttribute("open");
  await expect(second).not.toHaveAttribute("open");
  await expect(first.locator("p")).toBeHidden();

  await first.locator("summary").click();
  await expect(first).toHaveAttribute("open", "");
  await expect(first.locator("p")).toBeVisible();

  await second.locator("summary").click();
  await expect(second).toHaveAttribute("open", "");
  await expect(second.locator("p")).toBeVisible();
  await expect(first).not.toHaveAttribute("open");
  await expect(first.locator("p")).toBeHidden();

  await second.locator("summary").click();
  await expect(second).not.toHaveAttribute("open");
});

test("the gallery's previous/next buttons move the counter and wrap; a thumbnail selects its photo", async ({
  page,
}) => {
  const { name } = await openVenue(page);
  const gallery = page.getByLabel(`Photos of ${name}`, { exact: true });
  const counter = page.getByTestId("gallery-counter");
  await expect(counter).toHaveText(/^1 \/ \d+$/);
  const total = Number((await counter.textContent())!.split("/")[1]!.trim());
  expect(total).toBeGreaterThan(1);
  // Links to the photos (ADR 020); hydrated, a click shows the photo in the gallery.
  const thumbnails = gallery.getByRole("link", { name: /^Show photo \d+$/ });
  await expect(thumbnails).toHaveCount(total);

  const next = gallery.getByRole("button", { name: "Next photo" });
  const previous = gallery.getByRole("button", { name: "Previous photo" });
  await expectHydrated(next);
  await next.click();
  await expect(counter).toHaveText(`2 / ${total}`);
  await expect(gallery.getByRole("img", { name: `${name}, photo 2 of ${total}` })).toBeVisible();
  await previous.click();
  await expect(counter).toHaveText(`1 / ${total}`);
  await previous.click();
  await expect(counter).toHaveText(`${total} / ${total}`);
  await expect(gallery.getByRole("img", { name: `${name}, photo ${total} of ${total}` })).toBeVisible();
  await next.click();
  await expect(counter).toHaveText(`1 / ${total}`);

  const pick = Math.min(3, total);
  await thumbnails.nth(pick - 1).click();
  await expect(counter).toHaveText(`${pick} / ${total}`);
  await expect(thumbnails.nth(pick - 1)).toHaveAttribute("aria-current", "true");
  await expect(thumbnails.first()).not.toHaveAttribute("aria-current");
  await expect(gallery.getByRole("img", { name: `${name}, photo ${pick} of ${total}` })).toBeVisible();
});

test.describe("share", () => {
  test.use({ permissions: ["clipboard-read", "clipboard-write"] });

  test("without a native share sheet, Share copies the page address", async ({ page }) => {
    await openVenue(page);
    expect(await page.evaluate(() => typeof navigator.share)).toBe("undefined");
    const share = page.getByRole("button", { name: "Share", exact: true });
    await expectHydrated(share);
    await share.click();
    await expect(page.getByText("Link copied to clipboard")).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });
});

// ---------------------------------------------------------------------------------------------
// Issue 8
// ---------------------------------------------------------------------------------------------

test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("the gallery follows a swipe both ways, wrapping at the ends", async ({ page }) => {
    const { name } = await openVenue(page);
    const gallery = page.getByRole("region", { name: `Photos of ${name}` });
    const counter = page.getByTestId("gallery-counter");
    const total = Number((await counter.textContent())!.split("/")[1]!.trim());
    await expectHydrated(gallery.getByRole("button", { name: "Next photo" }));
    const photo = gallery.getByRole("img", { name: `${name}, photo 1 of ${total}` });

    await touchSwipe(page, photo, -160);
    await expect(counter).toHaveText(`2 / ${total}`);
    await expect(gallery.getByRole("img", { name: `${name}, photo 2 of ${total}` })).toBeVisible();
    await touchSwipe(page, counter.locator(".."), 160);
    await touchSwipe(page, counter.locator(".."), 160);
    await expect(counter).toHaveText(`${total} / ${total}`);
    // A vertical move is the page's scroll, not a swipe.
    await touchSwipe(page, counter.locator(".."), 10);
    await expect(counter).toHaveText(`${total} / ${total}`);
  });
});

test("a mouse drag across the gallery turns the photo too", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { name } = await openVenue(page);
  const gallery = page.getByRole("region", { name: `Photos of ${name}` });
  const counter = page.getByTestId("gallery-counter");
  await expectHydrated(gallery.getByRole("button", { name: "Next photo" }));
  const box = (await counter.locator("..").boundingBox())!;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width * 0.7, y);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.3, y, { steps: 8 });
  await page.mouse.up();
  await expect(counter).toHaveText(/^2 \/ \d+$/);
  await expect(page).toHaveURL((url) => url.pathname.startsWith("/venue/"));
});
