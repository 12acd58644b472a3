import sharp from "sharp";
import type { Page } from "@playwright/test";
import {
  asNewVisitor,
  expect,
  expectHydrated,
  expectNoSeriousA11yViolations,
  fillVenueRequired,
  HEIC_HEAD,
  registerViaApi,
  test,
  uniqueAccount,
  UUID,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 11: 'Submit Your Colorado Venue', from a guest's click to a pending venue with its images.

const jpeg = (width = 1200, height = 800, color = "#6a8f5a") =>
  sharp({ create: { width, height, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
const png = (side = 400) =>
  sharp({
    create: { width: side, height: side, channels: 4, background: { r: 30, g: 77, b: 63, alpha: 0.8 } },
  })
    .png()
    .toBuffer();
const file = (name: string, buffer: Buffer, mimeType = "image/jpeg") => ({ name, mimeType, buffer });

const dialog = (page: Page) => page.getByRole("dialog", { name: "Submit Your Colorado Venue" });

async function openFromMyVenues(page: Page) {
  await page.goto("/account/venues");
  const button = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(button);
  await button.click();
  await expect(dialog(page).getByLabel("Venue Name", { exact: true })).toBeVisible();
}

const fillRequired = (page: Page, name: string) => fillVenueRequired(dialog(page), name);

test("a guest signs in from the footer button, the dialog opens by itself, and a complete submission becomes a pending venue with its images", async ({
  page,
  request,
}) => {
  test.setTimeout(180_000);
  const account = uniqueAccount("submitter");
  const registered = await request.post("/login", {
    form: { intent: "register", ...account, confirmPassword: account.password },
    headers: asNewVisitor(),
    maxRedirects: 0,
  });
  expect(registered.status()).toBe(302);

  await page.goto("/");
  const footerButton = page
    .getByRole("contentinfo")
    .getByRole("button", { name: "Submit Your Colorado Venue" });
  await expectHydrated(footerButton);
  await footerButton.click();
  const auth = page.getByRole("dialog", { name: "Welcome" });
  await expect(auth.getByText("Please log in or register to submit your venue.")).toBeVisible();
  await expect(auth.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  await auth.getByLabel("Email", { exact: true }).fill(account.email);
  await auth.getByLabel("Password", { exact: true }).fill(account.password);
  await auth.getByRole("button", { name: "Sign In" }).click();

  // No second click: the submission dialog opens once the user is signed in.
  const d = dialog(page);
  await expect(d.getByLabel("Venue Name", { exact: true })).toBeVisible();
  await expect(auth).toBeHidden();
  // The state is always Colorado: said as text, not a field that looks editable (issue 22).
  await expect(d.getByRole("term").filter({ hasText: "State" })).toBeVisible();
  await expect(d.getByRole("definition").filter({ hasText: "Colorado" })).toBeVisible();
  await expect(d.getByLabel("State", { exact: true })).toHaveCount(0);
  await expect(d.getByText("The address will be geocoded automatically")).toBeVisible();

  const name = `Aspen Meadow Barn ${Date.now().toString(36)}`;
  await fillRequired(page, name);
  await d
    .getByLabel("Description", { exact: true })
    .fill("A restored barn in a high meadow, with the Flatirons behind the ceremony lawn.");
  await d.getByLabel("Address Line 2 (optional)", { exact: true }).fill("Barn B");
  await d.getByRole("radio", { name: "Price range" }).check();
  await d.getByLabel("Your price range", { exact: true }).fill("$2,000-5,000");
  await d.getByLabel("Capacity (guests)", { exact: true }).fill("150");
  await d.getByLabel("WiFi", { exact: true }).check();
  await d.getByLabel("Bridal Suite", { exact: true }).check();
  await d.getByLabel("Website", { exact: true }).fill("www.aspenmeadow.example");
  await d.getByLabel("Phone (optional)", { exact: true }).fill("(303) 555-0177");
  await d.getByLabel("Email (optional)", { exact: true }).fill("events@aspenmeadow.example");
  await d
    .getByLabel("Images", { exact: true })
    .setInputFiles([
      file("ceremony.jpg", await jpeg(1200, 800, "#6a8f5a")),
      file("barn.jpg", await jpeg(1600, 1067, "#8f5a3a")),
      file("dusk.png", await png(900), "image/png"),
    ]);
  await expect(d.getByRole("list", { name: "Chosen images" }).getByRole("listitem")).toHaveCount(3);
  await d.getByLabel("Logo", { exact: true }).setInputFiles([file("logo.png", await png(300), "image/png")]);
  await expect(d.getByRole("img", { name: "Logo: logo.png" })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  await d.getByRole("button", { name: "Submit Venue" }).click();
  await expect(page.getByText("Venue submitted for approval")).toBeVisible();
  await expect(d).toBeHidden();
  // After a second, a user (not an admin) goes to their venues.
  await expect(page).toHaveURL(/\/account\/venues$/);
  const row = page.getByRole("listitem").filter({ hasText: name });
  await expect(row.getByText("Pending", { exact: true })).toBeVisible();
  const link = row.getByRole("link", { name: new RegExp(`^${name}`) });
  await expect(link).toHaveAttribute("target", "_blank");
  const href = await link.getAttribute("href");
  expect(href).toMatch(new RegExp(`^/venue/aspen-meadow-barn-[a-z0-9]+-${UUID}$`));

  await page.goto(href!);
  await expect(page.getByText(/Awaiting approval/)).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Couples can reach it (issue 22): the phone and email it was submitted with.
  await expect(page.locator('a[href="tel:3035550177"]').first()).toBeVisible();
  await expect(page.locator('a[href="mailto:events@aspenmeadow.example"]').first()).toBeVisible();
  const stored = page.locator(`img[src*="/uploads/venues/"]`);
  await expect(stored.first()).toBeVisible();
  const srcs = await stored.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
  expect(new Set(srcs.map((s) => /venues\/[^/]+\/([0-9a-f-]{36})-/.exec(s)?.[1]).filter(Boolean)).size).toBe(
    3,
  );
  // The main picture is drawn; every stored copy the page links to is served as WebP (thumbnails
  // may be lazy and off-screen, so they are fetched rather than waited for).
  await expect
    .poll(() => stored.first().evaluate((i: HTMLImageElement) => i.naturalWidth))
    .toBeGreaterThan(0);
  for (const src of new Set(srcs)) {
    const res = await page.request.get(src);
    expect(res.status(), src).toBe(200);
    expect(res.headers()["content-type"], src).toBe("image/webp");
  }
});

test("each required field says so, and nothing is sent", async ({ page }) => {
  await registerViaApi(page);
  await openFromMyVenues(page);
  const d = dialog(page);
  let posted = 0;
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/venue-submissions") && posted++);
  await d.getByRole("button", { name: "Submit Venue" }).click();
  await expect(d.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  for (const [label, message] of [
    ["Venue Name", "Venue Name is required"],
    ["Address Line 1", "Address Line 1 is required"],
    ["City", "City is required"],
    ["Postal Code", "Postal Code is required"],
    ["Region", "Region is required"],
    ["Venue Type", "Venue Type is required"],
  ]) {
    await expect(d.getByText(message, { exact: true })).toBeVisible();
    await expect(d.getByLabel(label, { exact: true })).toHaveAttribute("aria-invalid", "true");
  }
  await expect(d.getByLabel("Address Line 2 (optional)", { exact: true })).not.toHaveAttribute(
    "aria-invalid",
    "true",
  );
  // A message goes as soon as its field is corrected, before any new try; the others stay
  // (issue 22), and the form's own message stays until every required field is filled.
  await d.getByLabel("Venue Name", { exact: true }).fill("Half Done Hall");
  await expect(d.getByText("Venue Name is required")).toBeHidden();
  await expect(d.getByLabel("Venue Name", { exact: true })).not.toHaveAttribute("aria-invalid", "true");
  await expect(d.getByText("City is required")).toBeVisible();
  await d.getByLabel("Region", { exact: true }).selectOption("Front Range North");
  await expect(d.getByText("Region is required")).toBeHidden();
  await expect(d.getByText("City is required")).toBeVisible();
  await d.getByRole("button", { name: "Submit Venue" }).click();
  await expect(d.getByText("Venue Name is required")).toBeHidden();
  await expect(d.getByText("City is required")).toBeVisible();
  await d.getByLabel("Address Line 1", { exact: true }).fill("12 Ridge Rd");
  await d.getByLabel("City", { exact: true }).fill("Boulder");
  await d.getByLabel("Postal Code", { exact: true }).fill("80302");
  await expect(d.getByRole("alert").filter({ hasText: "Please fill in all required fields" })).toBeVisible();
  await d.getByLabel("Venue Type", { exact: true }).selectOption({ index: 1 });
  await expect(d.getByRole("alert")).toHaveCount(0);
  expect(posted).toBe(0);
  await expectNoSeriousA11yViolations(page);
});

// Issue 22: an approved venue must be reachable, so the dialog asks for a phone and an email.
test("phone and email are optional; one that is not a phone or an email is refused before sending; the dialog at 390 and 1280 px", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await registerViaApi(page);
  await openFromMyVenues(page);
  const d = dialog(page);
  let posted = 0;
  page.on("request", (r) => r.method() === "POST" && r.url().includes("/api/venue-submissions") && posted++);
  const phone = d.getByLabel("Phone (optional)", { exact: true });
  const email = d.getByLabel("Email (optional)", { exact: true });
  await expect(phone).toHaveAttribute("type", "tel");
  await expect(email).toHaveAttribute("type", "email");
  await fillRequired(page, "Unreachable Barn");
  await phone.fill("call us maybe!!");
  await email.fill("events@nowhere");
  await d.getByRole("button", { name: "Submit Venue" }).click();
  await expect(d.getByText("Please enter a phone number, such as (303) 555-0100")).toBeVisible();
  await expect(d.getByText("Please enter a valid email address, such as events@yourvenue.com")).toBeVisible();
  await expect(phone).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(0);
  for (const [width, height] of [
    [390, 844],
    [1280, 900],
  ] as const) {
    await page.setViewportSize({ width, height });
    // Nothing in the dialog is wider than it.
    await expect
      .poll(() => d.evaluate((el) => el.scrollWidth - el.clientWidth), `${width} px`)
      .toBeLessThanOrEqual(0);
    await phone.scrollIntoViewIfNeeded();
    await screenshot(page, `submission-contact-${width}`);
  }
});

test.describe("choosing files", () => {
  // The server's refusal of the forged image answers 422, which Chromium logs as a failed resource.
  // Playwright's trace recorder reads the previews' blob: URLs with fetch(), which our CSP's
  // connect-src refuses (it passes with --trace off).
  // (One pattern: Playwright reads a two-element array as [value, options].)
  test.use({ allowedConsoleErrors: [/status of 422|^Connecting to 'blob:.*connect-src/] });

  test("files are refused as they are chosen: not an image, over 5MB, an 11th image; a server refusal keeps the form", async ({
    page,
  }) => {
    await registerViaApi(page);
    await openFromMyVenues(page);
    const d = dialog(page);
    const images = d.getByLabel("Images", { exact: true });
    const chosen = d.getByRole("list", { name: "Chosen images" }).getByRole("listitem");

    await images.setInputFiles([file("notes.jpg", Buffer.from("These are my notes, not a photo."))]);
    await expect(d.getByRole("alert").filter({ hasText: "notes.jpg is not an image file" })).toBeVisible();
    await expect(chosen).toHaveCount(0);

    // An iPhone's HEIC photo: refused with how to send it, never 'not an image file' (issue 22).
    await images.setInputFiles([file("IMG_0042.HEIC", HEIC_HEAD, "image/heic")]);
    await expect(
      d.getByRole("alert").filter({
        hasText:
          'IMG_0042.HEIC is a HEIC photo (from an iPhone), which can\'t be used yet: choose "Most Compatible" in Settings → Camera → Formats, or export the photo as JPEG',
      }),
    ).toBeVisible();
    await expect(d.getByText("IMG_0042.HEIC is not an image file")).toHaveCount(0);
    await expect(chosen).toHaveCount(0);

    const six = Buffer.concat([await jpeg(800, 600), Buffer.alloc(6 * 1024 * 1024)]);
    await images.setInputFiles([file("huge.jpg", six)]);
    await expect(d.getByRole("alert").filter({ hasText: "huge.jpg exceeds 5MB size limit" })).toBeVisible();
    await expect(chosen).toHaveCount(0);

    const small = await jpeg(600, 400);
    await images.setInputFiles(Array.from({ length: 11 }, (_, i) => file(`photo-${i + 1}.jpg`, small)));
    await expect(
      d
        .getByRole("alert")
        .filter({ hasText: "You can add 10 more images: 1 of the ones you chose was not added." }),
    ).toBeVisible();
    await expect(chosen).toHaveCount(10);
    await expect(chosen.last().getByRole("img")).toHaveAccessibleName("photo-10.jpg");
    await expect(d.locator('input[name="images"]')).toHaveCount(0);
    // The limit is said once, in the help; a full form says what to do.
    await expect(d.getByText("Remove an image to add another.")).toBeVisible();
    await expect(d.getByText(/10 images/)).toHaveCount(1);
    await chosen
      .first()
      .getByRole("button", { name: /^Remove/ })
      .click();
    await expect(chosen).toHaveCount(9);
    for (let i = 0; i < 9; i++)
      await chosen
        .first()
        .getByRole("button", { name: /^Remove/ })
        .click();
    await expect(chosen).toHaveCount(0);

    // A file that starts like a JPEG but is not one passes the quick check; the server decodes
    // it, refuses, and the dialog stays open with everything typed.
    const forged = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from("not really a jpeg")]);
    await fillRequired(page, "Forged Photo Farm");
    await d.getByLabel("Images", { exact: true }).setInputFiles([file("forged.jpg", forged)]);
    await expect(chosen).toHaveCount(1);
    await d.getByRole("button", { name: "Submit Venue" }).click();
    await expect(page.getByText("Failed to upload images. Please try again.").first()).toBeVisible();
    await expect(d.getByText("forged.jpg is not an image file")).toBeVisible();
    await expect(d.getByLabel("Venue Name", { exact: true })).toHaveValue("Forged Photo Farm");
    await expect(d.getByLabel("City", { exact: true })).toHaveValue("Boulder");
    await expect(d.getByLabel("Region", { exact: true })).toHaveValue("Front Range North");
  });
});
