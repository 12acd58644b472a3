import type { Page } from "@playwright/test";
import { ORIGIN } from "./paths";
import { demoVenuePaths } from "./sitemap";
import {
  approvedVenue,
  asNewVisitor,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { FAILED_POST_ERRORS, failPosts, FAILURES, failureToast } from "./failed-posts";
import { screenshot } from "./screens";

// Issue 23, acceptance: a guest sends an inquiry from a venue page on a phone (390 px); its manager
// sees it in the inbox, replies and marks it booked; the couple, signed in, follows its status in
// 'My Inquiries', reads the reply there and answers it (issue 41). A back-office spec: it adds an approved venue, which the public specs would count.

/** A context of its own (a second person), whose console errors fail the test too. */
async function otherPerson(page: Page) {
  const context = await page.context().browser()!.newContext({ baseURL: ORIGIN });
  const other = await context.newPage();
  const errors: string[] = [];
  other.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  other.on("pageerror", (e) => errors.push(e.message));
  return { page: other, errors, close: () => context.close() };
}

test("a guest asks a venue on a phone; the manager answers and books it; the couple follows it", async ({
  page,
  mail,
}) => {
  test.setTimeout(180_000);
  const manager = await otherPerson(page);
  const { submitter, venue } = await approvedVenue(manager.page, "inquiry");
  const m = manager.page;
  const inquiriesFigure = m.getByRole("region", { name: "Insights" }).getByTestId("insight-inquiries");
  await m.goto("/venue-manager/dashboard");
  await expect(inquiriesFigure).toHaveText("0");

  // The guest, on a phone, from an address of their own (the limits count per address).
  await page.setViewportSize({ width: 390, height: 844 });
  await page.setExtraHTTPHeaders({ "x-forwarded-for": asNewVisitor()["x-forwarded-for"]! });
  await page.goto(venue.path);
  const open = page.getByTestId("inquiry-bar").getByRole("button", { name: "Check availability" });
  await expectHydrated(open);
  await open.click();
  const dialog = page.getByRole("dialog", { name: "Check availability" });
  await expect(dialog.getByLabel("Your name")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow, "the venue page scrolls sideways at 390 px").toBeLessThanOrEqual(0);
  await screenshot(page, "inquiry-form-390");

  const couple = uniqueAccount("couple");
  await dialog.getByLabel("Your name").fill(couple.name);
  await dialog.getByLabel("Email").fill(couple.email);
  await dialog.getByLabel("Guests").fill("110");
  await dialog.getByLabel("Wedding date (optional)").fill("2020-06-12");
  await dialog.getByLabel("Message").fill("Is the lodge free next June? We are about 110 guests.");
  await dialog.getByRole("button", { name: "Send inquiry" }).click();
  // A date in the past is refused in the form, which keeps everything typed.
  await expect(dialog.getByText("Please choose a wedding date that is not in the past")).toBeVisible();
  await expect(dialog.getByLabel("Wedding date (optional)")).toBeFocused();
  await screenshot(page, "inquiry-form-errors-390");
  await dialog.getByLabel("Wedding date (optional)").fill(`${new Date().getFullYear() + 1}-06-12`);
  await dialog.getByText("Flexible: we can move our date").click();
  await dialog.getByRole("button", { name: "Send inquiry" }).click();
  await expect(toast(page, `Your inquiry was sent to ${venue.name}`)).toBeVisible();
  await expect(dialog).toBeHidden();

  // The manager is mailed, Reply-To the couple; the couple gets a copy with a link to follow it.
  const notice = await mail.waitFor(submitter.email, { subject: /^New inquiry for / });
  expect(notice.raw).toMatch(new RegExp(`^Reply-To: ${couple.email}`, "mi"));
  const copy = await mail.waitFor(couple.email, { subject: /^Your inquiry to / });
  const follow = /\/account\/inquiries\?claim=[^\s"<>]+/.exec(copy.text)![0];

  // The couple creates an account and follows the link; the page asks (opening it changes
  // nothing), and once they confirm, the inquiry is theirs, new.
  await registerViaApi(page, couple);
  await page.goto(follow);
  await expect(
    page.getByRole("heading", { name: `Add your inquiry to ${venue.name} to this account?` }),
  ).toBeVisible();
  await page.getByRole("button", { name: "Add to My Inquiries" }).click();
  await expect(page).toHaveURL(/\/account\/inquiries$/);
  const mine = page.getByRole("article", { name: venue.name });
  await expect(mine.getByText("New", { exact: true })).toBeVisible();

  // The manager: the inbox shows one new inquiry; they reply and mark it booked.
  await m.goto("/venue-manager/inquiries");
  const nav = m.getByRole("navigation", { name: "Venue manager" });
  await expect(nav.getByRole("link", { name: "Inquiries 1 new" })).toBeVisible();
  await expectNoSeriousA11yViolations(m);
  await screenshot(m, "manager-inbox-1280", { fullPage: true });
  await m.getByRole("link", { name: couple.name }).click();
  await expect(m.getByRole("heading", { level: 1, name: couple.name })).toBeVisible();
  await expect(m.getByText("Is the lodge free next June?")).toBeVisible();
  const reply = m.getByLabel(`Reply to ${couple.name}`);
  await expectHydrated(reply);
  await reply.fill("June is open. Would you like to visit on a Saturday?");
  await m.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(m, "Your reply was sent")).toBeVisible();
  await expect(reply).toHaveValue("");
  const thread = m.getByRole("region", { name: "Conversation" });
  await expect(thread.getByText("June is open. Would you like to visit on a Saturday?")).toBeVisible();
  const status = m.getByRole("region", { name: "Status" });
  await expect(status.getByText("Replied", { exact: true })).toBeVisible();

  // The couple reads the reply in their account and answers there (issue 41); for the manager
  // the inquiry is new again, and the answer is in its thread.
  await page.reload();
  await expect(mine.getByText("June is open. Would you like to visit on a Saturday?")).toBeVisible();
  const answerBox = mine.getByLabel(`Answer ${venue.name}`);
  await expectHydrated(answerBox);
  await answerBox.fill("A Saturday in May works for us.");
  await mine.getByRole("button", { name: "Send answer" }).click();
  await expect(toast(page, `Your answer was sent to ${venue.name}`)).toBeVisible();
  await expect(answerBox).toHaveValue("");
  await expect(mine.getByText("A Saturday in May works for us.")).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await m.reload();
  await expect(nav.getByRole("link", { name: "Inquiries 1 new" })).toBeVisible();
  await expect(thread.getByText("A Saturday in May works for us.")).toBeVisible();
  await expect(status.getByText("New", { exact: true })).toBeVisible();
  await status.getByRole("button", { name: "Mark as booked" }).click();
  await expect(toast(m, "Marked as booked")).toBeVisible();
  await expect(status.getByText("Booked", { exact: true })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Inquiries", exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(m);
  await screenshot(m, "manager-inquiry-1280", { fullPage: true });
  await m.setViewportSize({ width: 390, height: 844 });
  const sideways = await m.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(sideways, "the inquiry page scrolls sideways at 390 px").toBeLessThanOrEqual(0);
  await screenshot(m, "manager-inquiry-390");
  // The venue's own Inquiries tab on its edit page lists it too.
  await m.goto(`/venue-manager/edit-venue/${venue.id}?tab=inquiries`);
  const tab = m.getByRole("tabpanel", { name: "Inquiries" });
  await expect(tab.getByRole("link", { name: couple.name })).toBeVisible();
  await expect(tab.getByText("Booked", { exact: true })).toBeVisible();
  await screenshot(m, "manager-venue-inquiries-390", { fullPage: true });

  // The couple reads the answer by email, and sees the inquiry booked.
  const answer = await mail.waitFor(couple.email, { subject: /answered your inquiry$/ });
  expect(answer.text).toContain("June is open.");
  await page.reload();
  await expect(mine.getByText("Booked", { exact: true })).toBeVisible();
  await expectNoSeriousA11yViolations(page);
  await screenshot(page, "my-inquiries-390", { fullPage: true });

  // The manager's dashboard counts the inquiry.
  await m.goto("/venue-manager/dashboard");
  await expect(inquiriesFigure).toHaveText("1");

  await manager.close();
  expect(manager.errors, "console errors in the manager's page").toEqual([]);
});

test.describe("a send that fails on its way", () => {
  test.use({ allowedConsoleErrors: [FAILED_POST_ERRORS] });

  test("keeps the dialog and what was typed, says why, and goes through when sent again", async ({
    page,
  }) => {
    await page.setExtraHTTPHeaders({ "x-forwarded-for": asNewVisitor()["x-forwarded-for"]! });
    const venue = (await demoVenuePaths(page.request))[5]!;
    await page.goto(venue);
    const open = page.getByRole("complementary").getByRole("button", { name: "Check availability" });
    await expectHydrated(open);
    await open.click();
    const dialog = page.getByRole("dialog", { name: "Check availability" });
    const message = "Do you host winter weddings with a warm ceremony room?";
    await dialog.getByLabel("Your name").fill("Robin Retry");
    await dialog.getByLabel("Email").fill(uniqueAccount("retry").email);
    await dialog.getByLabel("Guests").fill("60");
    await dialog.getByLabel("Message").fill(message);
    for (const failure of FAILURES) {
      await failPosts(page, "**/inquiry.data*", failure);
      await dialog.getByRole("button", { name: "Send inquiry" }).click();
      await expect(failureToast(page, "Your inquiry was not sent", failure)).toBeVisible();
      await expect(dialog.getByLabel("Message")).toHaveValue(message);
      await expect(dialog.getByLabel("Your name")).toHaveValue("Robin Retry");
    }
    await page.unroute("**/inquiry.data*");
    await dialog.getByRole("button", { name: "Send inquiry" }).click();
    await expect(toast(page, "Your inquiry was sent to")).toBeVisible();
    await expect(dialog).toBeHidden();
  });
});

test("the plain inquiry page with scripts: a sent form empties and says so; a second click sends nothing", async ({
  page,
}) => {
  await page.setExtraHTTPHeaders({ "x-forwarded-for": asNewVisitor()["x-forwarded-for"]! });
  const venue = (await demoVenuePaths(page.request))[6]!;
  await page.goto(`${venue}/inquiry`);
  const form = page.getByRole("main");
  const message = form.getByLabel("Message");
  await expectHydrated(message);
  await form.getByLabel("Your name").fill("Parker Page");
  await form.getByLabel("Email").fill(uniqueAccount("page-form").email);
  await form.getByLabel("Guests").fill("70");
  await message.fill("Could we see the terrace on a weekday?");
  await form.getByRole("button", { name: "Send inquiry" }).click();
  const sent = page.getByRole("status").filter({ hasText: "Your inquiry was sent to" });
  await expect(sent).toBeFocused();
  await expect(message).toHaveValue("");
  await expect(form.getByLabel("Your name")).toHaveValue("");
  await expect(page).toHaveURL((u) => u.pathname === `${venue}/inquiry`);
  await expectNoSeriousA11yViolations(page);
  // Send again: the empty form is refused in the browser, nothing goes out twice.
  await form.getByRole("button", { name: "Send inquiry" }).click();
  await expect(form.getByText("Please enter your message")).toBeVisible();
});
