import crypto from "node:crypto";
import type { AppContext } from "~/infra/context.server";
import { LOGO_WIDTHS, ImageError, prepareImage, putImage, type PreparedImage } from "~/infra/images.server";
import { readUploadForm, UploadRefusal, type UploadLimits } from "~/infra/uploads.server";
import { IMAGE_WIDTHS } from "~/lib/images";
import { createLimiter, uploadMessages } from "~/lib/uploads";

// A venue form with images and a logo, read while it streams in (the admin's Add Venue and Edit
// venue; the same steps as the submission service): each complete file goes through the image
// pipeline a few at a time, and nothing is stored until the caller has checked the form. Then
// the copies go under venues/{venue id}/, and the caller deletes them again if its write fails.

type Deps = Pick<AppContext, "storage" | "logger">;

export type ProcessedFile = { field: string; name: string } & (
  { image: PreparedImage } | { failure: string }
);

/** Images decoded and encoded at once per form (sharp also uses threads inside each). */
const IMAGE_CONCURRENCY = 3;

export type VenueUpload =
  | { ok: true; form: FormData; images: ProcessedFile[]; logo: ProcessedFile | undefined }
  | { ok: false; refusal: UploadRefusal };

export async function readVenueUpload(
  app: Deps,
  request: Request,
  limits: UploadLimits,
): Promise<VenueUpload> {
  const limiter = createLimiter(IMAGE_CONCURRENCY);
  const processing: Promise<ProcessedFile>[] = [];
  let fields: [string, string][];
  try {
    ({ fields } = await readUploadForm(request, limits, async (file) => {
      const named = { field: file.field, name: file.name };
      if (file.tooLarge) {
        processing.push(Promise.resolve({ ...named, failure: uploadMessages.tooLarge(file.name) }));
        return;
      }
      const opts = file.field === "logo" ? { widths: LOGO_WIDTHS, square: true } : {};
      const { done } = await limiter.run(() => prepareImage(file.bytes, opts));
      processing.push(
        done.then(
          (image): ProcessedFile => ({ ...named, image }),
          (err: unknown): ProcessedFile => {
            if (!(err instanceof ImageError))
              app.logger.error("image processing failed", { error: String(err) });
            const reason = err instanceof ImageError ? err.message : "could not be processed";
            return { ...named, failure: `${file.name} ${reason}` };
          },
        ),
      );
    }));
  } catch (err) {
    if (!(err instanceof UploadRefusal)) throw err;
    void Promise.allSettled(processing);
    return { ok: false, refusal: err };
  }
  const processed = await Promise.all(processing);
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return {
    ok: true,
    form,
    images: processed.filter((p) => p.field === "images"),
    logo: processed.find((p) => p.field === "logo"),
  };
}

/** Stored copies of one form's files; `written` lists every key, to delete if the venue is not saved. */
export type StoredFiles = {
  imageUrls: string[];
  logoUrl: string | null;
  failures: { file: string; message: string }[];
  written: string[];
};

export async function storeVenueFiles(
  app: Deps,
  venueId: string,
  images: ProcessedFile[],
  logo: ProcessedFile | undefined,
): Promise<StoredFiles> {
  const written: string[] = [];
  const store = async (prefix: string, image: PreparedImage) => {
    const { url, keys } = await putImage(
      app.storage,
      `venues/${venueId}/${prefix}${crypto.randomUUID()}`,
      image,
    );
    written.push(...keys);
    return url;
  };
  const limiter = createLimiter(IMAGE_CONCURRENCY);
  const failures = images.flatMap((p) => ("failure" in p ? [{ file: p.name, message: p.failure }] : []));
  const stored = await Promise.all(
    images.map(async (p) => {
      if (!("image" in p)) return null;
      const { done } = await limiter.run(() => store("", p.image));
      return done.catch((err: unknown) => {
        app.logger.error("storing an image failed", { error: String(err) });
        failures.push({ file: p.name, message: uploadMessages.uploadError(`${p.name} could not be saved`) });
        return null;
      });
    }),
  );
  const imageUrls = stored.filter((u): u is string => typeof u === "string");
  let logoUrl: string | null = null;
  if (logo && "image" in logo) {
    try {
      logoUrl = await store("logo-", logo.image);
    } catch (err) {
      app.logger.error("storing a logo failed", { error: String(err) });
      failures.push({
        file: logo.name,
        message: uploadMessages.uploadError(`${logo.name} could not be saved`),
      });
    }
  }
  return { imageUrls, logoUrl, failures, written };
}

/**
 * The storage keys of the copies behind a venue's image URLs: every width of each file stored
 * under venues/{venueId}/. Anything else (seed art shared by venues, other sites' addresses) is
 * not the venue's to delete.
 */
export function venueFileKeys(
  app: Pick<AppContext, "storage">,
  venueId: string,
  urls: (string | null)[],
): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = url ? app.storage.keyOf(url) : null;
    if (!key || !key.startsWith(`venues/${venueId}/`)) continue;
    const m = /^(.+)-(\d+)\.webp$/.exec(key);
    if (!m) {
      keys.add(key);
      continue;
    }
    for (const w of [...IMAGE_WIDTHS, ...LOGO_WIDTHS]) keys.add(`${m[1]}-${w}.webp`);
  }
  return [...keys];
}

/** Deletes stored files, logging (not throwing) what could not be deleted. */
export async function deleteFiles(app: Deps, keys: string[], what: Record<string, unknown> = {}) {
  if (keys.length === 0) return;
  const results = await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
  const left = results.filter((r) => r.status === "rejected").length;
  if (left) app.logger.error("files could not be deleted", { ...what, count: left });
}
