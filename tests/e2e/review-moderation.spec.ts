import type { Page } from "@playwright/test";
import { REPORT_REASON_LABELS } from "../../app/lib/trust";
import { E2E_ADMIN, ORIGIN } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  expectNoSidewaysScroll,
  loginViaApi,
  registerViaApi,
  settle,
  switchAccount,
  test,
  toast,
  uniqueAccount,
} from "./fixtures";
import { withAndWithoutScripts } from "./repeats";
import { screenshot } from "./screens";

// Issue 45, report and moderate: a reviewer reviews a venue; a couple reports the review with a
// reason and a note, and it stays on the page (a report hides nothing by itself); the admin finds
// it in the moderation queue with the report and hides it with a published reason; it is gone
// from the venue page, except for its author, who is shown why. With scripts and without, at 1280 and 390 px; screenshots of the report
// page and the queue. A back-office spec (playwright.config.ts): it approves a venue.

/** A success said by a toast with scripts, by the page's status line without. */
const said = (page: Page, scripts: boolean, text: string) =>
  scripts ? toast(page, text) : page.getByRole("status").filter({ hasText: text });

async function look(page: Page, name: string, width: number) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  await settle(page);
  await expectNoSidewaysScroll(page, `${name} at ${width} px`);
  await screenshot(page, `${name}-${width}`, { fullPage: true });
}

async function journey(page: Page, scripts: boolean, width: number) {
  test.setTimeout(120_000);
  await page.setViewportSize({ width, height: 900 });
  const tag = `${scripts ? "js" : "nojs"}-${width}`;
  const { venue } = await approvedVenue(page, `moderation-${tag}`);
  const comment = `Rude staff and cold food (${tag} ${Date.now().toString(36)}).`;

  // A reviewer writes the review, through the venue page's own action.
  await switchAccount(page, null);
  const reviewer = await registerViaApi(page, uniqueAccount(`reviewer-${tag}`));
  const res = await page.request.post(venue.path, {
    form: { rating: "1", comment },
    headers: { origin: ORIGIN },
  });
  expect(res.status()).toBe(200);

  // A couple reports it from the venue page: a small link to a page of its own.
  await switchAccount(page, null);
  await registerViaApi(page, uniqueAccount(`reporter-${tag}`));
  await page.goto(`${venue.path}?tab=reviews`);
  const review = page.getByRole("listitem").filter({ hasText: comment });
  await expect(review).toHaveCount(1);
  const report = review.getByRole("link", { name: "Report" });
  if (scripts) {
    await expectHydrated(report);
    await screenshot(review, `venue-review-report-link-${width}`);
  }
  await report.click();
  await expect(page).toHaveURL(/\/reviews\/[0-9a-f-]{36}\/report$/);
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: "Report a review" })).toBeVisible();
  await expect(main.getByText(comment)).toBeVisible();
  const send = main.getByRole("button", { name: "Send report" });
  if (scripts) {
    await expectHydrated(send);
    await expectNoSeriousA11yViolations(page);
    await look(page, "report-review", width);
  }
  await main.getByRole("radio", { name: REPORT_REASON_LABELS.fake }).check();
  await main.getByLabel(/Anything our moderators should know/).fill("They never held a wedding there.");
  await send.click();

  // Back on the reviews, with thanks; the review is still there.
  await expect(page).toHaveURL((u) => u.pathname === venue.path && u.searchParams.get("tab") === "reviews");
  await expect(said(page, scripts, "Thank you. Our moderators will look at this review.")).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: comment })).toHaveCount(1);

  // The admin's queue: the review, its report, the actions.
  await switchAccount(page, E2E_ADMIN);
  await page.goto("/admin/reviews");
  const queue = page.getByRole("list", { name: "Reported reviews" });
  const card = queue.getByRole("region").filter({ hasText: comment });
  await expect(card).toHaveCount(1);
  await expect(card.getByText(REPORT_REASON_LABELS.fake)).toBeVisible();
  await expect(card.getByText("They never held a wedding there.")).toBeVisible();
  await expect(card.getByText("No booked inquiry at this venue")).toBeVisible();
  const hide = card.getByRole("button", { name: "Hide review" });
  if (scripts) {
    await expectHydrated(hide);
    await expectNoSeriousA11yViolations(page);
    await look(page, "admin-reviews", width);
  }
  const reason = "It names a member of staff with insults.";
  await card.getByLabel("Reason shown on the page").fill(reason);
  await hide.click();
  await expect(said(page, scripts, "Review hidden")).toBeVisible();
  await expect(queue.getByRole("region").filter({ hasText: comment })).toHaveCount(0);
  const hidden = page.getByRole("region", { name: "Hidden reviews" });
  await expect(hidden.getByRole("listitem").filter({ hasText: comment })).toContainText(reason);
  if (scripts) await expectNoSeriousA11yViolations(page);

  // Gone from the venue page, for a signed-out visitor too.
  await switchAccount(page, null);
  await page.goto(`${venue.path}?tab=reviews`);
  await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  await expect(page.getByText(comment)).toHaveCount(0);
  if (scripts) await expectNoSeriousA11yViolations(page);

  // Its author still sees it, with the moderators' reason.
  await loginViaApi(page, reviewer);
  await page.goto(`${venue.path}?tab=reviews`);
  await expect(page.getByRole("listitem").filter({ hasText: comment })).toContainText(
    `Hidden by our moderators: ${reason}`,
  );
  if (scripts) await expectNoSeriousA11yViolations(page);
}

withAndWithoutScripts(
  "a couple reports a review; the admin hides it with a reason; it leaves the venue page",
  "by links and plain forms alone: the report, the hide, the page without the review",
  ({ page }, scripts, width) => journey(page, scripts, width),
);
