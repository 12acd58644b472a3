import type { Page } from "@playwright/test";
import { venuePath } from "../../app/lib/venue-url";
import { E2E_ADMIN, ORIGIN } from "./paths";
import {
  addVenueViaApi,
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
  UUID,
} from "./fixtures";
import { withAndWithoutScripts } from "./repeats";
import { screenshot } from "./screens";

// Issue 45, item 5 (ADR 047): an owner claims a venue the admin added (no manager) by a link
// mailed to an address at the venue's website domain (read from the e2e SMTP catcher), and then
// edits it in the venue-manager area; at 390 and 1280 px, with scripts and without. And an admin
// approves a claim by note from the Claims queue. A back-office spec (playwright.config.ts): the
// admin adds venues, each test its own.

/** The admin adds an approved venue with a website at its own domain; the page ends signed out. */
async function unmanagedVenue(page: Page, prefix: string, website = true) {
  const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  const name = `E2E Claim ${prefix} Lodge ${stamp}`;
  const domain = `claim-${prefix}-${stamp}.example`;
  await loginViaApi(page, E2E_ADMIN);
  await addVenueViaApi(page, name, website ? { website: `https://www.${domain}/` } : {});
  // Its id, from the admin's list (the edit link names it).
  await page.goto(`/admin/venues?q=${encodeURIComponent(name)}`);
  const edit = page.locator(`a[href^="/admin/edit-venue/"]`).first();
  const id = new RegExp(`/admin/edit-venue/(${UUID})`).exec((await edit.getAttribute("href")) ?? "")![1]!;
  await switchAccount(page, null);
  return { id, name, domain, path: venuePath({ id, name }) };
}

/** The page at 1280 and 390 px, looked at later; back to `width` after. */
async function screens(page: Page, name: string, width: number) {
  await expect(page.locator("[data-sonner-toast]")).toHaveCount(0);
  for (const w of [1280, 390]) {
    await page.setViewportSize({ width: w, height: 900 });
    await settle(page);
    await expectNoSidewaysScroll(page, `${name} at ${w} px`);
    await screenshot(page, `${name}-${w}`, { fullPage: true });
  }
  await page.setViewportSize({ width, height: 900 });
}

