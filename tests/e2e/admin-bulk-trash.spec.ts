import type { Page } from "@playwright/test";
import sharp from "sharp";
import { E2E_ADMIN, WIDTHS } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  guestAsks,
  loginViaApi,
  switchAccount,
  test,
  toast,
} from "./fixtures";
import { expectFocusOnResult } from "./primary-action";

// Issue 22, items 7 and 9 (ADR 023): on the admin's venue list, tick venues and delete them in
// one step after 'Delete 2 venues?'; they leave the public site and wait in the trash, whose
// Restore brings one back with its photo and 'Delete forever' ends the other. An import's Recent
// Activity entry says what it imported and undoes it. At 1280 and 390 px, axe on each screen,
// and no sideways scroll on the trash and the dashboard.

const table = (page: Page) => page.getByRole("table", { name: /^Approved venues/ });

/** A venue added as the Add Venue dialog sends it, with one photo. */
async function addVenue(page: Page, name: string) {
  const choices = (await (await page.request.get("/api/venue-submissions")).json()) as {
    venueTypes: { id: string }[];
  };
  const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#5a7f8f" } })
    .jpeg()
    .toBuffer();
  const res = await page.request.post("/admin/venues?intent=add", {
    headers: { origin: new URL(page.url()).origin, accept: "*/*" },
    multipart: {
      name,
      description: "A glass pavilion by the reservoir.",
      addressLine1: "9 Shore Rd",
      city: "Boulder",
      postalCode: "80302",
      region: "Front Range North",
      category: choices.venueTypes[0]!.id,
      priceType: "single",
      price: "3900",
      capacity: "110",
      latitude: "",
      longitude: "",
      images: { name: "pavilion.jpg", mimeType: "image/jpeg", buffer: photo },
    },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The venue's public page, found through the admin list's link. */
async function publicPath(page: Page, name: string) {
  return (await table(page).getByRole("link", { name, exact: true }).getAttribute("href"))!;
}

async function expectNoSidewaysScroll(page: Page) {
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    page.viewportSize()!.width,
  );
}

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

for (const width of WIDTHS) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 900 } });

    test("bulk delete to the trash, a restore with the photo, and 'Delete forever'", async ({ page }) => {
      test.setTimeout(120_000);
      const stamp = `${width}-${Date.now().toString(36)}`;
      const names = ["A", "B", "C"].map((x) => `E2E Bulk ${x} ${stamp}`);
      await page.goto("/admin/dashboard");
      for (const name of names) await addVenue(page, name);

      await page.goto(`/admin/venues?q=${stamp}`);
      await expect(table(page).locator("tbody tr")).toHaveCount(3);
      const bar = page.getByRole("form", { name: "Bulk actions" });
      const select = (name: string) => page.getByRole("checkbox", { name: `Select ${name}` });
      await expectHydrated(select(names[0]!));
      const path = await publicPath(page, names[0]!);

      // The header's box ticks the page; unticking one leaves two.
      await page.getByRole("checkbox", { name: "Select all venues on this page" }).check();
      await expect(bar).toContainText("3 venues selected");
      await select(names[2]!).uncheck();
      await expect(bar).toContainText("2 venues selected");
      await expectNoSeriousA11yViolations(page);

      await bar.getByRole("button", { name: "Delete" }).click();
      const confirm = page.getByRole("dialog", { name: "Delete 2 venues?" });
      await expect(confirm).toContainText("They move to the trash, where they can be restored for 30 days.");
      await expectNoSeriousA11yViolations(page);
      await confirm.getByRole("button", { name: "Delete 2 venues" }).click();
      await expect(toast(page, "2 venues moved to the trash")).toBeVisible();
      await expect(table(page).locator("tbody tr")).toHaveCount(1);
      await expect(table(page)).toContainText(names[2]!);
      await expect(bar).toContainText("Select venues to delete, approve or reject them together.");
      // Gone from the public site at once.
      expect((await page.request.get(path)).status()).toBe(404);

      await page.getByRole("link", { name: /^Trash \(\d+\)$/ }).click();
      await expect(page).toHaveURL(/\/admin\/venues\/trash$/);
      const trash = page.getByRole("table", { name: /^Venues in the trash/ });
      const row = (name: string) => trash.getByRole("row").filter({ hasText: name });
      await expect(row(names[0]!)).toContainText(`by ${E2E_ADMIN.name}`);
      await expect(row(names[1]!)).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      const restore = row(names[0]!).getByRole("button", { name: `Restore ${names[0]}` });
      await expectHydrated(restore);
      await restore.click();
      await expect(toast(page, `${names[0]} restored`)).toBeVisible();
      await expectFocusOnResult(page, `${names[0]} restored`);
      await expect(row(names[0]!)).toHaveCount(0);

      await row(names[1]!)
        .getByRole("button", { name: `Delete forever ${names[1]}` })
        .click();
      const forever = page.getByRole("dialog", { name: "Delete this venue forever?" });
      await expect(forever).toContainText(names[1]!);
      await forever.getByRole("button", { name: "Delete forever" }).click();
      await expect(toast(page, `${names[1]} deleted forever`)).toBeVisible();
      await expect(row(names[1]!)).toHaveCount(0);

      // The restored venue is public again, with its photo.
      const venuePage = await page.request.get(path);
      expect(venuePage.status()).toBe(200);
      expect(await venuePage.text()).toMatch(/\/uploads\/venues\/[0-9a-f-]{36}\/[0-9a-f-]{36}-\d+\.webp/);
      await page.goto(`/admin/venues?q=${stamp}`);
      await expect(table(page).locator("tbody tr")).toHaveCount(2);
    });

    test("Recent Activity: one entry per import, with its file and counts, and its undo", async ({
      page,
      browser,
    }) => {
      test.setTimeout(90_000);
      const stamp = `${width}-${Date.now().toString(36)}`;
      const file = `undo-${stamp}.csv`;
      const csv = [
        "name,description,location,region,category",
        `E2E Undo One ${stamp},A barn.,"1 Main St, Lyons, Colorado 80540",Front Range North,Barn`,
        `E2E Undo Two ${stamp},A barn.,"2 Main St, Lyons, Colorado 80540",Front Range North,Barn`,
      ].join("\r\n");
      const upload = (fields: Record<string, string>) =>
        page.request.post("/admin/venues/import", {
          headers: { origin: new URL(page.url()).origin },
          multipart: { ...fields, file: { name: file, mimeType: "text/csv", buffer: Buffer.from(csv) } },
        });
      await page.goto("/admin/dashboard");
      const previewed = (await (await upload({ intent: "preview" })).json()) as {
        preview: { token: string };
      };
      const imported = await (await upload({ intent: "import", token: previewed.preview.token })).text();
      expect(imported).toContain('"type":"summary"');

      await page.goto("/admin/dashboard");
      const activity = page.getByRole("list", { name: "Latest actions" });
      // The list's own items (a toast may show inside the confirmation dialog, in an item).
      const entries = activity.locator(":scope > li");
      const entry = entries.filter({ hasText: `Imported 2 venues from ${file}` });
      await expect(entry).toContainText(`Imported 2 venues from ${file}`);
      await expect(entry).toContainText(E2E_ADMIN.name);
      // The time, in the browser's own zone once the page runs, is a <time> with its ISO value.
      await expect(entry.locator("time").first()).toHaveAttribute("datetime", /^\d{4}-\d\d-\d\dT.+Z$/);
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      // Before the page runs, the undo is a link to its own page, which asks the same question.
      const plain = await browser.newContext({
        storageState: await page.context().storageState(),
        javaScriptEnabled: false,
        viewport: page.viewportSize(),
      });
      const noJs = await plain.newPage();
      await noJs.goto(new URL("/admin/dashboard", page.url()).href);
      await noJs
        .getByRole("list", { name: "Latest actions" })
        .getByRole("link", { name: `Undo this import of ${file}` })
        .click();
      await expect(noJs).toHaveURL(/\/admin\/imports\/[0-9a-f-]{36}\/undo\?returnTo=/);
      await expect(
        noJs.getByRole("heading", { name: `Undo the import of ${file}?`, level: 1 }),
      ).toBeVisible();
      await expect(noJs.getByRole("main")).toContainText(
        "Left to undo: 2 venues it added, 0 venues it updated.",
      );
      await expectNoSidewaysScroll(noJs);
      const undoPage = noJs.url();
      await plain.close();
      // axe runs in the page, so with scripts on.
      await page.goto(undoPage);
      await expect(
        page.getByRole("heading", { name: `Undo the import of ${file}?`, level: 1 }),
      ).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await page.goto("/admin/dashboard");

      const undo = entry.getByRole("button", { name: `Undo this import of ${file}` });
      await expectHydrated(undo);
      await undo.click();
      const confirm = page.getByRole("dialog", { name: `Undo the import of ${file}?` });
      await confirm.getByRole("button", { name: "Undo import" }).click();
      await expect(toast(page, `Undid the import of ${file}`)).toBeVisible();
      await expect(entry).toContainText(`Undone`);
      await expect(entry.getByRole("button", { name: /Undo this import/ })).toHaveCount(0);
      await expect(entries.filter({ hasText: `Undid the import of ${file}` })).toContainText(
        "2 venues moved to the trash",
      );

      await page.getByRole("link", { name: "See all activity" }).click();
      await expect(page).toHaveURL(/\/admin\/activity$/);
      await expect(page.getByRole("heading", { name: "Activity", level: 1 })).toBeVisible();
      await expect(page.getByRole("list", { name: "Latest actions" })).toContainText(
        `Imported 2 venues from ${file}`,
      );
      await expectNoSeriousA11yViolations(page);
      await expectNoSidewaysScroll(page);

      const listed = await page.request.get(`/admin/venues?q=${stamp}`);
      expect(await listed.text()).toContain("No venues match");
    });
  });
}

test("a managed venue with an open inquiry: Delete warns first, and 'Trash anyway' trashes it", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { venue } = await approvedVenue(page, "warned");
  await guestAsks(browser, venue, "warned-couple");
  await switchAccount(page, E2E_ADMIN);
  await page.goto(`/admin/venues?q=${encodeURIComponent(venue.name)}`);
  const remove = table(page).getByRole("button", { name: `Delete ${venue.name}` });
  await expectHydrated(remove);
  await remove.click();
  const dialog = page.getByRole("dialog", { name: "Delete venue" });
  await expect(dialog.getByRole("alert")).toHaveText(
    `${venue.name} has 1 open inquiry from couples and 1 venue manager. Trash it anyway?`,
  );
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Trash anyway" }).click();
  await expect(toast(page, "Venue deleted successfully")).toBeVisible();
  await expect(dialog).toBeHidden();
  await expect(table(page).getByRole("link", { name: venue.name, exact: true })).toHaveCount(0);
});
