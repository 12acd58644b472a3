import type { Page } from "@playwright/test";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectOnTop,
  settle,
  test,
  UUID,
} from "./fixtures";

// The search page /venues (spec, public side: section 2 'Search page', sections 5 and 9; issue 10).

const countLine = (page: Page) => page.getByText(/^[\d,]+ venues? found$/);
async function resultCount(page: Page): Promise<number> {
  return Number((await countLine(page).innerText()).replace(/\D/g, ""));
}
const filterForm = (page: Page) => page.getByRole("form", { name: "Search filters" });
const cards = (page: Page) => page.getByRole("main").getByRole("article");
const chip = (page: Page, label: string) =>
  page.getByRole("link", { name: `Remove filter: ${label}`, exact: true });
const mapRegion = (page: Page) => page.getByRole("region", { name: "Map of venues" });
const clusters = (page: Page) => mapRegion(page).getByRole("button", { name: /venues? here: zoom in$/ });
/** Single-venue pins: every marker that is not a cluster (the zoom buttons are links). */
const pins = (page: Page) =>
  mapRegion(page).locator(".leaflet-marker-pane").getByRole("button").and(page.locator(".vv-pin"));

/** Collects the analytics events the page sends (the tag's dataLayer, with no tag configured). */
async function recordAnalytics(page: Page) {
  await page.addInitScript(() => {
    (window as unknown as { dataLayer: unknown[] }).dataLayer = [];
  });
  return () => page.evaluate(() => (window as unknown as { dataLayer: Record<string, unknown>[] }).dataLayer);
}

/** The whole directory's count, the list view, ready for clicks. */
async function openList(page: Page, query = ""): Promise<number> {
  await page.goto(`/venues?view=list${query}`);
  await expect(cards(page).first()).toBeVisible();
  await expectHydrated(filterForm(page).getByRole("button", { name: "Apply Filters" }));
  return resultCount(page);
}

test("the search page's title, metadata, heading and first page of results", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const total = await openList(page);
  await expect(page).toHaveTitle(/^Search Colorado Wedding Venues \| /);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(
    "Find Your Perfect Colorado Wedding Venue",
  );
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/venues$/);
  expect(total).toBeGreaterThanOrEqual(150);
  await expect(cards(page)).toHaveCount(24);
  // Three columns on a desktop.
  const tops = await cards(page).evaluateAll((els) =>
    els.slice(0, 4).map((e) => e.getBoundingClientRect().top),
  );
  expect(tops.filter((t) => Math.abs(t - tops[0]!) < 2)).toHaveLength(3);
  await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("navigation", { name: "Search results pages" })).toBeVisible();

  // Pages are links; page 2 shows other venues, and the order puts them in a stable place.
  const firstPage = await cards(page).getByRole("heading").allInnerTexts();
  await page.getByRole("link", { name: "Page 2" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("page") === "2");
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect
    .poll(async () => (await cards(page).getByRole("heading").allInnerTexts())[0])
    .not.toBe(firstPage[0]);
  const secondPage = await cards(page).getByRole("heading").allInnerTexts();
  expect(secondPage.filter((n) => firstPage.includes(n))).toEqual([]);

  // Another order.
  await page.getByLabel("Sort by").selectOption({ label: "Most reviewed" });
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("sort") === "reviews" && !u.searchParams.has("page"),
  );
  await expect(page.getByLabel("Sort by")).toHaveValue("reviews");
});

