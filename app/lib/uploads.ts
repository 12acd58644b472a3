// Image upload rules shared by the browser (instant checks when files are chosen) and the server
// (the authority: it checks again while the body streams in, and by content with sharp).
// Spec, public side: sections 5, 8 and 9.

export const MAX_IMAGE_BYTES = 5 * 1024 * 1024;
export const MAX_VENUE_IMAGES = 10;
export const MAX_LOGOS = 1;
/** What the file pickers offer; the server decides by content, whatever the name or type says. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/gif,image/webp";
export const ACCEPTED_IMAGE_FORMATS = ["jpeg", "png", "gif", "webp"] as const;
export type ImageFormat = (typeof ACCEPTED_IMAGE_FORMATS)[number];

/** Where the submission dialog loads its choices (GET) and posts the venue (POST). */
export const VENUE_SUBMISSIONS_PATH = "/api/venue-submissions";

export const uploadMessages = {
  notAnImage: (file: string) => `${file} is not an image file`,
  tooLarge: (file: string) => `${file} exceeds 5MB size limit`,
  tooMany: "You can only upload a maximum of 10 images",
  oneLogo: "You can only upload one logo",
  partial: (failed: number, total: number) => `${failed} out of ${total} images failed to upload.`,
  partialDescription: "Some images could not be uploaded",
  allFailed: "Failed to upload images. Please try again.",
  uploadError: (reason: string) => `Error uploading file: ${reason}`,
  formPixels: (file: string, max: number) =>
    `${file} was not uploaded: the photos of one upload may have ${max / 1_000_000} megapixels in all. Upload it on its own.`,
  heic: (file: string) => `${file} ${HEIC_REFUSAL}`,
  /** More images chosen than there is room for: the first `room` are kept (fitToRoom). */
  room: (room: number, left: number) =>
    room === 0
      ? "No more images can be added: remove one to add another."
      : `You can add ${room} more ${room === 1 ? "image" : "images"}: ${left} of the ones you chose ${left === 1 ? "was" : "were"} not added.`,
};

/**
 * What follows the name of a HEIC/HEIF photo (iPhones take them by default): no HEIC decoder is
 * installed (sharp's prebuilt libvips reads AVIF, not HEVC), so it is refused with how to send
 * it instead (docs/decisions/026-upload-progress-and-heic.md).
 */
export const HEIC_REFUSAL =
  'is a HEIC photo (from an iPhone), which can\'t be used yet: choose "Most Compatible" in Settings → Camera → Formats, or export the photo as JPEG';

/** ISO-BMFF brands of HEIF files whose pictures are HEVC (HEIC), or of HEIF with no other codec named. */
const HEIC_BRANDS = new Set(["heic", "heix", "hevc", "hevx", "heim", "heis", "hevm", "hevs"]);
/** Brands of the HEIF structure itself, which AVIF (AV1 pictures) carries as well. */
const HEIF_BRANDS = new Set(["mif1", "msf1"]);
const AVIF_BRANDS = new Set(["avif", "avis"]);

/**
 * True when the bytes open with an ISO-BMFF `ftyp` box naming a HEIC/HEIF brand: the major brand
 * or one of the compatible brands is a HEVC one (heic, heix, hevc, heim, heis, hevm, hevs...), or
 * only the generic HEIF brands (mif1, msf1) are named. AVIF names mif1 too, with avif or avis
 * beside it: that is not HEIC.
 */
export function isHeif(head: Uint8Array): boolean {
  if (head.length < 16) return false;
  const text = (at: number) => String.fromCharCode(head[at]!, head[at + 1]!, head[at + 2]!, head[at + 3]!);
  if (text(4) !== "ftyp") return false;
  const size = ((head[0]! << 24) | (head[1]! << 16) | (head[2]! << 8) | head[3]!) >>> 0;
  // Major brand at 8, minor version at 12, compatible brands from 16 to the end of the box.
  const end = Math.min(size || head.length, head.length);
  const brands = [text(8)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(text(at));
  if (brands.some((b) => HEIC_BRANDS.has(b))) return true;
  return brands.some((b) => HEIF_BRANDS.has(b)) && !brands.some((b) => AVIF_BRANDS.has(b));
}

/** A HEIC/HEIF photo by what the browser says of it: its type or its name's extension. */
export const looksHeic = (file: { name: string; type: string }) =>
  /^image\/hei[cf](-sequence)?$/i.test(file.type) || /\.(heic|heif|hif)$/i.test(file.name);

/**
 * Chosen files when there is room for `max - present` more: the first ones that fit are kept and
 * the rest are not added; `message` says how many could be (null when all fit).
 */
export function fitToRoom<T>(
  chosen: readonly T[],
  present: number,
  max = MAX_VENUE_IMAGES,
): { kept: T[]; message: string | null } {
  const room = Math.max(0, max - present);
  if (chosen.length <= room) return { kept: [...chosen], message: null };
  return { kept: chosen.slice(0, room), message: uploadMessages.room(room, chosen.length - room) };
}

/**
 * The image format the first bytes announce (JPEG, PNG, GIF or WebP signatures), or null. A
 * quick check for the browser; the server decodes the whole image with sharp.
 */
export function sniffImageFormat(head: Uint8Array): ImageFormat | null {
  const at = (i: number, ...bytes: number[]) => bytes.every((b, k) => head[i + k] === b);
  if (at(0, 0xff, 0xd8, 0xff)) return "jpeg";
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return "png";
  if (at(0, 0x47, 0x49, 0x46, 0x38) && (at(4, 0x37, 0x61) || at(4, 0x39, 0x61))) return "gif";
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return "webp";
  return null;
}

/**
 * The browser's check of a chosen file: a HEIC photo (by its type, name or first bytes), the
 * spec's refusals (too large, not an image), or null.
 */
export async function chosenImageRefusal(file: File): Promise<string | null> {
  if (looksHeic(file)) return uploadMessages.heic(file.name);
  const head = new Uint8Array(await file.slice(0, 64).arrayBuffer());
  if (isHeif(head)) return uploadMessages.heic(file.name);
  if (file.size > MAX_IMAGE_BYTES) return uploadMessages.tooLarge(file.name);
  return sniffImageFormat(head) ? null : uploadMessages.notAnImage(file.name);
}

/** A file name fit for a message: no path, no control characters, at most 80 characters. */
export function displayFileName(name: string | undefined | null): string {
  const base = (name ?? "")
    .split(/[\\/]/)
    .pop()!
    // eslint-disable-next-line no-control-regex -- control characters are what we drop
    .replace(/[\u0000-\u001f\u007f]/g, "")
    .trim();
  if (!base) return "file";
  return base.length > 80 ? `${base.slice(0, 77)}...` : base;
}

/**
 * Runs async jobs with at most `limit` at a time. `slot()` resolves once a job may start, so a
 * producer (a request body being read) can wait for room instead of queuing without bound.
 */
export function createLimiter(limit: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  const release = () => {
    running--;
    waiting.shift()?.();
  };
  const slot = () =>
    new Promise<void>((resolve) => {
      const start = () => {
        running++;
        resolve();
      };
      if (running < limit) start();
      else waiting.push(start);
    });
  return {
    slot,
    /** Starts `job` once there is room (awaits the slot), and returns its result's promise. */
    async run<T>(job: () => Promise<T>): Promise<{ done: Promise<T> }> {
      await slot();
      const done = job().finally(release);
      return { done };
    },
    get running() {
      return running;
    },
  };
}
