import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Browser, type Locator, type Page } from "@playwright/test";
import fs from "node:fs";
import path from "node:path";
import { inquiryFormPath, parseVenueParam } from "../../app/lib/venue-url";
import type { CaughtMail } from "../setup/mail-catcher";
import { photo } from "./images";
import { E2E_ADMIN, E2E_MAIL_DIR, ORIGIN } from "./paths";

export { changedPixels, HEIC_HEAD, noisyPhoto, photo, touchSwipe } from "./images";

export { expect };

type Account = { name: string; email: string; password: string };

type Fixtures = {
  /** Console errors matching one of these are expected by the test (e.g. a 404 it asked for). */
  allowedConsoleErrors: RegExp[];
  consoleGuard: void;
  mail: { waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<CaughtMail> };
};

/** Each caught mail, read once: a test waiting for one polls a folder of hundreds. */
const mailFiles = new Map<string, CaughtMail>();
function readMail(file: string): CaughtMail {
  let mail = mailFiles.get(file);
  if (!mail) mailFiles.set(file, (mail = JSON.parse(fs.readFileSync(file, "utf8")) as CaughtMail));
  return mail;
}

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [[], { option: true }],
  // Any console.error or uncaught exception in the page fails the test.
  consoleGuard: [
    async ({ page, allowedConsoleErrors, playwright, baseURL }, use, testInfo) => {
      const errors: string[] = [];
      // What the page sent besides GETs, and what failed: a failed test's report shows the
      // server's answers (its trace keeps no network log, playwright.config.ts).
      const requests: string[] = [];
      const started = Date.now();
      const note = (line: string) => requests.push(`${((Date.now() - started) / 1000).toFixed(1)}s ${line}`);
      page.on("response", (res) => {
        // The whole route manifest comes with the first page (ADR 035): no route discovery after.
        if (res.url().startsWith(`${ORIGIN}/__manifest`)) errors.push(`route discovery: ${res.url()}`);
        if (res.request().method() !== "GET" || res.status() >= 400)
          note(`${res.request().method()} ${res.url()} -> ${res.status()}`);
      });
      page.on("requestfailed", (req) =>
        note(`${req.method()} ${req.url()} failed: ${req.failure()?.errorText}`),
      );
      page.on("framenavigated", (frame) => frame === page.mainFrame() && note(`page at ${frame.url()}`));
      const missingPhotos: { error: string; venueId: string }[] = [];
      page.on("console", (msg) => {
        if (msg.type() !== "error" || allowedConsoleErrors.some((r) => r.test(msg.text()))) return;
        const venueId = /\/uploads\/venues\/([0-9a-f-]{36})\//.exec(msg.location().url)?.[1];
        if (venueId && msg.text().includes("status of 404"))
          missingPhotos.push({ error: msg.text(), venueId });
        else errors.push(msg.text());
      });
      page.on("pageerror", (err) => errors.push(`pageerror: ${err.message}`));
      await use();
      if (testInfo.status !== testInfo.expectedStatus)
        await testInfo.attach("requests", { body: requests.join("\n"), contentType: "text/plain" });
      // A list of every pending venue (or every venue) shows other tests' venues too, and a
      // rejection deletes a venue's photos at once: a page that listed one just before asks for
      // its photo and gets a 404, as an admin's open page would. Expected when the venue is gone;
      // a missing photo of a venue that still exists is an error.
      if (missingPhotos.length) {
        const admin = await playwright.request.newContext({ baseURL });
        await admin.post("/login", {
          form: { intent: "login", email: E2E_ADMIN.email, password: E2E_ADMIN.password },
          headers: asNewVisitor(),
          maxRedirects: 0,
        });
        for (const { error, venueId } of missingPhotos) {
          const res = await admin.get(`/admin/edit-venue/${venueId}`, { maxRedirects: 0 });
          if (res.status() !== 302) errors.push(`${error} (a photo of venue ${venueId}, which exists)`);
        }
        await admin.dispose();
      }
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
  mail: async ({}, use) => {
    await use({
      async waitFor(to, opts = {}) {
        const deadline = Date.now() + (opts.timeoutMs ?? 60_000);
        for (;;) {
          const mails = fs
            .readdirSync(E2E_MAIL_DIR)
            .filter((f) => f.endsWith(".json"))
            .sort()
            .reverse()
            .map((f) => readMail(path.join(E2E_MAIL_DIR, f)));
          const found = mails.find(
            (m) => m.to.includes(to.toLowerCase()) && (!opts.subject || opts.subject.test(m.subject)),
          );
          if (found) return found;
          if (Date.now() > deadline) throw new Error(`no mail to ${to}`);
          await new Promise((r) => setTimeout(r, 250));
        }
      },
    });
  },
});

