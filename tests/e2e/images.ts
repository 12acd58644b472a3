import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";

// The e2e specs' images and gestures (re-exported by fixtures.ts).

/** A JPEG of noise, as a phone's camera makes them: it does not compress, so its bytes take time to send. */
export const noisyPhoto = ({
  width,
  height,
  mean,
  quality,
}: Record<"width" | "height" | "mean" | "quality", number>) =>
  sharp({
    create: {
      width,
      height,
      channels: 3,
      background: "#808080",
      noise: { type: "gaussian", mean, sigma: 60 },
    },
  })
    .jpeg({ quality })
    .toBuffer();

/** The opening of an iPhone's HEIC photo: an ISO-BMFF `ftyp` box, major brand heic, compatible mif1 and heic. */
export const HEIC_HEAD = Buffer.concat([
  Buffer.from([0, 0, 0, 0x18]),
  Buffer.from("ftypheic\0\0\0\0mif1heic", "latin1"),
  Buffer.alloc(200, 0x11),
]);

/** How many pixels differ (by more than a faint anti-aliasing step) between two same-size PNGs. */
export async function changedPixels(a: Buffer, b: Buffer): Promise<number> {
  const [x, y] = await Promise.all(
    [a, b].map((png) => sharp(png).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (x!.info.width !== y!.info.width || x!.info.height !== y!.info.height) return Infinity;
  let changed = 0;
  for (let i = 0; i < x!.data.length; i += 3) {
    const d =
      Math.abs(x!.data[i]! - y!.data[i]!) +
      Math.abs(x!.data[i + 1]! - y!.data[i + 1]!) +
      Math.abs(x!.data[i + 2]! - y!.data[i + 2]!);
    if (d > 48) changed++;
  }
  return changed;
}

/** A finger swipe across the middle of `target` (negative `dx` swipes left), through Chromium's
 *  touch input, so the page sees real touch and pointer events. Needs a context with `hasTouch`. */
export async function touchSwipe(page: Page, target: Locator, dx: number): Promise<void> {
  const box = (await target.boundingBox())!;
  const x = box.x + box.width / 2 - dx / 2;
  const y = box.y + box.height / 2;
  const cdp = await page.context().newCDPSession(page);
  const point = (px: number) => [{ x: Math.round(px), y: Math.round(y), id: 1 }];
  await cdp.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: point(x) });
  for (let step = 1; step <= 8; step++)
    await cdp.send("Input.dispatchTouchEvent", {
      type: "touchMove",
      touchPoints: point(x + (dx * step) / 8),
    });
  await cdp.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await cdp.detach();
}

/** A 1200 x 800 JPEG of one colour: a photo the image pipeline takes. */
export const photo = (color: string) =>
  sharp({ create: { width: 1200, height: 800, channels: 3, background: color } })
    .jpeg()
    .toBuffer();
