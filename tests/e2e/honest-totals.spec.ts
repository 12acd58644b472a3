import type { Page } from "@playwright/test";
import { expect, expectHydrated, expectNoSeriousA11yViolations, settle, test } from "./fixtures";
import { screenshot } from "./screens";

// Honest totals (issue 43): a couple searches for 140 guests on a Saturday in June, sees the
// all-in totals on the cards, opens the working on a venue page, and compares three venues whose
// totals in /compare are the cards'. At 1280 and 390 px, with scripts and without.

const SATURDAY_IN_JUNE = "2027-06-12";
const cards = (page: Page) => page.getByRole("main").getByRole("article");
const filters = (page: Page) => page.getByRole("form", { name: "Search filters" });
const total = /About \$[\d,]+ for 140 guests/;
const amountOf = (text: string) => total.exec(text)?.[0];

/** Guests and the date through the filter form, dearest total first through the sort form. */
async function search(page: Page, scripts: boolean, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.goto("/venues?view=list");
  await expect(cards(page).first()).toBeVisible();
  const form = filters(page);
  // At 390 px the filters are a drawer: a button with scripts, a link to the panel without.
  if (width < 1024) await page.getByRole(scripts ? "button" : "link", { name: "Show Filters" }).click();
  if (scripts) await expectHydrated(form.getByRole("button", { name: "Apply Filters" }));
  await form.getByLabel("Guests", { exact: true }).fill("140");
  await form.getByLabel("Date", { exact: true }).fill(SATURDAY_IN_JUNE);
  await form.getByRole("button", { name: "Apply Filters" }).click();
  await expect(page).toHaveURL(/guests=140/);
  await expect(page).toHaveURL(new RegExp(`date=${SATURDAY_IN_JUNE}`));
  // The results for them are shown (the address changes a moment before the page does).
  await expect(page.getByRole("link", { name: "Remove filter: 140+", exact: true })).toBeVisible();
  // The order applies on choosing it with scripts, by its button without.
  await page.getByLabel("Sort by").selectOption({ label: "Estimated total: high to low" });
  if (!scripts) await page.getByRole("button", { name: "Sort", exact: true }).click();
  await expect(page).toHaveURL(/sort=estimate-desc/);
  await expect(cards(page).first().getByTestId("card-estimate")).toHaveText(total);
}

/** The first three cards' names and totals; each of them all in (the dearest totals are). */
async function firstThree(page: Page) {
  const shown: { name: string; amount: string }[] = [];
  for (let i = 0; i < 3; i++) {
    const card = cards(page).nth(i);
    const estimate = card.getByTestId("card-estimate");
    await expect(estimate).toContainText("All in: service, fees and tax as the venue states them");
    shown.push({
      name: (await card.getByRole("heading", { level: 3 }).innerText()).trim(),
      amount: amountOf(await estimate.innerText())!,
    });
  }
  return shown;
}

/** The venue page's total is the card's, and 'How this adds up' shows its lines and total. */
async function openWorking(
  page: Page,
  first: { name: string; amount: string },
  shot: string,
  scripts = true,
) {
  await cards(page).first().getByRole("link", { name: first.name }).click();
  await expect(page.getByRole("heading", { level: 1, name: first.name })).toBeVisible();
  const booking = page.getByTestId("venue-estimate");
  expect(amountOf(await booking.innerText())).toBe(first.amount);
  await booking.getByText("How this adds up").click();
  const working = booking.getByRole("table");
  await expect(working.getByRole("rowheader", { name: /^Site fee/ })).toBeVisible();
  await expect(working.getByRole("rowheader", { name: /^Sales tax/ })).toBeVisible();
  const totalRow = working.getByRole("row", { name: /^Total/ });
  await expect(totalRow).toContainText(/\$[\d,]+/);
  expect(first.amount).toContain((await totalRow.getByRole("cell").innerText()).trim());
  // The listed price comes after the total, not before it.
  const text = await booking.innerText();
  expect(text.indexOf("Average price per event")).toBeGreaterThan(text.indexOf(first.amount));
  await booking.scrollIntoViewIfNeeded();
  // Without scripts nothing animates, and axe (which runs in the page) cannot run.
  if (scripts) await settle(page);
  await screenshot(page, shot);
  if (scripts) await expectNoSeriousA11yViolations(page);
  await page.goBack();
  await expect(cards(page).first()).toBeVisible();
}

/** /compare's totals, by venue name, as its table shows them. */
async function comparedTotals(page: Page, names: string[]) {
  const table = page.getByRole("table");
  const row = table.getByRole("row", { name: /^Estimated total for 140 guests/ });
  await expect(row.getByRole("cell")).toHaveCount(3);
  const headers = await table.getByRole("columnheader").allInnerTexts();
  const cells = await row.getByRole("cell").allInnerTexts();
  return names.map((name) => amountOf(cells[headers.findIndex((h) => h.includes(name))] ?? ""));
}

for (const width of [1280, 390])
  test(`the totals for 140 guests on a Saturday in June: cards, the venue's working, /compare (${width} px)`, async ({
    page,
  }) => {
    test.slow();
    await search(page, true, width);
    const three = await firstThree(page);
    await settle(page);
    await screenshot(page, `honest-totals-cards-${width}`);
    await expectNoSeriousA11yViolations(page);
    await openWorking(page, three[0]!, `honest-totals-working-${width}`);

    for (let i = 0; i < 3; i++) {
      const button = cards(page)
        .nth(i)
        .getByRole("button", { name: /^Compare / });
      await expectHydrated(button);
      await button.click();
      await expect(button).toHaveAttribute("aria-pressed", "true");
    }
    await page
      .getByRole("region", { name: "Compare venues" })
      .getByRole("link", { name: "Compare 3 venues" })
      .click();
    await expect(page).toHaveURL(/\/compare\?ids=/);
    expect(
      await comparedTotals(
        page,
        three.map((v) => v.name),
      ),
    ).toEqual(three.map((v) => v.amount));
    // The total's row comes before the listed price's.
    const rows = await page.getByRole("table").getByRole("rowheader").allInnerTexts();
    expect(rows.indexOf("Estimated total for 140 guests")).toBeLessThan(rows.indexOf("Listed price"));
    await settle(page);
    await screenshot(page, `honest-totals-compare-${width}`, { fullPage: true });
    await expectNoSeriousA11yViolations(page);
  });

for (const width of [1280, 390])
  test(`without scripts, the same search, working and comparison (${width} px)`, async ({ browser }) => {
    test.slow();
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await search(page, false, width);
    const three = await firstThree(page);
    await openWorking(page, three[0]!, `honest-totals-working-no-js-${width}`, false);
    // 'Compare' without scripts opens /compare with the venue added; back, and the next joins it.
    for (let i = 0; i < 3; i++) {
      await cards(page)
        .nth(i)
        .getByRole("button", { name: /^Compare / })
        .click();
      await expect(page).toHaveURL(/\/compare\?ids=/);
      if (i < 2) {
        await page.goBack();
        await expect(cards(page).first()).toBeVisible();
      }
    }
    expect(
      await comparedTotals(
        page,
        three.map((v) => v.name),
      ),
    ).toEqual(three.map((v) => v.amount));
    await context.close();
  });
