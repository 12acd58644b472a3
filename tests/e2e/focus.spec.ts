import type { Page } from "@playwright/test";
import {
  changedPixels,
  expect,
  expectHydrated,
  expectTabStaysInDialog,
  registerViaApi,
  settle,
  test,
  venueCards,
} from "./fixtures";
import { isVenuePath, sitemapPaths } from "./sitemap";

// Issue 8, WCAG 2.4.7 and 2.4.11: whatever the keyboard lands on shows it, on screen and not
// hidden under the fixed header. Each check compares a screenshot of the element's surroundings
// with focus and without: a focus indicator is pixels that change.

const MARGIN = 8;
/** A ring around a 24 px control already changes a few hundred pixels; anti-aliasing changes none. */
const MIN_CHANGED = 40;
/** How many tab stops of one kind (same element, classes and role) are compared. */
const SAME_KIND_CHECKS = 3;

type Box = { x: number; y: number; width: number; height: number };

/** The element's box plus a margin for an outline, cut to the window. */
function around(box: Box, viewport: { width: number; height: number }): Box | null {
  const x = Math.max(0, box.x - MARGIN);
  const y = Math.max(0, box.y - MARGIN);
  const right = Math.min(viewport.width, box.x + box.width + MARGIN);
  const bottom = Math.min(viewport.height, box.y + box.height + MARGIN);
  return right - x < 1 || bottom - y < 1 ? null : { x, y, width: right - x, height: bottom - y };
}

/** Pixels that change in `clip` when focus leaves the focused element (focus is then put back). */
async function focusChange(page: Page, clip: Box): Promise<number> {
  const focused = await page.screenshot({ clip, animations: "disabled" });
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  const blurred = await page.screenshot({ clip, animations: "disabled" });
  return changedPixels(focused, blurred);
}

/**
 * Tabs through the page from the top and checks every stop; returns how many stops it walked.
 * (Not how many focus rings it compared: controls drawn alike share a class and are compared a
 * few times only, so that count falls whenever parts share a class, as issue 42 made them.)
 */
async function checkEveryTabStop(page: Page, max = 90): Promise<number> {
  const viewport = page.viewportSize()!;
  const seen = new Set<string>();
  let last = "";
  const checkedKinds = new Map<string, number>();
  const failures: string[] = [];
  for (let i = 0; i < max; i++) {
    await page.keyboard.press("Tab");
    // Let scripts that react to focus (a carousel bringing its slide into view) finish moving
    // it: the element's box is the same two frames running (on a busy machine the scroll takes
    // many frames, and a clip taken mid-way shows no ring). And the header done with the scroll:
    // it shrinks once the page is scrolled (site-header.tsx), over 300 ms, and a check made
    // mid-way sees a panel at the final header's edge under the one still shrinking. At most
    // 120 frames.
    await page.evaluate(
      () =>
        new Promise<void>((resolve) => {
          let last = "";
          let frames = 0;
          const headerSettled = () => {
            const header = document.querySelector("header[data-scrolled]");
            if (!header) return true;
            // SCROLL_THRESHOLD of site-header.tsx
            const scrolled = String(window.scrollY > 10) === header.getAttribute("data-scrolled");
            return scrolled && header.getAnimations({ subtree: true }).length === 0;
          };
          const check = () => {
            const r = document.activeElement?.getBoundingClientRect();
            const box = r ? `${r.x},${r.y},${r.width},${r.height}` : "";
            if ((box === last && frames > 1 && headerSettled()) || frames++ > 120) return resolve();
            last = box;
            requestAnimationFrame(check);
          };
          requestAnimationFrame(check);
        }),
    );
    const info = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      const r = el.getBoundingClientRect();
      // Under the fixed header counts as hidden (2.4.11), unless it is in the header.
      const header = document.querySelector("header");
      const headerBottom = header && !header.contains(el) ? header.getBoundingClientRect().bottom : 0;
      const path: string[] = [];
      for (let n: Element | null = el; n && n !== document.body; n = n.parentElement)
        path.unshift(`${n.tagName}:${Array.prototype.indexOf.call(n.parentElement?.children ?? [], n)}`);
      return {
        key: path.join("/"),
        name: `${el.tagName.toLowerCase()} "${(el.getAttribute("aria-label") ?? el.textContent ?? "").trim().slice(0, 50)}"`,
        box: { x: r.left, y: r.top, width: r.width, height: r.height },
        // An element that fits below the header must show whole; a taller one (a tab panel) at
        // least in part (2.4.11): where the browser scrolls such an element to on focus depends on
        // where the page stood, which a slow machine's late images and fonts change.
        obscured:
          r.height <= window.innerHeight - headerBottom
            ? r.top < headerBottom - 1
            : r.bottom <= headerBottom + 1,
        // Painted where it is, not clipped away by a scrolling or overflow-hidden box.
        onTop: (() => {
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          return !!hit && (hit === el || el.contains(hit));
        })(),
        // Controls drawn alike (the dots of every card, say) need checking only a few times.
        kind: `${el.tagName} ${el.getAttribute("class") ?? ""} ${el.getAttribute("role") ?? ""}`,
      };
    });
    if (!info) break;
    // Tab moved between the fields of one control (a date input's month, day and year).
    if (info.key === last) continue;
    if (seen.has(info.key)) break; // wrapped around to the start
    seen.add(info.key);
    last = info.key;
    if (info.obscured) failures.push(`${info.name} is under the fixed header`);
    else if (!info.onTop) failures.push(`${info.name} is hidden where it is focused`);
    const kinds = checkedKinds.get(info.kind) ?? 0;
    if (kinds >= SAME_KIND_CHECKS) continue;
    checkedKinds.set(info.kind, kinds + 1);
    const clip = around(info.box, viewport);
    if (!clip) {
      failures.push(`${info.name} is focused outside the window`);
      continue;
    }
    const changed = await focusChange(page, clip);
    if (changed < MIN_CHANGED) failures.push(`${info.name}: focus changes ${changed} pixels`);
    // Focus goes back to the element, so the next Tab continues from it.
    await page.evaluate((key) => {
      let n: Element | null = document.body;
      for (const part of key.split("/")) n = n?.children[Number(part.split(":")[1])] ?? null;
      (n as HTMLElement | null)?.focus({ preventScroll: true });
    }, info.key);
  }
  expect(failures).toEqual([]);
  return seen.size;
}

