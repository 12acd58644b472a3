import type { APIRequestContext, Page } from "@playwright/test";
import { expect, expectHydrated, registerViaApi, test, uniqueAccount } from "./fixtures";
import { isVenuePath, sitemapPaths } from "./sitemap";

/** A venue path from /sitemap.xml; `offset` keeps tests that write reviews on different venues. */
async function venuePath(request: APIRequestContext, offset: number): Promise<string> {
  const paths = (await sitemapPaths(request)).filter(isVenuePath);
  expect(paths.length).toBeGreaterThan(offset);
  return paths[offset]!;
}

async function openReviews(page: Page, path: string) {
  await page.goto(path);
  const tab = page.getByRole("tab", { name: "Reviews", exact: true });
  await expectHydrated(tab);
  await tab.click();
  const panel = page.getByRole("tabpanel", { name: "Reviews", exact: true });
  await expect(panel).toBeVisible();
  return panel;
}

/** Today in the app's review format 'MMMM d, yyyy' (en-US, UTC). */
function today(): string {
  return new Intl.DateTimeFormat("en-US", {
    month: "long",
    day: "numeric",
    year: "numeric",
    timeZone: "UTC",
  }).format(new Date());
}

test("a signed-out visitor is asked to log in instead of getting the form", async ({ page }) => {
  const panel = await openReviews(page, await venuePath(page.request, 7));
  await expect(panel.getByText("Please login to submit a review")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Write a Review" })).toHaveCount(0);
  await expect(panel.getByRole("link", { name: "Write a Review" })).toHaveCount(0);
  const login = panel.getByRole("link", { name: "Login", exact: true });
  await expect(login).toHaveAttribute("href", /^\/login(\?|$)/);
  await login.click();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

test("a signed-in user validates, submits, sees and can reopen their review", async ({ page }, testInfo) => {
  const account = await registerViaApi(page, uniqueAccount("reviewer"));
  const path = await venuePath(page.request, 11 + testInfo.repeatEachIndex);
  const panel = await openReviews(page, path);
  await expect(panel.getByText("Please login to submit a review")).toHaveCount(0);

  const summaryCount = panel.getByText(/^\d+ reviews?$/);
  const before = Number((await summaryCount.textContent())!.split(" ")[0]);

  const write = panel.getByRole("button", { name: "Write a Review", exact: true });
  await expectHydrated(write);
  await write.click();
  const comment = panel.getByLabel("Your review");
  await expect(comment).toBeVisible();
  await expect(write).toHaveCount(0);
  await expect(panel.getByText(/already reviewed this venue/)).toHaveCount(0);

  // Empty submit: both messages, nothing sent.
  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect(panel.getByText("Please enter your review")).toBeVisible();
  await expect(panel.getByText("Please select a rating")).toBeVisible();

  await panel.locator("label").filter({ hasText: "4 stars" }).click();
  await expect(panel.getByRole("radio", { name: "4 stars" })).toBeChecked();
  const text = `Lovely grounds and a calm team. (${account.email})`;
  await comment.fill(text);
  await panel.getByRole("button", { name: "Submit Review" }).click();

  await expect(page.getByText("Your review has been submitted!")).toBeVisible();
  await expect(comment).toHaveCount(0);
  const mine = panel.getByRole("listitem").filter({ hasText: text });
  await expect(mine).toHaveCount(1);
  await expect(mine.getByText(account.name, { exact: true })).toBeVisible();
  await expect(mine.locator("time")).toHaveText(today());
  await expect(mine.getByRole("img", { name: "4.0 out of 5 stars" })).toBeVisible();
  // Newest first.
  await expect(panel.getByRole("listitem").first()).toContainText(text);
  await expect(summaryCount).toHaveText(`${before + 1} ${before + 1 === 1 ? "review" : "reviews"}`);

  // The same review again after a reload (it was stored, not only shown).
  await page.reload();
  const again = await openReviews(page, path);
  await expect(again.getByRole("listitem").filter({ hasText: text })).toHaveCount(1);

  // Writing again replaces the earlier review; Cancel closes the form.
  const edit = again.getByRole("button", { name: "Edit Your Review", exact: true });
  await expectHydrated(edit);
  await edit.click();
  await expect(
    again.getByText("You have already reviewed this venue. Submitting again replaces your earlier review."),
  ).toBeVisible();
  await expect(again.getByLabel("Your review")).toHaveValue(text);
  await expect(again.getByRole("radio", { name: "4 stars" })).toBeChecked();
  await expect(again.getByRole("button", { name: "Update Review" })).toBeVisible();
  await again.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(again.getByLabel("Your review")).toHaveCount(0);
  await expect(again.getByRole("button", { name: "Edit Your Review", exact: true })).toBeVisible();
});

/** From now on the scripts the page asks for wait until `release` is called. */
async function holdScripts(page: Page) {
  const held: string[] = [];
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    held.push(route.request().url());
    await released;
    await route.continue();
  });
  return { held, release };
}

// Issue 42: the form's checks (zod and the schema) load when the form is first used, not with the
// page; a send that comes before them is judged when they come, as it would have been at once.
test("a review sent before the form's checks have loaded is judged, then sent, once they come", async ({
  page,
}) => {
  await registerViaApi(page, uniqueAccount("late-checks"));
  const path = await venuePath(page.request, 25);
  const posts: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posts.push(r.url());
  });

  // Empty: nothing is sent, and both messages show once the checks are in.
  let panel = await openReviews(page, path);
  let write = panel.getByRole("button", { name: "Write a Review", exact: true });
  await expectHydrated(write);
  let scripts = await holdScripts(page);
  await write.click();
  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect
    .poll(() => scripts.held.length, "the checks are asked for when the form is used")
    .toBeGreaterThan(0);
  scripts.release();
  await expect(panel.getByText("Please enter your review")).toBeVisible();
  await expect(panel.getByText("Please select a rating")).toBeVisible();
  expect(posts).toEqual([]);

  // Filled in: it is sent once the checks are in, and only once.
  await page.unrouteAll();
  await page.reload();
  panel = await openReviews(page, path);
  write = panel.getByRole("button", { name: "Write a Review", exact: true });
  await expectHydrated(write);
  scripts = await holdScripts(page);
  await write.click();
  await panel.locator("label").filter({ hasText: "5 stars" }).click();
  await panel.getByLabel("Your review").fill("Sent before the checks had loaded.");
  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect.poll(() => scripts.held.length).toBeGreaterThan(0);
  scripts.release();
  await expect(page.getByText("Your review has been submitted!")).toBeVisible();
  await expect(
    panel.getByRole("listitem").filter({ hasText: "Sent before the checks had loaded." }),
  ).toHaveCount(1);
  expect(posts).toHaveLength(1);
});

