import type { Page } from "@playwright/test";
import { expect, expectHydrated, expectOnTop, noisyPhoto, registerViaApi, test, toast } from "./fixtures";
import { screenshot } from "./screens";
import { FAILED_POST_ERRORS, failPosts, FAILURES, failureToast } from "./failed-posts";

// Issue 19, parts 3 and 4: a failed request (the network gone, a proxy's 413 or 502 page) keeps
// the venue submission dialog, what was typed and the photos chosen, says why, and the same
// form can be sent again; toasts show on top of the open dialog; closing a dialog with changes
// in it asks first.

const SUBMIT = "**/api/venue-submissions.data*";

test.use({ allowedConsoleErrors: [FAILED_POST_ERRORS] });

const dialog = (page: Page) => page.getByRole("dialog", { name: "Submit Your Colorado Venue" });

/** A photo of a few MB (noise does not compress), as a phone's camera makes them. */
const photo = (seed: number) => noisyPhoto({ width: 1600, height: 1067, mean: 100 + seed * 20, quality: 95 });

async function openDialog(page: Page) {
  await page.goto("/account/venues");
  const button = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(button);
  await button.click();
  await expect(dialog(page).getByLabel("Venue Name", { exact: true })).toBeVisible();
}

const FIELDS: [string, string][] = [
  ["Venue Name", "Silver Creek Meadow"],
  ["Description", "A meadow by the creek, with an aspen grove for the ceremony."],
  ["Address Line 1", "4 Creek Rd"],
  ["City", "Breckenridge"],
  ["Postal Code", "80424"],
];

async function fillForm(page: Page) {
  const d = dialog(page);
  for (const [label, value] of FIELDS) await d.getByLabel(label, { exact: true }).fill(value);
  await d.getByLabel("Region", { exact: true }).selectOption("Central Mountains");
  await d.getByLabel("Venue Type", { exact: true }).selectOption({ index: 1 });
  await d.getByLabel("WiFi", { exact: true }).check();
  await d.getByLabel("Images", { exact: true }).setInputFiles([
    { name: "creek.jpg", mimeType: "image/jpeg", buffer: await photo(1) },
    { name: "grove.jpg", mimeType: "image/jpeg", buffer: await photo(2) },
  ]);
  await d
    .getByLabel("Logo", { exact: true })
    .setInputFiles({ name: "logo.jpg", mimeType: "image/jpeg", buffer: await photo(3) });
}

async function expectFormKept(page: Page) {
  const d = dialog(page);
  await expect(d).toBeVisible();
  for (const [label, value] of FIELDS) await expect(d.getByLabel(label, { exact: true })).toHaveValue(value);
  await expect(d.getByLabel("Region", { exact: true })).toHaveValue("Central Mountains");
  await expect(d.getByLabel("WiFi", { exact: true })).toBeChecked();
  await expect(d.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(2);
  await expect(d.getByRole("img", { name: "Logo: logo.jpg" })).toBeVisible();
}

test("a submission whose request fails (network, 413, 502) keeps the dialog, the fields and the photos, says why, and goes through when sent again", async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page);
  await openDialog(page);
  await fillForm(page);
  const d = dialog(page);

  for (const failure of FAILURES) {
    await failPosts(page, SUBMIT, failure);
    await d.getByRole("button", { name: "Submit Venue" }).click();
    const shown = failureToast(page, "Error submitting venue", failure);
    await expect(shown).toBeVisible();
    // Over the open dialog, where a click reaches it (not the backdrop behind).
    await expectOnTop(shown);
    await expectFormKept(page);
    if (failure === 413) {
      // The dialog from its top: the toast over it, the fields as they were typed.
      await d.evaluate((el) => el.scrollTo(0, 0));
      await screenshot(page, "submission-failed-390");
    }
    await shown.getByRole("button", { name: "Close toast" }).click();
    await expect(shown).toBeHidden();
    await expect(d).toBeVisible();
  }

  await page.unroute(SUBMIT);
  await d.getByRole("button", { name: "Submit Venue" }).click();
  await expect(toast(page, "Venue submitted for approval")).toBeVisible();
  await expect(d).toBeHidden();
  await expect(page).toHaveURL(/\/account\/venues$/);
  await expect(page.getByRole("listitem").filter({ hasText: "Silver Creek Meadow" }).first()).toBeVisible();
});

