import type { APIRequestContext, Locator } from "@playwright/test";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  settle,
  test,
} from "./fixtures";
import { findRichVenue, openVenue, sitemapVenuePaths } from "./venue-page";
import { screenshot } from "./screens";

// The venue page: its server HTML, addresses, missing venues, Save, first screen, amenities, logo
// and social card. The tabs, FAQs, gallery and Share: public-venue-page-gallery.spec.ts.

const SITE_NAME = "Vows & Vistas";
const UNKNOWN_UUID = "00000000-0000-4000-8000-000000000000";

function decodeEntities(html: string): string {
  return html
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number.parseInt(dec, 10)))
    .replace(/&quot;/g, '"')
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

test("the server HTML has title, description, canonical, JSON-LD, amenities and FAQs", async ({
  page,
  baseURL,
}) => {
  const { path, html: raw } = await findRichVenue(page.request);
  const html = decodeEntities(raw);

  const ldBlocks = [...raw.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]!) as Record<string, unknown>,
  );
  const venueLd = ldBlocks.find((ld) => ld["@type"] === "EventVenue") as
    | { name: string; description: string; url: string; amenityFeature?: { name: string; value: boolean }[] }
    | undefined;
  expect(venueLd, "a JSON-LD EventVenue block").toBeDefined();
  const name = venueLd!.name;
  expect(venueLd!.url).toBe(`${baseURL}${path}`);

  expect(html).toMatch(new RegExp(`<h1[^>]*>${escapeRegExp(name)}</h1>`));
  const title = /<title>([^<]*)<\/title>/.exec(html)?.[1];
  expect(title).toBeDefined();
  expect(title!.startsWith(name)).toBe(true);
  // The site's name goes when the page's own words need the room (issue 41: at most 60).
  expect(title!.length).toBeLessThanOrEqual(60);
  if (decodeEntities(title!).length + ` | ${SITE_NAME}`.length <= 60)
    expect(title!.endsWith(` | ${SITE_NAME}`)).toBe(true);

  const description = /<meta name="description" content="([^"]*)"/.exec(raw)?.[1];
  expect(description, "meta description").toBeTruthy();
  expect(decodeEntities(description!)).toBe(venueLd!.description);
  expect(decodeEntities(description!).length).toBeLessThanOrEqual(160);

  expect(raw).toContain(`<link rel="canonical" href="${baseURL}${path}"/>`);

  // The browser's view of amenities and FAQs is all in the server HTML (inactive tabs are only hidden).
  await page.goto(path);
  // Each row's name is its own text; "(not included)" is a screen-reader-only span beside it.
  const amenities = await page
    .getByRole("list", { name: "Amenities", includeHidden: true })
    .locator("li")
    .evaluateAll((rows) =>
      rows.map((li) =>
        [...li.childNodes]
          .filter((n) => n.nodeType === Node.TEXT_NODE)
          .map((n) => n.textContent)
          .join("")
          .trim(),
      ),
    );
  expect(amenities.length).toBeGreaterThan(0);
  expect(venueLd!.amenityFeature?.map((a) => a.name)).toEqual(amenities);
  for (const amenity of amenities) expect(html).toContain(`>${amenity}<`);

  const questions = (await page.locator("details summary").allTextContents()).map((t) => t.trim());
  expect(questions.length).toBeGreaterThanOrEqual(2);
  for (const question of questions) expect(html).toContain(`>${question}<`);
});

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

