import type { APIRequestContext, Locator, Page } from "@playwright/test";
import sharp from "sharp";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  settle,
  test,
  UUID,
  venueCards,
} from "./fixtures";
import { screenshot } from "./screens";

/** The venue-type cards on /categories: links whose card heading names the type. */
function typeCards(page: Page): Locator {
  return page
    .getByRole("main")
    .getByRole("listitem")
    .filter({ has: page.getByRole("heading", { level: 2 }) });
}

function layoutToggle(page: Page) {
  const group = page.getByRole("group", { name: "Layout" });
  return {
    grid: group.getByRole("button", { name: "Grid view" }),
    list: group.getByRole("button", { name: "List view" }),
  };
}

/** Number of distinct card columns: cards in one row share their top edge. */
async function columns(cards: Locator): Promise<number> {
  const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().top));
  const firstTop = boxes[0]!;
  return boxes.filter((top) => Math.abs(top - firstTop) < 2).length;
}

test("/categories lists the 12 venue types with counts and switches between grid and list", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Venue Types" })).toBeVisible();
  await expect(page).toHaveTitle(/^Venue Types \| /);
  const cards = typeCards(page);
  await expect(cards).toHaveCount(12);
  for (const card of await cards.all()) {
    await expect(card).toContainText(/\d+ venues/);
    await expect(card.getByRole("link")).toHaveAttribute("href", new RegExp(`^/categories/${UUID}$`));
  }

  const { grid, list } = layoutToggle(page);
  await expect(grid).toHaveAttribute("aria-pressed", "true");
  await expect(list).toHaveAttribute("aria-pressed", "false");
  await settle(page);
  expect(await columns(cards)).toBe(3);

  await expectHydrated(list);
  await list.click();
  await expect(page).toHaveURL((url) => url.pathname === "/categories" && url.search === "?view=list");
  await expect(list).toHaveAttribute("aria-pressed", "true");
  await expect(grid).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => columns(cards)).toBe(1);
  await expect(cards).toHaveCount(12);

  await grid.click();
  await expect(page).toHaveURL((url) => url.pathname === "/categories" && url.search === "");
  await expect(grid).toHaveAttribute("aria-pressed", "true");
  await expect(list).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => columns(cards)).toBe(3);
});

test("a venue type page shows its banner, count, venues, layout toggle and a Filter link", async ({
  page,
}) => {
  await page.goto("/categories");
  const cards = typeCards(page);
  await expect(cards).toHaveCount(12);
  // A type that has venues (the seed spreads ~160 venues over 12 types).
  let chosen: Locator | null = null;
  let count = 0;
  for (const card of await cards.all()) {
    count = Number(/(\d+) venues/.exec((await card.textContent()) ?? "")?.[1] ?? 0);
    if (count > 1) {
      chosen = card;
      break;
    }
  }
  expect(chosen, "a venue type with several venues").not.toBeNull();
  const name = (await chosen!.getByRole("heading", { level: 2 }).textContent())!.trim();
  await expectHydrated(chosen!.getByRole("link"));
  await chosen!.getByRole("link").click();

  await expect(page).toHaveURL(new RegExp(`/categories/${UUID}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${name} Wedding Venues in Colorado \\| `));
  const back = page.getByRole("link", { name: "Back to All Venue Types" });
  await expect(back).toHaveAttribute("href", "/categories");
  await expect(page.getByRole("heading", { level: 2, name: `${count} Venues`, exact: true })).toBeVisible();
  const shown = venueCards(page);
  await expect(shown).toHaveCount(count);
  await expect(page.getByRole("link", { name: "Filter", exact: true })).toHaveAttribute(
    "href",
    `/venues?category=${encodeURIComponent(name)}`,
  );

  const { grid, list } = layoutToggle(page);
  await expect(grid).toHaveAttribute("aria-pressed", "true");
  await expectHydrated(list);
  await list.click();
  await expect(page).toHaveURL((url) => url.searchParams.get("view") === "list");
  await expect(list).toHaveAttribute("aria-pressed", "true");
  await expect(grid).toHaveAttribute("aria-pressed", "false");
  await expect.poll(() => columns(shown)).toBe(1);
  await grid.click();
  await expect(page).toHaveURL((url) => !url.searchParams.has("view"));
  await expect(grid).toHaveAttribute("aria-pressed", "true");

  await back.click();
  await expect(page).toHaveURL((url) => url.pathname === "/categories");
  await expect(page.getByRole("heading", { level: 1, name: "Venue Types" })).toBeVisible();
});