test.use({ viewport: { width: 1280, height: 800 } });

test("tabbing onto a venue card shows a focus ring around the card", async ({ page }) => {
  await page.goto("/");
  const card = venueCards(page).first();
  const link = card.getByRole("heading", { level: 3 }).getByRole("link");
  await expectHydrated(link);
  await card.scrollIntoViewIfNeeded();
  await settle(page);
  // Keyboard focus (Tab from the element before the link), as a keyboard user would arrive.
  await card.getByRole("button", { name: /^(Save|Remove) / }).focus();
  await page.keyboard.press("Tab");
  await expect(link).toBeFocused();
  const box = (await card.boundingBox())!;
  const changed = await focusChange(page, around(box, page.viewportSize()!)!);
  expect(changed, "pixels that change around the card when its link has focus").toBeGreaterThan(500);
});

for (const [name, path] of [
  ["the home page", "/"],
  ["a venue page", "venue"],
] as const) {
  test(`every tab stop of ${name} shows a visible focus indicator`, async ({ page }) => {
    test.setTimeout(300_000); // two screenshots per tab stop
    let target: string = path;
    if (path === "venue") {
      target = (await sitemapPaths(page.request)).find(isVenuePath)!;
    }
    await page.emulateMedia({ reducedMotion: "reduce" });
    await page.goto(target);
    await expectHydrated(page.getByRole("banner").getByRole("link").first());
    await settle(page);
    expect(await checkEveryTabStop(page)).toBeGreaterThan(20);
  });
}

// Issue 22, point 16: the submission dialog opens on its first field (its form loads after it
// opens), and Tab goes round its controls without stopping on the <dialog> element itself,
// which Chrome makes focusable when it scrolls (a long form, on a phone or a desktop).
for (const [width, height] of [
  [1280, 800],
  [390, 844],
] as const) {
  test(`the submission dialog opens on its first field and is no tab stop itself, at ${width} px`, async ({
    page,
  }) => {
    await page.setViewportSize({ width, height });
    await registerViaApi(page);
    await page.goto("/account/venues");
    const open = page.getByRole("main").getByRole("button", { name: "Submit Your Colorado Venue" });
    await expectHydrated(open);
    await open.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Submit Your Colorado Venue" });
    await expect(dialog.getByLabel("Venue Name", { exact: true })).toBeFocused();
    // It scrolls: the case in which the browser would make it a tab stop.
    expect(await dialog.evaluate((d) => d.scrollHeight > d.clientHeight)).toBe(true);
    await expectTabStaysInDialog(page, 80);
  });
}
