import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import { ACCEPTED_IMAGE_FORMATS, MAX_IMAGE_BYTES } from "~/lib/uploads";
import type { Storage } from "./storage.server";

export { MAX_IMAGE_BYTES };

/**
 * Decompression bombs: a small file may claim a huge canvas. sharp refuses above 268 million
 * pixels by default; a wedding photo needs far fewer (a 48-megapixel phone photo fits).
 */
export const MAX_INPUT_PIXELS = 50_000_000;
/** Logos are shown small: one square-bounded copy. */
export const LOGO_WIDTHS = [256] as const;

const ACCEPTED = new Set<string>(ACCEPTED_IMAGE_FORMATS);

export type ImageProblem = "not-image" | "too-large" | "too-many-pixels";

/** Why an upload is not stored; `message` follows a file name ("photo.jpg is not an image file"). */
export class ImageError extends Error {
  constructor(readonly problem: ImageProblem) {
    super(
      problem === "too-large"
        ? "exceeds 5MB size limit"
        : problem === "too-many-pixels"
          ? `is too large an image (${MAX_INPUT_PIXELS / 1_000_000} megapixels at most)`
          : "is not an image file",
    );
  }
}

export type PreparedImage = { variants: { width: number; body: Buffer }[] };

/**
 * The one image pipeline, first half: checks that the bytes really are a JPEG, PNG, GIF or WebP
 * (whatever the file's name or declared type said), then re-encodes WebP copies at `widths`,
 * never enlarging a smaller original. The output carries no metadata (no EXIF, GPS, XMP or ICC:
 * sharp writes none unless asked); the EXIF orientation is applied to the pixels first.
 */
export async function prepareImage(
  input: Buffer,
  opts: { widths?: readonly number[]; quality?: number; square?: boolean } = {},
): Promise<PreparedImage> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageError("too-large");
  let meta: Metadata;
  try {
    // The header only: the pixel count is checked below, with a message of its own.
    meta = await sharp(input, { limitInputPixels: false }).metadata();
  } catch {
    throw new ImageError("not-image");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageError("not-image");
  if ((meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0) > MAX_INPUT_PIXELS)
    throw new ImageError("too-many-pixels");
  const source = sharp(input, {
    animated: false,
    limitInputPixels: MAX_INPUT_PIXELS,
    failOn: "error",
  }).rotate();
  try {
    const variants = await Promise.all(
      (opts.widths ?? IMAGE_WIDTHS).map(async (width) => ({
        width,
        body: await source
          .clone()
          .resize(
            opts.square
              ? { width, height: width, fit: "inside", withoutEnlargement: true }
              : { width, withoutEnlargement: true },
          )
          .webp({ quality: opts.quality ?? 78 })
          .toBuffer(),
      })),
    );
    return { variants };
  } catch {
    // The header read fine but the pixels do not decode (a truncated or forged file).
    throw new ImageError("not-image");
  }
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
 * Both halves: validates, re-encodes and stores an image under `{prefix}/{name or a new uuid}`.
 * Returns the public URL of the widest copy; `imageSrcSet()` derives the others from it.
 */
export async function storeImage(
  storage: Storage,
  prefix: string,
  input: Buffer,
  opts: { widths?: readonly number[]; quality?: number; name?: string } = {},
): Promise<string> {
  const prepared = await prepareImage(input, opts);
  // A generated name is new; a given one (the seed's content hashes) may be written again.
  const { url } = await putImage(storage, `${prefix}/${opts.name ?? crypto.randomUUID()}`, prepared, {
    overwrite: opts.name !== undefined,
  });
  return url;
}