let counter = 0;
export function uniqueAccount(prefix = "guest"): Account {
  counter += 1;
  const id = `${Date.now().toString(36)}${process.pid.toString(36)}${counter}`;
  return {
    name: `Test ${prefix} ${counter}`,
    email: `${prefix}-${id}@e2e.example`,
    password: "e2e-password-123",
  };
}

let visitors = 0;
/**
 * Headers of a form post from a new visitor: our origin, and an address of its own. The e2e
 * server trusts its loopback proxy (TRUST_PROXY in playwright.config.ts), so the per-address
 * limits (30 registrations an hour) count each test's sign-ups as a real deployment counts
 * different visitors', not the whole suite's as one. Worker processes differ by pid.
 */
export function asNewVisitor(): Record<string, string> {
  visitors++;
  return {
    origin: ORIGIN,
    "x-forwarded-for": `10.${process.pid % 250}.${Math.floor(visitors / 250) % 250}.${visitors % 250}`,
  };
}

/** Registers through the same form action the page uses; the page's context keeps the session. */
export async function registerViaApi(page: Page, account: Account = uniqueAccount()): Promise<Account> {
  const res = await page.request.post("/login", {
    form: { intent: "register", ...account, confirmPassword: account.password },
    headers: asNewVisitor(),
    maxRedirects: 0,
  });
  expect(res.status(), "registration redirects").toBe(302);
  return account;
}

export async function loginViaApi(page: Page, account: Pick<Account, "email" | "password">): Promise<void> {
  const res = await page.request.post("/login", {
    form: { intent: "login", email: account.email, password: account.password },
    headers: asNewVisitor(),
    maxRedirects: 0,
  });
  expect(res.status(), "login redirects").toBe(302);
}

