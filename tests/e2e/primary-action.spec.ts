import type { Locator, Page } from "@playwright/test";
import { COMPARE_COOKIE, compareUrl, writeTray } from "../../app/lib/compare";
import { inquiryFormPath, parseVenueParam } from "../../app/lib/venue-url";
import { expect, expectHydrated, registerViaApi, settle, test, toast } from "./fixtures";
import { expectPrimaryOnTop, WIDTHS } from "./primary-action";
import { isVenueTypePath, sitemapPaths } from "./sitemap";
import { sitemapVenuePaths } from "./venue-page";

// Issue 41, items 10 and 11 (docs/architecture.md, "Fixed layers"): on every public page, at 390
// and 1280 px, with the compare tray full (4 venues), the element at the centre of the page's
// primary action is that action: neither the tray, the header, the sticky bar nor a toast covers it.

type Venue = { id: string; name: string; path: string };

/** Four venues of the sitemap, their names read from their pages. */
async function fourVenues(page: Page): Promise<Venue[]> {
  const paths = (await sitemapVenuePaths(page.request)).slice(0, 4);
  return Promise.all(
    paths.map(async (path) => {
      const html = await (await page.request.get(path)).text();
      const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1]?.replace(/&amp;/g, "&") ?? "Venue";
      return { id: parseVenueParam(path.slice("/venue/".length)), name, path };
    }),
  );
}

/** The tray as the script leaves it after four 'Compare' clicks. */
async function fillTray(page: Page, venues: Venue[], baseURL: string) {
  await page
    .context()
    .addCookies([
      { name: COMPARE_COOKIE, value: writeTray(venues.map(({ id, name }) => ({ id, name }))), url: baseURL },
    ]);
}

const checkAvailability = (scope: Locator) =>
  scope
    .getByRole("button", { name: "Check availability", exact: true })
    .or(scope.getByRole("link", { name: "Check availability", exact: true }));

for (const viewport of WIDTHS) {
  test.describe(`at ${viewport.width} px, with the tray full`, () => {
    test.use({ viewport });

    test("the public pages' primary actions are on top", async ({ page, baseURL }) => {
      test.slow();
      const venues = await fourVenues(page);
      await fillTray(page, venues, baseURL!);
      const type = (await sitemapPaths(page.request)).find(isVenueTypePath)!;
      const main = page.getByRole("main");
      const pages: { path: string; primary: () => Locator; tray?: false }[] = [
        { path: "/", primary: () => main.getByRole("button", { name: "Search", exact: true }) },
        { path: "/venues", primary: () => main.getByRole("button", { name: "Search", exact: true }) },
        {
          path: "/venues?view=map",
          primary: () => main.getByRole("button", { name: "Search", exact: true }),
        },
        { path: "/categories", primary: () => main.getByRole("listitem").first().getByRole("link") },
        { path: type, primary: () => main.getByRole("link", { name: "Filter", exact: true }) },
        // Below 1024 px the sticky bar's; from 1024 px the side card's.
        {
          path: venues[0]!.path,
          primary: () =>
            checkAvailability(viewport.width < 1024 ? page.getByTestId("inquiry-bar") : main).first(),
        },
        {
          path: compareUrl(venues.map((v) => v.id)),
          primary: () => main.getByRole("link", { name: venues[0]!.name, exact: true }),
          tray: false,
        },
        {
          path: inquiryFormPath(venues[0]!),
          primary: () => main.getByRole("button", { name: "Send inquiry", exact: true }),
        },
      ];
      for (const { path, primary, tray } of pages) {
        await page.goto(path);
        if (tray !== false) await expect(page.getByTestId("compare-tray"), path).toBeVisible();
        await settle(page);
        await expectPrimaryOnTop(primary(), `${path} at ${viewport.width} px`);
      }
      // The tray is one line, never the three of issue 41 (about 150 px at 390 px).
      const height = await page
        .getByTestId("compare-tray")
        .evaluate((el) => el.getBoundingClientRect().height);
      expect(height).toBeLessThanOrEqual(viewport.width < 640 ? 60 : 76);
      // The tray's own button is on top too.
      await expectPrimaryOnTop(
        page.getByTestId("compare-tray").getByRole("link", { name: "Compare 4 venues" }),
        `the tray at ${viewport.width} px`,
      );
    });

    test("a signed-in couple's favorites: the primary action is on top", async ({ page, baseURL }) => {
      await registerViaApi(page);
      await fillTray(page, await fourVenues(page), baseURL!);
      await page.goto("/favorites");
      await expect(page.getByTestId("compare-tray")).toBeVisible();
      await expectPrimaryOnTop(
        page.getByRole("main").getByRole("link", { name: "Explore Venues" }),
        `/favorites at ${viewport.width} px`,
      );
    });
  });
}

test.describe("a toast at 1280 px", () => {
  test.use({ viewport: { width: 1280, height: 800 }, permissions: ["clipboard-read", "clipboard-write"] });

  // Three venues: the tray's button is then at the right end of its one line, under the toasts'
  // corner (with four, the old tray wrapped it to a second line).
  test("does not cover the tray's 'Compare 3 venues'", async ({ page, baseURL }) => {
    const venues = (await fourVenues(page)).slice(0, 3);
    await fillTray(page, venues, baseURL!);
    await page.goto(venues[1]!.path);
    const share = page.getByRole("button", { name: "Share", exact: true });
    await expectHydrated(share);
    await share.click();
    const copied = toast(page, "Link copied to clipboard");
    await expect(copied).toBeVisible();
    // Looked at once, while the toast is on screen: a poll would pass once it has gone.
    const hit = await page
      .getByTestId("compare-tray")
      .getByRole("link", { name: "Compare 3 venues" })
      .evaluate((el) => {
        const r = el.getBoundingClientRect();
        const top = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
        if (top && (top === el || el.contains(top))) return "the button";
        return top?.closest("[data-sonner-toast]") ? "the toast" : `${top?.tagName} ${top?.textContent}`;
      });
    await expect(copied).toBeVisible();
    expect(hit, "the element at the centre of 'Compare 3 venues' under a toast").toBe("the button");
  });
});