test("the hero search, the SearchAction and a venue type's Filter button land here with their filters", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const hero = page.getByRole("search", { name: "Search venues" });
  await expectHydrated(hero.getByRole("button", { name: "Search" }));
  await hero.getByPlaceholder("City, Zip Code").fill("Denver");
  await hero.getByRole("spinbutton", { name: "Number of guests" }).fill("100");
  await hero.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/venues" && u.search === "?location=Denver&guests=100");
  await expect(chip(page, "Denver")).toBeVisible();
  await expect(chip(page, "100+")).toBeVisible();
  await expect(filterForm(page).getByLabel("Location")).toHaveValue("Denver");
  await expect(filterForm(page).getByLabel("Guests")).toHaveValue("100");
  const found = await resultCount(page);
  expect(found).toBeGreaterThan(0);
  expect(found).toBeLessThan(150);

  // The site's SearchAction: /venues?q={search_term}.
  await page.goto("/venues?q=barn&view=list");
  await expect(page.getByRole("searchbox", { name: "Search by name, town or style" })).toHaveValue("barn");
  expect(await resultCount(page)).toBeGreaterThan(0);
  expect(await resultCount(page)).toBeLessThan(150);

  // A venue type's Filter button: the type is ticked and shown as a chip.
  await page.goto("/categories");
  const type = page.getByRole("main").getByRole("listitem").filter({ hasText: /Barn/ }).first();
  await type.getByRole("link").click();
  await expect(page.getByRole("heading", { level: 1, name: "Barn" })).toBeVisible();
  const typeCount = Number(
    /(\d+) Venues?/.exec(await page.getByRole("heading", { level: 2 }).first().innerText())![1],
  );
  await page.getByRole("link", { name: "Filter", exact: true }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/venues" && u.searchParams.get("category") === "Barn");
  await expect(chip(page, "Barn")).toBeVisible();
  await expect(filterForm(page).getByRole("checkbox", { name: "Barn" })).toBeChecked();
  expect(await resultCount(page)).toBe(typeCount);
});

test("each filter is applied from the panel, reported to analytics and removed by its chip", async ({
  page,
}) => {
  test.slow(); // seven filters, each applied and removed
  await page.setViewportSize({ width: 1280, height: 900 });
  const events = await recordAnalytics(page);
  const total = await openList(page);
  const form = filterForm(page);
  const someName = (await cards(page).first().getByRole("heading").innerText()).split(" ")[0]!;

  const cases: {
    label: string;
    chip: string;
    param: [string, RegExp];
    type: string;
    set: () => Promise<void>;
  }[] = [
    {
      label: "location",
      chip: "Denver",
      param: ["location", /^Denver$/],
      type: "location",
      set: () => form.getByLabel("Location").fill("Denver"),
    },
    {
      label: "venue name",
      chip: someName,
      param: ["venueName", new RegExp(`^${someName}$`)],
      type: "venueName",
      set: () => form.getByLabel("Venue Name").fill(someName),
    },
    {
      label: "guests",
      chip: "200+",
      param: ["guests", /^200$/],
      type: "guests",
      set: () => form.getByLabel("Guests").fill("200"),
    },
    {
      label: "max price",
      chip: "Up to $5,000",
      param: ["maxPrice", /^5000$/],
      type: "maxPrice",
      set: async () => {
        await form.getByRole("slider", { name: "Max Price" }).fill("5000");
        await expect(form.getByText("Up to $5,000")).toBeVisible();
      },
    },
    {
      label: "region",
      chip: "Foothills",
      param: ["region", /^Foothills$/],
      type: "region",
      set: () => form.getByRole("radio", { name: "Foothills" }).check(),
    },
    {
      label: "venue type",
      chip: "Barn",
      param: ["category", new RegExp(`^${UUID}$`)],
      type: "category",
      set: () => form.getByRole("checkbox", { name: "Barn" }).check(),
    },
    {
      label: "amenity",
      chip: "WiFi",
      param: ["amenities", /^WiFi$/],
      type: "amenity",
      set: async () => {
        await form.getByRole("searchbox", { name: "Search amenities" }).fill("wi");
        await expect(form.getByRole("checkbox", { name: "Parking" })).toBeHidden();
        await form.getByRole("checkbox", { name: "WiFi" }).check();
      },
    },
  ];

  for (const c of cases) {
    await test.step(c.label, async () => {
      await c.set();
      await form.getByRole("button", { name: "Apply Filters" }).click();
      await expect(page).toHaveURL((u) => c.param[1].test(u.searchParams.get(c.param[0]) ?? ""));
      await expect(page).toHaveURL((u) => u.searchParams.get("view") === "list");
      await expect(chip(page, c.chip)).toBeVisible();
      await expect.poll(() => resultCount(page)).toBeLessThan(total);
      expect(await events()).toContainEqual(
        expect.objectContaining({ event: "filter_applied", filter_type: c.type }),
      );
      const found = await resultCount(page);
      expect(await events()).toContainEqual(
        expect.objectContaining({ event: "search", results_count: found }),
      );
      if (found > 0) await expect(cards(page).first()).toBeVisible();

      await chip(page, c.chip).click();
      await expect(page).toHaveURL((u) => !u.searchParams.has(c.param[0]));
      await expect(chip(page, c.chip)).toHaveCount(0);
      await expect.poll(() => resultCount(page)).toBe(total);
    });
  }
});

