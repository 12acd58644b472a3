import type { CDPSession, Page } from "@playwright/test";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  fillVenueRequired,
  noisyPhoto,
  registerViaApi,
  test,
  toast,
} from "./fixtures";
import { FAILED_POST_ERRORS, failPosts, failureToast } from "./failed-posts";
import { screenshot } from "./screens";

// Issue 22, point 14: an upload shows a bar per photo and one for the whole upload. The upload is
// slowed with Chromium's own network throttling (a Playwright route holds the whole body, and no
// progress event fires), so each step is waited for, never timed: three photos of about 440 KB
// at 40 KB/s take over half a minute, and the throttle is lifted once the test has looked.

const SUBMIT = "**/api/venue-submissions.data*";
const dialog = (page: Page) => page.getByRole("dialog", { name: "Submit Your Colorado Venue" });

const PHOTOS = ["ceremony.jpg", "barn.jpg", "dusk.jpg"];

/** Uploads at `bytesPerSecond` (-1: no limit); downloads are left alone. */
async function throttleUploads(cdp: CDPSession, bytesPerSecond: number) {
  await cdp.send("Network.enable");
  await cdp.send("Network.emulateNetworkConditions", {
    offline: false,
    latency: 0,
    downloadThroughput: -1,
    uploadThroughput: bytesPerSecond,
  });
}

async function openDialogFilled(page: Page, name: string) {
  await page.goto("/account/venues");
  const button = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(button);
  await button.click();
  const d = dialog(page);
  await fillVenueRequired(d, name);
  await d.getByLabel("Images", { exact: true }).setInputFiles(
    await Promise.all(
      PHOTOS.map(async (file, i) => ({
        name: file,
        mimeType: "image/jpeg",
        buffer: await noisyPhoto({ width: 900, height: 600, mean: 90 + i * 25, quality: 92 }),
      })),
    ),
  );
  await expect(d.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(3);
}

/** The bars' values as each render left them (the dialog closes on success, so they are recorded). */
async function recordBars(page: Page) {
  await page.evaluate(() => {
    const log: { label: string; value: number }[][] = [];
    (window as unknown as { barLog: typeof log }).barLog = log;
    const snapshot = () => {
      const bars = [...document.querySelectorAll("progress")].map((bar) => ({
        label: bar.labels[0]?.textContent ?? "",
        value: bar.value,
      }));
      if (bars.length) log.push(bars);
    };
    new MutationObserver(snapshot).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
      attributeFilter: ["value"],
    });
  });
}

const barLog = (page: Page) =>
  page.evaluate(() => (window as unknown as { barLog: { label: string; value: number }[][] }).barLog);

const overall = (page: Page) => page.getByRole("progressbar", { name: "All 3 images" });
const valueOf = (bar: ReturnType<typeof overall>) => bar.evaluate((el: HTMLProgressElement) => el.value);

for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`upload progress at ${width} px: a bar per photo and one for all, filled in order, then the venue is submitted`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height });
    await registerViaApi(page);
    const name = `Progress Barn ${width} ${Date.now().toString(36)}`;
    await openDialogFilled(page, name);
    const d = dialog(page);
    const cdp = await page.context().newCDPSession(page);
    // Slow enough to look at it on the way, then let go.
    await throttleUploads(cdp, 40_000);
    await recordBars(page);

    await d.getByRole("button", { name: "Submit Venue" }).click();
    await expect(d.getByRole("status").filter({ hasText: "Uploading 3 images..." })).toBeVisible();
    await expect(d.getByRole("button", { name: "Submitting..." })).toBeDisabled();
    for (const file of PHOTOS) await expect(d.getByRole("progressbar", { name: file })).toBeVisible();
    // Part of the first photo has gone, not all of the upload.
    await expect.poll(() => valueOf(overall(page))).toBeGreaterThan(0);
    expect(await valueOf(overall(page))).toBeLessThan(100);
    await overall(page).scrollIntoViewIfNeeded();
    await screenshot(page, `upload-progress-${width}`);
    // Nothing in the dialog is wider than it.
    expect(await d.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page);
    // All of that was seen on the way, not after.
    expect(await valueOf(overall(page))).toBeLessThan(100);
    // The whole goes up by steps on the way: three of them are seen before the throttle is lifted
    // (how many come before depends on how fast the machine did the above, not on the app).
    const steps = async () =>
      (await barLog(page)).filter((s) => {
        const all = s.find((b) => b.label === "All 3 images")?.value ?? 0;
        return all > 0 && all < 100;
      }).length;
    await expect.poll(steps).toBeGreaterThan(2);

    await throttleUploads(cdp, -1);
    await expect(toast(page, "Venue submitted for approval")).toBeVisible();
    await expect(d).toBeHidden();

    const log = await barLog(page);
    const bars = (label: string) => log.map((s) => s.find((b) => b.label === label)?.value ?? 0);
    // Every bar reached its end.
    for (const label of ["All 3 images", ...PHOTOS]) expect(Math.max(...bars(label)), label).toBe(100);
    // The photos go in the order they were chosen: one starts once the one before is sent.
    for (const snapshot of log)
      for (let i = 1; i < PHOTOS.length; i++) {
        const value = (file: string) => snapshot.find((b) => b.label === file)?.value ?? 0;
        if (value(PHOTOS[i]!) > 0) expect(value(PHOTOS[i - 1]!)).toBeGreaterThanOrEqual(99);
      }

    // The success: the user goes on to their venues, where the new one waits for review.
    await expect(page).toHaveURL(/\/account\/venues$/);
    await expect(page.getByRole("listitem").filter({ hasText: name }).first()).toBeVisible();
  });
}

test.describe("a failed upload", () => {
  test.use({ allowedConsoleErrors: [FAILED_POST_ERRORS] });

  test("a request that fails keeps every field and photo, leaves no bar behind, says what failed, and the same upload goes through again", async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 390, height: 844 });
    await registerViaApi(page);
    await openDialogFilled(page, "Dropped Signal Ranch");
    const d = dialog(page);
    await d.getByLabel("Description", { exact: true }).fill("A ranch at the end of a long gravel road.");

    for (const failure of ["network", 502] as const) {
      await failPosts(page, SUBMIT, failure);
      await d.getByRole("button", { name: "Submit Venue" }).click();
      await expect(failureToast(page, "Error submitting venue", failure)).toBeVisible();
      // No bar is left claiming progress; everything typed and chosen is still there.
      await expect(d.getByRole("progressbar")).toHaveCount(0);
      await expect(d.getByRole("status").filter({ hasText: /Uploading|Processing/ })).toHaveCount(0);
      await expect(d.getByLabel("Venue Name", { exact: true })).toHaveValue("Dropped Signal Ranch");
      await expect(d.getByLabel("Description", { exact: true })).toHaveValue(
        "A ranch at the end of a long gravel road.",
      );
      await expect(d.getByLabel("Region", { exact: true })).toHaveValue("Front Range North");
      await expect(d.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(3);
      await expect(d.getByRole("button", { name: "Submit Venue" })).toBeEnabled();
    }

    await page.unroute(SUBMIT);
    await d.getByRole("button", { name: "Submit Venue" }).click();
    await expect(toast(page, "Venue submitted for approval")).toBeVisible();
    await expect(page).toHaveURL(/\/account\/venues$/);
    await expect(
      page.getByRole("listitem").filter({ hasText: "Dropped Signal Ranch" }).first(),
    ).toBeVisible();
  });
});
