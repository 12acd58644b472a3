import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectHydrated,
  registerViaApi,
  settle,
  test,
  touchSwipe,
  uniqueAccount,
  UUID,
  venueCards,
} from "./fixtures";

/** The first featured card on the home page that has more than one photo. */
async function cardWithPhotos(page: Page): Promise<{ card: Locator; name: string }> {
  await page.goto("/");
  const cards = venueCards(page);
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

test("the heart asks a signed-out visitor to log in, and the first tap counts once they have", async ({
  page,
}) => {
  const { card, name } = await cardWithPhotos(page);
  const from = new URL(page.url()).pathname;
  await expectHydrated(heart(card));
  await heart(card).click();
  await expect(page.getByText("Please login to save favorites")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/login" && url.searchParams.has("save"));

  const account = uniqueAccount("saver");
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Full Name").fill(account.name);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password", { exact: true }).fill(account.password);
  await page.getByLabel("Confirm Password").fill(account.password);
  await page.getByRole("button", { name: "Create Account" }).click();

  await expect(page).toHaveURL((url) => url.pathname === from);
  await expect(page.getByText("Venue added to favorites")).toBeVisible();
  const saved = page.getByRole("button", { name: `Remove ${name} from favorites` }).first();
  await expect(saved).toHaveAttribute("aria-pressed", "true");
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

  // The page's venues stay as they are: only the root's list of favourites is asked for again.
  const revalidations: URL[] = [];
  page.on("request", (r) => {
    const url = new URL(r.url());
    if (r.method() === "GET" && url.pathname.endsWith(".data")) revalidations.push(url);
  });
  await button.click();
  await expect(page.getByText("Venue added to favorites")).toBeVisible();
  await expect(button).toHaveAttribute("aria-pressed", "true");
  await expect(button).toHaveAccessibleName(`Remove ${name} from favorites`);
  await expect.poll(() => revalidations.map((u) => u.searchParams.get("_routes"))).toEqual(["root"]);

  await page.reload();
  await expect(button).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(page.getByRole("heading", { level: 1, name: "My Favorites" })).toBeVisible();
  const saved = venueCards(page);
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
  const saved = venueCards(page);
  await expect(saved).toHaveCount(1);
  await expect(saved.getByRole("heading", { level: 3 })).toHaveText(name);
  const savedHeart = heart(saved);
  await expect(savedHeart).toHaveAttribute("aria-pressed", "true");
  await expectHydrated(savedHeart);
  await savedHeart.click();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expect(page.getByText("Removed from favorites")).toBeVisible();
});

// Issue 8: the card's photos follow a swipe on touch screens, and a swipe does not open the venue.
test.describe("on a touch screen", () => {
  test.use({ viewport: { width: 390, height: 844 }, hasTouch: true });

  test("a swipe on a card's photos shows the next or previous photo and stays on the page", async ({
    page,
  }) => {
    const { card, name } = await cardWithPhotos(page);
    const current = card.locator('[aria-current="true"]');
    const total = await card.getByRole("button", { name: /^Show photo \d+ of \d+$/ }).count();
    await expectHydrated(card.getByRole("button", { name: `Next photo of ${name}` }));
    const photos = card.locator("img").first().locator("..");
    await photos.scrollIntoViewIfNeeded();

    await touchSwipe(page, photos, -160);
    await expect(current).toHaveAccessibleName(`Show photo 2 of ${total}`);
    await expect(card.getByRole("img", { name: `${name}, photo 2 of ${total}` })).toBeVisible();
    await touchSwipe(page, photos, 160);
    await expect(current).toHaveAccessibleName(`Show photo 1 of ${total}`);
    await touchSwipe(page, photos, 160);
    await expect(current).toHaveAccessibleName(`Show photo ${total} of ${total}`);
    await expect(page).toHaveURL((url) => url.pathname === "/");

    // A tap still opens the venue. On a touch screen the browser turns a quick swipe into a fling,
    // and a tap while it flings only stops it, as on a phone: a person taps again.
    await expect(async () => {
      await card.getByRole("heading", { level: 3 }).tap();
      await expect(page).toHaveURL(new RegExp(`/venue/[\\w-]+-${UUID}$`), { timeout: 2_000 });
    }).toPass();
  });
});

/** Contrast ratio (WCAG) of the darkest pixel of a PNG against white. */
async function darkestContrastOnWhite(png: Buffer): Promise<number> {
  const { data } = await sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true });
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  let darkest = 1;
  for (let i = 0; i < data.length; i += 3) {
    const l = 0.2126 * channel(data[i]!) + 0.7152 * channel(data[i + 1]!) + 0.0722 * channel(data[i + 2]!);
    darkest = Math.min(darkest, l);
  }
  return 1.05 / (darkest + 0.05);
}

test("the carousel dots stay visible on a white photo (3:1 against it)", async ({ page }) => {
  const { card } = await cardWithPhotos(page);
  const carousel = card.locator("img").first().locator("..");
  await carousel.scrollIntoViewIfNeeded();
  await settle(page);
  // The brightest photo there could be: paper white.
  await carousel.evaluate((el) => {
    (el as HTMLElement).style.background = "#fff";
    el.querySelectorAll("img").forEach((img) => (img.style.visibility = "hidden"));
  });
  const dots = card.getByRole("button", { name: /^Show photo \d+ of \d+$/ });
  expect(await dots.count()).toBeGreaterThan(1);
  for (const dot of await dots.all()) {
    const png = await dot.screenshot({ animations: "disabled" });
    expect(await darkestContrastOnWhite(png)).toBeGreaterThanOrEqual(3);
  }
});

// Issue 42: the first card's photo is a page of results' largest paint, so it does not fade in;
// the cards wake their arrows, dots and neighbouring photos as they near the screen, not all at once.
test.describe("a page of results on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the first card shows at once, and a card far below gets its arrows once scrolled near", async ({
    page,
  }) => {
    await page.goto("/venues?view=list");
    const cards = venueCards(page);
    await expect(cards).toHaveCount(24);
    const entrance = (card: Locator) =>
      card.locator("xpath=..").evaluate((item) => getComputedStyle(item).animationName);
    expect(await entrance(cards.first())).toBe("none");
    expect(await entrance(cards.nth(1))).toBe("fade-up");

    const withPhotos = cards.filter({ has: page.getByRole("img", { name: /, photo 1 of ([2-9]|\d\d)$/ }) });
    const next = (card: Locator) => card.getByRole("button", { name: /^Next photo of / });
    await expectHydrated(next(withPhotos.first()));
    const far = withPhotos.last();
    await expect(next(far)).toHaveCount(0);
    await far.scrollIntoViewIfNeeded();
    await expect(next(far)).toBeVisible();
  });
});
