import fs from "node:fs";
import type { Page } from "@playwright/test";
import { ADDED_COLUMNS } from "../../app/lib/csv-import/read";
import { E2E_ADMIN } from "./paths";
import {
  adminAddVenueDialog,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  loginViaApi,
  test,
  UUID,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 12, item 3 and 5: the admin's venue table (sort, search), Add Venue, Edit, Delete, and a
// CSV import from the file to the preview, the progress and the summary. Issue 22: the warnings
// download at the preview and after, with each row as the file gave it; the list's CSV export,
// which imports back as updates with no changes.

const table = (page: Page) => page.getByRole("table", { name: /^Approved venues/ });

async function search(page: Page, q: string) {
  const box = page.getByRole("searchbox", { name: "Search venues" });
  await expectHydrated(box);
  await box.fill(q);
  await expect(page).toHaveURL(new RegExp(`q=${encodeURIComponent(q).replace(/%20/g, "\\+")}`));
}

test.beforeEach(async ({ page }) => {
  await loginViaApi(page, E2E_ADMIN);
});

test("add, edit and delete a venue", async ({ page }) => {
  test.setTimeout(120_000);
  const name = `E2E Aspen Hall ${Date.now()}`;
  const dialog = await adminAddVenueDialog(page, name);
  await dialog.getByLabel("Capacity (guests)").fill("135");
  await dialog.getByLabel("Phone").fill("(303) 555-0142");
  await expectNoSeriousA11yViolations(page);
  await dialog.getByRole("button", { name: "Add Venue" }).click();
  await expect(page.getByText("Venue added successfully")).toBeVisible();
  await expect(dialog).toBeHidden();

  // Listed at once (approved), placed by the geocoder.
  await search(page, name);
  const row = table(page).getByRole("row").filter({ hasText: name });
  await expect(row).toContainText("12 Ridge Rd, Boulder, Colorado 80302");
  await expect(row).toContainText(/40\.\d{6}, -105\.\d{6}/);
  await expect(row).toContainText("135");

  await row.getByRole("link", { name: `Edit ${name}` }).click();
  // The edit page knows the list state to go back to (issue 22).
  await expect(page).toHaveURL(new RegExp(`/admin/edit-venue/${UUID}\\?returnTo=%2Fadmin%2Fvenues%3Fq%3D`));
  await expect(page.getByLabel("Phone")).toHaveValue("(303) 555-0142");
  // Axe measures what is painted: a toast fading in or out has no contrast yet.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0, { timeout: 15_000 });
  await expectNoSeriousA11yViolations(page);
  await page.getByLabel("Latitude").fill("91");
  await page.getByLabel("Longitude").fill("-105.5");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Invalid coordinates provided")).toBeVisible();
  await page.getByLabel("Latitude").fill("39.5");
  await page.getByLabel("Email").fill("hello@aspen.example");
  await page.getByRole("button", { name: "Save Changes" }).click();
  // Back to the list as it was: the search it was opened from (issue 22).
  await expect(page).toHaveURL(/\/admin\/venues\?q=/);
  await expect(page.getByText("Venue updated successfully")).toBeVisible();

  await search(page, name);
  await expect(row).toContainText("39.500000, -105.500000");
  await row.getByRole("button", { name: `Delete ${name}` }).click();
  const confirm = page.getByRole("dialog", { name: "Delete venue" });
  await expect(confirm).toContainText("Are you sure you want to delete this venue?");
  await confirm.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("Venue deleted successfully")).toBeVisible();
  await expect(table(page)).toContainText(`No venues match`);
});

