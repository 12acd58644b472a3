import { chromium } from "@playwright/test";
const base = "http://localhost:3911";
const browser = await chromium.launch({ executablePath: "/usr/bin/chromium-headless-shell", args: ["--no-sandbox"] });
const venue = process.argv[2];
for (const width of [1280, 820, 390]) {
  const page = await browser.newPage({ viewport: { width, height: 900 } });
  await page.goto(`${base}${venue}?guests=140&date=2027-06-12`);
  await page.getByText("How this adds up").click();
  await page.screenshot({ path: `/tmp/shots/venue-${width}.png`, fullPage: false });
  await page.getByTestId("venue-facts").scrollIntoViewIfNeeded();
  await page.screenshot({ path: `/tmp/shots/venue-facts-${width}.png` });
  await page.goto(`${base}/venues?guests=140&date=2027-06-12&sort=estimate-desc&view=list`);
  await page.screenshot({ path: `/tmp/shots/list-${width}.png` });
  await page.close();
}
await browser.close();
