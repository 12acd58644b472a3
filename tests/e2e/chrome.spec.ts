import { E2E_ADMIN, E2E_MANAGER } from "./paths";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectOnTop,
  loginViaApi,
  registerViaApi,
  saveFavoriteViaApi,
  test,
} from "./fixtures";
import { sitemapPaths } from "./sitemap";

test.describe("not-found page", () => {
  test.use({ allowedConsoleErrors: [/status of 404/] });

  test("answers 404 with the spec's texts and noindex", async ({ page }) => {
    const response = await page.goto("/no-such-page");
    expect(response?.status()).toBe(404);
    await expect(page.getByText("404", { exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test("paths under /admin render without the site header and footer", async ({ page }) => {
    await loginViaApi(page, E2E_ADMIN);
    await page.goto("/admin/not-built-here");
    await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
    await expect(page.getByRole("banner")).toHaveCount(0);
    await expect(page.getByRole("contentinfo")).toHaveCount(0);
  });
});

test("the header becomes more opaque and smaller after 10 px of scroll", async ({ page }) => {
  await page.goto("/categories");
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  const before = (await header.boundingBox())!.height;
  await page.mouse.wheel(0, 400);
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect.poll(async () => (await header.boundingBox())!.height).toBeLessThan(before);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test.describe("mobile menu at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("slides in below the header, lists the links and closes on navigation", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    expect((await menu.boundingBox())!.y).toBe(60);
    for (const name of ["Home", "All Venues", "Venue Types", "My Favorites"]) {
      await expect(menu.getByRole("link", { name, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole("link", { name: "Sign In" })).toBeVisible();
    await menu.getByRole("link", { name: "Venue Types" }).click();
    await expect(page).toHaveURL(/\/categories$/);
    await expect(menu).toBeHidden();

    await page.getByRole("button", { name: "Open menu" }).click();
    await page.getByRole("button", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();
  });

  test("over the map, the open sheet covers it: no marker or map control shows through", async ({ page }) => {
    await page.goto("/venues?view=map");
    const map = page.getByRole("region", { name: "Map of venues" });
    await expect(map.locator(".leaflet-marker-icon").first()).toBeVisible();
    const box = (await map.boundingBox())!;
    const open = page.getByRole("button", { name: "Open menu" });
    await expectHydrated(open);
    await open.click();
    const menu = page.getByTestId("mobile-menu");
    await expect(menu).toBeVisible();
    // Every point of the map's area, sampled on a grid, belongs to the sheet.
    const uncovered = await page.evaluate(({ x, y, width, height }) => {
      const sheet = document.getElementById("mobile-menu")!;
      const found: string[] = [];
      for (let i = 1; i < 8; i++)
        for (let j = 1; j < 8; j++) {
          const el = document.elementFromPoint(
            x + (width * i) / 8,
            Math.min(y + (height * j) / 8, innerHeight - 1),
          );
          if (el && !sheet.contains(el)) found.push(el.className.toString() || el.tagName);
        }
      return found;
    }, box);
    expect(uncovered).toEqual([]);
  });

  test("signed in, it offers the account instead of Sign In", async ({ page }) => {
    await registerViaApi(page);
    await page.goto("/");
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(page.getByTestId("mobile-menu").getByRole("link", { name: "Account" })).toBeVisible();
  });

  // Issue 8: the sheet was clipped to the header (57 px), so only 'Home' could be reached.
  const ROLES = {
    guest: { links: [], last: "Sign In" },
    user: { links: ["Account"], last: "Account" },
    manager: { links: ["Dashboard", "Account"], last: "Account" },
    admin: {
      links: ["Dashboard", "Venues", "Pending Venues", "Venue Types", "Amenities", "Users", "Account"],
      last: "Account",
    },
  } as const;
  for (const [role, expected] of Object.entries(ROLES)) {
    test(`every link of the sheet is visible, on top and clickable for ${role === "admin" ? "an" : "a"} ${role}`, async ({
      page,
    }) => {
      test.slow(); // up to eleven controls, each checked where it is painted
      if (role === "user") await registerViaApi(page);
      if (role === "manager") await loginViaApi(page, E2E_MANAGER);
      if (role === "admin") await loginViaApi(page, E2E_ADMIN);
      await page.goto("/");
      const open = page.getByRole("button", { name: "Open menu" });
      await expectHydrated(open);
      await open.click();
      const menu = page.getByTestId("mobile-menu");
      await expect(menu).toBeVisible();
      // The sheet reaches from under the header to the bottom of the window.
      const box = (await menu.boundingBox())!;
      expect(box.y).toBe(60);
      expect(box.y + box.height).toBe(844);

      const controls = menu.locator("a, button");
      const names = (await controls.allInnerTexts()).map((t) => t.trim());
      expect(names).toEqual(
        expect.arrayContaining(["Home", "All Venues", "Venue Types", "My Favorites", ...expected.links]),
      );
      expect(names.at(-1)).toBe(expected.last);
      for (const control of await controls.all()) {
        await expectOnTop(control);
        await control.click({ trial: true });
      }

      // And the last one does what it says (a guest's Sign In is a link to /login that, hydrated,
      // opens the dialog).
      await menu.getByRole("link", { name: expected.last, exact: true }).click();
      if (role === "guest") {
        await expect(page.getByRole("dialog").getByRole("tab", { name: "Login" })).toBeVisible();
      } else {
        await expect(page).toHaveURL((url) => url.pathname === "/account");
        await expect(menu).toBeHidden();
      }
    });
  }
});

test.describe("accessibility", () => {
  for (const path of ["/", "/login", "/reset-password"]) {
    test(`axe finds no serious violation on ${path}`, async ({ page }) => {
      test.slow(); // axe over the home page takes long on a busy machine
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    });
  }

  // Issue 8: every public page at phone width with the mobile menu open, and at desktop width.
  const PAGES = [
    "/",
    "/categories",
    "a venue type",
    "a venue",
    "/login",
    "/reset-password",
    "/terms",
    "/privacy",
    "/favorites",
    "/account",
    "/no-such-page",
  ] as const;
  test.describe("every public page", () => {
    test.use({ allowedConsoleErrors: [/status of 404/] }); // the not-found page's own status

    for (const name of PAGES) {
      test(`axe finds no serious violation on ${name} at 390 px with the menu open and at 1280 px`, async ({
        page,
      }) => {
        test.slow(); // two widths, and axe takes long on a busy machine
        if (name === "/favorites" || name === "/account") await registerViaApi(page);
        const locs = await sitemapPaths(page.request);
        // Saved venues: their cards' headings follow the page's.
        if (name === "/favorites")
          await saveFavoriteViaApi(
            page,
            locs.find((p) => p.startsWith("/venue/"))!,
          );
        const path =
          name === "a venue"
            ? locs.find((p) => p.startsWith("/venue/"))!
            : name === "a venue type"
              ? locs.find((p) => /^\/categories\/.+/.test(p))!
              : name;
        for (const width of [390, 1280]) {
          await page.setViewportSize({ width, height: width === 390 ? 844 : 900 });
          await page.goto(path);
          if (width === 390) {
            const open = page.getByRole("button", { name: "Open menu" });
            await expectHydrated(open);
            await open.click();
            await expect(page.getByTestId("mobile-menu")).toBeVisible();
          }
          await expectNoSeriousA11yViolations(page);
        }
      });
    }
  });

  test("axe finds no serious violation on the account page", async ({ page }) => {
    await registerViaApi(page);
    for (const path of ["/account", "/account/password", "/account/venues"]) {
      await page.goto(path);
      await expectNoSeriousA11yViolations(page);
    }
  });
});

test("server-rendered home page carries the site name, hero and metadata", async ({ request }) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("<title>Vows &amp; Vistas</title>");
  expect(html).toContain("Find Your Perfect Colorado Wedding Venue");
  expect(html).toMatch(/<link rel="canonical" href="http:\/\/localhost:\d+\/"/);
  expect(html).toContain('"@type":"WebSite"');
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toMatch(/Sitemap: http:\/\/localhost:\d+\/sitemap\.xml/);
  expect(await (await request.get("/healthz")).json()).toEqual({ status: "ok" });
  // What a browser asks for where no page names an icon (a photo opened on its own).
  const icon = await request.get("/favicon.ico");
  expect(icon.status()).toBe(200);
  expect(icon.headers()["content-type"]).toMatch(/^image\/(x-icon|vnd\.microsoft\.icon)$/);
});

test("/healthz shows the database's figures to admins only", async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
  const health = await (await page.request.get("/healthz")).json();
  expect(health).toMatchObject({ status: "ok", database: { up: true } });
  expect(health.database.venues.approved).toBeGreaterThanOrEqual(150);
});

test("a cross-site form post is refused", async ({ request }) => {
  const res = await request.post("/login", {
    form: { intent: "login", email: "a@b.example", password: "whatever" },
    headers: { origin: "https://evil.example" },
  });
  expect(res.status()).toBe(403);
});

// Issue 8: pages are rendered on the server, so a slow connection showed nothing after a tap.
test.describe("feedback while the next page loads", () => {
  test("a progress bar shows after 150 ms and goes once the page is there", async ({ page }) => {
    await page.goto("/");
    const link = page.getByRole("banner").getByRole("link", { name: "Venue Types" });
    await expectHydrated(link);
    // A client navigation fetches the next page's data: hold it back until the bar was seen.
    let release!: () => void;
    const held = new Promise<void>((r) => (release = r));
    await page.route(/\.data(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    // When the bar first appears, measured in the page against the moment of the click.
    await page.evaluate(() => {
      const w = window as unknown as { shownAt?: number; clickedAt?: number };
      document.addEventListener("click", () => (w.clickedAt ??= performance.now()), { capture: true });
      new MutationObserver(() => {
        if (document.querySelector('[role="progressbar"]')) w.shownAt ??= performance.now();
      }).observe(document.body, { childList: true, subtree: true });
    });
    const bar = page.getByRole("progressbar", { name: "Loading page" });
    await expect(bar).toHaveCount(0);
    await link.click();
    await expect(bar).toBeVisible();
    const { shownAt, clickedAt } = await page.evaluate(() => {
      const w = window as unknown as { shownAt: number; clickedAt: number };
      return { shownAt: w.shownAt, clickedAt: w.clickedAt };
    });
    expect(shownAt - clickedAt, "not for quick navigations").toBeGreaterThanOrEqual(140);
    release();
    await expect(page).toHaveURL((url) => url.pathname === "/categories");
    await expect(page.getByRole("heading", { level: 1, name: "Venue Types" })).toBeVisible();
    await expect(bar).toHaveCount(0);
  });

  test.describe("a sign-in", () => {
    test.use({ allowedConsoleErrors: [/status of 401/] }); // the wrong password's answer

    test("a submit button says it is busy while its form is sent", async ({ page }) => {
      await page.goto("/login");
      // The answer is held until the busy state was seen.
      let release!: () => void;
      const held = new Promise<void>((r) => (release = r));
      await page.route(
        (url) => url.pathname.startsWith("/login"),
        async (route) => {
          if (route.request().method() === "POST") await held;
          await route.continue();
        },
      );
      const form = page.getByRole("tabpanel", { name: "Login" });
      await form.getByLabel("Email").fill("nobody@e2e.example");
      await form.getByLabel("Password", { exact: true }).fill("not-the-password");
      const submit = form.getByRole("button", { name: "Sign In" });
      await expectHydrated(submit);
      await submit.click();
      const busy = form.getByRole("button", { name: "Signing in..." });
      await expect(busy).toBeDisabled();
      await expect(busy).toHaveAttribute("aria-busy", "true");
      release();
      await expect(form.getByRole("button", { name: "Sign In" })).toBeEnabled();
    });
  });
});
