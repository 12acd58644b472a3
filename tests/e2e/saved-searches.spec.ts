import type { Page } from "@playwright/test";
import { dayLabel, monthOf } from "../../app/lib/dates";
import { FREQUENCY_LABELS } from "../../app/lib/saved-searches";
import { formatReviewDate } from "../../app/lib/venue";
import { ORIGIN } from "./paths";
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
  managerBrowser,
} from "./fixtures";
import { withAndWithoutScripts, type JourneyFixtures } from "./repeats";
import { screenshot } from "./screens";

// Issue 44, saved searches: a couple searches /venues for a venue's unique name, a date next year
// and their guests, and finds nothing (the date is booked); they save the search. The venue's
// manager frees the date on the calendar; within a minute or so the alerts task mails the couple
// (the SMTP catcher keeps it), and the mail's links open the venue and the search, which lists
// it. With scripts and without, at 1280 and 390 px; screenshots of the two pages at 1280, 820
// and 390 px. A back-office spec (playwright.config.ts): it adds an approved venue.

const GUESTS = "100";
const SEARCH_NAME = "Our June Saturday";
/** The alerts task runs every minute (app/services/background.server.ts): well over a minute. */
const MAIL_WAIT_MS = 150_000;

/** A Saturday in June next year: inside the calendar's window, never in the past. */
function juneSaturday(): string {
  const june = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));
  while (june.getUTCDay() !== 6) june.setUTCDate(june.getUTCDate() + 1);
  return june.toISOString().slice(0, 10);
}

/** Text as it is in a regular expression (venue names and addresses hold regex characters). */
const literally = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Marks one day of the venue's calendar, through the post its 'Mark dates' form sends. */
async function markDay(m: Page, venueId: string, date: string, status: "booked" | "available") {
  const res = await m.request.post(`/venue-manager/edit-venue/${venueId}/availability`, {
    form: {
      intent: "mark",
      back: `/venue-manager/edit-venue/${venueId}?tab=availability`,
      from: date,
      to: date,
      status,
    },
    headers: { origin: ORIGIN },
    maxRedirects: 0,
  });
  expect(res.status(), "the calendar's answer").toBe(302);
}

/** The manager frees the day on the calendar: a click on it with scripts, the plain form without. */
async function freeDay(m: Page, venueId: string, date: string, scripts: boolean) {
  const month = monthOf(date);
  await m.goto(`/venue-manager/edit-venue/${venueId}?tab=availability&month=${month}`);
  const form = m.getByRole("form", { name: "Mark dates" });
  if (scripts) {
    const day = (status: string) => m.getByRole("button", { name: `${dayLabel(date)}: ${status}` });
    await expectHydrated(day("Booked"));
    // One click chooses the day; Apply marks it alone.
    await day("Booked").click();
    await expect(m.getByRole("status").filter({ hasText: "Start:" })).toBeVisible();
    await expect(form.getByLabel("From")).toHaveValue(date);
    await expect(form.getByLabel("To")).toHaveValue(date);
    await form.getByLabel("Status").selectOption("available");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(toast(m, "Availability saved")).toBeVisible();
    await expect(day("Available")).toBeVisible();
    await expectNoSeriousA11yViolations(m);
  } else {
    await form.getByLabel("From").fill(date);
    await form.getByLabel("To").fill(date);
    await form.getByLabel("Status").selectOption("available");
    await form.getByRole("button", { name: "Apply" }).click();
    await expect(m).toHaveURL(new RegExp(`tab=availability&month=${month}$`));
    const calendar = m.getByRole("table", { name: new RegExp(`^\\w+ ${month.slice(0, 4)}$`) });
    await expect(
      calendar.getByRole("cell", { name: new RegExp(`^${Number(date.slice(8))}\\s*Available$`) }),
    ).toBeVisible();
  }
}