test("'Clear All', the empty state and its 'Clear All Filters'", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const total = await openList(page);
  await page.goto(
    "/venues?view=list&location=Denver&guests=50&region=Denver%20Metro%20%26%20Surrounding%20Areas&amenities=Parking",
  );
  await expect(chip(page, "Denver")).toBeVisible();
  await expect(chip(page, "50+")).toBeVisible();
  await expect(chip(page, "Denver Metro & Surrounding Areas")).toBeVisible();
  await expect(chip(page, "Parking")).toBeVisible();
  await expectHydrated(filterForm(page).getByRole("link", { name: "Clear All" }));
  await filterForm(page).getByRole("link", { name: "Clear All" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/venues" && u.search === "?view=list");
  await expect(page.getByRole("link", { name: /^Remove filter:/ })).toHaveCount(0);
  await expect.poll(() => resultCount(page)).toBe(total);
  await expect(filterForm(page).getByLabel("Location")).toHaveValue("");

  // Nothing matches.
  await filterForm(page).getByLabel("Location").fill("Atlantis");
  await filterForm(page).getByRole("button", { name: "Apply Filters" }).click();
  await expect(countLine(page)).toHaveText("0 venues found");
  await expect(page.getByRole("heading", { name: "No venues found" })).toBeVisible();
  await expect(
    page.getByRole("tabpanel", { name: "List" }).getByText("Try adjusting your filters or search terms"),
  ).toBeVisible();
  await expect(cards(page)).toHaveCount(0);
  await page.getByRole("link", { name: "Clear All Filters" }).click();
  await expect(page).toHaveURL((u) => !u.searchParams.has("location"));
  await expect.poll(() => resultCount(page)).toBe(total);
});

test("bad values in the address are ignored, and the address restores every filter", async ({ page }) => {
  const total = await openList(
    page,
    "&guests=abc&maxPrice=-5&region=Atlantis&category=Castle&amenities=Helipad&page=0",
  );
  await expect(page.getByRole("link", { name: /^Remove filter:/ })).toHaveCount(0);
  expect(total).toBeGreaterThanOrEqual(150);

  await page.goto(
    "/venues?view=list&guests=120&maxPrice=8000&region=Foothills&amenities=WiFi,Parking&sort=rating",
  );
  const form = filterForm(page);
  await expect(form.getByLabel("Guests")).toHaveValue("120");
  await expect(form.getByRole("slider", { name: "Max Price" })).toHaveValue("8000");
  await expect(form.getByRole("radio", { name: "Foothills" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "WiFi" })).toBeChecked();
  await expect(form.getByRole("checkbox", { name: "Parking" })).toBeChecked();
  await expect(page.getByLabel("Sort by")).toHaveValue("rating");
  for (const label of ["120+", "Up to $8,000", "Foothills", "WiFi", "Parking"])
    await expect(chip(page, label)).toBeVisible();

  // Choosing the chosen region again clears it (spec: one region, a second click clears).
  await expectHydrated(form.getByRole("radio", { name: "Foothills" }));
  await form.getByRole("radio", { name: "Foothills" }).click();
  await expect(form.getByRole("radio", { name: "Foothills" })).not.toBeChecked();
});

test("a max price from 10,000 up is applied but kept out of the address, as the spec says", async ({
  page,
}) => {
  const total = await openList(page);
  const form = filterForm(page);
  await form.getByRole("slider", { name: "Max Price" }).fill("12000");
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(chip(page, "Up to $12,000")).toBeVisible();
  await expect(page).toHaveURL((u) => u.search === "?view=list");
  const limited = await resultCount(page);
  expect(limited).toBeLessThan(total);
  // Switching tabs keeps the results (nothing is loaded again).
  await page.getByRole("tab", { name: "Map" }).click();
  await expect(page).toHaveURL((u) => u.search === "");
  expect(await resultCount(page)).toBe(limited);
});

test("List and Map tabs; clusters and pins on the map; a pin's popup opens the venue page", async ({
  page,
}) => {
  test.slow();
  await page.setViewportSize({ width: 1280, height: 900 });
  // A filter, so the map fits to the results instead of asking for the visitor's position.
  await page.goto("/venues?guests=20");
  await expect(page.getByRole("tab", { name: "Map" })).toHaveAttribute("aria-selected", "true");
  const box = await mapRegion(page).boundingBox();
  expect(box!.height).toBeGreaterThanOrEqual(400);
  await expect(clusters(page).first()).toBeVisible();
  await expect(page.getByText(/^[\d,]+ venues? in this area$/)).toBeVisible();

  // List, and back to the map.
  await page.getByRole("tab", { name: "List" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("view") === "list");
  await expect(cards(page).first()).toBeVisible();
  await expect(mapRegion(page)).toBeHidden();
  await page.getByRole("tab", { name: "Map" }).click();
  await expect(page).toHaveURL((u) => !u.searchParams.has("view"));
  await expect(mapRegion(page)).toBeVisible();

  // Clusters zoom in when clicked, until single venues show.
  for (let i = 0; i < 6 && (await pins(page).count()) === 0; i++) {
    const before = await clusters(page).count();
    await clusters(page).first().click();
    await expect
      .poll(async () => (await pins(page).count()) > 0 || (await clusters(page).count()) !== before)
      .toBe(true);
  }
  await expect(pins(page).first()).toBeVisible();
  const name = (await pins(page).first().getAttribute("aria-label"))!;
  await pins(page).first().click();
  const popup = mapRegion(page).locator(".leaflet-popup");
  await expect(popup.getByRole("link", { name, exact: true })).toBeVisible();
  // Moving the map asks for its markers again; the open popup stays. (Arrow keys pan a focused map.)
  const answered = page.waitForResponse((r) => r.url().includes("/api/venues/map"));
  await mapRegion(page).focus();
  await page.keyboard.press("ArrowLeft");
  await answered;
  await expect(popup.getByRole("link", { name, exact: true })).toBeVisible();
  await popup.getByRole("link", { name: `View ${name}` }).click();
  await expect(page).toHaveURL(new RegExp(`/venue/[a-z0-9-]+-${UUID}$`));
  await expect(page.getByRole("heading", { level: 1, name, exact: true })).toBeVisible();
});

test("a venue chosen on the map is shown in the list: its card scrolled to and outlined", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openList(page);
  const name = await cards(page).nth(5).getByRole("heading").innerText();
  // One venue: the map fits to it and shows its pin.
  await page.goto(`/venues?venueName=${encodeURIComponent(name)}`);
  await expect(pins(page)).toHaveCount(1);
  await pins(page).click();
  await mapRegion(page).locator(".leaflet-popup").getByRole("button", { name: "Show in list" }).click();
  await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
  const card = cards(page).filter({ has: page.getByRole("heading", { name, exact: true }) });
  await expect(card).toBeInViewport();
  await expect(card).toHaveClass(/outline-accent/);
  await expect(card.getByRole("link", { name, exact: true })).toBeFocused();
});

test.describe("'My Location'", () => {
  test("with the permission granted: the map centres on the visitor, automatically once and on request", async ({
    page,
    context,
  }) => {
    await context.grantPermissions(["geolocation"]);
    await context.setGeolocation({ latitude: 39.7392, longitude: -104.9903 });
    // The map's first answer comes after the position, as on a slow connection: the position
    // still wins over the fit to all results that the answer brings.
    let located!: () => void;
    const afterLocation = new Promise<void>((resolve) => (located = resolve));
    await page.route(
      (url) => url.pathname === "/api/venues/map",
      async (route) => {
        await afterLocation;
        await route.continue();
      },
    );
    await page.goto("/venues");
    // Automatically, once per visit to the unfiltered map.
    await expect(page.getByText("Location found")).toBeVisible();
    located();
    await expect(page.getByText("Map centered on your current location.")).toBeVisible();
    await expect(clusters(page).or(pins(page)).first()).toBeVisible();
    // Zoom 9 around Denver: the venues of the Front Range, not the whole state.
    const inArea = async () =>
      Number((await page.getByText(/^[\d,]+ venues? in this area$/).innerText()).replace(/\D/g, ""));
    await expect.poll(inArea).toBeLessThan(await resultCount(page));
    expect(await inArea()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "My Location" }).click();
    await expect(page.getByText("Location found")).toHaveCount(2);
    // Not again after a reload: the map decides when it starts, before its markers show.
    await page.addInitScript(() => {
      const geo = navigator.geolocation;
      const ask = geo.getCurrentPosition.bind(geo);
      const w = window as unknown as { asked: number };
      w.asked = 0;
      geo.getCurrentPosition = (...args) => {
        w.asked++;
        ask(...args);
      };
    });
    await page.reload();
    await expect(clusters(page).or(pins(page)).first()).toBeVisible();
    expect(await page.evaluate(() => (window as unknown as { asked: number }).asked)).toBe(0);
    await expect(page.getByText("Location found")).toHaveCount(0);
  });

  test("with the permission denied: the default view and the spec's message", async ({ page, context }) => {
    await context.clearPermissions();
    await page.goto("/venues");
    await expect(page.getByText("Location access denied")).toBeVisible();
    await expect(page.getByText("Unable to access your location. Showing default view.")).toBeVisible();
    await expect(clusters(page).first()).toBeVisible();
    await page.getByRole("button", { name: "My Location" }).click();
    await expect(page.getByText("Location access denied")).toHaveCount(2);
  });
});