test("a bare id and a wrong slug answer 301 to the canonical address", async ({ page, baseURL }) => {
  const { path } = await findRichVenue(page.request);
  const id = /([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/.exec(path)![1]!;
  for (const from of [`/venue/${id}`, `/venue/wrong-slug-${id}`]) {
    const res = await page.request.get(from, { maxRedirects: 0 });
    expect(res.status(), from).toBe(301);
    expect(new URL(res.headers()["location"]!, baseURL).href, from).toBe(`${baseURL}${path}`);
  }
  // The browser lands on the canonical page too.
  await page.goto(`/venue/${id}`);
  await expect(page).toHaveURL((url) => url.pathname === path);
});

test.describe("missing venues", () => {
  test.use({ allowedConsoleErrors: [/404/] });

  test("an unknown UUID shows 'Venue Not Found' with status 404, noindex", async ({ page }) => {
    const response = await page.goto(`/venue/some-place-${UNKNOWN_UUID}`);
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Venue Not Found" })).toBeVisible();
    await expect(
      page.getByText("The venue you're looking for doesn't exist or could not be loaded."),
    ).toBeVisible();
    await expect(page.getByRole("link", { name: "Return to Home" })).toHaveAttribute("href", "/");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  });

  test("an id that is not a UUID shows 'Invalid venue ID format'", async ({ page }) => {
    const response = await page.goto("/venue/some-venue-42");
    expect(response?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1, name: "Venue Not Found" })).toBeVisible();
    await expect(page.getByText("Invalid venue ID format: 42", { exact: true })).toBeVisible();
  });
});

test("Save toggles to 'Saved' for a signed-in user and stays saved after a reload", async ({ page }) => {
  await registerViaApi(page);
  const { name } = await openVenue(page);
  const save = page.getByRole("button", { name: `Save ${name} to favorites` });
  await expect(save).toHaveText("Save");
  await expect(save).toHaveAttribute("aria-pressed", "false");
  await expectHydrated(save);
  await save.click();
  const saved = page.getByRole("button", { name: `Remove ${name} from favorites` });
  await expect(saved).toHaveText("Saved");
  await expect(saved).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByText("Venue added to favorites")).toBeVisible();

  await page.reload();
  await expect(saved).toHaveText("Saved");
  await expectHydrated(saved);
  await saved.click();
  await expect(save).toHaveText("Save");
  await expect(page.getByText("Removed from favorites")).toBeVisible();
});

test("Save sends a signed-out visitor to log in", async ({ page }) => {
  const { name } = await openVenue(page);
  const save = page.getByRole("button", { name: `Save ${name} to favorites` });
  await expectHydrated(save);
  await save.click();
  await expect(page.getByText("Please login to save favorites")).toBeVisible();
  await expect(page).toHaveURL((url) => url.pathname === "/login");
});

test("the venue page has no serious accessibility violations", async ({ page }) => {
  await openVenue(page);
  await expectHydrated(page.getByRole("tab", { name: "Overview" }));
  await settle(page);
  await expectNoSeriousA11yViolations(page);
  await page.getByRole("tab", { name: "Reviews" }).click();
  await settle(page);
  await expectNoSeriousA11yViolations(page);
});

test("screenshots of a venue page at desktop and phone widths", async ({ page }) => {
  const { path } = await findRichVenue(page.request);
  for (const [width, height] of [
    [1280, 900],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width, height });
    await page.goto(path);
    await expectHydrated(page.getByRole("tab", { name: "Overview" }));
    await settle(page);
    await screenshot(page, `venue-${width}`, { fullPage: true });
  }
});

test("at 1280 × 800 the name, rating, location and price are on the first screen, beside a gallery that leads", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const { name } = await openVenue(page);
  await settle(page);
  const main = page.getByRole("main");
  const fold = 800;
  const bottom = async (l: Locator) => {
    const box = (await l.boundingBox())!;
    return box.y + box.height;
  };
  const h1 = main.getByRole("heading", { level: 1, name, exact: true });
  const summary = main.locator("header").filter({ has: page.getByRole("heading", { level: 1 }) });
  const rating = summary.getByText(/\(\d+ reviews?\)|No reviews yet/);
  const location = summary.getByText(/, Colorado$/).first();
  const price = main.getByText("Average price per event").locator("xpath=following-sibling::*[1]");
  for (const [what, l] of [
    ["name", h1],
    ["rating", rating],
    ["location", location],
    ["price", price],
  ] as const) {
    await expect(l, what).toBeVisible();
    expect(await bottom(l), `${what} ends within the first screen`).toBeLessThanOrEqual(fold);
  }
  const gallery = (await main.getByRole("region", { name: `Photos of ${name}` }).boundingBox())!;
  const title = (await h1.boundingBox())!;
  expect(gallery.y, "the gallery starts no lower than the name").toBeLessThanOrEqual(title.y);
  expect(gallery.width, "the gallery is the widest thing on the first screen").toBeGreaterThan(700);
  expect(gallery.y + gallery.height).toBeLessThanOrEqual(fold);
});

