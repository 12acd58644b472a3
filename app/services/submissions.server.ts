import { asc, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { venueAmenities, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { sendEach } from "~/infra/mail.server";
import type { Db } from "~/infra/db.server";
import type { UploadLimits, UploadRefusal } from "~/infra/uploads.server";
import { SUBMISSION_BODY_LIMIT } from "~/infra/form.server";
import { parsePriceRange } from "~/lib/price-range";
import type { Toast } from "~/lib/toast";
import { MAX_IMAGE_BYTES, MAX_LOGOS, MAX_VENUE_IMAGES, uploadMessages } from "~/lib/uploads";
import type { AppUser } from "~/lib/user";
import type { FieldErrors } from "~/lib/validation/form";
import { validate } from "~/lib/validation/form";
import {
  submissionValues,
  venueSubmissionSchema,
  type VenueSubmissionInput,
} from "~/lib/validation/venue-submission";
import { formatLocation, VENUE_STATE } from "~/lib/venue-address";
import { venuePath } from "~/lib/venue-url";
import { venueAwaitingApprovalEmail, venueSubmittedEmail } from "./emails.server";
import { hitRateLimits, isRateLimited, LIMITS } from "./rate-limit.server";
import { listAdmins } from "./users.server";
import { deleteFiles, releaseKeys } from "./pending-files.server";
import { readVenueUpload, storeVenueFiles } from "./venue-files.server";

// Venue submission (spec, public side: 'Venue submission dialog', sections 3, 5, 8, 9): a
// signed-in user's form with up to 10 images and a logo becomes a pending venue.
//
// One request carries the fields and the files. Cheapest checks first: the account's rate limit
// before the body is read; while it streams in, each file's header (no decoding); then the
// fields and the venue type. Only then are the images decoded (through the process's decode
// queue, app/services/venue-files.server.ts) and their WebP copies stored under
// venues/{new venue id}/, the row is inserted, and if the insert fails the stored files are
// deleted again, so no file outlives a venue that was not saved.

export type Choice = { id: string; name: string };

/** The submission form's venue types and amenities; each list is null when it failed to load. */
export async function listSubmissionChoices(
  db: Db,
  onError: (what: string, err: unknown) => void,
): Promise<{ venueTypes: Choice[] | null; amenities: Choice[] | null }> {
  const [venueTypes, amenities] = await Promise.all([
    db
      .select({ id: venueCategories.id, name: venueCategories.name })
      .from(venueCategories)
      .orderBy(asc(venueCategories.name))
      .catch((err: unknown) => (onError("venue types", err), null)),
    db
      .select({ id: venueAmenities.id, name: venueAmenities.name })
      .from(venueAmenities)
      .orderBy(asc(venueAmenities.name))
      .catch((err: unknown) => (onError("amenities", err), null)),
  ]);
  return { venueTypes, amenities };
}

export const SUBMISSION_LIMITS: UploadLimits = {
  maxBodyBytes: SUBMISSION_BODY_LIMIT,
  maxFileBytes: MAX_IMAGE_BYTES,
  files: {
    images: { max: MAX_VENUE_IMAGES, tooMany: uploadMessages.tooMany },
    logo: { max: MAX_LOGOS, tooMany: uploadMessages.oneLogo },
  },
  maxFields: 200,
  maxFieldBytes: 32 * 1024,
};

export type UploadFailure = { file: string; message: string };

export type SubmissionResult =
  | {
      ok: true;
      venue: { id: string; name: string; path: string };
      images: { stored: number; total: number; failures: UploadFailure[] };
    }
  | VenueFormRefusal;

/** A venue form refused (the submission's and the admin's): what to show, and the values to keep. */
export type VenueFormRefusal = {
  ok: false;
  status: number;
  errors: FieldErrors;
  values: Record<string, string>;
  toast?: Toast;
  /** Refused while streaming: the rest of the body was not read (close the connection). */
  unread?: true;
};

/** An upload stopped while it streamed in: the refusal on its field and in a toast. */
export const uploadRefused = (refusal: UploadRefusal): VenueFormRefusal => ({
  ok: false,
  status: refusal.status,
  errors: { [refusal.field ?? "form"]: refusal.message },
  values: {},
  toast: { type: "error", message: refusal.message },
  unread: true,
});

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "mailer" | "logger" | "config">;

/** The text values of a venue form, to send back with its errors (the submission's and the admin's). */
export const textValues = (values: Record<string, string | string[]>) =>
  Object.fromEntries(Object.entries(values).filter((e): e is [string, string] => typeof e[1] === "string"));

/** Amenities from the list only, spelled as the list spells them. */
export async function listedAmenityNames(db: Db, names: string[]): Promise<string[]> {
  const known = await db.select({ name: venueAmenities.name }).from(venueAmenities);
  const byLower = new Map(known.map((a) => [a.name.toLowerCase(), a.name]));
  return [...new Set(names.flatMap((a) => byLower.get(a.trim().toLowerCase()) ?? []))];
}

/** The venue columns a submission sets; the admin's form sets these and the coordinates. */
export function venueFormColumns(input: VenueSubmissionInput, categoryId: string, amenityNames: string[]) {
  const range = input.priceType === "range" ? input.priceRange : null;
  const bounds = range ? parsePriceRange(range) : null;
  return {
    name: input.name,
    description: input.description,
    location: formatLocation(input),
    addressLine1: input.addressLine1,
    addressLine2: input.addressLine2 || null,
    city: input.city,
    postalCode: input.postalCode,
    region: input.region,
    pricePerEvent: input.priceType === "single" ? input.price : null,
    priceRange: range,
    priceLow: bounds?.low ?? null,
    priceHigh: bounds?.high ?? null,
    capacity: input.capacity,
    categoryId,
    amenities: amenityNames.map((name) => ({ name, included: true })),
    website: input.website,
    phone: input.phone,
    email: input.email,
  };
}

const SUBMISSION_LIMITED = "You have submitted many venues today. Please try again tomorrow.";

export async function submitVenue(app: Deps, user: AppUser, request: Request): Promise<SubmissionResult> {
  // An account at its limit is answered before its body is read.
  const limit = { key: `venue-submit:${user.id}`, limit: LIMITS.venueSubmissionUser };
  if (await isRateLimited(app.db, limit))
    return { ok: false, status: 429, errors: { form: SUBMISSION_LIMITED }, values: {}, unread: true };
  const upload = await readVenueUpload(app, request, SUBMISSION_LIMITS);
  if (!upload.ok) return uploadRefused(upload.refusal);

  const raw = submissionValues(upload.form);
  const values = textValues(raw);
  const parsed = validate(venueSubmissionSchema, raw);
  if (!parsed.ok) return { ok: false, status: 400, errors: parsed.errors, values };
  const input = parsed.data;

  const refuse = (status: number, errors: FieldErrors, toast?: Toast): SubmissionResult => ({
    ok: false,
    status,
    errors,
    values,
    toast,
  });

  const [category] = await app.db
    .select({ id: venueCategories.id })
    .from(venueCategories)
    .where(sql`${venueCategories.id} = ${input.category}`);
  if (!category) return refuse(400, { category: "Please choose a venue type from the list" });

  const { images, logo } = upload;
  const imageFailures = images.flatMap((p) => ("failure" in p ? [{ file: p.name, message: p.failure }] : []));
  if (logo && "failure" in logo)
    return refuse(
      422,
      { logo: logo.failure },
      { type: "error", message: uploadMessages.uploadError(logo.failure) },
    );
  if (images.length > 0 && imageFailures.length === images.length)
    return refuse(
      422,
      { images: imageFailures.map((f) => f.message).join(". ") },
      { type: "error", message: uploadMessages.allFailed },
    );

  if (await hitRateLimits(app.db, [limit])) return refuse(429, { form: SUBMISSION_LIMITED });

  const amenityNames = await listedAmenityNames(app.db, input.amenities);

  const coordinates = await app.geocoder
    .geocode({
      line1: input.addressLine1,
      city: input.city,
      postalCode: input.postalCode,
      state: VENUE_STATE,
    })
    .catch((err: unknown) => {
      app.logger.warn("geocoding failed", { error: String(err) });
      return null;
    });

  const venueId = crypto.randomUUID();
  const stored = await storeVenueFiles(app, venueId, images, logo, user.id);
  const { imageUrls, logoUrl, failures } = stored;
  let saved = false;
  try {
    if (images.length > 0 && imageUrls.length === 0)
      return refuse(
        422,
        { images: uploadMessages.allFailed },
        { type: "error", message: uploadMessages.allFailed },
      );
    // A logo that did not decode or could not be stored fails the submission (the stored files
    // go again below).
    if (stored.logoFailure)
      return refuse(
        422,
        { logo: stored.logoFailure },
        { type: "error", message: uploadMessages.uploadError(stored.logoFailure) },
      );
    await app.db.transaction(async (tx) => {
      await tx.insert(venues).values({
        id: venueId,
        ...venueFormColumns(input, category.id, amenityNames),
        images: imageUrls,
        logoUrl,
        rating: 0,
        reviewCount: 0,
        isApproved: false,
        userId: user.id,
        latitude: coordinates?.lat ?? null,
        longitude: coordinates?.lng ?? null,
      });
      await releaseKeys(tx, stored.written);
    });
    saved = true;
  } finally {
    // Anything stored for a venue that was not saved goes again.
    if (!saved) await deleteFiles(app, stored.written, { venueId });
  }

  await notify(app, user, { name: input.name, location: formatLocation(input) }).catch((err: unknown) =>
    app.logger.error("submission mails failed", { error: String(err) }),
  );
  return {
    ok: true,
    venue: { id: venueId, name: input.name, path: venuePath({ id: venueId, name: input.name }) },
    images: { stored: imageUrls.length, total: images.length, failures },
  };
}

/** A confirmation to the submitter and a notice to every administrator; a failed mail is logged. */
async function notify(app: Deps, user: AppUser, venue: { name: string; location: string }) {
  const { siteName, siteUrl } = app.config;
  const admins = await listAdmins(app.db);
  const mails = [
    venueSubmittedEmail(siteName, user.email, venue, `${siteUrl}/account/venues`),
    ...admins.map((a) =>
      venueAwaitingApprovalEmail(siteName, a.email, venue, user, `${siteUrl}/admin/pending`),
    ),
  ];
  await sendEach(app, mails, "submission mail failed");
}
