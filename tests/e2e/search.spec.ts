import { expect, expectHydrated, test, UUID } from "./fixtures";
import { cards, chip, countLine, filterForm, openList, recordAnalytics, resultCount } from "./search-page";

// The search page /venues (spec, public side: section 2 'Search page', sections 5 and 9; issue 10).
// The map, and the checks of both views: search-map.spec.ts.

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
