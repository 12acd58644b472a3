// A person's browser keeps its HTTP cache: pages come back by address, by the back button and by
// reload, revalidated with If-None-Match (ADR 010). Each journey keeps one context, as one browser
// does, and every page must still start its scripts: a 304 that paired the kept body with a new
// CSP nonce refused every inline script (issue 19). No test here routes requests: Playwright turns
// the HTTP cache off in a context that intercepts any.
import type { Page, Response } from "@playwright/test";
import { expect, expectHydrated, test } from "./fixtures";

/** The page hydrated (React owns the header), with the site's scripts allowed by its CSP. */
async function expectLive(page: Page) {
  await expectHydrated(page.getByRole("banner"));
}

/** The pages whose kept copy the browser asked the server to confirm (If-None-Match). */
function revalidations(page: Page): string[] {
  const seen: string[] = [];
  page.on("response", async (response: Response) => {
    const request = response.request();
    if (request.resourceType() === "document" && (await request.allHeaders())["if-none-match"])
      seen.push(new URL(response.url()).pathname);
  });
  return seen;
}

async function firstVenuePath(page: Page): Promise<string> {
  const res = await page.request.get("/venues?view=list", { headers: { accept: "text/html" } });
  return /href="(\/venue\/[^"?#]+)"/.exec(await res.text())![1]!;
}

test("a page seen before starts its scripts when it comes back by address, back button and reload", async ({
  page,
}) => {
  const revalidated = revalidations(page);
  const venue = await firstVenuePath(page);
  const pages = ["/login", "/", venue, "/venues", "/venues?view=list", "/categories"];

  // A first visit to each, then each again by address: the browser revalidates what it kept.
  for (const path of pages) {
    await page.goto(path);
    await expectLive(page);
  }
  for (const path of pages) {
    await page.goto(path);
    await expectLive(page);
  }
  // The browser revalidated its copies: a 304 is where the nonce went wrong.
  expect(revalidated).toEqual(expect.arrayContaining(["/login", "/", venue, "/venues", "/categories"]));

  // Back through documents, and reloads.
  for (const path of [...pages].reverse().slice(1, 4)) {
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, "\\?")}$`));
    await expectLive(page);
  }
  await page.reload();
  await expectLive(page);
  await page.goto("/login");
  await page.reload();
  await expectLive(page);

  // And what needs the scripts works: the login page's tabs switch in place.
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page.getByRole("button", { name: "Create Account" })).toBeVisible();
});

test("a venue page that comes back from the cache runs its tabs", async ({ page }) => {
  const venue = await firstVenuePath(page);
  await page.goto(venue);
  await expectLive(page);
  await page.goto("/categories");
  await expectLive(page);
  await page.goBack();
  await expectLive(page);
  await page.reload();
  await expectLive(page);
  const tabs = page.getByRole("tablist", { name: "Venue details" });
  await expectHydrated(tabs);
  await tabs.getByRole("tab", { name: "FAQ" }).click();
  await expect(page.getByRole("heading", { name: "Frequently Asked Questions" })).toBeVisible();
});
