import type { Locator, Page } from "@playwright/test";
import routes from "../../app/routes";
import { E2E_ADMIN } from "./paths";
import {
  approvedVenue,
  expect,
  expectHydrated,
  settle,
  submitVenueViaApi,
  switchAccount,
  test,
} from "./fixtures";
import { screenshot } from "./screens";

// Issue 22, point 15 and its acceptance: at 390 px no admin or manager page scrolls sideways
// (document.documentElement.scrollWidth within the window), nor does any dialog they open (its
// content within the dialog). The pages come from app/routes.ts: every page module (.tsx) under
// routes/admin/ and routes/manager/, so a page added there is visited without touching this file;
// a new dynamic segment needs a value in `fill`. OPEN lists, per page, the dialogs, tabs and
// panels to open there too.

test.use({ viewport: { width: 390, height: 844 } });

type RouteEntry = { file: string; path?: string; index?: boolean; children?: RouteEntry[] };
const flatten = (entries: RouteEntry[], parent = ""): { file: string; pattern: string }[] =>
  entries.flatMap((r) => {
    const pattern = r.path === undefined ? parent : `${parent.replace(/\/$/, "")}/${r.path}`;
    return [{ file: r.file, pattern }, ...flatten(r.children ?? [], pattern)];
  });

/** The page modules of an area (layouts wrap the others and have no address of their own). */
const pagesOf = (area: string) =>
  flatten(routes as RouteEntry[]).filter(
    (r) => r.file.startsWith(area) && r.file.endsWith(".tsx") && !r.file.endsWith("/layout.tsx"),
  );

/** Pages whose address needs a record this spec does not make: the spec that checks them at 390 px. */
const CHECKED_ELSEWHERE: Record<string, string> = {
  "routes/admin/import-undo.tsx": "admin-bulk-trash.spec.ts (its page without scripts, at 390 px)",
  "routes/manager/inquiry.tsx": "manager-inquiries.spec.ts",
};

function fill(pattern: string, ids: { venueId: string }): string {
  return pattern.replace(/:(\w+)/g, (_, name: string) => {
    if (name === "venueId") return ids.venueId;
    throw new Error(`${pattern}: no value for :${name} in the 390 px layout spec`);
  });
}

/** Nothing wider than the window: neither the page nor an open dialog's content. */
async function expectFits(page: Page, where: string) {
  await page.evaluate(() => document.fonts.ready);
  const overflow = await page.evaluate(() => {
    // What sticks out, for the message: elements past the window's right edge that no box of
    // theirs clips (an absolutely placed one escapes the boxes inside its containing block).
    const clipped = (el: Element) => {
      let escaping = getComputedStyle(el).position === "absolute";
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
        const style = getComputedStyle(a);
        if (escaping && style.position !== "static") escaping = false;
        if (!escaping && style.overflowX !== "visible") return true;
      }
      return false;
    };
    const page = document.documentElement.scrollWidth - innerWidth;
    const past =
      page <= 0
        ? []
        : [...document.body.querySelectorAll("*")]
            .filter((el) => el.getBoundingClientRect().right > innerWidth + 1 && !clipped(el))
            .slice(0, 3)
            .map((el) => `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 30)}"`);
    return {
      page,
      past,
      dialogs: [...document.querySelectorAll("dialog[open]")]
        .filter((d) => d.scrollWidth > d.clientWidth)
        .map((d) => `${d.querySelector("h2")?.textContent}: ${d.scrollWidth - d.clientWidth} px too wide`),
    };
  });
  expect(
    overflow.page,
    `${where}: the page scrolls sideways (${overflow.past.join(", ")})`,
  ).toBeLessThanOrEqual(0);
  expect(overflow.dialogs, `${where}: dialogs wider than themselves`).toEqual([]);
}

/** Opens a dialog with `button`, checks it, and closes it with Escape. */
async function checkDialog(
  page: Page,
  where: string,
  button: Locator,
  name: string | RegExp,
  ready?: string,
) {
  await expectHydrated(button);
  await button.click();
  const dialog = page.getByRole("dialog", { name });
  await expect(dialog).toBeVisible();
  if (ready) await expect(dialog.getByRole("checkbox").or(dialog.getByLabel(ready)).first()).toBeVisible();
  await expectFits(page, `${where}, dialog ${name}`);
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
}

const main = (page: Page) => page.getByRole("main");

