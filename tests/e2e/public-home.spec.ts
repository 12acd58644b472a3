import type { Locator, Page } from "@playwright/test";
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

const HEADLINE = "Find Your Perfect Colorado Wedding Venue";

function typeSection(page: Page): Locator {
  return page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Browse by Venue Type", exact: true }) });
}

/** Index of the tile whose left edge is nearest the carousel viewport's left edge. */
async function leadingTile(section: Locator): Promise<number> {
  return section.locator('[aria-roledescription="carousel"]').evaluate((viewport) => {
    const left = viewport.getBoundingClientRect().left;
    const tiles = Array.from(viewport.querySelectorAll("li a"));
    let best = -1;
    let bestDistance = Infinity;
    tiles.forEach((tile, i) => {
      const distance = Math.abs(tile.getBoundingClientRect().left - left);
      if (distance < bestDistance) {
        best = i;
        bestDistance = distance;
      }
    });
    return best;
  });
}

test("the server HTML carries the hero headline and the site name", async ({ page }) => {
  const response = await page.request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain(HEADLINE);
  expect(html).toMatch(/<title>Vows (&amp;|&) Vistas<\/title>/);

  await page.goto("/");
  await expect(page.getByRole("heading", { level: 1, name: HEADLINE })).toBeVisible();
  await expect(page).toHaveTitle("Vows & Vistas");
});

test("the page paints before any script is asked for, then hydrates (ADR 017)", async ({ page }) => {
  await page.goto("/");
  // Hydrated: the hero's search form answers with a client navigation.
  await expectHydrated(page.getByRole("search", { name: "Search venues" }));
  const { paint, scripts } = await page.evaluate(() => ({
    paint: performance.getEntriesByName("first-contentful-paint")[0]!.startTime,
    scripts: performance
      .getEntriesByType("resource")
      .filter((r) => new URL(r.name).pathname.endsWith(".js"))
      .map((r) => r.startTime),
  }));
  expect(scripts.length).toBeGreaterThan(3);
  expect(Math.min(...scripts)).toBeGreaterThanOrEqual(paint);
  // Nor does a signed-out visitor's page start the toaster before it has a toast to show.
  await expect(page.getByRole("region", { name: /^Notifications/ })).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, reducedMotion: "no-preference" });

  test("the featured cards fade in when the visitor scrolls to them, not unseen while the page starts", async ({
    page,
  }) => {
    await page.goto("/");
    await expectHydrated(page.getByRole("search", { name: "Search venues" }));
    const featured = page.locator("#featured");
    const card = featured.getByRole("listitem").first();
    const animation = () => card.evaluate((el) => getComputedStyle(el).animationName);
    expect(await animation()).toBe("none");
    await featured.getByRole("heading", { name: "Featured Venues" }).scrollIntoViewIfNeeded();
    await expect.poll(animation).toBe("fade-up");
    await expect(card).toBeVisible();
  });
});

test.describe("the hero slideshow", () => {
  test.use({ reducedMotion: "no-preference" });

  test("shows its 3 images in turn, each for 6 seconds with a 1 second fade, and wraps around", async ({
    page,
  }) => {
    // The page's own clock, moved by the test: no waiting out the seconds.
    await page.clock.install({ time: new Date("2026-06-01T10:00:00Z") });
    await page.goto("/");
    await expectHydrated(page.getByRole("search", { name: "Search venues" }));
    const images = page.locator('img[src^="/images/hero-"]');
    await expect(images).toHaveCount(3);
    for (const image of await images.all())
      expect(await image.evaluate((el) => getComputedStyle(el).transitionDuration)).toBe("1s");
    await page.clock.pauseAt(new Date("2026-06-01T11:00:00Z"));
    const shown = () => images.evaluateAll((els) => els.findIndex((el) => el.dataset.active === "true"));
    const first = await shown();
    for (const step of [1, 2, 3]) {
      await page.clock.runFor(5_999);
      expect(await shown(), "before 6 s have passed").toBe((first + step - 1) % 3);
      await page.clock.runFor(1);
      await expect.poll(shown).toBe((first + step) % 3);
    }
  });
});

test("Featured Venues shows exactly 3 venue cards and a 'View all' link to /venues", async ({ page }) => {
  await page.goto("/");
  const featured = page
    .locator("section")
    .filter({ has: page.getByRole("heading", { name: "Featured Venues", exact: true }) });
  await expect(featured.getByRole("article")).toHaveCount(3);
  for (const card of await featured.getByRole("article").all()) {
    await expect(card.getByRole("heading", { level: 3 }).getByRole("link")).toHaveAttribute(
      "href",
      new RegExp(`^/venue/[\\w-]+-${UUID}$`),
    );
  }
  await expect(featured.getByRole("link", { name: "View all", exact: true })).toHaveAttribute(
    "href",
    "/venues",
  );
});