test("a dialog with changes asks before Escape, × or the backdrop close it; an untouched one just closes", async ({
  page,
}) => {
  await registerViaApi(page);
  await openDialog(page);
  const d = dialog(page);
  const ask = page.getByRole("alertdialog", { name: "Unsaved Changes" });

  // Nothing changed: Escape closes.
  await page.keyboard.press("Escape");
  await expect(d).toBeHidden();

  await page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" }).click();
  const name = d.getByLabel("Venue Name", { exact: true });
  await name.fill("Half-Typed Hall");
  await d
    .getByLabel("Images", { exact: true })
    .setInputFiles({ name: "hall.jpg", mimeType: "image/jpeg", buffer: await photo(1) });

  await name.press("Escape");
  await expect(ask).toBeVisible();
  await expect(ask).toContainText("You have unsaved changes. If you close this now, they will be lost.");
  await expect(ask.getByRole("button", { name: "Keep Editing" })).toBeFocused();
  // Escape again goes back to the form, not out of it.
  await page.keyboard.press("Escape");
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue("Half-Typed Hall");

  await d.getByRole("button", { name: "Close", exact: true }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep Editing" }).click();
  await expect(ask).toBeHidden();
  await expect(name).toHaveValue("Half-Typed Hall");
  await expect(d.getByRole("list", { name: "Chosen images" }).getByRole("img")).toHaveCount(1);

  await d.getByRole("button", { name: "Cancel" }).click();
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Keep Editing" }).click();

  // The backdrop: a click outside the panel.
  await page.mouse.click(4, 4);
  await expect(ask).toBeVisible();
  await ask.getByRole("button", { name: "Discard Changes" }).click();
  await expect(d).toBeHidden();

  // Discarded: the form starts empty again.
  await page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" }).click();
  await expect(name).toHaveValue("");
  await expect(d.getByRole("list", { name: "Chosen images" })).toHaveCount(0);
});

test("a toast shown while a dialog is open is drawn on top of it, and its close button can be clicked", async ({
  page,
}) => {
  await registerViaApi(page);
  await openDialog(page);
  const d = dialog(page);
  // The browser's own check of a chosen file answers with a toast.
  await d
    .getByLabel("Images", { exact: true })
    .setInputFiles({ name: "notes.jpg", mimeType: "image/jpeg", buffer: Buffer.from("Not a photo at all.") });
  const shown = toast(page, "notes.jpg is not an image file");
  await expectOnTop(shown);
  await shown.getByRole("button", { name: "Close toast" }).click();
  await expect(shown).toBeHidden();
  await expect(d).toBeVisible();
});

test("when the dialog's choices fail to load, it says so and the page stays; opening it again loads them", async ({
  page,
}) => {
  await registerViaApi(page);
  await page.goto("/account/venues");
  const button = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(button);
  await page.route(SUBMIT, (route) => route.abort("failed"));
  await button.click();
  const d = dialog(page);
  await expect(toast(page, "Failed to load venue types")).toBeVisible();
  await expect(toast(page, "Failed to load amenities")).toBeVisible();
  const venueType = d.getByLabel("Venue Type", { exact: true });
  await expect(venueType).toHaveAccessibleDescription("Failed to load venue types");
  await expect(venueType).toBeDisabled();
  await page.keyboard.press("Escape");
  await expect(d).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: "My Account" })).toBeVisible();

  await page.unroute(SUBMIT);
  await button.click();
  await expect(venueType).toBeEnabled();
  await expect(venueType).not.toHaveAccessibleDescription("Failed to load venue types");
  await expect(d.getByLabel("WiFi", { exact: true })).toBeVisible();
});

test("an error that reaches the root error page keeps the site's header and footer around it", async ({
  page,
}) => {
  await page.goto("/categories");
  await expectHydrated(page.getByRole("banner").getByRole("link", { name: "Venue Types" }));
  // A resource route's data request failing, made with the router's own fetch: it stands in for
  // any unexpected failure that nothing caught. A resource route has no error boundary, and it
  // is not one of the page's routes: React Router shows the root's.
  await page.route("**/healthz.data*", (route) => route.abort("failed"));
  await page.evaluate(() => {
    const { __reactRouterDataRouter: router } = window as unknown as {
      __reactRouterDataRouter: { fetch: (key: string, routeId: string, href: string) => void };
    };
    router.fetch("probe", "routes/resources/healthz", "/healthz");
  });
  await expect(page.getByRole("heading", { level: 1, name: "Something went wrong" })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Venue Types" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
});
