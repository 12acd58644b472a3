import crypto from "node:crypto";
import sharp, { type Metadata } from "sharp";
import { IMAGE_WIDTHS } from "~/lib/images";
import type { Storage } from "./storage.server";

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
const ACCEPTED = new Set(["jpeg", "png", "gif", "webp"]);

export class ImageError extends Error {}

/**
 * The one image pipeline: checks the bytes really are an accepted image, strips metadata
 * (EXIF, GPS), and stores WebP copies at every width of IMAGE_WIDTHS. Returns the public URL
 * of the widest copy; `imageSrcSet()` derives the others from it.
 */
export async function storeImage(
  storage: Storage,
  prefix: string,
  input: Buffer,
  opts: { widths?: readonly number[]; quality?: number; name?: string } = {},
): Promise<string> {
  if (input.byteLength > MAX_IMAGE_BYTES) throw new ImageError("exceeds 5MB size limit");
  let meta: Metadata;
  try {
    meta = await sharp(input).metadata();
  } catch {
    throw new ImageError("is not an image file");
  }
  if (!meta.format || !ACCEPTED.has(meta.format)) throw new ImageError("is not an image file");
  const base = `${prefix}/${opts.name ?? crypto.randomUUID()}`;
  const widths = opts.widths ?? IMAGE_WIDTHS;
  let url = "";
  for (const width of widths) {
    const out = await sharp(input, { animated: false })
      .rotate()
      .resize({ width, withoutEnlargement: false })
      .webp({ quality: opts.quality ?? 78 })
      .toBuffer();
    url = await storage.put(`${base}-${width}.webp`, out, "image/webp");
  }
  return url;
}
