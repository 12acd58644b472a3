import type { Locator, Page } from "@playwright/test";
import { expect } from "./fixtures";

// Issue 41, items 10 and 11, and docs/architecture.md's "Fixed layers": no fixed layer (the
// header, the compare tray, the sticky bar, toasts) covers a page's primary action. Shared by the
// public spec (primary-action.spec.ts) and the back-office ones.

export const WIDTHS = [
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

/**
 * Scrolls `button` into view as the keyboard would (the nearest edge, inside the root's scroll
 * padding) and checks that the element at its centre is the button or inside it.
 */
export async function expectPrimaryOnTop(button: Locator, where: string): Promise<void> {
  await expect(button, `${where}: the primary action is visible`).toBeVisible();
  const reached = () =>
    button.evaluate((el) => {
      el.scrollIntoView({ block: "nearest", inline: "nearest" });
      const r = el.getBoundingClientRect();
      const x = r.left + r.width / 2;
      const y = r.top + r.height / 2;
      if (x < 0 || y < 0 || x > innerWidth || y > innerHeight) return "its centre is outside the window";
      const top = document.elementFromPoint(x, y);
      if (top && (top === el || el.contains(top))) return "the button";
      const what = top?.closest("[data-testid], section[aria-label], header, [data-sonner-toaster]");
      return `${top?.tagName.toLowerCase()} "${top?.textContent?.trim().slice(0, 30)}" in ${what?.outerHTML.slice(0, 80)}`;
    });
  await expect.poll(reached, { message: `${where}: the element at the button's centre` }).toBe("the button");
}

const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Keyboard focus after a save is on its result, the toast saying it (or, once the toast has
 *  gone, the page's heading), never on <body> (issue 41, item 16). A dialog's save may instead
 *  hand it back to the button that opened the dialog (`opener`), as a dialog should. */
export async function expectFocusOnResult(page: Page, message: string, opener?: string): Promise<void> {
  const focused = () =>
    page.evaluate(() => {
      const active = document.activeElement;
      if (!active || active === document.body) return "body";
      const toast = active.closest("[data-sonner-toast]");
      if (toast) return `toast: ${toast.textContent?.trim()}`;
      if (active.tagName === "H1") return "heading";
      return `${active.tagName.toLowerCase()} ${active.textContent?.trim().slice(0, 40)}`;
    });
  await expect
    .poll(focused, { message: "where the focus is after the save" })
    .toMatch(
      new RegExp(`^(toast: .*${escaped(message)}|heading${opener ? `|button ${escaped(opener)}$` : ""})`),
    );
}

/** Inside the window's width as the page is drawn, before anything scrolls sideways to it (a
 *  box that scrolls on its own would otherwise bring it in). */
export async function expectWithinWidth(target: Locator, where: string): Promise<void> {
  const box = await target.boundingBox();
  const width = await target.evaluate(() => innerWidth);
  expect(box, `${where}: drawn`).not.toBeNull();
  expect(box!.x, `${where}: left edge in the window`).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width, `${where}: right edge in the window`).toBeLessThanOrEqual(width);
}
