import type { Page } from "@playwright/test";
import { E2E_ADMIN } from "./paths";
import {
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  registerViaApi,
  submitVenueViaApi as submitVenue,
  switchAccount as switchTo,
  test,
  uniqueAccount,
} from "./fixtures";
import { expectFocusOnResult } from "./primary-action";

// Issue 12, item 4: a user submits a venue, an admin approves it (the submitter becomes its
// venue manager and the venue is public) or rejects it (it is gone, the submitter is told).

const card = (page: Page, name: string) => page.getByRole("listitem").filter({ hasText: name });
/** The role badge on the account page (beside the name), not the link to the manager area. */
const managerBadge = (page: Page) =>
  page
    .getByRole("main")
    .locator("span")
    .filter({ hasText: /^Venue Manager$/ });

test("a user's submission, approved by an admin: the submitter becomes its Venue Manager and the venue is public", async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const submitter = await registerViaApi(page, uniqueAccount("approved"));
  const name = `E2E Pine Lodge ${Date.now().toString(36)}`;
  const venue = await submitVenue(page, name);

  // Not public yet: a visitor gets the not-found page.
  expect((await request.get(venue.path)).status()).toBe(404);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account Settings" }).first()).toBeVisible();
  await expect(managerBadge(page)).toHaveCount(0);

  await switchTo(page, E2E_ADMIN);
  const admin = page;
  await admin.goto("/admin/pending");
  const pending = card(admin, name);
  await expect(pending.getByRole("heading", { name })).toBeVisible();
  await expect(pending).toContainText(submitter.name);
  await expect(pending).toContainText(submitter.email);
  await expect(pending).toContainText(venue.type);
  await expect(pending).toContainText("$5,200 per event");
  await expect(pending).toContainText("140 guests");
  await expect(pending.getByRole("link", { name: new RegExp(`View.*${name}`) })).toHaveAttribute(
    "href",
    venue.path,
  );
  await expectNoSeriousA11yViolations(admin);

  const approve = pending.getByRole("button", { name: "Approve" });
  await expectHydrated(approve);
  await approve.click();
  await expect(admin.getByText("Venue approved successfully")).toBeVisible();
  // The approved row is gone: the focus goes to the result, not to the page (issue 41, item 16).
  await expectFocusOnResult(admin, "Venue approved successfully");
  await expect(
    admin.getByText("Venue has been approved and the submitter has been assigned as venue manager"),
  ).toBeVisible();
  await expect(pending).toHaveCount(0);

  // The submitter: a Venue Manager now (badge on their account page), told by email.
  await switchTo(page, submitter);
  await page.goto("/account");
  await expect(managerBadge(page)).toBeVisible();
  await expect(page.getByRole("link", { name: "Venue Manager" })).toBeVisible();
  const live = await mail.waitFor(submitter.email, { subject: /Your venue is live/ });
  expect(live.subject).toContain(name);

  // The venue is public: a visitor sees its page, indexed.
  await switchTo(page, null);
  await page.goto(venue.path);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  await expect(page.getByText(/Awaiting approval/)).toHaveCount(0);
  await expect(page.locator('meta[name="robots"]')).not.toHaveAttribute("content", /noindex/);
});

test("rejecting a submission deletes it after the spec's confirmation, and tells the submitter", async ({
  page,
  request,
  mail,
}) => {
  test.setTimeout(120_000);
  const submitter = await registerViaApi(page, uniqueAccount("rejected"));
  const name = `E2E Rejected Barn ${Date.now().toString(36)}`;
  const venue = await submitVenue(page, name);

  await switchTo(page, E2E_ADMIN);
  const admin = page;
  await admin.goto("/admin/pending");
  const pending = card(admin, name);
  const reject = pending.getByRole("button", { name: "Reject" });
  await expectHydrated(reject);

  // Cancel keeps it.
  await reject.click();
  const confirm = admin.getByRole("dialog", { name: "Reject Venue" });
  await expect(confirm).toContainText(
    "Are you sure you want to reject this venue? It will be permanently deleted.",
  );
  await expectNoSeriousA11yViolations(admin);
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(pending).toHaveCount(1);

  await reject.click();
  await confirm.getByRole("button", { name: "Reject" }).click();
  await expect(admin.getByText("Venue has been rejected and removed")).toBeVisible();
  await expect(pending).toHaveCount(0);
  await admin.reload();
  await expect(card(admin, name)).toHaveCount(0);

  const told = await mail.waitFor(submitter.email, { subject: /not approved/ });
  expect(told.subject).toContain(name);
  // Gone for everyone, the submitter included; their role is unchanged.
  expect((await request.get(venue.path)).status()).toBe(404);
  await switchTo(page, submitter);
  expect((await page.request.get(venue.path)).status()).toBe(404);
  await page.goto("/account");
  await expect(page.getByRole("heading", { name: "Account Settings" }).first()).toBeVisible();
  await expect(managerBadge(page)).toHaveCount(0);
});