test("the 'Browse by Venue Type' carousel shows counted tiles, links them and loops both ways", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const section = typeSection(page);
  const tiles = section.locator('[aria-roledescription="carousel"] li');
  await expect(tiles).toHaveCount(12);
  for (const tile of await tiles.all()) {
    await expect(tile).toContainText(/\d+ venues/);
    await expect(tile.getByRole("link")).toHaveAttribute("href", new RegExp(`^/categories/${UUID}$`));
  }

  const next = section.getByRole("button", { name: "Next venue types" });
  const previous = section.getByRole("button", { name: "Previous venue types" });
  await expectHydrated(next);
  await section.scrollIntoViewIfNeeded();
  expect(await leadingTile(section)).toBe(0);

  await next.click();
  await expect.poll(() => leadingTile(section)).toBe(1);
  await previous.click();
  await expect.poll(() => leadingTile(section)).toBe(0);
  // Looping: previous from the first tile brings the last one to the front.
  await previous.click();
  await expect.poll(() => leadingTile(section)).toBe(11);
  await next.click();
  await expect.poll(() => leadingTile(section)).toBe(0);

  // A tile opens its venue type.
  const firstTile = tiles.first();
  const name = (await firstTile.locator("p").first().textContent())!.trim();
  await firstTile.getByRole("link").click();
  await expect(page).toHaveURL(new RegExp(`/categories/${UUID}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
});

test.describe("hero search", () => {
  // /venues may not be built yet: only the address is checked, its 404 is expected.
  test.use({ allowedConsoleErrors: [/404/] });

  test("submits to /venues with only the filled parameters", async ({ page }) => {
    await page.goto("/");
    const form = page.getByRole("search", { name: "Search venues" });
    await expectHydrated(form);
    await form.getByPlaceholder("City, Zip Code").fill("Boulder");
    await form.getByLabel("Number of guests").fill("120");
    await form.getByRole("button", { name: "Search", exact: true }).click();
    await expect(page).toHaveURL((url) => url.pathname === "/venues");
    const url = new URL(page.url());
    expect(url.search).toBe("?location=Boulder&guests=120");
  });
});

test("home has no serious accessibility violations", async ({ page }) => {
  test.slow(); // axe over the whole home page takes long on a busy machine
  await page.goto("/");
  await expect(venueCards(page)).toHaveCount(3);
  await expect(typeSection(page).locator('[aria-roledescription="carousel"] li')).toHaveCount(12);
  await settle(page);
  await expectNoSeriousA11yViolations(page);
});

test("screenshots of home at desktop and phone widths", async ({ page }) => {
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    await expect(venueCards(page)).toHaveCount(3);
    await settle(page);
    await screenshot(page, `home-${width}`, { fullPage: true });
  }
});

// Issue 8: what a couple sees first.
test("on a tablet (820 px) the three featured cards share one row", async ({ page }) => {
  await page.setViewportSize({ width: 820, height: 1180 });
  await page.goto("/");
  const cards = venueCards(page);
  await expect(cards).toHaveCount(3);
  await settle(page);
  const boxes = await cards.evaluateAll((els) => els.map((el) => el.getBoundingClientRect().toJSON()));
  expect(new Set(boxes.map((b) => Math.round(b.top))).size, "one row").toBe(1);
  const right = Math.max(...boxes.map((b) => b.right));
  expect(right).toBeLessThanOrEqual(820);
});

for (const [width, height] of [
  [390, 844],
  [820, 1180],
  [1280, 800],
  [1440, 900],
] as const) {
  test(`at ${width} px the hero headline ends with more than one word on its last line`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/");
    const h1 = page.getByRole("heading", { level: 1, name: HEADLINE });
    await page.evaluate(() => document.fonts.ready);
    // The top of each word, measured through a Range per word.
    const lines = await h1.evaluate((el) => {
      const text = el.firstChild!;
      const words: { word: string; top: number }[] = [];
      const re = /\S+/g;
      for (let m = re.exec(text.textContent!); m; m = re.exec(text.textContent!)) {
        const range = document.createRange();
        range.setStart(text, m.index);
        range.setEnd(text, m.index + m[0].length);
        words.push({ word: m[0], top: Math.round(range.getBoundingClientRect().top) });
      }
      const byLine = new Map<number, string[]>();
      for (const w of words) byLine.set(w.top, [...(byLine.get(w.top) ?? []), w.word]);
      return [...byLine.values()];
    });
    expect(lines.at(-1)!.length, `last line of ${JSON.stringify(lines)}`).toBeGreaterThan(1);
  });
}
