import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectOnTop,
  settle,
  test,
  UUID,
} from "./fixtures";
import {
  cards,
  chip,
  clusters,
  countLine,
  filterForm,
  mapRegion,
  openList,
  pins,
  resultCount,
} from "./search-page";
import { screenshot } from "./screens";

// The search page /venues, its map (spec, public side: section 2 'Search page', sections 5 and 9;
// issue 10), and the accessibility and screenshots of the list and map views.

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
  // The links' own addresses keep it too, for a new tab (a middle click does not run the script).
  await expect(popup.getByRole("link", { name, exact: true })).toHaveAttribute("href", /\?guests=20$/);
  await popup.getByRole("link", { name: `View ${name}` }).click();
  // With the search's guests: the couple's context follows them (issue 41).
  await expect(page).toHaveURL(new RegExp(`/venue/[a-z0-9-]+-${UUID}\\?guests=20$`));
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
    // On request, a toast of its own. The first one goes after its few seconds, sooner or later
    // after this point as the machine is fast or slow: once it has gone, the count is certain.
    await expect(page.getByText("Location found")).toHaveCount(0);
    await page.getByRole("button", { name: "My Location" }).click();
    await expect(page.getByText("Location found")).toHaveCount(1);
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
    await expect(page.getByText("Location access denied")).toHaveCount(0);
    await page.getByRole("button", { name: "My Location" }).click();
    await expect(page.getByText("Location access denied")).toHaveCount(1);
  });
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
    await screenshot(page, `venues-list-${width}`);
    await page.goto("/venues?guests=20");
    await expect(clusters(page).first()).toBeVisible();
    await settle(page);
    await screenshot(page, `venues-map-${width}`);
  }
});
