import fs from "node:fs";
import path from "node:path";
import type { Locator, Page } from "@playwright/test";
import { SCREENS } from "./paths";

// Pictures for people to look at. Not in CI, where nobody looks at them: they were a tenth of the
// CPU of the specs that take the most (issue 40). E2E_SCREENS=1 takes them there too.
const TAKE = process.env.E2E_SCREENS ? process.env.E2E_SCREENS === "1" : !process.env.CI;

/** test-results/screens/<name>.png: the window, the whole page (fullPage) or one element. */
export async function screenshot(target: Page | Locator, name: string, { fullPage = false } = {}) {
  if (!TAKE) return;
  fs.mkdirSync(SCREENS, { recursive: true });
  const file = path.join(SCREENS, `${name}.png`);
  await ("goto" in target ? target.screenshot({ path: file, fullPage }) : target.screenshot({ path: file }));
}
