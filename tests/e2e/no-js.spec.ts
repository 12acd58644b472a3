import type { APIRequestContext, Browser, Page } from "@playwright/test";
import { asNewVisitor, expect, registerViaApi, test, uniqueAccount, venueCards } from "./fixtures";
import { coupleOnPrivacyPage, downloadMyData, jsonIn } from "./privacy";
import { screenshot } from "./screens";
import { isVenuePath, isVenueTypePath, sitemapPaths } from "./sitemap";

// The public journeys with JavaScript off (the "no javascript" project, ADR 020): every control in
// the server HTML does what it says as plain HTML. A visitor on a slow phone meets the same page
// before the scripts run (ADR 017).

// A form the server refuses is answered 400/401 on purpose; Chromium logs those responses.
test.use({ allowedConsoleErrors: [/status of 40[01]/] });

const loginForm = (page: Page) => page.getByRole("main");

async function venuePaths(request: APIRequestContext): Promise<string[]> {
  return (await sitemapPaths(request)).filter(isVenuePath);
}

/** The `offset`-th venue of the sitemap; tests that write use venues of their own. */
async function venueAt(request: APIRequestContext, offset: number): Promise<string> {
  const paths = await venuePaths(request);
  expect(paths.length).toBeGreaterThan(offset);
  return paths[offset]!;
}

/** An account made in a browser context of its own, so the test's page stays signed out. */
async function accountElsewhere(browser: Browser, prefix: string) {
  const other = await browser.newPage();
  const account = await registerViaApi(other, uniqueAccount(prefix));
  await other.context().close();
  return account;
}

async function signIn(page: Page, account: { email: string; password: string }) {
  await loginForm(page).getByLabel("Email").fill(account.email);
  await loginForm(page).getByLabel("Password").fill(account.password);
  await loginForm(page).getByRole("button", { name: "Sign In" }).click();
}

/** Each <button> of the page: a dead one is a plain button that is not disabled. */
const buttonsOf = (page: Page) =>
  page.locator("button").evaluateAll((buttons) =>
    (buttons as HTMLButtonElement[]).map((b) => ({
      name: b.getAttribute("aria-label") ?? b.textContent?.trim() ?? "",
      works: b.disabled || (b.type === "submit" && b.form !== null),
    })),
  );

test("no page has a dead button: each submits a form, or is disabled until the script runs", async ({
  page,
  baseURL,
}) => {
  const paths = await sitemapPaths(page.request);
  const venue = paths.find(isVenuePath)!;
  const guestPages = [
    "/",
    "/venues",
    "/venues?view=list",
    venue,
    `${venue}?tab=reviews`,
    "/categories",
    paths.find(isVenueTypePath)!,
    "/login",
    "/reset-password",
  ];
  const dead: string[] = [];
  const check = async (path: string) => {
    await page.goto(path);
    for (const b of await buttonsOf(page)) if (!b.works) dead.push(`${path}: ${b.name}`);
  };
  for (const path of guestPages) await check(path);

  // Signed in, with a saved venue: the hearts on /favorites, and the venue page's review controls.
  await registerViaApi(page, uniqueAccount("nojs-buttons"));
  const id = venue.slice(-36);
  const saved = await page.request.post("/api/favorites", {
    form: { venueId: id, saved: "true" },
    headers: { origin: baseURL! },
  });
  expect(saved.status()).toBe(200);
  await check("/favorites");
  await expect(venueCards(page)).toHaveCount(1);
  await check(`${venue}?tab=reviews`);
  expect(dead).toEqual([]);
});

