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
};

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

/** The browser's check of a chosen file: the spec's refusal (too large, not an image), or null. */
export async function chosenImageRefusal(file: File): Promise<string | null> {
  if (file.size > MAX_IMAGE_BYTES) return uploadMessages.tooLarge(file.name);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
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
