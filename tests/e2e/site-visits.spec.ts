import type { Page } from "@playwright/test";
import { WEEKDAY_NAMES } from "../../app/lib/tours";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  registerViaApi,
  settle,
  test,
  toast,
  uniqueAccount,
  UUID,
  managerBrowser,
} from "./fixtures";
import { withAndWithoutScripts, type JourneyFixtures } from "./repeats";
import { screenshot } from "./screens";

// Issue 45, site visits: a venue's manager publishes weekly hours on the venue's Site visits page;
// a couple opens the venue page's "Book a site visit", picks a time and books it; the mail with the
// invitation arrives; the manager sees the visit in their list; the couple moves it to another
// time from the visit's page. With scripts and without, at 1280 and 390 px, axe on each page with
// scripts; screenshots of the booking page, the visit page and the manager's page. A back-office
// spec (playwright.config.ts): it adds an approved venue.

/** A success: the toast with scripts, the flash's plain status line without. */
const saidSo = (page: Page, scripts: boolean, text: string) =>
  scripts ? toast(page, text) : page.getByRole("status").filter({ hasText: text }).first();

async function shot(page: Page, name: string, width: number, scripts: boolean) {
  await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  if (!scripts) return;
  await expectNoSeriousA11yViolations(page);
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await settle(page);
  await screenshot(page, `${name}-${width}`, { fullPage: true });
}

async function journey({ page, browser, mail }: JourneyFixtures, scripts: boolean, width: number) {
  test.setTimeout(120_000);
  const manager = await managerBrowser(browser, scripts, { width, height: 900 });
  const m = manager.page;
  const { venue } = await approvedVenue(m, `tours-${scripts ? "js" : "nojs"}-${width}`);

  // The manager's venue page links its site visits; the week's hours, every day 10:00 to 13:00.
  await m.goto(`/venue-manager/edit-venue/${venue.id}`);
  await m.getByRole("link", { name: "Site visits" }).click();
  await expect(m).toHaveURL(`/venue-manager/edit-venue/${venue.id}/tours`);
  const save = m.getByRole("button", { name: "Save hours" });
  if (scripts) await expectHydrated(save);
  for (const day of WEEKDAY_NAMES) {
    const group = m.getByRole("group", { name: day });
    await group.getByLabel("From").fill("10:00");
    await group.getByLabel("To").fill("13:00");
  }
  await save.click();
  await expect(saidSo(m, scripts, "Visit hours saved")).toBeVisible();
  await expect(m.getByRole("group", { name: "Monday" }).getByLabel("To")).toHaveValue("13:00");

  // The couple books from the venue page.
  await page.setViewportSize({ width, height: 900 });
  const couple = await registerViaApi(page, uniqueAccount(`visitor-${scripts ? "js" : "nojs"}-${width}`));
  await page.goto(venue.path);
  await page.getByRole("link", { name: "Book a site visit" }).click();
  await expect(page).toHaveURL(`${venue.path}/tour`);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Book a site visit" })).toBeVisible();
  await expect(main.getByLabel("Your email")).toHaveValue(couple.email);
  const book = main.getByRole("button", { name: "Book this visit" });
  if (scripts) await expectHydrated(book);
  await shot(page, "site-visits-booking", width, scripts);
  const first = main.getByRole("radio", { name: "10:00 AM" }).first();
  await first.check();
  await book.click();
  await expect(page).toHaveURL(new RegExp(`/tours/${UUID}$`));
  await expect(saidSo(page, scripts, "Your site visit is booked")).toBeVisible();
  const when = main.getByRole("definition").first();
  await expect(when).toContainText("10:00 AM (Mountain Time)");
  const bookedAt = await when.textContent();
  const invite = await mail.waitFor(couple.email, { subject: /^Site visit booked/ });
  expect(invite.text).toContain("BEGIN:VCALENDAR");

  // The manager sees it, with who comes and their address.
  await m.reload();
  const visits = m.getByRole("region", { name: "Booked visits" });
  await expect(visits.getByRole("listitem")).toHaveCount(1);
  await expect(visits).toContainText(bookedAt!);
  await expect(visits).toContainText(couple.email);
  await shot(m, "site-visits-manager", width, scripts);
  await manager.close();
  expect(manager.errors, "console errors in the manager's page").toEqual([]);

  // The couple moves the visit to 11:00 the same day (its first 11:00).
  const move = main.getByRole("button", { name: "Move my visit" });
  if (scripts) await expectHydrated(move);
  await shot(page, "site-visits-visit", width, scripts);
  await main.getByRole("radio", { name: "11:00 AM" }).first().check();
  await move.click();
  await expect(saidSo(page, scripts, "Your site visit was moved")).toBeVisible();
  await expect(when).toContainText("11:00 AM (Mountain Time)");
  await expect(when).toContainText(bookedAt!.replace(/ at .*/, ""));
  await mail.waitFor(couple.email, { subject: /^Site visit moved/ });
  // Their account lists it.
  await page.goto("/account/tours");
  await expect(main.getByRole("link", { name: venue.name })).toBeVisible();
  if (scripts) await expectNoSeriousA11yViolations(page);
}

withAndWithoutScripts(
  "a manager publishes hours, a couple books a visit, the manager sees it, the couple moves it",
  "by links and plain forms alone: the hours, the booking, the manager's list, the move",
  journey,
);