/** What to open on each page besides the page itself (its dialogs, tabs and panels). */
const OPEN: Record<string, (page: Page, where: string) => Promise<void>> = {
  "routes/admin/venues.tsx": async (page, where) => {
    await checkDialog(
      page,
      where,
      page.getByRole("button", { name: "Add Venue" }),
      "Add Venue",
      "Venue Name",
    );
    await checkDialog(
      page,
      where,
      main(page)
        .getByRole("button", { name: /^Delete / })
        .first(),
      "Delete venue",
    );
    // The import preview with its problems: long reasons wrap inside the table.
    const panel = page.getByRole("region", { name: "Import venues from CSV" });
    const input = panel.locator('input[type="file"]');
    await expectHydrated(input);
    await input.setInputFiles({
      name: "narrow.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(
        [
          "name,description,location,region,category,imageUrls",
          `Narrow Castle,Towers.,"3 Tower Rd, Golden, Colorado 80401",Foothills,Castle,http://example.com/a/very/long/path/to/an/image/without/any/space.jpg`,
        ].join("\r\n"),
      ),
    });
    const problems = page.getByRole("tabpanel", { name: "Problems" });
    await expect(problems).toContainText("must start with https://");
    await expectFits(page, `${where}, import preview`);
    // The reasons wrap: the table is no wider than its box.
    expect(await problems.evaluate((box) => box.scrollWidth - box.clientWidth)).toBeLessThanOrEqual(0);
  },
  "routes/admin/pending.tsx": async (page, where) => {
    await checkDialog(
      page,
      where,
      main(page).getByRole("button", { name: "Reject" }).first(),
      "Reject Venue",
    );
  },
  "routes/admin/users.tsx": async (page, where) => {
    await checkDialog(
      page,
      where,
      main(page)
        .getByRole("button", { name: /^Assign venues to / })
        .first(),
      /^(Make Venue Manager|Assign Venues)$/,
      "Search venues",
    );
    await checkDialog(
      page,
      where,
      main(page)
        .getByRole("button", { name: /^Send a password reset email to / })
        .first(),
      "Send Password Reset",
    );
  },
  "routes/admin/venue-categories.tsx": async (page, where) => {
    await checkDialog(page, where, page.getByRole("button", { name: "Add Venue Type" }), "Add Venue Type");
  },
  "routes/admin/venue-amenities.tsx": async (page, where) => {
    await checkDialog(
      page,
      where,
      main(page)
        .getByRole("button", { name: /^Edit / })
        .first(),
      "Edit Amenity",
    );
  },
  "routes/manager/venues.tsx": async (page, where) => {
    await checkDialog(
      page,
      where,
      main(page)
        .getByRole("button", { name: /^Edit Details of / })
        .first(),
      "Edit Venue",
      "Venue Name",
    );
  },
  "routes/manager/edit-venue.tsx": async (page, where) => {
    for (const tab of ["Images", "FAQs", "Reviews"]) {
      const trigger = page.getByRole("tab", { name: new RegExp(`^${tab}`) });
      await expectHydrated(trigger);
      await trigger.click();
      await expect(trigger).toHaveAttribute("aria-selected", "true");
      await expectFits(page, `${where}, tab ${tab}`);
      if (tab === "FAQs")
        await checkDialog(
          page,
          where,
          main(page).getByRole("button", { name: "Add FAQ" }),
          "Add FAQ",
          "Question",
        );
    }
  },
};

async function visitEach(page: Page, area: string, venueId: string) {
  const pages = pagesOf(area).filter((p) => !CHECKED_ELSEWHERE[p.file]);
  expect(pages.length).toBeGreaterThan(3);
  for (const { file, pattern } of pages) {
    await test.step(`${pattern} (${file})`, async () => {
      const where = fill(pattern, { venueId });
      await page.goto(where);
      await expectHydrated(page.locator("main").first());
      await settle(page);
      await expectFits(page, where);
      await screenshot(page, `390-${file.replace(/\W+/g, "-")}`, { fullPage: true });
      await OPEN[file]?.(page, where);
    });
  }
}

test("no admin page or admin dialog scrolls sideways at 390 px", async ({ page }) => {
  test.setTimeout(180_000);
  const { venue } = await approvedVenue(page, "narrow");
  await switchAccount(page, E2E_ADMIN);
  // A pending venue, so that the pending page shows a card and its Reject dialog.
  await submitVenueViaApi(page, `E2E Narrow Pending Hall ${Date.now().toString(36)}`);
  await visitEach(page, "routes/admin/", venue.id);
});

test("no manager page or manager dialog scrolls sideways at 390 px", async ({ page }) => {
  test.setTimeout(120_000);
  // Signed in as the submitter, who manages the venue once it is approved.
  const { venue } = await approvedVenue(page, "narrow-manager");
  await visitEach(page, "routes/manager/", venue.id);
});
