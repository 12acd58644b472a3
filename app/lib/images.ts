// Responsive image helpers shared by server and browser. Images we store are WebP files written
// at several widths by the image pipeline: `/uploads/{base}-{width}.webp`.
export const IMAGE_WIDTHS = [400, 800, 1600] as const;
export const DEFAULT_VENUE_IMAGE = "/images/default-venue.webp";

// Only images written at every standard width get a srcset (logos, for one, exist at 256 px only).
// Ours are under /uploads (folder storage) or, with STORAGE=s3, at the bucket's public URL, where
// our keys start with venues/ or seed/.
const STORED = new RegExp(
  `^(/uploads/.+|https?://[^?#]+/(?:venues|seed)/[^?#]+)-(${IMAGE_WIDTHS.join("|")})\\.webp$`,
);

/** `srcset` for one of our stored images; external images have none. */
export function imageSrcSet(url: string): string | undefined {
  const m = STORED.exec(url);
  if (!m) return undefined;
  return IMAGE_WIDTHS.map((w) => `${m[1]}-${w}.webp ${w}w`).join(", ");
}

/** The stored variant closest to (and not narrower than) `width`, e.g. for social images. */
export function imageAtWidth(url: string, width: number): string {
  const m = STORED.exec(url);
  if (!m) return url;
  const w = IMAGE_WIDTHS.find((x) => x >= width) ?? IMAGE_WIDTHS[IMAGE_WIDTHS.length - 1];
  return `${m[1]}-${w}.webp`;
}

/** Spec: only non-empty images starting with http, data: or our own paths are used; else the default. */
export function usableImages(images: readonly (string | null | undefined)[] | null | undefined): string[] {
  const ok = (images ?? []).filter(
    (u): u is string => typeof u === "string" && /^(https?:\/\/|data:image\/|\/)/.test(u.trim()),
  );
  return ok.length > 0 ? ok : [DEFAULT_VENUE_IMAGE];
}

/** An image we store ourselves (not a URL on someone else's server). */
export const isStoredImage = (url: string | null | undefined): url is string =>
  typeof url === "string" && url.startsWith("/uploads/") && !url.includes("..");
