import type { Browser, Page } from "@playwright/test";
import { test } from "./fixtures";

// Declaring a spec's tests several times over: at a desktop's and a phone's width, with and
// without scripts.

type Mail = {
  waitFor(to: string, opts?: { subject?: RegExp; timeoutMs?: number }): Promise<{ text: string }>;
};
export type JourneyFixtures = { page: Page; browser: Browser; mail: Mail };
type Journey = (fx: JourneyFixtures, scripts: boolean, width: number) => Promise<void>;

/**
 * A journey's four tests: "with scripts at W px: `scripted`" at 1280 and 390 px, and in the
 * describe "without scripts", "at W px, `plain`" at 390 and 1280 px (a plain form's path).
 */
export function withAndWithoutScripts(scripted: string, plain: string, journey: Journey): void {
  for (const width of [1280, 390])
    test(`with scripts at ${width} px: ${scripted}`, async ({ page, browser, mail }) => {
      await journey({ page, browser, mail }, true, width);
    });

  test.describe("without scripts", () => {
    test.use({ javaScriptEnabled: false });

    for (const width of [390, 1280])
      test(`at ${width} px, ${plain}`, async ({ page, browser, mail }) => {
        await journey({ page, browser, mail }, false, width);
      });
  });
}

/** Declares `tests` twice, in the describes "at 1280 px" and "at 390 px": a desktop's window and a phone's. */
export function atDesktopAndPhone(tests: (width: 1280 | 390) => void): void {
  for (const [width, height] of [
    [1280, 800],
    [390, 844],
  ] as const)
    test.describe(`at ${width} px`, () => {
      test.use({ viewport: { width, height } });
      tests(width);
    });
}