test.describe("unknown venue type", () => {
  test.use({ allowedConsoleErrors: [/404/] });

  test("shows 'Category Not Found' with a way back, status 404", async ({ page }) => {
    const response = await page.goto("/categories/00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Category Not Found" })).toBeVisible();
    await expect(
      page.getByText("The venue type you're looking for doesn't exist or has been removed."),
    ).toBeVisible();
    const back = page.getByRole("link", { name: "Back to Venue Types" });
    await expect(back).toHaveAttribute("href", "/categories");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await expectHydrated(back);
    await back.click();
    await expect(page).toHaveURL((url) => url.pathname === "/categories");
  });

  test("a type id that is not a UUID is not found either", async ({ page }) => {
    const response = await page.goto("/categories/not-a-type");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Category Not Found" })).toBeVisible();
  });
});

test("/categories and a venue type page have no serious accessibility violations", async ({ page }) => {
  test.slow(); // two pages of cards for axe
  await page.goto("/categories");
  await expect(typeCards(page)).toHaveCount(12);
  await settle(page);
  await expectNoSeriousA11yViolations(page);

  const href = (await typeCards(page).first().getByRole("link").getAttribute("href"))!;
  await page.goto(href);
  await expect(page.getByRole("link", { name: "Back to All Venue Types" })).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page);
});

test("screenshots of /categories at desktop and phone widths", async ({ page }) => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/categories");
    await expect(typeCards(page)).toHaveCount(12);
    await settle(page);
    await screenshot(page, `categories-${width}`, { fullPage: true });
  }
});

/** Mean difference per colour channel (0-255) of two covers' 8 × 6 signatures below which they
 *  count as the same picture: a repeat measures 0; two scenes that share only their light and
 *  season measure about 5 to 8, anything else more. */
const MIN_COVER_DISTANCE = 4;

/** A tiny colour signature of a picture: its 8 × 6 thumbnail, 144 numbers. */
async function signature(request: APIRequestContext, src: string): Promise<Buffer> {
  const bytes = await (await request.get(src)).body();
  return sharp(bytes).resize(8, 6, { fit: "fill" }).removeAlpha().raw().toBuffer();
}
const distance = (a: Buffer, b: Buffer) => a.reduce((sum, v, i) => sum + Math.abs(v - b[i]!), 0) / a.length;

// Issue 8: six venue-type pages showed 'Featured' on every card, and their covers repeated.
test("'Featured' marks only the venues an admin featured, about one in ten, and no two covers of a type look alike", async ({
  page,
}) => {
  test.slow();
  await page.goto("/categories");
  await expect(typeCards(page)).toHaveCount(12);
  const hrefs = await typeCards(page)
    .getByRole("link")
    .evaluateAll((as) => as.map((a) => a.getAttribute("href")!));
  let cards = 0;
  let featured = 0;
  const closest: string[] = [];
  for (const href of hrefs) {
    await page.goto(href);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    const shown = venueCards(page);
    const n = await shown.count();
    const f = await shown.locator("span", { hasText: /^Featured$/ }).count();
    if (n > 2) expect(f, `${name}: featured cards of ${n}`).toBeLessThan(n / 2);
    cards += n;
    featured += f;

    const covers = await shown.evaluateAll((els) =>
      els.map((el) => el.querySelector("img")!.getAttribute("src")!),
    );
    expect(new Set(covers).size, `${name}: distinct cover pictures`).toBe(covers.length);
    const signatures: Buffer[] = [];
    for (const src of covers)
      signatures.push(await signature(page.request, src.replace(/-\d+\.webp$/, "-400.webp")));
    let nearest = Infinity;
    for (let i = 0; i < signatures.length; i++)
      for (let j = i + 1; j < signatures.length; j++)
        nearest = Math.min(nearest, distance(signatures[i]!, signatures[j]!));
    closest.push(`${name}: ${nearest.toFixed(1)}`);
    expect(nearest, `${name}: the two most alike covers differ by`).toBeGreaterThan(MIN_COVER_DISTANCE);
  }
  console.log(`closest covers per type: ${closest.join(", ")}`);
  expect(featured / cards, `${featured} of ${cards} venues featured`).toBeGreaterThan(0.06);
  expect(featured / cards).toBeLessThan(0.15);
});