test("sort and search the table", async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto("/admin/venues");
  // A column's cells, by the column's index among Name, Location, Capacity and Category (the
  // row's first cell is its bulk-action checkbox).
  const firstCells = (column: number) =>
    table(page)
      .locator("tbody tr")
      .evaluateAll(
        (rows, i) => rows.map((r) => (r.children[i + 1] as HTMLElement | undefined)?.innerText.trim() ?? ""),
        column,
      );
  const byCodeUnit = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
  const names = await firstCells(0);
  expect(names.length).toBeGreaterThan(5);
  const lower = names.map((n) => n.toLowerCase());
  expect(lower).toEqual([...lower].sort(byCodeUnit));
  await expect(page.getByRole("columnheader", { name: /Name/ })).toHaveAttribute("aria-sort", "ascending");

  // Capacity: ascending, then descending; empty capacities ('—') last either way.
  const capacities = async () => {
    const cells = await firstCells(2);
    const firstEmpty = cells.indexOf("—");
    if (firstEmpty >= 0) expect(cells.slice(firstEmpty).every((c) => c === "—")).toBe(true);
    return cells.filter((c) => c !== "—").map((c) => Number(c.replace(/,/g, "")));
  };
  await page.getByRole("link", { name: /^Capacity/ }).click();
  await expect(page).toHaveURL(/sort=capacity/);
  await expect(page.getByRole("columnheader", { name: /Capacity/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  const up = await capacities();
  expect(up).toEqual([...up].sort((a, b) => a - b));
  await page.getByRole("link", { name: /^Capacity/ }).click();
  await expect(page).toHaveURL(/dir=desc/);
  await expect(page.getByRole("columnheader", { name: /Capacity/ })).toHaveAttribute(
    "aria-sort",
    "descending",
  );
  const down = await capacities();
  expect(down).toEqual([...down].sort((a, b) => b - a));

  // Search: by a venue's name, by its town (location), by its venue type.
  const rowsText = () => table(page).locator("tbody tr").allInnerTexts();
  await page.goto("/admin/venues");
  const [first] = await firstCells(1);
  const [type] = await firstCells(3);
  const town = first!.split("\n")[0]!.split(",").at(-2)!.trim();
  for (const q of [names[0]!, town, type!]) {
    await search(page, q);
    await expect
      .poll(async () => {
        const rows = await rowsText();
        return rows.length > 0 && rows.every((t) => t.toLowerCase().includes(q.toLowerCase()));
      }, `every row matches '${q}'`)
      .toBe(true);
    await expect(table(page)).not.toContainText("No venues match");
  }
  await search(page, "no venue is called this");
  await expect(table(page)).toContainText("No venues match");
  await expectNoSeriousA11yViolations(page);
});

test("a CSV import: the template, a preview that writes nothing, the import with progress, the summary and its warnings", async ({
  page,
}) => {
  test.setTimeout(120_000);
  // The table is filtered to this test's own rows, so venues other specs add meanwhile do not count.
  const stamp = Date.now();
  await page.goto(`/admin/venues?q=${stamp}`);
  await expect(table(page)).toContainText("No venues match");
  // While searching, the header says how many of all (issue 22).
  await expect(page.getByText(/^Approved venues in the directory\. 0 of [\d,]+ venues\./)).toBeVisible();
  const panel = page.getByRole("region", { name: "Import venues from CSV" });
  await expect(panel).toContainText(";");

  const [template] = await Promise.all([
    page.waitForEvent("download"),
    panel.getByRole("link", { name: "Download template" }).click(),
  ]);
  expect(template.suggestedFilename()).toBe("venue_import_template.csv");
  expect(fs.readFileSync((await template.path())!, "utf8")).toMatch(
    new RegExp(
      "^\uFEFFname,description,location,website,phone,email,region,lowPrice,highPrice,capacity,category,amenities,imageUrls,logoUrl," +
        // Issue 43's columns follow the spec's.
        `${ADDED_COLUMNS.join(",")}\r\n`,
    ),
  );

  const csv = [
    "name,description,location,region,category,amenities,lowPrice,highPrice",
    `"Imported Barn ${stamp}, Lyons","A barn, with ""character"".","1 Main St, Lyons, Colorado 80540",Front Range North,barn,WiFi;Parking,2000,5000`,
    `Imported Lake ${stamp},"Line one\r\nline two","2 Shore Dr, Grand Lake, Colorado 80447",western slope north,Waterfront,,4500,`,
    `Imported Castle ${stamp},Towers.,"3 Tower Rd, Golden, Colorado 80401",Foothills,Castle,,,`,
  ].join("\r\n");
  const input = panel.locator('input[type="file"]');
  await expectHydrated(input);
  await input.setInputFiles({
    name: "venues.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`\uFEFF${csv}\r\n`),
  });

  const preview = page.getByRole("region", { name: "Import preview" });
  await expect(preview).toContainText("Nothing has been saved yet.");
  await expect(preview.getByText("Rows to add").locator("..")).toContainText("2");
  await expect(preview.getByText("Rows with problems (skipped)").locator("..")).toContainText("1");
  await expect(preview.getByRole("tab", { name: "Problems (1)" })).toHaveAttribute("aria-selected", "true");
  await expect(preview).toContainText('Invalid category "Castle": not one of the venue types');
  await preview.getByRole("tab", { name: "To add (2)" }).click();
  // Its record's row (the header is row 1), its address and its category as the file spells it.
  const lake = preview.getByRole("row").filter({ hasText: `Imported Lake ${stamp}` });
  await expect(lake.getByRole("cell")).toHaveText([
    "3",
    `Imported Lake ${stamp}`,
    "2 Shore Dr, Grand Lake, Colorado 80447",
    "Waterfront",
  ]);
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "import-preview", { fullPage: true });
  const [previewWarnings] = await Promise.all([
    page.waitForEvent("download"),
    preview.getByRole("button", { name: "Download warnings (CSV)" }).click(),
  ]);
  expect(fs.readFileSync((await previewWarnings.path())!, "utf8")).toContain(
    `4,skip,"Invalid category ""Castle"": not one of the venue types",Imported Castle ${stamp},Towers.,`,
  );

  // Nothing was written by the preview.
  const listed = await page.request.get(`/admin/venues?q=${stamp}`);
  expect(await listed.text()).toContain("No venues match");

  await preview.getByRole("button", { name: "Import 2 venues" }).click();
  const summary = page.getByRole("status", { name: "Import summary" });
  await expect(summary).toContainText("2 imported");
  await expect(summary).toContainText("1 issue found");
  // The list reloaded by itself: the search now finds both new venues.
  await expect(page.getByText(/^Approved venues in the directory\. 2 of [\d,]+ venues\./)).toBeVisible();
  await expect(table(page).locator("tbody tr")).toHaveCount(2);
  await expect(table(page)).toContainText(`Imported Barn ${stamp}, Lyons`);
  await expect(table(page)).toContainText(`Imported Lake ${stamp}`);

  const [warnings] = await Promise.all([
    page.waitForEvent("download"),
    summary.getByRole("button", { name: "Download warnings (CSV)" }).click(),
  ]);
  expect(warnings.suggestedFilename()).toBe("venues-warnings.csv");
  const warned = fs.readFileSync((await warnings.path())!, "utf8");
  expect(warned).toMatch(/^\uFEFFrow,status,warning,name,description,location,/);
  expect(warned).toContain(
    `4,skipped,"Invalid category ""Castle"": not one of the venue types",Imported Castle ${stamp},Towers.,"3 Tower Rd, Golden, Colorado 80401",`,
  );

  // The list's export (this search only) imports back as two updates with no changes.
  const [exported] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Export CSV" }).click(),
  ]);
  expect(exported.suggestedFilename()).toMatch(/^venues-\d{4}-\d{2}-\d{2}\.csv$/);
  const exportPath = (await exported.path())!;
  const exportedText = fs.readFileSync(exportPath, "utf8");
  expect(exportedText.startsWith("\uFEFFname,description,location,website,phone,email,region,")).toBe(true);
  expect(exportedText).toContain(`"Imported Barn ${stamp}, Lyons","A barn, with ""character"".",`);
  await summary.getByRole("button", { name: "Import another file" }).click();
  await input.setInputFiles(exportPath);
  await expect(preview.getByRole("tab", { name: "To update (2)" })).toHaveAttribute("aria-selected", "true");
  await expect(preview.getByRole("tabpanel")).toContainText("No changes");
  await expect(preview.getByRole("row").filter({ hasText: "No changes" })).toHaveCount(2);
});