test("the filter drawer at 390 px", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/venues?view=list");
  const toggle = page.getByRole("button", { name: "Show Filters" });
  await expectHydrated(toggle);
  await expect(filterForm(page)).toBeHidden();
  await expect(toggle).toHaveAttribute("aria-expanded", "false");
  await toggle.click();
  await expect(filterForm(page)).toBeVisible();
  await expect(page.getByRole("button", { name: "Hide Filters" }).first()).toBeVisible();
  await expect(filterForm(page).getByLabel("Location")).toBeFocused();
  // A full-height sheet over the results.
  const sheet = (await page.getByRole("region", { name: "Filters" }).boundingBox())!;
  expect(sheet.width).toBe(390);
  expect(sheet.height).toBeGreaterThan(700);
  await page.getByRole("button", { name: "Hide Filters" }).first().click();
  await expect(filterForm(page)).toBeHidden();
  await expect(toggle).toBeFocused();

  await toggle.click();
  await filterForm(page).getByLabel("Guests").fill("150");
  await filterForm(page).getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("guests") === "150");
  await expect(filterForm(page)).toBeHidden();
  await expect(chip(page, "150+")).toBeVisible();
  // One column of cards.
  const lefts = await cards(page).evaluateAll((els) =>
    els.slice(0, 3).map((e) => e.getBoundingClientRect().left),
  );
  expect(new Set(lefts).size).toBe(1);
  await page.keyboard.press("Escape");
  await toggle.click();
  await page.keyboard.press("Escape");
  await expect(filterForm(page)).toBeHidden();
});

