import os from "node:os";
import type Sharp from "sharp";
import type { Metadata, OutputInfo } from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import { ACCEPTED_IMAGE_FORMATS, HEIC_REFUSAL, isHeif, MAX_IMAGE_BYTES } from "~/lib/uploads";
import type { Storage } from "./storage.server";

export { MAX_IMAGE_BYTES };

/**
 * Decompression bombs: a small file may claim a huge canvas. sharp refuses above 268 million
 * pixels by default; a wedding photo needs far fewer (a 48-megapixel phone photo fits).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/**
 * What one form may have decoded in all: ten 24-megapixel photos (more than a 5 MB JPEG holds).
 * Decoding costs CPU and memory by the pixel, so a form of ten 49-megapixel PNGs (1.7 MB in
 * all) is refused from the headers, before any is decoded.
 */
export const MAX_FORM_PIXELS = 250_000_000;
/** Logos are shown small: one square-bounded copy. */
export const LOGO_WIDTHS = [256] as const;

const ACCEPTED = new Set<string>(ACCEPTED_IMAGE_FORMATS);

export type ImageProblem = "not-image" | "heic" | "too-large" | "too-many-pixels";

/** Why an upload is not stored; `message` follows a file name ("photo.jpg is not an image file"). */
export class ImageError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(
      problem === "too-large"
        ? "exceeds 5MB size limit"
        : problem === "too-many-pixels"
          ? `is too large an image (${MAX_INPUT_PIXELS / 1_000_000} megapixels at most)`
          : problem === "heic"
            ? HEIC_REFUSAL
            : "is not an image file",
    );
  }
}

export type PreparedImage = { variants: { width: number; body: Buffer }[] };

/** Who asked for a decode: each owner gets a fair share of the queue (a user id, or "system"). */
export type ImageOpts = {
  widths?: readonly number[];
  quality?: number;
  /** libwebp's CPU effort, 0-6 (sharp's default 4). */
  effort?: number;
  square?: boolean;
  owner?: string;
};

/**
 * The cheap half of the checks, from the header alone (no pixel is decoded): the bytes really
 * are a JPEG, PNG, GIF or WebP (whatever the file's name or declared type said), and the canvas
 * is within MAX_INPUT_PIXELS. Returns its pixel count. A HEIC photo (its `ftyp` brand) is told
 * apart from a file that is no image, so its sender learns how to send it.
 */