/** Venue paths whose server HTML lists more than, and at most, ten amenities. */
async function venuesByAmenityCount(request: APIRequestContext) {
  let many: string | null = null;
  let few: string | null = null;
  for (const path of await sitemapVenuePaths(request)) {
    const html = await (await request.get(path)).text();
    const list = /<ul[^>]*aria-label="Amenities"[^>]*>([\s\S]*?)<\/ul>/.exec(html)?.[1] ?? "";
    const n = list.match(/<li/g)?.length ?? 0;
    if (n > 10) many ??= path;
    else if (n > 0) few ??= path;
    if (many && few) return { many, few };
  }
  throw new Error("no venues with more than ten and with at most ten amenities");
}

for (const width of [1280, 390]) {
  test(`at ${width} px the amenities box shows ten and scrolls when there are more (spec)`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height: 900 });
    const { many, few } = await venuesByAmenityCount(page.request);
    for (const [path, scrolls] of [
      [many, true],
      [few, false],
    ] as const) {
      await page.goto(path);
      const tab = page.getByRole("tab", { name: "Amenities", exact: true });
      await expectHydrated(tab);
      await tab.click();
      const list = page.getByRole("list", { name: "Amenities" });
      await expect(list).toBeVisible();
      const shown = await list.evaluate((ul) => {
        const r = ul.getBoundingClientRect();
        const top = r.top + ul.clientTop;
        const bottom = top + ul.clientHeight;
        const items = [...ul.children].map((li) => li.getBoundingClientRect());
        return {
          total: items.length,
          whole: items.filter((i) => i.top >= top - 0.5 && i.bottom <= bottom + 0.5).length,
          scrolls: ul.scrollHeight > ul.clientHeight + 1,
        };
      });
      expect(shown.scrolls, `${shown.total} amenities scroll`).toBe(scrolls);
      expect(shown.whole).toBe(scrolls ? 10 : shown.total);
    }
  });
}

test("without a logo, the first two letters of the name stand in for it (spec)", async ({ page }) => {
  let found: { path: string; name: string } | null = null;
  for (const path of await sitemapVenuePaths(page.request)) {
    const html = decodeEntities(await (await page.request.get(path)).text());
    const name = /<h1[^>]*>([^<]+)<\/h1>/.exec(html)?.[1];
    // A name whose word initials differ from its first two letters, e.g. 'The Red Barn'.
    if (name && !html.includes(`alt="${name} logo"`) && /^\w\w+ \w/.test(name)) {
      found = { path, name };
      break;
    }
  }
  expect(found, "a venue without a logo").not.toBeNull();
  await page.goto(found!.path);
  const summary = page
    .getByRole("main")
    .locator("header")
    .filter({ has: page.getByRole("heading", { level: 1 }) });
  const fallback = summary.locator("span[aria-hidden='true']").first();
  await expect(fallback).toHaveText(
    found!.name
      .replace(/[^\p{L}\p{N}]/gu, "")
      .slice(0, 2)
      .toUpperCase(),
  );
});

test("a social card describes its image (og:image:alt, twitter:image:alt)", async ({ page }) => {
  const { path, html } = await findRichVenue(page.request);
  await page.goto(path);
  const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  const total = Number((await page.getByTestId("gallery-counter").textContent())!.split("/")[1]!.trim());
  const meta = (attr: string, key: string) =>
    decodeEntities(new RegExp(`<meta ${attr}="${key}" content="([^"]*)"`).exec(html)?.[1] ?? "");
  expect(meta("property", "og:image:alt")).toBe(`${name}, photo 1 of ${total}`);
  expect(meta("name", "twitter:image:alt")).toBe(`${name}, photo 1 of ${total}`);
  await expect(page.getByRole("img", { name: `${name}, photo 1 of ${total}` })).toHaveAttribute(
    "src",
    new RegExp(escapeRegExp(new URL(meta("property", "og:image")).pathname.replace(/-\d+\.webp$/, ""))),
  );
});