test("back and forward restore each search", async ({ page }) => {
  const total = await openList(page);
  const form = filterForm(page);
  await form.getByLabel("Guests").fill("100");
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(chip(page, "100+")).toBeVisible();
  const withGuests = await resultCount(page);
  await form.getByRole("radio", { name: "Front Range North" }).check();
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(chip(page, "Front Range North")).toBeVisible();
  const withRegion = await resultCount(page);
  expect(withRegion).toBeLessThan(withGuests);

  await page.goBack();
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("guests") === "100" && !u.searchParams.has("region"),
  );
  await expect(chip(page, "Front Range North")).toHaveCount(0);
  await expect.poll(() => resultCount(page)).toBe(withGuests);
  await expect(form.getByRole("radio", { name: "Front Range North" })).not.toBeChecked();
  await page.goBack();
  await expect.poll(() => resultCount(page)).toBe(total);
  await expect(form.getByLabel("Guests")).toHaveValue("");
  await page.goForward();
  await page.goForward();
  await expect(chip(page, "Front Range North")).toBeVisible();
  await expect.poll(() => resultCount(page)).toBe(withRegion);
});

test("three skeleton cards, and no count, while new results load", async ({ page }) => {
  const total = await openList(page);
  let release: () => void = () => {};
  const held = new Promise<void>((r) => (release = r));
  await page.route(/\/venues\.data/, async (route) => {
    await held;
    await route.continue();
  });
  await filterForm(page).getByLabel("Guests").fill("80");
  await filterForm(page).getByRole("button", { name: "Apply Filters" }).click();
  const skeleton = page.getByRole("status", { name: "Loading venues" });
  await expect(skeleton).toBeVisible();
  await expect(skeleton.locator(":scope > div")).toHaveCount(3);
  // Issue 22, point 18: the count line says the search is on its way, not the old number, and is
  // busy (a screen reader hears the new count once it is in).
  const count = page.getByRole("status").filter({ hasText: "Searching venues…" });
  await expect(count).toHaveAttribute("aria-busy", "true");
  await expect(countLine(page)).toHaveCount(0);
  release();
  await expect(skeleton).toBeHidden();
  await expect(chip(page, "80+")).toBeVisible();
  await expect(count).toHaveCount(0);
  expect(await resultCount(page)).toBeLessThan(total);
  await expect(page.getByRole("status").filter({ has: countLine(page) })).not.toHaveAttribute("aria-busy");
});

