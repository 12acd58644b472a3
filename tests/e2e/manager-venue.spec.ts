import type { Page } from "@playwright/test";
import { E2E_ADMIN, E2E_MANAGER } from "./paths";
import {
  addVenueViaApi,
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  loginViaApi,
  photo,
  registerViaApi,
  reviewAs,
  switchAccount,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { expectFocusOnResult } from "./primary-action";
import { screenshot } from "./screens";

// Issue 13, acceptance: an approved submitter (from the admin flow) manages their venue in the
// venue-manager area: edits details, uploads and removes an image, sets the cover, adds and
// deletes a FAQ, replies to a review, and sees each change on the public venue page. Plus the
// area's refusals, and screenshots of each manager screen at 1280, 820 and 390 px.

/** The public venue page's picture sources, in order (gallery and its thumbnails). */
async function publicImages(page: Page, venuePath: string): Promise<string[]> {
  await page.goto(venuePath);
  return page
    .locator('main img[src*="/uploads/venues/"]')
    .evaluateAll((imgs) => [...new Set(imgs.map((i) => (i as HTMLImageElement).getAttribute("src")!))]);
}

test("an approved submitter manages their venue and sees every change on the public page", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const { venue } = await approvedVenue(page, "managed");
  await reviewAs(page, venue.path, "The lake at sunset was unforgettable.");

  // The dashboard: their venue, and what needs attention (one photo, no FAQs, an unanswered review).
  await page.goto("/venue-manager/dashboard");
  await expect(page.getByRole("main").getByText("Venue Manager", { exact: true })).toBeVisible();
  await expect(page.getByText(/^Welcome back, Test managed/)).toBeVisible();
  await expect(page.getByTestId("stat-venues")).toHaveText("1");
  await expect(page.getByTestId("stat-reviews")).toHaveText("1");
  await expect(page.getByTestId("stat-rating")).toHaveText("4.0");
  await expect(page.getByTestId("stat-attention")).toHaveText("1");
  const attention = page.getByRole("region", { name: "Needs attention" });
  await expect(attention.getByRole("link", { name: "Only 1 photo: add at least 3" })).toBeVisible();
  await expect(attention.getByRole("link", { name: "No FAQs yet" })).toBeVisible();
  await expect(attention.getByRole("link", { name: "1 review without a reply" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await page.getByRole("link", { name: `Manage ${venue.name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/venue-manager/edit-venue/${venue.id}$`));
  await expect(page.getByRole("heading", { level: 1, name: venue.name })).toBeVisible();
  await expect(page.getByRole("tab", { name: "Venue Details" })).toHaveAttribute("aria-selected", "true");

  // Details: a new description and capacity, live at once.
  const description = page.getByLabel("Description");
  await expectHydrated(description);
  await description.fill("A timber lodge on the lake, now with a heated pavilion for winter weddings.");
  await page.getByLabel("Capacity (guests)").fill("175");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  // Images: upload one, make it the cover, remove the old one.
  await page.getByRole("tab", { name: /^Images/ }).click();
  await expect(page).toHaveURL(/\?tab=images$/);
  const grid = page.getByRole("list", { name: `Images of ${venue.name}` });
  await expect(grid.getByRole("listitem")).toHaveCount(1);
  const [original] = await grid
    .getByRole("img")
    .evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  await page.getByLabel("Upload New Image").setInputFiles({
    name: "pavilion.jpg",
    mimeType: "image/jpeg",
    buffer: await photo("#8a5a44"),
  });
  await expect(toast(page, "1 image uploaded")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(2);
  const uploaded = await grid.getByRole("img").nth(1).getAttribute("src");
  expect(uploaded).toMatch(new RegExp(`^/uploads/venues/${venue.id}/.+\\.webp$`));
  await page.getByRole("button", { name: "Set image 2 as cover" }).click();
  await expect(toast(page, "Cover image updated")).toBeVisible();
  await expect(grid.getByRole("img").first()).toHaveAttribute("src", uploaded!);
  await expect(grid.getByRole("listitem").first()).toContainText("Cover");
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("button", { name: "Remove image 2" }).click();
  const confirm = page.getByRole("dialog", { name: "Remove Image" });
  await expect(confirm).toContainText("Are you sure you want to remove this image?");
  await confirm.getByRole("button", { name: "Remove" }).click();
  await expect(toast(page, "Image removed")).toBeVisible();
  await expect(grid.getByRole("listitem")).toHaveCount(1);

  // FAQs: add one, then delete it behind the browser's confirmation.
  await page.getByRole("tab", { name: "FAQs" }).click();
  await expect(page.getByText("No FAQs available")).toBeVisible();
  await page.getByRole("button", { name: "Add FAQ" }).click();
  const dialog = page.getByRole("dialog", { name: "Add FAQ" });
  await dialog.getByRole("button", { name: "Add FAQ" }).click();
  await expect(dialog.getByRole("alert")).toHaveText("Please provide both question and answer");
  await dialog.getByLabel("Question").fill("Can we bring our own caterer?");
  await dialog.getByLabel("Answer").fill("Yes, any licensed caterer is welcome.");
  await dialog.getByRole("button", { name: "Add FAQ" }).click();
  await expect(toast(page, "FAQ added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { name: "Can we bring our own caterer?" })).toBeVisible();
  await expectFocusOnResult(page, "FAQ added successfully", "Add FAQ");

  // Replies: one public answer to the review.
  await page.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByRole("heading", { name: "Customer Reviews" })).toBeVisible();
  const review = page.getByRole("listitem", { name: /^Review by Test reviewer/ });
  await expect(review).toContainText("The lake at sunset was unforgettable.");
  await review.getByRole("button", { name: "Reply" }).click();
  await review.getByLabel(/Your public reply/).fill("Thank you! We loved hosting your sunset ceremony.");
  await review.getByRole("button", { name: "Publish reply" }).click();
  await expect(toast(page, "Reply published")).toBeVisible();
  await expect(review).toContainText("Your reply");
  await expectNoSeriousA11yViolations(page);

  // Every change shows on the public page, as a visitor sees it.
  await switchAccount(page, null);
  await page.goto(venue.path);
  await expect(page.getByText("now with a heated pavilion for winter weddings")).toBeVisible();
  await expect(page.getByText("175", { exact: false }).first()).toBeVisible();
  const tabs = page.getByRole("tablist");
  await expectHydrated(tabs.getByRole("tab", { name: "FAQ" }));
  await tabs.getByRole("tab", { name: "FAQ" }).click();
  await expect(page.getByText("Can we bring our own caterer?")).toBeVisible();
  await tabs.getByRole("tab", { name: "Reviews" }).click();
  await expect(page.getByText("Response from the venue")).toBeVisible();
  await expect(page.getByText("Thank you! We loved hosting your sunset ceremony.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const shown = await publicImages(page, venue.path);
  expect(shown[0], "the new cover leads the gallery").toBe(uploaded);
  expect(shown).not.toContain(original);
});

// Issue 22: the Details form pre-fills the map position; a new address must still move the pin,
// and the form that stays open after the save must not put the old pin back on the next save.
test("a new address on the Details tab moves the pin, and the next save keeps it there", async ({ page }) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "mover");
  await page.goto(`/venue-manager/edit-venue/${venue.id}`);
  const latitude = page.getByLabel("Latitude", { exact: true });
  // The offline geocoder placed the submission at ZIP code 80447's centre.
  await expect(latitude).toHaveValue("40.2289");
  await expectHydrated(latitude);
  await page.getByLabel("Address Line 1", { exact: true }).fill("675 E Durant Ave");
  await page.getByLabel("City", { exact: true }).fill("Aspen");
  await page.getByLabel("Postal Code", { exact: true }).fill("81611");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  // The form stays and shows where the venue is now (ZIP code 81611's centre).
  await expect(latitude).toHaveValue("39.1951");
  await expect(page.getByLabel("Longitude", { exact: true })).toHaveValue("-106.8236");

  await page.getByLabel("Capacity (guests)").fill("160");
  const saved = page.waitForResponse((r) => r.request().method() === "POST" && r.url().includes(venue.id));
  await page.getByRole("button", { name: "Save Changes" }).click();
  expect((await saved).status()).toBe(200);
  await page.goto(venue.path);
  const ld = await page
    .locator('script[type="application/ld+json"]')
    .evaluateAll((els) =>
      els.map((el) => JSON.parse(el.textContent!) as { geo?: object }).find((d) => d.geo),
    );
  expect(ld?.geo).toEqual({ "@type": "GeoCoordinates", latitude: 39.1951, longitude: -106.8236 });
});

test("FAQ delete asks the browser's confirmation, and the FAQ leaves the public page", async ({ page }) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "faqs");
  await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=faqs`);
  await page.getByRole("button", { name: "Add FAQ" }).click();
  const dialog = page.getByRole("dialog", { name: "Add FAQ" });
  await dialog.getByLabel("Question").fill("Is there a rain plan?");
  await dialog.getByLabel("Answer").fill("The pavilion seats everyone.");
  await dialog.getByRole("button", { name: "Add FAQ" }).click();
  await expect(toast(page, "FAQ added successfully")).toBeVisible();

  const remove = page.getByRole("button", { name: "Delete FAQ: Is there a rain plan?" });
  // Dismissing the confirmation keeps it.
  page.once("dialog", (d) => {
    expect(d.message()).toBe("Are you sure you want to delete this FAQ?");
    void d.dismiss();
  });
  await remove.click();
  await expect(remove).toBeVisible();
  page.once("dialog", (d) => void d.accept());
  await remove.click();
  await expect(toast(page, "FAQ deleted successfully")).toBeVisible();
  await expect(page.getByText("No FAQs available")).toBeVisible();
  await page.goto(venue.path);
  await expect(page.getByRole("heading", { level: 1, name: venue.name })).toBeVisible();
  // Every tab panel is in the HTML (hidden ones too): the FAQ is in none of them.
  await expect(page.getByText("Is there a rain plan?")).toHaveCount(0);
});

test("refusals: a user goes to /account, a manager of other venues back to the dashboard", async ({
  page,
}) => {
  // A venue that is not the E2E manager's (the admin adds one: approved, no manager).
  await loginViaApi(page, E2E_ADMIN);
  const name = `E2E Not Yours ${Date.now().toString(36)}`;
  await addVenueViaApi(page, name);
  const list = await (await page.request.get(`/admin/venues?q=${encodeURIComponent(name)}`)).text();
  const id = /href="\/admin\/edit-venue\/([0-9a-f-]{36})[?"]/.exec(list)![1]!;

  await switchAccount(page, E2E_MANAGER);
  await page.goto(`/venue-manager/edit-venue/${id}`);
  await expect(page).toHaveURL(/\/venue-manager\/dashboard$/);
  await expect(toast(page, "You do not have permission to manage this venue")).toBeVisible();

  await switchAccount(page, null);
  await registerViaApi(page, uniqueAccount("plainuser"));
  await page.goto("/venue-manager/dashboard");
  await expect(page).toHaveURL(/\/account$/);
  await expect(toast(page, "You do not have permission to access the venue manager area")).toBeVisible();
});

const WIDTHS = [1280, 820, 390] as const;

test("screens of the manager area at 1280, 820 and 390 px", async ({ page }) => {
  test.setTimeout(240_000);
  const { venue } = await approvedVenue(page, "screens");
  await reviewAs(page, venue.path, "Stunning views and a kind, calm team.");
  const shots: [string, string, ((p: Page) => Promise<void>)?][] = [
    ["manager-dashboard", "/venue-manager/dashboard"],
    ["manager-venues", "/venue-manager/venues"],
    [
      "manager-edit-sheet",
      "/venue-manager/venues",
      async (p) => {
        const open = p.getByRole("button", { name: `Edit Details of ${venue.name}` });
        await expectHydrated(open);
        await open.click();
        await expect(p.getByRole("dialog", { name: "Edit Venue" }).getByLabel("Venue Name")).toBeVisible();
      },
    ],
    ["manager-edit-details", `/venue-manager/edit-venue/${venue.id}`],
    ["manager-edit-images", `/venue-manager/edit-venue/${venue.id}?tab=images`],
    ["manager-edit-faqs", `/venue-manager/edit-venue/${venue.id}?tab=faqs`],
    ["manager-edit-reviews", `/venue-manager/edit-venue/${venue.id}?tab=reviews`],
  ];
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: 900 });
    for (const [name, url, prepare] of shots) {
      await page.goto(url);
      await prepare?.(page);
      await expectNoSeriousA11yViolations(page);
      // No sideways scrolling at any width.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
      expect(overflow, `${name} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
      await screenshot(page, `${name}-${width}`, { fullPage: !prepare });
    }
  }
});

test("client-side moves show the spec's skeletons: 4 stat cards, 3 venue cards", async ({ page }) => {
  await loginViaApi(page, E2E_MANAGER);
  await page.goto("/venue-manager/venues");
  const nav = page.getByRole("navigation", { name: "Venue manager" });
  await expectHydrated(nav.getByRole("link", { name: "Dashboard" }));
  // Hold the next page's data so the loading state can be seen.
  let release!: () => void;
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/venue-manager\/(dashboard|venues)\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await nav.getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("status", { name: "Loading dashboard" })).toBeVisible();
  await expect(page.getByTestId("stat-skeleton")).toHaveCount(4);
  release();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();
  await expect(page.getByTestId("stat-skeleton")).toHaveCount(0);

  let releaseVenues!: () => void;
  const heldVenues = new Promise<void>((r) => (releaseVenues = r));
  await page.unroute(/\/venue-manager\/(dashboard|venues)\.data/);
  await page.route(/\/venue-manager\/venues\.data/, async (route) => {
    await heldVenues;
    await route.continue();
  });
  await nav.getByRole("link", { name: "My Venues" }).click();
  await expect(page.getByRole("status", { name: "Loading venues" })).toBeVisible();
  await expect(page.getByTestId("venue-skeleton")).toHaveCount(3);
  releaseVenues();
  await expect(page.getByRole("heading", { level: 1, name: "My Venues" })).toBeVisible();
});
