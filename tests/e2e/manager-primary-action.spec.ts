import { approvedVenue, expect, expectHydrated, guestAsks, test, toast } from "./fixtures";
import { expectFocusOnResult, expectPrimaryOnTop, expectWithinWidth, WIDTHS } from "./primary-action";

// Issue 41, items 11 and 16, for the venue manager: at 390 and 1280 px the dashboard's and an
// inquiry's primary actions are on top, the menu shows Inquiries with its unread badge, the
// inquiry's date and guests come before the reply box; after Save Changes the focus is on the
// result. A back-office spec: it adds an approved venue, which the public specs would count.

test("the manager's dashboard and an inquiry: primary actions on top, the badge in sight", async ({
  page,
  browser,
}) => {
  test.setTimeout(180_000);
  const { venue } = await approvedVenue(page, "primary");

  const couple = await guestAsks(browser, venue, "primary-couple");

  for (const viewport of WIDTHS) {
    await page.setViewportSize(viewport);
    const at = `at ${viewport.width} px`;
    await page.goto("/venue-manager/dashboard");
    await expectPrimaryOnTop(page.getByRole("link", { name: `Manage ${venue.name}` }), `dashboard ${at}`);
    const nav = page.getByRole("navigation", { name: "Venue manager" });
    await expectWithinWidth(nav.getByRole("link", { name: "Inquiries 1 new" }), `the menu ${at}`);
    await expectPrimaryOnTop(nav.getByRole("link", { name: "Inquiries 1 new" }), `the menu ${at}`);

    await page.goto("/venue-manager/inquiries");
    await page.getByRole("link", { name: couple.name }).click();
    await expect(page.getByRole("heading", { level: 1, name: couple.name })).toBeVisible();
    await expectPrimaryOnTop(page.getByRole("button", { name: "Send reply" }), `inquiry ${at}`);
    // The date and guests are read before the reply box (in a column beside it from 1024 px).
    const guests = (await page.getByText("Guests", { exact: true }).boundingBox())!;
    const reply = (await page.getByLabel(`Reply to ${couple.name}`).boundingBox())!;
    if (viewport.width < 1024) expect(guests.y, `guests above the reply box ${at}`).toBeLessThan(reply.y);
  }
});

test("after Save Changes the focus is on the result, not on the page", async ({ page }) => {
  test.setTimeout(120_000);
  const { venue } = await approvedVenue(page, "focus-save");
  await page.goto(`/venue-manager/edit-venue/${venue.id}`);
  const capacity = page.getByLabel("Capacity (guests)");
  await expectHydrated(capacity);
  await capacity.fill("150");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast(page, "Venue updated successfully")).toBeVisible();
  await expectFocusOnResult(page, "Venue updated successfully");
});

test("after a reply and a status change the focus is on the result", async ({ page, browser }) => {
  test.setTimeout(180_000);
  const { venue } = await approvedVenue(page, "focus-reply");
  const couple = await guestAsks(browser, venue, "focus-reply-couple");
  await page.goto("/venue-manager/inquiries");
  await page.getByRole("link", { name: couple.name }).click();
  const reply = page.getByLabel(`Reply to ${couple.name}`);
  await expectHydrated(reply);
  await reply.fill("June is open. Would you like to visit?");
  await page.getByRole("button", { name: "Send reply" }).click();
  await expect(toast(page, "Your reply was sent")).toBeVisible();
  await expectFocusOnResult(page, "Your reply was sent");
  await page.getByRole("button", { name: "Mark as booked" }).click();
  await expect(toast(page, "Marked as booked")).toBeVisible();
  await expectFocusOnResult(page, "Marked as booked");
});
