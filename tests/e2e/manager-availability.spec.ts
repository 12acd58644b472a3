import { addMonths, dayLabel, monthOf, utcDay } from "../../app/lib/dates";
import { ORIGIN } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  settle,
  test,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 24, availability: a venue's manager marks three days booked on the Availability tab's
// calendar, choosing the start with a click and the end with the arrow keys and Enter; a couple
// who searches /venues for one of those days no longer finds the venue, and finds it again the
// day after. Screenshots of the calendar at 1280 and 390 px.

test("a manager marks a range booked on the calendar; a couple searching that date no longer sees the venue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "availability");
  const month = addMonths(monthOf(utcDay()), 1);
  const [start, middle, end, after] = ["10", "11", "12", "13"].map((d) => `${month}-${d}`) as [
    string,
    string,
    string,
    string,
  ];

  await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=availability&month=${month}`);
  const day = (d: string, status = "Available") =>
    page.getByRole("button", { name: `${dayLabel(d)}: ${status}` });
  await expectHydrated(day(start));
  // A click chooses the start; the arrow keys move to the end (one tab stop) and Enter chooses it.
  await day(start).click();
  await expect(page.getByRole("status").filter({ hasText: "Start:" })).toBeVisible();
  await page.keyboard.press("ArrowRight");
  await expect(day(middle)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(day(end)).toBeFocused();
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Mark dates" });
  await expect(form.getByLabel("From")).toHaveValue(start);
  await expect(form.getByLabel("To")).toHaveValue(end);
  await expect(day(end)).toHaveAttribute("aria-pressed", "true");
  await form.getByLabel("Status").selectOption("booked");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Availability saved" })).toBeVisible();
  for (const d of [start, middle, end]) await expect(day(d, "Booked")).toBeVisible();
  await expect(day(after)).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: /^Booked \w{3},/ })).toHaveCount(1);
  await expectNoSeriousA11yViolations(page);

  for (const width of [1280, 390]) {
    await page.setViewportSize({ width, height: 900 });
    await settle(page);
    await expectNoSidewaysScroll(page, `the calendar at ${width} px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `manager-availability-${width}`, { fullPage: true });
  }

  // A couple, in a browser of their own, searches by date.
  const couple = await browser.newContext({ baseURL: ORIGIN });
  const p = await couple.newPage();
  for (const width of [390, 1280]) {
    await p.setViewportSize({ width, height: 900 });
    const card = p.getByRole("main").getByRole("link", { name: venue.name });
    await p.goto(`/venues?view=list&q=${encodeURIComponent(venue.name)}`);
    await expect(card.first()).toBeVisible();
    await p.goto(`/venues?view=list&q=${encodeURIComponent(venue.name)}&date=${middle}`);
    await expect(p.getByRole("status").filter({ hasText: "0 venues found" })).toBeVisible();
    await expect(card).toHaveCount(0);
    await expect(p.getByRole("link", { name: /^Remove filter: Free on / })).toBeVisible();
    await expectNoSeriousA11yViolations(p);
    // The day after the range, it is free again.
    await p.goto(`/venues?view=list&q=${encodeURIComponent(venue.name)}&date=${after}`);
    await expect(card.first()).toBeVisible();
  }
  // Through the filter panel's own form, as a couple types the date.
  await p.goto(`/venues?view=list&q=${encodeURIComponent(venue.name)}`);
  const filters = p.getByRole("form", { name: "Search filters" });
  await expectHydrated(filters.getByRole("button", { name: "Apply Filters" }));
  await filters.getByLabel("Date").fill(start);
  await filters.getByRole("button", { name: "Apply Filters" }).click();
  await expect(p).toHaveURL(new RegExp(`date=${start}`));
  await expect(p.getByRole("status").filter({ hasText: "0 venues found" })).toBeVisible();
  await couple.close();
});

test("the keyboard crosses into the next month, Apply clears the choice, and the feed has a Copy button (issue 41)", async ({
  page,
  context,
}) => {
  const { venue } = await approvedVenue(page, "availability-keys");
  const month = addMonths(monthOf(utcDay()), 1);
  const next = addMonths(month, 1);
  const last = `${month}-${String(new Date(Date.UTC(Number(month.slice(0, 4)), Number(month.slice(5, 7)), 0)).getUTCDate())}`;
  const [first, second] = [`${next}-01`, `${next}-02`];
  await page.goto(`/venue-manager/edit-venue/${venue.id}?tab=availability&month=${month}`);
  const day = (d: string, status = "Available") =>
    page.getByRole("button", { name: `${dayLabel(d)}: ${status}` });
  await expectHydrated(day(last));
  await day(last).click();
  // Past the month's last day: the next month shows, its first day focused, the start kept.
  await page.keyboard.press("ArrowRight");
  await expect(page).toHaveURL(new RegExp(`month=${next}`));
  await expect(day(first)).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Enter");
  const form = page.getByRole("form", { name: "Mark dates" });
  await expect(form.getByLabel("From")).toHaveValue(last);
  await expect(form.getByLabel("To")).toHaveValue(second);
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(day(second, "Booked")).toBeVisible();
  // Saved: the choice is gone, so nothing looks unsaved.
  await expect(form.getByLabel("From")).toHaveValue("");
  await expect(form.getByLabel("To")).toHaveValue("");
  await expect(page.getByRole("status").filter({ hasText: "Selected" })).toHaveCount(0);
  await expect(day(second, "Booked")).toHaveAttribute("aria-pressed", "false");

  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Address copied." })).toBeVisible();
  const feed = await page.getByLabel("Feed address").inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(feed);
});

test("without scripts, the calendar is a table with each day's status in words and the range is a plain form", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "availability-nojs");
  const month = addMonths(monthOf(utcDay()), 2);
  const plain = await browser.newContext({
    baseURL: ORIGIN,
    javaScriptEnabled: false,
    storageState: await page.context().storageState(),
  });
  const p = await plain.newPage();
  await p.goto(`/venue-manager/edit-venue/${venue.id}?tab=availability&month=${month}`);
  const form = p.getByRole("form", { name: "Mark dates" });
  await form.getByLabel("From").fill(`${month}-20`);
  await form.getByLabel("To").fill(`${month}-21`);
  await form.getByLabel("Status").selectOption("held");
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(p).toHaveURL(new RegExp(`tab=availability&month=${month}$`));
  const calendar = p.getByRole("table", { name: new RegExp(`^\\w+ ${month.slice(0, 4)}$`) });
  await expect(calendar.getByRole("cell", { name: /^20\s*Held$/ })).toBeVisible();
  await expect(calendar.getByRole("cell", { name: /^21\s*Held$/ })).toBeVisible();
  await expect(calendar.getByRole("cell", { name: /^22\s*Available$/ })).toBeVisible();
  // A range the wrong way round: the message, and the dates typed are still there.
  await form.getByLabel("From").fill(`${month}-25`);
  await form.getByLabel("To").fill(`${month}-24`);
  await form.getByRole("button", { name: "Apply" }).click();
  await expect(p.getByText("The end date must be on or after the start date.")).toBeVisible();
  await expect(p.getByRole("form", { name: "Mark dates" }).getByLabel("From")).toHaveValue(`${month}-25`);
  await plain.close();
});