test("search: the List tab, a filter and the result pages are links and forms", async ({ page }) => {
  await page.goto("/venues");
  // The map needs the script, and says so; the List tab is a link that works without it.
  await expect(page.getByText("The map needs JavaScript; the list works without it.")).toBeVisible();
  await expect(page.getByText("Loading the map…")).toBeHidden();
  await page.getByRole("tab", { name: "List" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("view") === "list");
  await expect(page.getByRole("tab", { name: "List" })).toHaveAttribute("aria-selected", "true");
  await expect(venueCards(page)).toHaveCount(24);

  const form = page.getByRole("form", { name: "Search filters" });
  await form.getByLabel("Guests").fill("100");
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("guests") === "100" && u.searchParams.get("view") === "list",
  );
  await expect(page.getByRole("link", { name: "Remove filter: 100+", exact: true })).toBeVisible();
  const first = await venueCards(page).first().getByRole("heading").innerText();

  const pages = page.getByRole("navigation", { name: "Search results pages" });
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("page") === "2" && u.searchParams.get("guests") === "100",
  );
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(venueCards(page).first()).toBeVisible();
  await expect(venueCards(page).first().getByRole("heading")).not.toHaveText(first);
});

test("a venue's tabs are links: each panel is there after following its tab", async ({ page }) => {
  const path = await venueAt(page.request, 0);
  await page.goto(path);
  const tablist = page.getByRole("tablist", { name: "Venue details" });
  const tab = (name: string) => tablist.getByRole("tab", { name, exact: true });
  const panel = (name: string) => page.getByRole("tabpanel", { name, exact: true });
  await expect(panel("Overview").getByRole("heading", { name: "Contact" })).toBeVisible();

  const tabs = [
    { name: "Amenities", param: "amenities", heading: "Amenities" },
    { name: "Reviews", param: "reviews", heading: "Reviews" },
    { name: "FAQ", param: "faq", heading: "Frequently Asked Questions" },
  ];
  for (const t of tabs) {
    await tab(t.name).click();
    await expect(page).toHaveURL((u) => u.pathname === path && u.searchParams.get("tab") === t.param);
    await expect(tab(t.name)).toHaveAttribute("aria-selected", "true");
    await expect(panel(t.name).getByRole("heading", { name: t.heading, exact: true })).toBeVisible();
    await expect(panel("Overview")).toBeHidden();
    // A tab's address is the venue page, not a page of its own.
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", new RegExp(`${path}$`));
  }
  await expect(panel("FAQ").locator("summary").first()).toBeVisible();
  await tab("Reviews").click();
  await expect(panel("Reviews").getByText("Please login to submit a review")).toBeVisible();

  await tab("Overview").click();
  await expect(page).toHaveURL((u) => u.pathname === path && u.search === "");
  await expect(panel("Overview").getByRole("heading", { name: "Contact" })).toBeVisible();
  await expect(panel("Reviews")).toBeHidden();
});