/** Saves the venue at `venuePath` to the page's account, as its heart does. */
export async function saveFavoriteViaApi(page: Page, venuePath: string): Promise<void> {
  const res = await page.request.post("/api/favorites", {
    form: { venueId: parseVenueParam(venuePath.slice("/venue/".length)), saved: "true" },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** The venue types the venue forms offer, in their order. */
export async function venueTypes(page: Page) {
  const choices = (await (await page.request.get("/api/venue-submissions")).json()) as {
    venueTypes: { id: string; name: string }[];
  };
  return choices.venueTypes;
}

/** A venue's fields as its forms send them: the lakeside lodge of every spec that needs a venue. */
const lodgeFields = (name: string, category: string) => ({
  name,
  description: "A timber lodge above the lake, with a ceremony deck under the pines.",
  addressLine1: "77 Lakeview Dr",
  city: "Grand Lake",
  postalCode: "80447",
  region: "Western Slope North",
  category,
  priceType: "single",
  price: "5200",
  capacity: "140",
});

/** A pending venue, sent as the submission dialog sends it (POST /api/venue-submissions). */
export async function submitVenueViaApi(page: Page, name: string) {
  const type = (await venueTypes(page))[0]!;
  const image = { name: "lodge.jpg", mimeType: "image/jpeg", buffer: await photo("#6a8f5a") };
  const res = await page.request.post("/api/venue-submissions", {
    headers: { origin: ORIGIN },
    multipart: { ...lodgeFields(name, type.id), images: image },
  });
  expect(res.status(), await res.text()).toBe(200);
  const body = (await res.json()) as { ok: boolean; venue: { id: string; path: string } };
  expect(body.ok).toBe(true);
  return { ...body.venue, type: type.name };
}

/** A venue the admin adds (approved at once, no manager); the page is signed in as the admin. */
export async function addVenueViaApi(page: Page, name: string, fields: Record<string, string> = {}) {
  const category = (await venueTypes(page))[0]!.id;
  const res = await page.request.post("/admin/venues?intent=add", {
    headers: { origin: ORIGIN },
    multipart: { ...lodgeFields(name, category), latitude: "", longitude: "", ...fields },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Approves a pending venue, as the admin's Approve button does; the page is signed in as the admin. */
export async function approveViaApi(page: Page, venueId: string): Promise<void> {
  const res = await page.request.post("/admin/pending", {
    form: { intent: "approve", venueId },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(200);
}

/** Fills the venue form's required fields (in the submission dialog or the admin's), the first venue type. */
export async function fillVenueRequired(form: Locator, name: string): Promise<void> {
  await form.getByLabel("Venue Name", { exact: true }).fill(name);
  await form.getByLabel("Address Line 1", { exact: true }).fill("12 Ridge Rd");
  await form.getByLabel("City", { exact: true }).fill("Boulder");
  await form.getByLabel("Postal Code", { exact: true }).fill("80302");
  await form.getByLabel("Region", { exact: true }).selectOption("Front Range North");
  await form.getByLabel("Venue Type", { exact: true }).selectOption({ index: 1 });
}

/** The admin's Add Venue dialog, opened on /admin/venues, its required fields filled in. */
export async function adminAddVenueDialog(page: Page, name: string): Promise<Locator> {
  await page.goto("/admin/venues");
  const add = page.getByRole("button", { name: "Add Venue" });
  await expectHydrated(add);
  await add.click();
  const dialog = page.getByRole("dialog", { name: "Add Venue" });
  await fillVenueRequired(dialog, name);
  return dialog;
}

/** Signs the page's session out, then in as `account` (one browser, the roles in turn). */
export async function switchAccount(page: Page, account: { email: string; password: string } | null) {
  const out = await page.request.post("/logout", { headers: { origin: ORIGIN }, maxRedirects: 0 });
  expect(out.status()).toBe(302);
  if (account) await loginViaApi(page, account);
}

/** The venue cards of a page: the articles of its main content. */
export const venueCards = (page: Page) => page.getByRole("main").getByRole("article");

export const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";

/**
 * Waits until streamed content is in place and every finite animation and transition (card
 * fade-ups, image fade-ins) has ended. React inserts a streamed Suspense boundary's content as it
 * arrives, and since 19.2 reveals it in batches, up to 300 ms apart, possibly after the load event:
 * until then its comment marker reads `$?` (pending) or `$~` (queued), and its cards' entrance
 * animations have not started. A boundary that React renders again in the browser shows its
 * fallback, our skeletons, with no marker, and its content enters afresh when it comes.
 */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() => {
    const markers = document.createTreeWalker(document.body, NodeFilter.SHOW_COMMENT);
    for (let n = markers.nextNode(); n; n = markers.nextNode())
      if (n.nodeValue === "$?" || n.nodeValue === "$~") return false;
    if (document.querySelector(".skeleton")) return false;
    return document
      .getAnimations()
      .filter((a) => a.effect?.getTiming().iterations !== Infinity)
      .every((a) => a.playState !== "running");
  });
}

/** Rules of moderate impact that still fail a page: headings in order, landmarks named apart (issue 27). */
const ALWAYS_FAIL = new Set(["heading-order", "landmark-unique"]);

/**
 * Fails on any serious or critical axe violation on the page, and on the rules of ALWAYS_FAIL.
 * Toasts are left out: they fade in
 * after hydration and out on a timer, so axe may catch one half-transparent; `expectReadableToast`
 * checks a toast held still instead.
 */
export async function expectNoSeriousA11yViolations(page: Page): Promise<void> {
  await expectNoSeriousViolations(page, (axe) => axe.exclude("[data-sonner-toaster]"));
}

/** The toast with this text, wherever the toaster puts it. */
export const toast = (page: Page, text: string) =>
  page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

/** Holds the toast open (sonner pauses its timer under the pointer) and runs axe on it alone. */
export async function expectReadableToast(page: Page, text: string): Promise<void> {
  await toast(page, text).hover();
  await expectNoSeriousViolations(page, (axe) => axe.include("[data-sonner-toaster]"));
}

async function expectNoSeriousViolations(page: Page, scope: (axe: AxeBuilder) => AxeBuilder) {
  // Contrast is measured on what is painted: let entrance fades and transitions finish first.
  await settle(page);
  // Legacy mode: axe runs in the page itself. The default runs it per frame and then again in a new
  // blank page to merge the frames' results, which costs a page and a second copy of axe per scan;
  // our pages have no frames. Only the violations are reported in full: axe otherwise builds a
  // selector and an HTML excerpt for every node that passes (3 % of the browser tests' CPU, issue 40).
  const results = await scope(
    new AxeBuilder({ page }).setLegacyMode().options({ resultTypes: ["violations"] }),
  ).analyze();
  const serious = results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || ALWAYS_FAIL.has(v.id))
    .map(
      (v) =>
        `${v.id}: ${v.help} (${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 3)
          .join(", ")})`,
    );
  expect(serious).toEqual([]);
}

/**
 * Clicks `control` and waits for the answer to the post it sends: a change the page shows at once
 * (an FAQ moved) is saved only when that answer has come, and a reload before it cancels the post.
 */
export async function clickAndSaved(page: Page, control: Locator): Promise<void> {
  const answered = page.waitForResponse((res) => res.request().method() === "POST");
  await control.click();
  expect((await answered).ok()).toBe(true);
}

/**
 * Waits until React has hydrated the element (React puts its `__reactFiber$…` key on every DOM
 * node it owns) and the page has switched to its enhanced controls (`useHydrated` does that in a
 * transition after hydration, then marks `<html data-hydrated>`), so a click reaches the enhanced
 * component's handler rather than the server HTML or the control it is about to replace.
 */
export async function expectHydrated(locator: Locator): Promise<void> {
  await expect
    .poll(
      () =>
        locator.evaluate(
          (el) =>
            "hydrated" in document.documentElement.dataset &&
            Object.keys(el).some((k) => k.startsWith("__reactFiber$")),
        ),
      { message: "element is hydrated" },
    )
    .toBe(true);
}

/** The page is no wider than the window: nothing makes it scroll sideways. */
export async function expectNoSidewaysScroll(page: Page, where: string): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - innerWidth);
  expect(overflow, `${where} scrolls sideways`).toBeLessThanOrEqual(0);
}

/** The element a click at the centre of `target` would reach is `target` or inside it: it is
 *  visible, on top of whatever else is there, and not clipped away. */
export async function expectOnTop(target: Locator): Promise<void> {
  await target.scrollIntoViewIfNeeded();
  await expect(target).toBeVisible();
  // A toast slides in: wait for its centre to arrive inside the window, on top of the rest.
  const where = () =>
    target.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return "its centre is outside the window";
      const top = document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) return "on top";
      return `a click at its centre reaches ${top ? `${top.tagName.toLowerCase()} ${top.textContent?.trim().slice(0, 40) ?? ""}` : "nothing"}`;
    });
  await expect.poll(where, { message: "a click at its centre reaches it" }).toBe("on top");
}

