import type { Locator, Page } from "@playwright/test";
import { expect, expectHydrated, registerViaApi, test, UUID } from "./fixtures";

/** The first featured card on the home page that has more than one photo. */
async function cardWithPhotos(page: Page): Promise<{ card: Locator; name: string }> {
  await page.goto("/");
  const cards = page.getByTestId("venue-card");
  await expect(cards).toHaveCount(3);
  const card = cards.filter({ has: page.getByRole("button", { name: /^Next photo of / }) }).first();
  await expect(card, "a featured card with more than one photo").toBeVisible();
  const name = (await card.getByRole("heading", { level: 3 }).textContent())!.trim();
  return { card, name };
}

function heart(card: Locator): Locator {
  return card.getByRole("button", { name: /^(Save .* to|Remove .* from) favorites$/ });
}

async function canonicalPath(page: Page): Promise<string> {
  return new URL((await page.locator('link[rel="canonical"]').getAttribute("href"))!).pathname;
}

test("the next arrow shows the card's next photo and moves the current dot", async ({ page }) => {
  const { card, name } = await cardWithPhotos(page);
  const visible = card.locator("img:not(.invisible)");
  await expect(visible).toHaveCount(1);
  const firstSrc = await visible.getAttribute("src");
  const dots = card.getByRole("button", { name: /^Show photo \d+ of \d+$/ });
  const total = await dots.count();
  expect(total).toBeGreaterThan(1);
  await expect(card.locator('[aria-current="true"]')).toHaveAccessibleName(`Show photo 1 of ${total}`);
  await expect(visible).toHaveAttribute("alt", `${name}, photo 1 of ${total}`);

  const next = card.getByRole("button", { name: `Next photo of ${name}` });
  await expectHydrated(next);
  await next.click();
  await expect(card.locator('[aria-current="true"]')).toHaveAccessibleName(`Show photo 2 of ${total}`);
  await expect(visible).toHaveCount(1);
  await expect(visible).toHaveAttribute("alt", `${name}, photo 2 of ${total}`);
  expect(await visible.getAttribute("src")).not.toBe(firstSrc);

  // Previous from the first photo wraps to the last; a dot jumps straight to its photo.
  await card.getByRole("button", { name: `Previous photo of ${name}` }).click();
  await card.getByRole("button", { name: `Previous photo of ${name}` }).click();
  await expect(card.locator('[aria-current="true"]')).toHaveAccessibleName(`Show photo ${total} of ${total}`);
  await dots.first().click();
  await expect(card.locator('[aria-current="true"]')).toHaveAccessibleName(`Show photo 1 of ${total}`);
  expect(await visible.getAttribute("src")).toBe(firstSrc);
  // Using the arrows did not navigate away.
  await expect(page).toHaveURL((url) => url.pathname === "/");
});

test("clicking the card's name opens the canonical venue page", async ({ page }) => {
  const { card, name } = await cardWithPhotos(page);
  await expectHydrated(card.getByRole("link", { name, exact: true }));
  await card.getByRole("link", { name, exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/[\\w-]+-${UUID}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(await canonicalPath(page));
});

test("clicking the card's body (not the name) also opens the venue page", async ({ page }) => {
  const { card, name } = await cardWithPhotos(page);
  await expectHydrated(card.getByRole("link", { name, exact: true }));
  const box = (await card.boundingBox())!;
  // Bottom-left corner of the text area: location or capacity line, no control there.
  await card.click({ position: { x: 12, y: box.height - 12 } });
  await expect(page).toHaveURL(new RegExp(`/venue/[\\w-]+-${UUID}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(await canonicalPath(page));
});

test("the heart asks a signed-out visitor to log in", async ({ page }) => {
  const { card } = await cardWithPhotos(page);
  await expectHydrated(heart(card));
  await heart(card).click();
  await expect(page.getByText("Please login to save favorites")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

test("signed in, the heart saves the venue, survives a reload, lists it in /favorites and un-saves it", async ({
  page,
}) => {
  await registerViaApi(page);
  const { card, name } = await cardWithPhotos(page);
  const button = heart(card);
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toHaveAccessibleName(`Save ${name} to favorites`);
  await expectHydrated(button);

  await button.click();
  await expect(page.getByText("Venue added to favorites")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName(`Remove ${name} from favorites`);

  await page.reload();
  await expect(button).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "My Favorites" })).toBeVisible();
  const saved = page.getByTestId("venue-card");
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("heading", { level: 3 })).toHaveText(name);
  await expect(heart(saved)).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("1 saved venue", { exact: true })).toBeVisible();

  await page.goto("/");
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expectHydrated(button);
  await button.click();
  await expect(page.getByText("Removed from favorites")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "false");
  await expect(button).toHaveAccessibleName(`Save ${name} to favorites`);
  await page.reload();
  await expect(button).toHaveAttribute("aria-pressed", "false");

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
});

// The card disappears from /favorites as it is un-saved; the toast must still show.
test("un-hearting a card on /favorites shows 'Removed from favorites' and drops the card", async ({
  page,
  baseURL,
}) => {
  await registerViaApi(page);
  const { card, name } = await cardWithPhotos(page);
  const href = (await card.getByRole("link", { name, exact: true }).getAttribute("href"))!;
  const venueId = new RegExp(`(${UUID})$`).exec(href)![1]!;
  const res = await page.request.post("/api/favorites", {
    form: { venueId, saved: "true" },
    headers: { origin: baseURL! },
  });
  expect(res.status()).toBe(200);

  await page.goto("/favorites");
  const saved = page.getByTestId("venue-card");
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("heading", { level: 3 })).toHaveText(name);
  const savedHeart = heart(saved);
  await expect(savedHeart).toHaveAttribute("aria-pressed", "true");
  await expectHydrated(savedHeart);
  await savedHeart.click();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expect(page.getByText("Removed from favorites")).toBeVisible();
});