test("every photo of a venue's gallery opens from its thumbnail", async ({ page }) => {
  let path: string | undefined;
  for (const p of await venuePaths(page.request)) {
    if ((await (await page.request.get(p)).text()).includes('aria-label="Show photo 2"')) {
      path = p;
      break;
    }
  }
  expect(path, "a venue with several photos").toBeDefined();
  await page.goto(path!);
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  const gallery = page.getByRole("region", { name: `Photos of ${name}` });
  const total = Number((await page.getByTestId("gallery-counter").innerText()).split("/")[1]!.trim());
  const thumbnails = gallery.getByRole("link", { name: /^Show photo \d+$/ });
  await expect(thumbnails).toHaveCount(total);
  for (const href of await thumbnails.evaluateAll((links) => links.map((a) => a.getAttribute("href")!))) {
    const res = await page.request.get(href);
    expect(res.status(), href).toBe(200);
    expect(res.headers()["content-type"], href).toMatch(/^image\//);
  }
  const second = await thumbnails.nth(1).getAttribute("href");
  await thumbnails.nth(1).click();
  await expect(page).toHaveURL((u) => u.pathname === second);
});

test("register on /login's Register tab; a mistake keeps what was typed", async ({ page }) => {
  const account = uniqueAccount("nojs-reg");
  await page.goto("/login");
  await page.getByRole("tab", { name: "Register" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("tab") === "register");
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");

  const form = loginForm(page);
  await form.getByLabel("Full Name").fill(account.name);
  await form.getByLabel("Email").fill(account.email);
  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByLabel("Confirm Password").fill("not-the-same-password");
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(form.getByText("Passwords do not match")).toBeVisible();
  await expect(page.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  await expect(form.getByLabel("Full Name")).toHaveValue(account.name);
  await expect(form.getByLabel("Email")).toHaveValue(account.email);

  await form.getByLabel("Password", { exact: true }).fill(account.password);
  await form.getByLabel("Confirm Password").fill(account.password);
  await form.getByRole("button", { name: "Create Account" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/account");
  await expect(page.getByRole("heading", { name: "My Account" })).toBeVisible();
  await expect(page.getByText("Account created successfully")).toBeVisible();
});

test("sign in from the header's Sign In link, and come back to the page", async ({ page, browser }) => {
  const account = await accountElsewhere(browser, "nojs-login");
  await page.goto("/categories");
  await page.getByRole("banner").getByRole("link", { name: "Sign In" }).click();
  await expect(page).toHaveURL(
    (u) => u.pathname === "/login" && u.searchParams.get("redirectTo") === "/categories",
  );

  await signIn(page, { email: account.email, password: "a-wrong-password" });
  await expect(loginForm(page).getByText("Invalid email or password")).toBeVisible();
  await expect(loginForm(page).getByLabel("Email")).toHaveValue(account.email);

  await signIn(page, account);
  await expect(page).toHaveURL((u) => u.pathname === "/categories");
  await expect(page.getByText("Login successful")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: /My account/ })).toBeVisible();
});

test("reset a forgotten password through the emailed link", async ({ page, browser, mail }) => {
  const account = await accountElsewhere(browser, "nojs-reset");
  await page.goto("/login");
  await page.getByRole("link", { name: "Forgot password?" }).click();
  await page.getByLabel("Email").fill(account.email);
  await page.getByRole("button", { name: "Send Reset Link" }).click();
  await expect(page.getByRole("heading", { name: "Check your email" })).toBeVisible();

  const message = await mail.waitFor(account.email, { subject: /Reset your/ });
  const link = /https?:\/\/\S+\/api\/auth\/reset-password\/\S+/.exec(message.text)?.[0];
  expect(link).toBeTruthy();
  await page.goto(link!);
  await expect(page.getByRole("heading", { name: "Set New Password" })).toBeVisible();
  await page.getByLabel("New Password", { exact: true }).fill("a-new-password");
  await page.getByLabel("Confirm New Password").fill("a-new-password");
  await page.getByRole("button", { name: "Update Password" }).click();
  // No script waits two seconds to take the visitor on: the server sends them to sign in at once.
  await expect(page).toHaveURL((u) => u.pathname === "/login");
  await expect(page.getByText("Password has been updated successfully")).toBeVisible();
  await signIn(page, { email: account.email, password: "a-new-password" });
  await expect(page).toHaveURL((u) => u.pathname === "/account");
});

test("a guest's heart: sign in, the venue is saved, and it is on /favorites", async ({ page, browser }) => {
  const account = await accountElsewhere(browser, "nojs-fav");
  const path = await venueAt(page.request, 5);
  await page.goto(path);
  const name = (await page.getByRole("heading", { level: 1 }).innerText()).trim();
  await page.getByRole("button", { name: `Save ${name} to favorites` }).click();
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/login" &&
      u.searchParams.get("redirectTo") === path &&
      path.endsWith(u.searchParams.get("save") ?? "-"),
  );
  await expect(page.getByText("Please login to save favorites")).toBeVisible();

  await signIn(page, account);
  await expect(page).toHaveURL((u) => u.pathname === path);
  await expect(page.getByText("Venue added to favorites")).toBeVisible();
  const saved = page.getByRole("button", { name: `Remove ${name} from favorites` });
  await expect(saved).toHaveText("Saved");
  await expect(saved).toHaveAttribute("aria-pressed", "true");

  await page.goto("/favorites");
  await expect(venueCards(page).getByRole("link", { name, exact: true })).toBeVisible();
  // The card's heart takes it off again, and the page comes back with the message.
  await venueCards(page)
    .getByRole("button", { name: `Remove ${name} from favorites` })
    .click();
  await expect(page).toHaveURL((u) => u.pathname === "/favorites");
  await expect(page.getByText("Removed from favorites")).toBeVisible();
  await expect(page.getByRole("heading", { name: "No favorites yet" })).toBeVisible();
});

test("write a review: star radios, the server's messages, then the review in the list", async ({ page }) => {
  const account = await registerViaApi(page, uniqueAccount("nojs-review"));
  const path = await venueAt(page.request, 20);
  await page.goto(path);
  await page.getByRole("tab", { name: "Reviews", exact: true }).click();
  const panel = page.getByRole("tabpanel", { name: "Reviews", exact: true });
  await panel.getByRole("link", { name: "Write a Review" }).click();
  await expect(page).toHaveURL((u) => u.searchParams.get("review") === "write");

  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect(panel.getByText("Please enter your review")).toBeVisible();
  await expect(panel.getByText("Please select a rating")).toBeVisible();

  const text = `Warm staff and a view worth the drive. (${account.email})`;
  await panel.getByLabel("Your review").fill(text);
  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect(panel.getByText("Please select a rating")).toBeVisible();
  await expect(panel.getByLabel("Your review")).toHaveValue(text);

  // The stars fill up to the one chosen with no script: the fourth is filled, the fifth is not.
  await panel.locator("label").filter({ hasText: "4 stars" }).click();
  await expect(panel.getByRole("radio", { name: "4 stars" })).toBeChecked();
  const fill = (n: number) =>
    panel
      .locator("label")
      .filter({ hasText: new RegExp(`^${n} stars?$`) })
      .locator("svg")
      .evaluate((svg) => getComputedStyle(svg).fill);
  expect(await fill(4)).toBe(await fill(1));
  expect(await fill(5)).not.toBe(await fill(4));

  await panel.getByRole("button", { name: "Submit Review" }).click();
  await expect(page).toHaveURL(
    (u) => u.pathname === path && u.searchParams.get("tab") === "reviews" && !u.searchParams.has("review"),
  );
  await expect(page.getByText("Your review has been submitted!")).toBeVisible();
  const mine = panel.getByRole("listitem").filter({ hasText: text });
  await expect(mine).toBeVisible();
  await expect(mine.getByText(account.name, { exact: true })).toBeVisible();
  await expect(mine.getByRole("img", { name: "4.0 out of 5 stars" })).toBeVisible();
  await expect(panel.getByRole("link", { name: "Edit Your Review" })).toBeVisible();
});

test("download my data with the plain form, and open it (issue 46)", async ({ page }) => {
  const account = await coupleOnPrivacyPage(page, "privacy-no-js");
  await screenshot(page, "account-privacy-no-js", { fullPage: true });
  const zip = await downloadMyData(page);
  expect(jsonIn(zip, "account.json")).toMatchObject({ name: account.name, email: account.email });
  expect(jsonIn(zip, "favorites.json")).toHaveLength(1);
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("the mobile menu opens and closes, and its Sign In leads to /login", async ({ page }) => {
    await page.goto("/categories");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("link", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    for (const label of ["Home", "All Venues", "Venue Types", "My Favorites"])
      await expect(menu.getByRole("link", { name: label })).toBeVisible();
    await page.getByRole("link", { name: "Close menu" }).click();
    await expect(menu).toBeHidden();

    await page.getByRole("link", { name: "Open menu" }).click();
    await page.getByTestId("mobile-menu").getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(
      (u) => u.pathname === "/login" && u.searchParams.get("redirectTo") === "/categories",
    );
  });

  test("Show Filters jumps to the drawer, whose header is not under the fixed site header", async ({
    page,
  }) => {
    await page.goto("/venues");
    await page.getByRole("link", { name: "Show Filters" }).click();
    await expect(page).toHaveURL((u) => u.hash === "#search-filters");
    const header = page.getByRole("region", { name: "Filters" }).getByRole("heading", { name: "Filters" });
    await expect(header).toBeVisible();
    // Issue 41, item 11: the element at the heading's centre is the heading, not the site header.
    const top = await header.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
      return hit === el || el.contains(hit)
        ? "the heading"
        : hit?.closest("header")
          ? "the site header"
          : hit?.tagName;
    });
    expect(top).toBe("the heading");
  });

  test("a venue's Reviews tab, as the server draws it: a screenshot for review", async ({ page }) => {
    const venue = await venueAt(page.request, 0);
    await page.goto(`${venue}?tab=reviews`);
    const panel = page.getByRole("tabpanel", { name: "Reviews" });
    await expect(panel.getByRole("heading", { name: "Reviews", level: 2 })).toBeVisible();
    await expect(page.getByRole("tab", { name: "Reviews" })).toHaveAttribute("aria-selected", "true");
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "venue-reviews-nojs-390", { fullPage: true });
  });

  test("ask a venue with the plain inquiry form: a past date keeps what was typed, then the toast", async ({
    page,
  }) => {
    // Its own client address: the inquiry limits count per address (ADR 028).
    await page.setExtraHTTPHeaders({ "x-forwarded-for": asNewVisitor()["x-forwarded-for"]! });
    const venue = await venueAt(page.request, 30);
    await page.goto(venue);
    const name = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
    await page.getByTestId("inquiry-bar").getByRole("link", { name: "Check availability" }).click();
    await expect(page).toHaveURL((u) => u.pathname === `${venue}/inquiry`);
    const form = page.getByRole("main");
    const message = "Could we see the venue on a Saturday in May? (no script)";
    await form.getByLabel("Your name").fill("Quinn Plain");
    await form.getByLabel("Email").fill(uniqueAccount("nojs-inquiry").email);
    await form.getByLabel("Guests").fill("40");
    await form.getByLabel("Wedding date (optional)").fill("2020-05-02");
    await form.getByLabel("Message").fill(message);
    await form.getByRole("button", { name: "Send inquiry" }).click();
    await expect(form.getByText("Please choose a wedding date that is not in the past")).toBeVisible();
    await expect(form.getByLabel("Message")).toHaveValue(message);
    await expect(form.getByLabel("Your name")).toHaveValue("Quinn Plain");
    await screenshot(page, "inquiry-form-nojs-390", { fullPage: true });

    await form.getByLabel("Wedding date (optional)").fill(`${new Date().getFullYear() + 1}-05-02`);
    await form.getByRole("button", { name: "Send inquiry" }).click();
    await expect(page).toHaveURL((u) => u.pathname === venue);
    await expect(page.getByText(`Your inquiry was sent to ${name}`)).toBeVisible();
  });
});

test("a couple deletes their account as a plain form, and can no longer sign in", async ({ page }) => {
  const account = await registerViaApi(page, uniqueAccount("nojs-delete"));
  await page.goto("/account");
  await page.getByRole("link", { name: "Delete my account" }).click();
  const main = page.getByRole("main");
  await main.getByLabel("Password").fill("not-the-password");
  await main.getByRole("button", { name: "Delete my account" }).click();
  await expect(main.getByText("That password is not right. Nothing was deleted.")).toBeVisible();
  await main.getByRole("checkbox", { name: "Erase my contact details from my inquiries now" }).check();
  await main.getByLabel("Password").fill(account.password);
  await main.getByRole("button", { name: "Delete my account" }).click();
  await expect(page).toHaveURL((u) => u.pathname === "/");
  await expect(page.getByText("Your account was deleted.")).toBeVisible();
  await screenshot(page, "no-js-account-deleted");
  await page.goto("/login");
  await signIn(page, account);
  await expect(loginForm(page).getByText("Invalid email or password")).toBeVisible();
});
