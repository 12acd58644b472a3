import crypto from "node:crypto";
import type { AppContext } from "~/infra/context.server";
import {
  ImageError,
  inspectImage,
  LOGO_WIDTHS,
  MAX_FORM_PIXELS,
  prepareImage,
  putImage,
  type ImageOpts,
  type PreparedImage,
} from "~/infra/images.server";
import { readUploadForm, UploadRefusal, type UploadLimits } from "~/infra/uploads.server";
import { IMAGE_WIDTHS } from "~/lib/images";
import { createLimiter, uploadMessages } from "~/lib/uploads";

// A venue form with images and a logo (the submission, the admin's Add Venue and Edit venue, the
// manager's details and Images tab), in two steps, cheapest first:
//   1. readVenueUpload, while the body streams in: each file's header is checked (format, pixel
//      count, the form's pixel total); no pixel is decoded, so a refusal costs next to nothing.
//   2. storeVenueFiles, once the caller has checked the fields, the rate limits and the rest:
//      each image is decoded and re-encoded through the process's one decode queue (a fair share
//      per user), and its copies are stored under venues/{venue id}/. The caller deletes them
//      again if its write fails.

type Deps = Pick<AppContext, "storage" | "logger">;

/** A file whose header passed: its bytes wait for step 2. */
export type CheckedImage = { bytes: Buffer; opts: ImageOpts };

export type ProcessedFile = { field: string; name: string } & ({ image: CheckedImage } | { failure: string });

/** Images decoded and stored at once per form (the decode queue bounds the whole process). */
const IMAGE_CONCURRENCY = 3;

export type VenueUpload =
  | { ok: true; form: FormData; images: ProcessedFile[]; logo: ProcessedFile | undefined }
  | { ok: false; refusal: UploadRefusal };

const failureOf = (name: string, err: unknown) =>
  `${name} ${err instanceof ImageError ? err.message : "could not be processed"}`;

export async function readVenueUpload(
  app: Deps,
  request: Request,
  limits: UploadLimits,
): Promise<VenueUpload> {
  const files: ProcessedFile[] = [];
  let pixels = 0;
  let fields: [string, string][];
  try {
    ({ fields } = await readUploadForm(request, limits, async (file) => {
      const named = { field: file.field, name: file.name };
      if (file.tooLarge) {
        files.push({ ...named, failure: uploadMessages.tooLarge(file.name) });
        return;
      }
      try {
        const header = await inspectImage(file.bytes);
        pixels += header.pixels;
        if (pixels > MAX_FORM_PIXELS) {
          pixels -= header.pixels;
          files.push({ ...named, failure: uploadMessages.formPixels(file.name, MAX_FORM_PIXELS) });
          return;
        }
        const opts = file.field === "logo" ? { widths: LOGO_WIDTHS, square: true } : {};
        files.push({ ...named, image: { bytes: file.bytes, opts } });
      } catch (err) {
        if (!(err instanceof ImageError))
          app.logger.error("image header check failed", { error: String(err) });
        files.push({ ...named, failure: failureOf(file.name, err) });
      }
    }));
  } catch (err) {
    if (!(err instanceof UploadRefusal)) throw err;
    return { ok: false, refusal: err };
  }
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return {
    ok: true,
    form,
    images: files.filter((p) => p.field === "images"),
    logo: files.find((p) => p.field === "logo"),
  };
}

/** Stored copies of one form's files; `written` lists every key, to delete if the venue is not saved. */
export type StoredFiles = {
  imageUrls: string[];
  logoUrl: string | null;
  /** The logo's refusal when it did not decode or could not be stored. */
  logoFailure: string | null;
  failures: { file: string; message: string }[];
  written: string[];
};

/** Step 2: decodes (through the decode queue, as `owner`) and stores the checked files. */
export async function storeVenueFiles(
  app: Deps,
  venueId: string,
  images: ProcessedFile[],
  logo: ProcessedFile | undefined,
  owner: string,
): Promise<StoredFiles> {
  const written: string[] = [];
  const failures = images.flatMap((p) => ("failure" in p ? [{ file: p.name, message: p.failure }] : []));
  /** The URL of the file's widest copy, or its failure message. */
  const store = async (
    prefix: string,
    file: { name: string; image: CheckedImage },
  ): Promise<{ url: string } | { failure: string }> => {
    let prepared: PreparedImage;
    try {
      prepared = await prepareImage(file.image.bytes, { ...file.image.opts, owner });
    } catch (err) {
      if (!(err instanceof ImageError)) app.logger.error("image processing failed", { error: String(err) });
      return { failure: failureOf(file.name, err) };
    }
    try {
      const { url, keys } = await putImage(
        app.storage,
        `venues/${venueId}/${prefix}${crypto.randomUUID()}`,
        prepared,
      );
      written.push(...keys);
      return { url };
    } catch (err) {
      app.logger.error("storing an image failed", { error: String(err) });
      return { failure: uploadMessages.uploadError(`${file.name} could not be saved`) };
    }
  };
  const limiter = createLimiter(IMAGE_CONCURRENCY);
  const stored = await Promise.all(
    images.map(async (p) => {
      if (!("image" in p)) return null;
      const { done } = await limiter.run(() => store("", p));
      const result = await done;
      if ("url" in result) return result.url;
      failures.push({ file: p.name, message: result.failure });
      return null;
    }),
  );
  const imageUrls = stored.filter((u): u is string => typeof u === "string");
  let logoUrl: string | null = null;
  let logoFailure: string | null = null;
  if (logo && "image" in logo) {
    const result = await store("logo-", logo);
    if ("url" in result) logoUrl = result.url;
    else {
      logoFailure = result.failure;
      failures.push({ file: logo.name, message: result.failure });
    }
  }
  return { imageUrls, logoUrl, logoFailure, failures, written };
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
