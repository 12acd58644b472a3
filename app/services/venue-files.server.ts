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
import { claimKeys, fileKeysOf } from "./pending-files.server";

// A venue form with images and a logo (the submission, the admin's Add Venue and Edit venue, the
// manager's details and Images tab), in two steps, cheapest first:
//   1. readVenueUpload, while the body streams in: each file's header is checked (format, pixel
//      count, the form's pixel total); no pixel is decoded, so a refusal costs next to nothing.
//   2. storeVenueFiles, once the caller has checked the fields, the rate limits and the rest:
//      each image is decoded and re-encoded through the process's one decode queue (a fair share
//      per user), and its copies are stored under venues/{venue id}/, their keys claimed first
//      (ADR 021). The caller releases the claims in the transaction that saves the venue, or
//      deletes the files if that fails.

type Deps = Pick<AppContext, "db" | "storage" | "logger">;

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
  // Headers are read as the files arrive, several at once: each file keeps its place in the form,
  // whichever header is read first, so that what is refused and said is the same on every run.
  const read: ({ field: string; name: string } & (
    { image: CheckedImage; pixels: number } | { failure: string }
  ))[] = [];
  let arrived = 0;
  let fields: [string, string][];
  try {
    ({ fields } = await readUploadForm(request, limits, async (file) => {
      const at = arrived++;
      const named = { field: file.field, name: file.name };
      if (file.tooLarge) {
        read[at] = { ...named, failure: uploadMessages.tooLarge(file.name) };
        return;
      }
      try {
        const { pixels } = await inspectImage(file.bytes);
        const opts = file.field === "logo" ? { widths: LOGO_WIDTHS, square: true } : {};
        read[at] = { ...named, image: { bytes: file.bytes, opts }, pixels };
      } catch (err) {
        if (!(err instanceof ImageError))
          app.logger.error("image header check failed", { error: String(err) });
        read[at] = { ...named, failure: failureOf(file.name, err) };
      }
    }));
  } catch (err) {
    if (!(err instanceof UploadRefusal)) throw err;
    return { ok: false, refusal: err };
  }
  // The form's pixel total, in the form's order: a file that would take it over the limit is refused.
  let pixels = 0;
  const files = read.map(({ field, name, ...result }): ProcessedFile => {
    if ("failure" in result) return { field, name, failure: result.failure };
    if (pixels + result.pixels > MAX_FORM_PIXELS)
      return { field, name, failure: uploadMessages.formPixels(name, MAX_FORM_PIXELS) };
    pixels += result.pixels;
    return { field, name, image: result.image };
  });
  const form = new FormData();
  for (const [k, v] of fields) form.append(k, v);
  return {
    ok: true,
    form,
    images: files.filter((p) => p.field === "images"),
    logo: files.find((p) => p.field === "logo"),
  };
}

/**
 * Stored copies of one form's files. `written` lists every key claimed for them: release them in
 * the transaction that saves the venue, or delete them (deleteFiles) if it is not saved.
 */
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
  // Every key this form may write is claimed before the first is (ADR 021): the caller's
  // transaction releases them with its row, or deleteFiles takes them back.
  const planned = (file: ProcessedFile & { image: CheckedImage }, prefix: string) => {
    const base = `venues/${venueId}/${prefix}${crypto.randomUUID()}`;
    const widths = file.image.opts.widths ?? IMAGE_WIDTHS;
    return { ...file, base, keys: widths.map((w) => `${base}-${w}.webp`) };
  };
  const plannedImages = images.flatMap((p) => ("image" in p ? [planned(p, "")] : []));
  const plannedLogo = logo && "image" in logo ? planned(logo, "logo-") : null;
  const written = [...plannedImages, ...(plannedLogo ? [plannedLogo] : [])].flatMap((p) => p.keys);
  await claimKeys(app.db, written);
  const failures = images.flatMap((p) => ("failure" in p ? [{ file: p.name, message: p.failure }] : []));
  /** The URL of the file's widest copy, or its failure message. */
  const store = async (file: ReturnType<typeof planned>): Promise<{ url: string } | { failure: string }> => {
    let prepared: PreparedImage;
    try {
      prepared = await prepareImage(file.image.bytes, { ...file.image.opts, owner });
    } catch (err) {
      if (!(err instanceof ImageError)) app.logger.error("image processing failed", { error: String(err) });
      return { failure: failureOf(file.name, err) };
    }
    try {
      return { url: (await putImage(app.storage, file.base, prepared)).url };
    } catch (err) {
      app.logger.error("storing an image failed", { error: String(err) });
      return { failure: uploadMessages.uploadError(`${file.name} could not be saved`) };
    }
  };
  const limiter = createLimiter(IMAGE_CONCURRENCY);
  const stored = await Promise.all(
    plannedImages.map(async (p) => {
      const { done } = await limiter.run(() => store(p));
      return await done;
    }),
  );
  // In the form's order, whichever image was done first.
  const imageUrls: string[] = [];
  stored.forEach((result, i) => {
    if ("url" in result) imageUrls.push(result.url);
    else failures.push({ file: plannedImages[i]!.name, message: result.failure });
  });
  let logoUrl: string | null = null;
  let logoFailure: string | null = null;
  if (plannedLogo) {
    const result = await store(plannedLogo);
    if ("url" in result) logoUrl = result.url;
    else {
      logoFailure = result.failure;
      failures.push({ file: plannedLogo.name, message: result.failure });
    }
  }
  return { imageUrls, logoUrl, logoFailure, failures, written };
}

/** The storage keys of a venue's files behind its image URLs (seed art and other sites' are not its own). */
export const venueFileKeys = (app: Pick<AppContext, "storage">, venueId: string, urls: (string | null)[]) =>
  fileKeysOf(app.storage, urls, `venues/${venueId}/`);