/** The pages of this spec at a desktop's, a tablet's and a phone's width; back to `width` after. */
async function screens(page: Page, name: string, width: number) {
  // The pages themselves, not the sign-up's or the save's toast over them.
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  for (const w of [1280, 820, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await settle(page);
    await expectNoSidewaysScroll(page, `${name} at ${w} px`);
    await page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(page, `${name}-${w}`, { fullPage: true });
  }
  await page.setViewportSize({ width, height: 900 });
}

async function journey({ page, browser, mail }: JourneyFixtures, scripts: boolean, width: number) {
  test.setTimeout(MAIL_WAIT_MS + 150_000);
  const date = juneSaturday();
  const manager = await managerBrowser(browser, scripts, { width, height: 900 });
  const m = manager.page;
  const { venue } = await approvedVenue(m, `saved-search-${scripts ? "js" : "nojs"}-${width}`);
  // Booked first, so the couple's search finds nothing.
  await markDay(m, venue.id, date, "booked");

  // The couple, signed in, searches for the venue's name, the date and their guests: nothing.
  await page.setViewportSize({ width, height: 900 });
  const couple = await registerViaApi(page, uniqueAccount(`saver-${scripts ? "js" : "nojs"}-${width}`));
  const query = new URLSearchParams({ view: "list", venueName: venue.name, date, guests: GUESTS });
  await page.goto(`/venues?${query}`);
  await expect(page.getByRole("status").filter({ hasText: "0 venues found" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("article")).toHaveCount(0);
  await page.getByRole("link", { name: "Save this search" }).click();

  // The form: the search it saves, a name, how often to hear.
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/saved-searches/new" &&
      u.searchParams.get("venueName") === venue.name &&
      u.searchParams.get("date") === date &&
      u.searchParams.get("guests") === GUESTS,
  );
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Save this search" })).toBeVisible();
  await expect(main.getByText(`Venues: ${venue.name}`, { exact: false })).toBeVisible();
  // Signed in: the mails go to the account's address, so no email field.
  await expect(main.getByLabel("Your email")).toHaveCount(0);
  const save = main.getByRole("button", { name: "Save search" });
  if (scripts) {
    await expectHydrated(save);
    await expectNoSeriousA11yViolations(page);
    if (width === 1280) await screens(page, "saved-searches-new", width);
    // From the frequency to the button by the keyboard: its focus ring shows.
    await main.getByLabel("Email me").focus();
    await page.keyboard.press("Tab");
    await expect(save).toBeFocused();
    await screenshot(main, "saved-searches-new-focus");
  }
  await main.getByLabel("Name").fill(SEARCH_NAME);
  await main.getByLabel("Email me").selectOption({ label: FREQUENCY_LABELS.instant });
  await save.click();

  // Their saved searches, with this one.
  await expect(page).toHaveURL((u) => u.pathname === "/account/searches");
  await expect(
    scripts ? toast(page, "Search saved") : page.getByRole("status").filter({ hasText: "Search saved" }),
  ).toBeVisible();
  const saved = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: SEARCH_NAME }) });
  await expect(saved).toHaveCount(1);
  await expect(saved).toContainText(venue.name);
  await expect(saved.getByLabel("Email me")).toHaveValue("instant");
  if (scripts) {
    await expectNoSeriousA11yViolations(page);
    if (width === 1280) await screens(page, "account-searches", width);
  }

  // The manager frees the date.
  await freeDay(m, venue.id, date, scripts);
  await manager.close();
  expect(manager.errors, "console errors in the manager's page").toEqual([]);

  // The alert arrives, naming the venue, with a link to it (with the date and guests) and one
  // to the whole search.
  const alert = await mail.waitFor(couple.email, {
    subject: /^New for your search/,
    timeoutMs: MAIL_WAIT_MS,
  });
  expect(alert.text).toContain(`A venue new for your saved search "${SEARCH_NAME}".`);
  const venueLink = new RegExp(`${literally(`${ORIGIN}${venue.path}`)}\\?[^\\s"<>]+`).exec(alert.text)?.[0];
  expect(venueLink, "a link to the venue in the mail").toBeTruthy();
  const searchLink = /Open the search: (\S+)/.exec(alert.text)?.[1];
  expect(searchLink, "a link to the search in the mail").toBeTruthy();

  // The venue's link: its page, for the date and guests, the date free.
  await page.goto(venueLink!.replaceAll("&amp;", "&"));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(venue.name);
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("date") === date && u.searchParams.get("guests") === GUESTS,
  );
  await expect(page.getByTestId("venue-date-availability")).toHaveText(`${formatReviewDate(date)}: Free`);

  // The search's link: the search, which finds the venue now.
  await page.goto(searchLink!);
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/venues" &&
      u.searchParams.get("venueName") === venue.name &&
      u.searchParams.get("date") === date,
  );
  await expect(page.getByRole("status").filter({ hasText: "1 venue found" })).toBeVisible();
  // It opens on the map, as every search does; the list names the venue.
  await page.getByRole("tab", { name: "List" }).click();
  await expect(page).toHaveURL(/view=list/);
  await expect(
    page.getByRole("main").getByRole("article").getByRole("heading", { level: 3, name: venue.name }),
  ).toBeVisible();
  if (scripts) await expectNoSeriousA11yViolations(page);
}

withAndWithoutScripts(
  "a couple saves a search that finds nothing; the manager frees the date; the alert's links show the venue",
  "by links and plain forms alone: the same search, the freed date, the alert's links",
  journey,
);