test.describe("when the form's checks cannot load", () => {
  // The aborted scripts, and the action's answer to a review it refuses.
  test.use({ allowedConsoleErrors: [/Failed to load resource/] });

  test("the review goes to the action, whose messages show", async ({ page }) => {
    await registerViaApi(page, uniqueAccount("no-checks"));
    const panel = await openReviews(page, await venuePath(page.request, 26));
    const write = panel.getByRole("button", { name: "Write a Review", exact: true });
    await expectHydrated(write);
    await page.route("**/assets/*.js", (route) => route.abort());
    const posts: string[] = [];
    page.on("request", (r) => {
      if (r.method() === "POST") posts.push(r.url());
    });
    await write.click();
    await panel.getByRole("button", { name: "Submit Review" }).click();
    await expect(panel.getByText("Please enter your review")).toBeVisible();
    await expect(panel.getByText("Please select a rating")).toBeVisible();
    expect(posts).toHaveLength(1);
  });
});

// Issue 8: the form takes focus when it opens and gives it back when it closes.
test("'Write a Review' moves focus into the form, and Cancel returns it to the button", async ({ page }) => {
  await registerViaApi(page, uniqueAccount("focus"));
  const panel = await openReviews(page, await venuePath(page.request, 3));
  const write = panel.getByRole("button", { name: "Write a Review", exact: true });
  await expectHydrated(write);
  await write.focus();
  await page.keyboard.press("Enter");
  const form = panel.locator("form");
  await expect(form).toBeVisible();
  await expect(panel.getByRole("radio", { name: "1 star" })).toBeFocused();
  expect(await form.evaluate((f) => f.contains(document.activeElement))).toBe(true);

  // The keyboard carries on inside the form: the next Tab stop is the review text.
  await page.keyboard.press("Tab");
  await expect(panel.getByLabel("Your review")).toBeFocused();

  await panel.getByRole("button", { name: "Cancel", exact: true }).click();
  await expect(form).toHaveCount(0);
  await expect(panel.getByRole("button", { name: "Write a Review", exact: true })).toBeFocused();
});