// Issue 22, point 18: 'Apply Filters' takes the view to the results, past the filters on a
// desktop and out of the drawer on a phone; an empty result's message shows over the map.
for (const [width, height] of [
  [1280, 900],
  [390, 844],
] as const) {
  test(`'Apply Filters' goes to the results, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/venues?view=list");
    if (width < 1024) {
      const toggle = page.getByRole("button", { name: "Show Filters" });
      await expectHydrated(toggle);
      await toggle.click();
    } else await expectHydrated(filterForm(page).getByRole("button", { name: "Apply Filters" }));
    const form = filterForm(page);
    await form.getByLabel("Guests").fill("60");
    // The last amenity: far down the panel, so the page (or the drawer) scrolls to it.
    await form.getByRole("checkbox").last().check();
    const apply = form.getByRole("button", { name: "Apply Filters" });
    await apply.scrollIntoViewIfNeeded();
    await apply.press("Enter");
    await expect(chip(page, "60+")).toBeVisible();
    await expect(page.getByRole("heading", { level: 2, name: "Results" })).toBeFocused();
    await expect(countLine(page)).toBeInViewport();
    await expect(cards(page).first()).toBeInViewport();
  });

  test(`an empty map shows its message over the map, at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await page.goto("/venues?location=Atlantis");
    await expect(countLine(page)).toHaveText("0 venues found");
    const panel = page.getByRole("tabpanel", { name: "Map" });
    await expect(panel.getByRole("heading", { name: "No venues found" })).toBeInViewport();
    const clear = panel.getByRole("link", { name: "Clear All Filters" });
    await expect(clear).toBeInViewport({ ratio: 1 });
    await expectOnTop(clear);
    // Over the map, not below it.
    const map = (await panel.locator("div").first().boundingBox())!;
    const link = (await clear.boundingBox())!;
    expect(link.y + link.height).toBeLessThanOrEqual(map.y + map.height);
    await expectHydrated(clear);
    await clear.click();
    await expect(page).toHaveURL((u) => !u.searchParams.has("location"));
  });
}

test("venues at the same spot share one marker whose popup lists each of them", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await openList(page);
  const links = cards(page).getByRole("heading", { level: 3 }).getByRole("link");
  const venues = await Promise.all(
    [0, 1].map(async (i) => ({
      name: await links.nth(i).innerText(),
      path: new URL((await links.nth(i).getAttribute("href"))!, "http://x").pathname,
    })),
  );
  // The map's answer: both venues at one address (as two venues geocoded to one ZIP code are).
  const [lat, lng] = [39.7392, -104.9903];
  await page.route(/\/api\/venues\/map\?/, (route) =>
    route.fulfill({
      json: {
        zoom: 15,
        total: 2,
        clusters: [],
        points: venues.map((v) => ({
          id: new RegExp(UUID).exec(v.path)![0],
          name: v.name,
          path: v.path,
          lat,
          lng,
          image: "/favicon.svg",
          price: "Contact for pricing",
          rating: 0,
          reviewCount: 0,
        })),
        extent: [lat, lng, lat, lng],
      },
    }),
  );
  await page.goto("/venues?guests=20");
  const spot = mapRegion(page).getByRole("button", { name: "2 venues at this spot" });
  await expect(spot).toBeVisible();
  await expect(pins(page)).toHaveCount(0);
  // With the keyboard: the marker, then each venue's link in its popup.
  await spot.focus();
  await page.keyboard.press("Enter");
  const popup = mapRegion(page).locator(".leaflet-popup");
  for (const v of venues) await expect(popup.getByRole("link", { name: v.name, exact: true })).toBeVisible();
  await popup.getByRole("link", { name: venues[1]!.name, exact: true }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL((u) => u.pathname === venues[1]!.path);
  await expect(page.getByRole("heading", { level: 1, name: venues[1]!.name, exact: true })).toBeVisible();
});

