import type { Browser, Page } from "@playwright/test";
import { formatReviewDate } from "../../app/lib/venue";
import {
  approvedVenue,
  asNewVisitor,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  test,
  uniqueAccount,
  managerBrowser,
} from "./fixtures";

// Issue 41, acceptance item 1: the couple's journey end to end. A home search with a date and
// guests -> the venue's card -> its page -> /compare -> the inquiry, filled in with the date and
// guests -> the manager replies and marks it booked, blocking the date -> the couple reads the
// reply in their account and answers it -> the manager sees the answer. The same estimate on the
// card, the venue page and /compare. Run with scripts (couple 390 px, manager 1280 px) and without
// (couple 1280 px, manager 390 px). A back-office spec: it adds an approved venue.

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };
const GUESTS = "120";

/** Text containing `s` as it is (venue names may hold regex characters). */
const containing = (s: string) => new RegExp(s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** A Saturday in June next year: inside the search's window, never in the past. */
function juneSaturday(): string {
  const june = new Date(Date.UTC(new Date().getUTCFullYear() + 1, 5, 1));
  while (june.getUTCDay() !== 6) june.setUTCDate(june.getUTCDate() + 1);
  return june.toISOString().slice(0, 10);
}

/** 'About $X for 120 guests' (or a range) in a text, as each page words it. */
const estimateIn = async (text: Promise<string>) =>
  /About \$[\d,]+(?:–\$[\d,]+)? for 120 guests/.exec(await text)?.[0];

async function journey(page: Page, browser: Browser, scripts: boolean) {
  test.setTimeout(240_000);
  const date = juneSaturday();
  const day = formatReviewDate(date);
  const manager = await managerBrowser(browser, scripts, scripts ? DESKTOP : PHONE);
  const m = manager.page;
  const { venue } = await approvedVenue(m, scripts ? "journey" : "journey-nojs");
  const name = venue.name;

  // The couple, signed in, from an address of their own (the inquiry limits count per address).
  await page.setViewportSize(scripts ? PHONE : DESKTOP);
  await page.setExtraHTTPHeaders({ "x-forwarded-for": asNewVisitor()["x-forwarded-for"]! });
  const couple = await registerViaApi(page, uniqueAccount("couple"));

  // Home: the venue's unique name, the guests and the date.
  await page.goto("/");
  const hero = page.getByRole("search", { name: "Search venues" });
  if (scripts) await expectHydrated(hero.getByRole("button", { name: "Search" }));
  await hero.getByRole("textbox", { name: "Venue name" }).fill(name);
  await hero.getByRole("spinbutton", { name: "Number of guests" }).fill(GUESTS);
  await hero.getByLabel("Wedding date (optional)").fill(date);
  await hero.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/venues" &&
      u.searchParams.get("guests") === GUESTS &&
      u.searchParams.get("date") === date,
  );
  await page.getByRole("tab", { name: "List" }).click();
  const card = page.getByRole("main").getByRole("article");
  await expect(card).toHaveCount(1);
  await expect(card.getByRole("heading", { level: 3 })).toHaveText(name);
  const onCard = await estimateIn(card.getByTestId("card-estimate").innerText());
  expect(onCard, "the card's estimate").toBeTruthy();
  const compare = card.getByRole("button", { name: `Compare ${name}` });
  if (scripts) {
    await expectHydrated(compare);
    await compare.click();
    await expect(compare).toHaveAttribute("aria-pressed", "true");
  }

  // The card -> the venue page, with the same figure and the date and guests.
  await card.getByRole("link", { name }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page).toHaveURL(
    (u) => u.searchParams.get("guests") === GUESTS && u.searchParams.get("date") === date,
  );
  expect(await estimateIn(page.getByTestId("venue-estimate").innerText())).toBe(onCard);

  // -> /compare: the tray with scripts; without, the card's Compare submits the page's form.
  if (scripts) {
    await page
      .getByRole("region", { name: "Compare venues" })
      .getByRole("link", { name: "Compare 1 venue" })
      .click();
  } else {
    await page.goBack();
    await compare.click();
  }
  await expect(page).toHaveURL(
    (u) =>
      u.pathname === "/compare" &&
      u.searchParams.get("guests") === GUESTS &&
      u.searchParams.get("date") === date,
  );
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader")).toHaveText([containing(name)]);
  expect(await estimateIn(table.getByRole("row", { name: /^Estimated total/ }).innerText())).toBe(onCard);
  if (scripts) await expectNoSeriousA11yViolations(page);

  // Back to the venue by the table's link, then 'Check availability': the date and guests filled in.
  await table.getByRole("link", { name, exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  let form;
  if (scripts) {
    const open = page.getByTestId("inquiry-bar").getByRole("button", { name: "Check availability" });
    await expectHydrated(open);
    await open.click();
    form = page.getByRole("dialog", { name: "Check availability" });
  } else {
    await page.getByRole("complementary").getByRole("link", { name: "Check availability" }).click();
    await expect(page).toHaveURL((u) => u.pathname === `${venue.path}/inquiry`);
    form = page.getByRole("main");
  }
  await expect(form.getByLabel("Guests")).toHaveValue(GUESTS);
  await expect(form.getByLabel("Wedding date (optional)")).toHaveValue(date);
  await expect(form.getByLabel("Your name")).toHaveValue(couple.name);
  await expect(form.getByLabel("Email")).toHaveValue(couple.email);
  const question = `Is ${day} still free for ${GUESTS} guests?`;
  await form.getByLabel("Message").fill(question);
  await form.getByRole("button", { name: "Send inquiry" }).click();
  // With scripts a toast; without, the venue page with the flash message.
  await expect(page.getByText(`Your inquiry was sent to ${name}`).first()).toBeVisible();

  // The manager: the inquiry in the inbox; a reply, then 'Mark as booked' blocking the date.
  await m.goto("/venue-manager/inquiries");
  await m.getByRole("link", { name: couple.name }).click();
  await expect(m.getByRole("heading", { level: 1, name: couple.name })).toBeVisible();
  await expect(m.getByText(question)).toBeVisible();
  const inquiryPage = m.url();
  const reply = `Yes, ${day} is yours if you want it.`;
  const replyBox = m.getByLabel(`Reply to ${couple.name}`);
  if (scripts) await expectHydrated(replyBox);
  await replyBox.fill(reply);
  await m.getByRole("button", { name: "Send reply" }).click();
  // A message of the thread, not the box it was typed in: a controlled textarea's text is in the
  // DOM too, so getByText alone would match before the post is answered (a CI run caught it).
  const thread = m.getByRole("region", { name: "Conversation" });
  const said = (where: typeof thread, text: string) => where.getByRole("listitem").filter({ hasText: text });
  await expect(said(thread, reply)).toBeVisible();
  const status = m.getByRole("region", { name: "Status" });
  const block = status.getByRole("checkbox", { name: `Also block ${day} in the calendar` });
  await expect(block).toBeChecked();
  await status.getByRole("button", { name: "Mark as booked" }).click();
  await expect(status.getByText("Booked", { exact: true })).toBeVisible();
  await expect(status.getByText(`${day} is blocked in the calendar.`)).toBeVisible();
  if (scripts) await expectNoSeriousA11yViolations(m);

  // The date is blocked: the manager's calendar names the inquiry, the venue page says Booked.
  await m.goto(`/venue-manager/edit-venue/${venue.id}/availability`);
  await expect(m.getByRole("link", { name: `${couple.name}’s inquiry` })).toBeVisible();
  await page.goto(`${venue.path}?guests=${GUESTS}&date=${date}`);
  await expect(page.getByTestId("venue-date-availability")).toHaveText(`${day}: Booked`);

  // The couple reads the reply in their account, booked, and answers it.
  await page.goto("/account/inquiries");
  const mine = page.getByRole("article", { name });
  await expect(said(mine, reply)).toBeVisible();
  await expect(mine.getByText("Booked", { exact: true })).toBeVisible();
  const answer = "Wonderful, we will take it. Can we visit in May?";
  const answerBox = mine.getByLabel(`Answer ${name}`);
  if (scripts) await expectHydrated(answerBox);
  await answerBox.fill(answer);
  await mine.getByRole("button", { name: "Send answer" }).click();
  await expect(said(mine, answer)).toBeVisible();

  // The manager sees the answer in the thread.
  await m.goto(inquiryPage);
  await expect(said(thread, answer)).toBeVisible();

  await manager.close();
  expect(manager.errors, "console errors in the manager's page").toEqual([]);
}

test("with scripts: the couple at 390 px searches, compares, asks and answers; the manager at 1280 px books", async ({
  page,
  browser,
}) => {
  await journey(page, browser, true);
});

test.describe("without scripts", () => {
  test.use({ javaScriptEnabled: false });

  test("the couple at 1280 px and the manager at 390 px, by links and forms alone", async ({
    page,
    browser,
  }) => {
    await journey(page, browser, false);
  });
});