async function claimByMail(
  page: Page,
  mail: { waitFor(to: string, opts?: { subject?: RegExp }): Promise<{ text: string }> },
  scripts: boolean,
  width: number,
) {
  test.setTimeout(150_000);
  await page.setViewportSize({ width, height: 900 });
  const venue = await unmanagedVenue(page, `${scripts ? "js" : "nojs"}${width}`);
  const owner = await registerViaApi(page, uniqueAccount(`claimant-${scripts ? "js" : "nojs"}-${width}`));

  // The venue's page offers the claim.
  await page.goto(venue.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(venue.name);
  const offer = page.getByRole("link", { name: "Is this your venue?" });
  if (scripts) {
    await expectHydrated(offer);
    await offer.scrollIntoViewIfNeeded();
    await screenshot(page, `venue-claim-offer-${width}`);
  }
  await offer.click();

  // The claim page: the two ways; the address at the venue's domain.
  await expect(page).toHaveURL(new RegExp(`${venue.path}/claim$`));
  const main = page.getByRole("main");
  await expect(main.getByRole("heading", { level: 1, name: `Is ${venue.name} your venue?` })).toBeVisible();
  await expect(main.getByRole("heading", { name: `By email at ${venue.domain}` })).toBeVisible();
  await expect(main.getByRole("heading", { name: "By an administrator's approval" })).toBeVisible();
  await expect(main.getByText(`@${venue.domain}`, { exact: true })).toBeVisible();
  const send = main.getByRole("button", { name: "Email me a link" });
  if (scripts) {
    await expectHydrated(send);
    await expectNoSeriousA11yViolations(page);
    if (width === 1280) await screens(page, "venue-claim", width);
  }
  await main.getByLabel(`Your address at ${venue.domain}`).fill("events");
  await send.click();
  const address = `events@${venue.domain}`;
  await expect(page.getByRole("status").filter({ hasText: `We sent a link to ${address}` })).toBeVisible();
  if (scripts) await expectNoSeriousA11yViolations(page);

  // The mail at the venue's domain; its link asks, and its button confirms.
  const confirm = await mail.waitFor(address, { subject: /^Confirm that you manage/ });
  const link = new RegExp(`${ORIGIN}(/claims/${UUID}\\?t=[^\\s"<>]+)`).exec(confirm.text)?.[1];
  expect(link, "the claim's link in the mail").toBeTruthy();
  await page.goto(link!);
  const confirmButton = page.getByRole("button", { name: "Confirm my claim" });
  if (scripts) await expectHydrated(confirmButton);
  await expect(page.getByText(`as ${address}?`)).toBeVisible();
  await confirmButton.click();
  await expect(page.getByRole("status").filter({ hasText: `You now manage ${venue.name}.` })).toBeVisible();
  if (scripts) await expectNoSeriousA11yViolations(page);

  // The owner manages it now: a new capacity, saved from the manager area, shows on its page.
  await page.getByRole("link", { name: "Open your venues" }).click();
  await expect(page).toHaveURL(/\/venue-manager\/venues$/);
  await page.goto(`/venue-manager/edit-venue/${venue.id}`);
  await expect(page.getByRole("heading", { level: 1, name: venue.name })).toBeVisible();
  const capacity = page.getByLabel("Capacity (guests)");
  if (scripts) await expectHydrated(capacity);
  await capacity.fill("188");
  await page.getByRole("button", { name: "Save Changes" }).click();
  // Without scripts the form's page comes back; the venue's page below shows the change.
  if (scripts) await expect(toast(page, "Venue updated successfully")).toBeVisible();
  else await expect(page).toHaveURL(new RegExp(`/venue-manager/edit-venue/${venue.id}`));
  await page.goto(venue.path);
  await expect(page.getByText(/188 guests/).first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Is this your venue?" })).toHaveCount(0);
  expect(owner.email).toContain("claimant");
}

withAndWithoutScripts(
  "an owner claims an added venue by the mail at its domain and edits it",
  "by plain forms alone: the claim by mail and the edit",
  ({ page, mail }, scripts, width) => claimByMail(page, mail, scripts, width),
);

test("an admin approves a claim by note from the Claims queue; the claimant manages the venue", async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const venue = await unmanagedVenue(page, "note", false);
  const claimant = await registerViaApi(page, uniqueAccount("claimant-note"));
  await page.goto(`${venue.path}/claim`);
  const main = page.getByRole("main");
  // No website: no mail to offer.
  await expect(main.getByRole("button", { name: "Email me a link" })).toHaveCount(0);
  const ask = main.getByRole("button", { name: "Ask an administrator" });
  await expectHydrated(ask);
  await main
    .getByLabel("A note for the administrator")
    .fill("I run the lodge; our office line is 970-555-0199.");
  await ask.click();
  await expect(
    page.getByRole("status").filter({ hasText: "Your claim is with an administrator." }),
  ).toBeVisible();
  await page.goto("/account/venues");
  await expect(page.getByText(`Claim pending for ${venue.name}`)).toBeVisible();

  const adminContext = await browser.newContext({ baseURL: ORIGIN, viewport: { width: 1280, height: 900 } });
  const admin = await adminContext.newPage();
  await loginViaApi(admin, E2E_ADMIN);
  await admin.goto("/admin/claims");
  await expect(admin.getByRole("heading", { level: 1, name: "Claims" })).toBeVisible();
  const card = admin.getByRole("listitem").filter({ has: admin.getByRole("heading", { name: venue.name }) });
  await expect(card.getByText("I run the lodge; our office line is 970-555-0199.")).toBeVisible();
  await expect(card.getByText(claimant.email, { exact: false })).toBeVisible();
  const approve = card.getByRole("button", { name: `Approve the claim of ${venue.name}` });
  await expectHydrated(approve);
  await expectNoSeriousA11yViolations(admin);
  await screens(admin, "admin-claims", 1280);
  await approve.click();
  await expect(toast(admin, "Claim approved")).toBeVisible();
  await expect(card).toHaveCount(0);
  await adminContext.close();

  await page.goto("/venue-manager/venues");
  await expect(page.getByRole("main").getByText(venue.name).first()).toBeVisible();
});