/**
 * A venue submitted by a new account and approved by the admin (the admin's own action): the
 * page is left signed in as its submitter, who now manages it.
 */
export async function approvedVenue(page: Page, prefix: string) {
  const submitter = await registerViaApi(page, uniqueAccount(prefix));
  const name = `E2E ${prefix} Lodge ${Date.now().toString(36)}`;
  const venue = await submitVenueViaApi(page, name);
  await switchAccount(page, E2E_ADMIN);
  await approveViaApi(page, venue.id);
  await switchAccount(page, submitter);
  return { submitter, venue: { ...venue, name } };
}

/** A guest asks the venue through its inquiry page, from a browser of their own; the couple. */
/** Another person (a venue's manager) in a browser of their own, whose console errors fail the test too. */
export async function managerBrowser(
  browser: Browser,
  scripts: boolean,
  viewport: { width: number; height: number },
) {
  const context = await browser.newContext({ baseURL: ORIGIN, javaScriptEnabled: scripts, viewport });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (msg) => msg.type() === "error" && errors.push(msg.text()));
  page.on("pageerror", (err) => errors.push(err.message));
  return { page, errors, close: () => context.close() };
}

export async function guestAsks(browser: Browser, venue: { id: string; name: string }, prefix: string) {
  const guest = await browser.newContext({ baseURL: ORIGIN, extraHTTPHeaders: asNewVisitor() });
  const g = await guest.newPage();
  const couple = uniqueAccount(prefix);
  await g.goto(inquiryFormPath(venue));
  const send = g.getByRole("button", { name: "Send inquiry" });
  await expectHydrated(send);
  await g.getByLabel("Your name").fill(couple.name);
  await g.getByLabel("Email").fill(couple.email);
  await g.getByLabel("Guests").fill("120");
  await g.getByLabel("Message").fill("Is the lodge free next June?");
  await send.click();
  await expect(g.getByText(`Your inquiry was sent to ${venue.name}`).first()).toBeVisible();
  await guest.close();
  return couple;
}

/**
 * Presses Tab `presses` times in the open modal dialog: every stop is a control inside it, never
 * the <dialog> element itself (issue 22, point 16) nor the page behind. Chromium passes through its
 * own window controls between the last control and the first (the body has focus then).
 */
export async function expectTabStaysInDialog(page: Page, presses: number): Promise<void> {
  const stops = new Set<string>();
  for (let i = 0; i < presses; i++) {
    await page.keyboard.press("Tab");
    stops.add(
      await page.evaluate(() => {
        const el = document.activeElement;
        if (!el || el === document.body) return "the window's controls";
        if (el.tagName === "DIALOG") return "the dialog itself";
        return el.closest("dialog") ? "a control in the dialog" : `outside: ${el.tagName}`;
      }),
    );
  }
  expect([...stops].filter((s) => s !== "the window's controls")).toEqual(["a control in the dialog"]);
}

/** A review of the venue by a fresh account, through the venue page's own action. */
export async function reviewAs(page: Page, venuePath: string, comment: string) {
  const reviewer = await page.context().browser()!.newContext({ baseURL: ORIGIN });
  const p = await reviewer.newPage();
  await registerViaApi(p, uniqueAccount("reviewer"));
  const res = await p.request.post(venuePath, {
    form: { rating: "4", comment },
    headers: { origin: ORIGIN },
  });
  expect(res.status(), await res.text()).toBe(200);
  await reviewer.close();
}