export async function inspectImage(input: Buffer): Promise<{ pixels: number }> {
  if (isHeif(input.subarray(0, 64))) throw new ImageError("heic");
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageError("too-large");
  const vips = await loadSharp();
  let meta: Metadata;
  try {
    meta = await vips(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError("not-image");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageError("not-image");
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > MAX_INPUT_PIXELS) throw new ImageError("too-many-pixels");
  return { pixels };
}

/**
 * Runs jobs with at most `slots` at once for the whole process, and at most `share` of them for
 * one owner; waiting owners take turns, so one user's ten photos do not hold up another's one.
 */
function createFairQueue(slots: number, share = Math.max(1, Math.ceil(slots / 2))) {
  const waiting = new Map<string, (() => void)[]>();
  const running = new Map<string, number>();
  let active = 0;
  const pump = () => {
    while (active < slots) {
      const owner = [...waiting.keys()].find((o) => (running.get(o) ?? 0) < share);
      if (owner === undefined) return;
      const queue = waiting.get(owner)!;
      const start = queue.shift()!;
      // The owner goes to the back of the turn order.
      waiting.delete(owner);
      if (queue.length) waiting.set(owner, queue);
      active++;
      running.set(owner, (running.get(owner) ?? 0) + 1);
      start();
    }
  };
  return {
    async run<T>(owner: string, job: () => Promise<T>): Promise<T> {
      await new Promise<void>((resolve) => {
        waiting.set(owner, [...(waiting.get(owner) ?? []), resolve]);
        pump();
      });
      try {
        return await job();
      } finally {
        active--;
        const left = running.get(owner)! - 1;
        if (left) running.set(owner, left);
        else running.delete(owner);
        pump();
      }
    },
  };
}

/**
 * Every decode of the process goes through this queue: one core stays free for the event loop
 * (pages keep their budget while photos are processed), and libvips gets one thread per decode.
 */
const DECODE_SLOTS = Math.max(1, os.availableParallelism() - 1);
let loaded: Promise<typeof Sharp> | undefined;
/** libvips, loaded on first use: a tenth of a second of every server's start otherwise (issue 42). */
function loadSharp(): Promise<typeof Sharp> {
  return (loaded ??= import("sharp").then((m) => {
    m.default.concurrency(1);
    return m.default;
  }));
}
export const decodeQueue = createFairQueue(DECODE_SLOTS);

/**
 * The image pipeline, first half: the header checks above, then, through the decode queue, one
 * decode (EXIF orientation applied) down to the widest copy, and from those pixels WebP copies at
 * `widths`, never enlarging a smaller original. The output carries no metadata (no EXIF, GPS,
 * XMP or ICC: sharp writes none unless asked).
 */
export async function prepareImage(input: Buffer, opts: ImageOpts = {}): Promise<PreparedImage> {
  await inspectImage(input);
  return decodeQueue.run(opts.owner ?? "system", () => encodeVariants(input, opts));
}

/**
 * The decoding itself, outside the queue: for prepareImage, and for the seed's painter, which
 * runs before the server takes any request.
 */
export async function encodeVariants(input: Buffer, opts: ImageOpts = {}): Promise<PreparedImage> {
  const widths = opts.widths ?? IMAGE_WIDTHS;
  const bound = (width: number) =>
    opts.square
      ? { width, height: width, fit: "inside" as const, withoutEnlargement: true }
      : { width, withoutEnlargement: true };
  const vips = await loadSharp();
  let pixels: { data: Buffer; info: OutputInfo };
  try {
    pixels = await vips(input, { animated: false, limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
      .rotate()
      .resize(bound(Math.max(...widths)))
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    // The header read fine but the pixels do not decode (a truncated or forged file).
    throw new ImageError("not-image");
  }
  const { width, height, channels } = pixels.info;
  const variants = [];
  for (const w of widths)
    variants.push({
      width: w,
      body: await vips(pixels.data, { raw: { width, height, channels } })
        .resize(bound(w))
        .webp({ quality: opts.quality ?? 78, effort: opts.effort })
        .toBuffer(),
    });
  return { variants };
}

/**
 * Second half: stores the copies as `{base}-{width}.webp` (never over an existing object) and
 * returns the URL of the widest and every key written (to delete them if what they belong to
 * is not saved). A failure part-way deletes what this call wrote.
 */
export async function putImage(
  storage: Storage,
  base: string,
  image: PreparedImage,
  opts: { overwrite?: boolean } = {},
): Promise<{ url: string; keys: string[] }> {
  const keys: string[] = [];
  let url = "";
  try {
    for (const { width, body } of image.variants) {
      const key = `${base}-${width}.webp`;
      url = await storage.put(key, body, "image/webp", { overwrite: opts.overwrite ?? false });
      keys.push(key);
    }
  } catch (err) {
    await Promise.allSettled(keys.map((k) => storage.delete(k)));
    throw err;
  }
  return { url, keys };
}

/**
 * The seed's painter: re-encodes our own drawing and stores it under `{prefix}/{name}` (written
 * again if it exists), outside the decode queue, before the server takes any request. Returns
 * the public URL of the widest copy; `imageSrcSet()` derives the others from it.
 */
export async function storeArt(
  storage: Storage,
  prefix: string,
  input: Buffer,
  opts: ImageOpts & { name: string },
): Promise<string> {
  const prepared = await encodeVariants(input, opts);
  const { url } = await putImage(storage, `${prefix}/${opts.name}`, prepared, { overwrite: true });
  return url;
}