test("a page of results, the filters and the pages work without JavaScript", async ({ browser }) => {
  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await page.goto("/venues?view=list&page=2");
  await expect(cards(page)).toHaveCount(24);
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("page") === "3");
  await expect(page.getByRole("link", { name: "Page 3" })).toHaveAttribute("aria-current", "page");

  const form = filterForm(page);
  await form.getByLabel("Guests").fill("100");
  await form.getByRole("checkbox", { name: "Parking" }).check();
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("guests") === "100" && u.searchParams.get("view") === "list",
  );
  await expect(chip(page, "100+")).toBeVisible();
  await expect(chip(page, "Parking")).toBeVisible();
  await expect(cards(page).first()).toBeVisible();
  await chip(page, "Parking").click();
  await expect(chip(page, "Parking")).toHaveCount(0);
  await expect(chip(page, "100+")).toBeVisible();

  // The order: a GET form with its own button.
  await page.getByLabel("Sort by").selectOption({ label: "Most reviewed" });
  await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("sort") === "reviews");
  await expect(chip(page, "100+")).toBeVisible();

  // The map needs JavaScript: it says so (shown by `@media (scripting: none)`), and links to the list.
  await page.goto("/venues");
  await expect(page.getByText("The map needs JavaScript; the list works without it.")).toBeVisible();
  await expect(page.getByText("Loading the map…")).toBeHidden();
  await page.getByRole("link", { name: "Show the list instead" }).click();
  await expect(cards(page)).toHaveCount(24);
  await context.close();
});

test.describe("when the map's script cannot load", () => {
  test.use({
    allowedConsoleErrors: [/Failed to load resource|Failed to fetch dynamically imported module|venue-map/],
  });

  test("the Map tab says so and the list still works", async ({ page }) => {
    await page.route(/\/assets\/venue-map\.client-[^/]+\.js$/, (route) => route.abort());
    await page.goto("/venues?guests=10");
    await expect(page.getByText("The map could not be loaded.")).toBeVisible();
    await page.getByRole("link", { name: "Show the list instead" }).click();
    await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
    await expect(cards(page).first()).toBeVisible();
  });
});

test("the map's data: a bad box or zoom is answered, never a 500", async ({ request }) => {
  for (const qs of [
    "bbox=abc&zoom=xyz",
    "bbox=1,2,3&zoom=99",
    "",
    "bbox=36,-110,42,-101&zoom=6&guests=abc&region=Atlantis",
  ]) {
    const res = await request.get(`/api/venues/map?${qs}`);
    expect(res.status(), qs).toBe(200);
    const body = (await res.json()) as { clusters: unknown[]; points: unknown[]; total: number };
    expect(body.total, qs).toBeGreaterThan(0);
  }
});

test("/venues has no serious accessibility violations in the list and map views", async ({ browser }) => {
  test.slow();
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await page.goto("/venues?view=list&amenities=WiFi");
  await expect(cards(page).first()).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await page.goto("/venues?guests=20");
  await expect(clusters(page).first()).toBeVisible();
  await settle(page);
  await expectNoSeriousA11yViolations(page);
  // And with a popup open.
  await page.goto("/venues?guests=20&region=Foothills");
  await expect(pins(page).or(clusters(page)).first()).toBeVisible();
  if ((await pins(page).count()) > 0) {
    await pins(page).first().click();
    await expect(mapRegion(page).locator(".leaflet-popup")).toBeVisible();
    await expectNoSeriousA11yViolations(page);
  }
  await context.close();
});

test("screenshots of /venues, list and map, at 1280, 820 and 390 px", async ({ page }) => {
  test.slow();
  for (const [width, height] of [
    [1280, 900],
    [820, 1180],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto("/venues?view=list");
    await expect(cards(page).first()).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `test-results/screens/venues-list-${width}.png` });
    await page.goto("/venues?guests=20");
    await expect(clusters(page).first()).toBeVisible();
    await settle(page);
    await page.screenshot({ path: `test-results/screens/venues-map-${width}.png` });
  }
});
