import { expect, expectHydrated, registerViaApi, test, venueCards } from "./fixtures";

test("/favorites sends a signed-out visitor to /login with a way back", async ({ page }) => {
  const res = await page.request.get("/favorites", { maxRedirects: 0 });
  expect(res.status()).toBe(302);
  const location = new URL(res.headers()["location"]!, "http://x");
  expect(location.pathname).toBe("/login");
  expect(location.searchParams.get("redirectTo")).toBe("/favorites");

  await page.goto("/favorites");
  await expect(page).toHaveURL(
    (url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/favorites",
  );
});

test("signed in with no favourites: the empty state points to the venue search", async ({ page }) => {
  await registerViaApi(page);
  const response = await page.goto("/favorites");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "My Favorites" })).toBeVisible();
  await expect(page).toHaveTitle(/^My Favorites \| /);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
  await expect(
    page.getByText("Save venues you like by clicking the heart icon", { exact: true }),
  ).toBeVisible();
  await expect(venueCards(page)).toHaveCount(0);
  const explore = page.getByRole("main").getByRole("link", { name: "Explore Venues" });
  await expect(explore).toHaveAttribute("href", "/venues");
  await expectHydrated(explore);
});
