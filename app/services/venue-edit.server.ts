import { asc, eq } from "drizzle-orm";
import { venueAmenities, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { MANAGER_DETAILS_BODY_LIMIT } from "~/infra/form.server";
import type { Address, Geocoder } from "~/infra/geocoder.server";
import type { UploadLimits } from "~/infra/uploads.server";
import type { Toast } from "~/lib/toast";
import { MAX_LOGOS, MAX_VENUE_IMAGES, uploadMessages } from "~/lib/uploads";
import { ownSubmissionMessages } from "~/lib/own-submissions";
import type { AppUser } from "~/lib/user";
import { isUuid } from "~/lib/uuid";
import {
  adminVenueSchema,
  adminVenueValues,
  type AdminVenueInput,
  type VenueFormValues,
} from "~/lib/validation/admin-venue";
import { validate, type FieldErrors } from "~/lib/validation/form";
import { isValidCoordinate } from "~/lib/coordinates";
import { parseLocation, VENUE_STATE } from "~/lib/venue-address";
import { normalizeAmenities, priceRangeText, type VenueView } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { readPricingModel } from "~/lib/estimate";
import { pricingFormValues, pricingModelFrom } from "~/lib/validation/pricing-model";
import { factsFormValues, factsFrom } from "~/lib/validation/venue-facts";
import { confirmation, readFacts } from "~/lib/venue-facts";
import { auditAction } from "./audit.server";
import {
  listedAmenityNames,
  SUBMISSION_LIMITS,
  textValues,
  uploadRefused,
  venueFormColumns,
  type UploadFailure,
  type VenueFormRefusal,
} from "./submissions.server";
import { claimKeys, deleteFiles, releaseKeys } from "./pending-files.server";
import { readVenueUpload, storeVenueFiles, venueFileKeys } from "./venue-files.server";

// The venue form's edit core (ADR 012, ADR 025): reading and checking the form, the stored venue
// it starts from, and the save, for the admin, a venue's manager and a pending venue's submitter.
// What differs by role is an EditPolicy; the permission checks stay in the callers' services
// (admin-venues, manager-venues, own-submissions), which check the id's shape before calling.

export type Choice = { id: string; name: string };

/** The venue form's choices (public lists), for a caller that has checked its own permission. */
export type VenueFormChoices = { venueTypes: Choice[]; amenities: Choice[] };

export async function venueFormChoices(db: Db): Promise<VenueFormChoices> {
  const [venueTypes, amenities] = await Promise.all([
    db
      .select({ id: venueCategories.id, name: venueCategories.name })
      .from(venueCategories)
      .orderBy(asc(venueCategories.name)),
    db
      .select({ id: venueAmenities.id, name: venueAmenities.name })
      .from(venueAmenities)
      .orderBy(asc(venueAmenities.name)),
  ]);
  return { venueTypes, amenities };
}

export type EditableVenue = {
  id: string;
  name: string;
  location: string;
  path: string;
  isApproved: boolean;
  images: string[];
  logoUrl: string | null;
  values: VenueFormValues;
  /** When the venue last confirmed its prices and facts (issue 43); null: it states none. */
  confirmed: VenueView["confirmed"];
};

/** A venue as the edit form starts from it, for a caller that has checked its own permission. */
export async function readEditableVenue(db: Db, id: string): Promise<EditableVenue | null> {
  if (!isUuid(id)) return null;
  const [v] = await db.select().from(venues).where(eq(venues.id, id)).limit(1);
  if (!v) return null;
  const parsed = v.addressLine1 || v.city ? null : parseLocation(v.location);
  const range =
    v.priceRange?.trim() || (v.priceLow && v.priceHigh ? priceRangeText(v.priceLow, v.priceHigh) : "");
  const coordinate = (n: number | null) =>
    n === null || (v.latitude === 0 && v.longitude === 0) ? "" : String(n);
  return {
    id: v.id,
    name: v.name,
    location: v.location,
    path: venuePath(v),
    isApproved: v.isApproved,
    images: v.images,
    logoUrl: v.logoUrl,
    confirmed: confirmation(v),
    values: {
      name: v.name,
      description: v.description,
      addressLine1: v.addressLine1 ?? parsed?.addressLine1 ?? "",
      addressLine2: v.addressLine2 ?? parsed?.addressLine2 ?? "",
      city: v.city ?? parsed?.city ?? "",
      postalCode: v.postalCode ?? parsed?.postalCode ?? "",
      region: v.region ?? "",
      priceType: range ? "range" : "single",
      price: v.pricePerEvent === null ? "" : String(v.pricePerEvent),
      priceRange: range,
      capacity: v.capacity === null ? "" : String(v.capacity),
      category: v.categoryId ?? "",
      amenities: normalizeAmenities(v.amenities)
        .filter((a) => a.included)
        .map((a) => a.name),
      website: v.website ?? "",
      phone: v.phone ?? "",
      email: v.email ?? "",
      latitude: coordinate(v.latitude),
      longitude: coordinate(v.longitude),
      ...pricingFormValues(readPricingModel(v.pricingModel)),
      ...factsFormValues(readFacts(v.facts)),
    },
  };
}

/** The pricing model and the facts of an admin's or a manager's form, confirmed now (issue 43). */
export const pricedColumns = (input: AdminVenueInput) => ({
  pricingModel: pricingModelFrom(input),
  facts: factsFrom(input),
  confirmedAt: new Date(),
});

/** The submission's limits, with room for the admin's extra fields. */
export const ADMIN_VENUE_LIMITS: UploadLimits = { ...SUBMISSION_LIMITS, maxFields: 250 };

/**
 * A venue manager's details form: a logo at most. Their images are changed one at a time on the
 * Images tab (app/services/manager-venues.server.ts), so this form never sends or drops any.
 */
export const MANAGER_VENUE_LIMITS: UploadLimits = {
  ...ADMIN_VENUE_LIMITS,
  maxBodyBytes: MANAGER_DETAILS_BODY_LIMIT,
  files: { logo: { max: MAX_LOGOS, tooMany: uploadMessages.oneLogo } },
};

/** How one role's edit differs: what the save does with the photos, the coordinates and the row. */
export type EditPolicy = {
  /** "keep": the form sends no photos and the stored ones stay; "replace": kept ones, then new ones. */
  images: "keep" | "replace";
  /** Typed coordinates are read (the owner's form has none: whatever such fields say is ignored). */
  coordinates: boolean;
  /** Refused under the row's lock unless the venue is still pending and the actor's. */
  ownerLock: boolean;
  limits: UploadLimits;
  /** Who the audit entry says made the change, beside the actor (none: an admin). */
  auditBy?: "venue_manager" | "owner";
};

export const ADMIN_EDIT: EditPolicy = {
  images: "replace",
  coordinates: true,
  ownerLock: false,
  limits: ADMIN_VENUE_LIMITS,
};
export const MANAGER_EDIT: EditPolicy = {
  images: "keep",
  coordinates: true,
  ownerLock: false,
  limits: MANAGER_VENUE_LIMITS,
  auditBy: "venue_manager",
};
export const OWNER_EDIT: EditPolicy = {
  images: "replace",
  coordinates: false,
  ownerLock: true,
  limits: ADMIN_VENUE_LIMITS,
  auditBy: "owner",
};

export type SaveResult =
  | {
      ok: true;
      venue: { id: string; name: string; path: string };
      /** Images that could not be stored (the venue was saved without them). */
      failures: UploadFailure[];
    }
  | VenueFormRefusal;

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "logger">;

const addressOf = (a: { addressLine1: string; city: string; postalCode: string }): Address => ({
  line1: a.addressLine1,
  city: a.city,
  postalCode: a.postalCode,
  state: VENUE_STATE,
});

/** The address's position from the server's geocoder; null when it has none or fails (logged). */
export async function geocodeForm(
  geocoder: Geocoder,
  input: AdminVenueInput,
  logger: Deps["logger"],
): Promise<{ lat: number; lng: number } | null> {
  return geocoder.geocode(addressOf(input)).catch((err: unknown) => {
    logger.warn("geocoding failed", { error: String(err) });
    return null;
  });
}

/**
 * Reads and checks an add or edit form: the fields by the schema, the venue type and amenities
 * against the lists. Files have been through the image pipeline but are not stored yet.
 */
export async function readVenueForm(app: Deps, request: Request, limits = ADMIN_VENUE_LIMITS) {
  const upload = await readVenueUpload(app, request, limits);
  if (!upload.ok) return { ok: false as const, result: uploadRefused(upload.refusal) };
  const raw = adminVenueValues(upload.form);
  const values = textValues(raw);
  const refuse = (status: number, errors: FieldErrors, toast?: Toast) => ({
    ok: false as const,
    result: { ok: false as const, status, errors, values, toast },
  });
  const parsed = validate(adminVenueSchema, raw);
  if (!parsed.ok) return refuse(400, parsed.errors);
  const input = parsed.data;

  const [category] = await app.db
    .select({ id: venueCategories.id })
    .from(venueCategories)
    .where(eq(venueCategories.id, input.category));
  if (!category) return refuse(400, { category: "Please choose a venue type from the list" });

  if (upload.logo && "failure" in upload.logo) return logoRefused(refuse, upload.logo.failure);

  const amenityNames = await listedAmenityNames(app.db, input.amenities);
  return { ok: true as const, input, values, categoryId: category.id, amenityNames, upload, refuse };
}

type VenueForm = Extract<Awaited<ReturnType<typeof readVenueForm>>, { ok: true }>;

/** A logo that fails (its header, or its decoding later) refuses the whole form. */
const logoRefused = <T>(refuse: (status: number, errors: FieldErrors, toast?: Toast) => T, failure: string) =>
  refuse(422, { logo: failure }, { type: "error", message: uploadMessages.uploadError(failure) });

/** Images were sent and not one of them passed: the form is refused with why, file by file. */
export function allImagesFailed(form: VenueForm): VenueFormRefusal | null {
  const images = form.upload.images;
  if (images.length === 0 || images.some((p) => "image" in p)) return null;
  return form.refuse(
    422,
    { images: images.map((p) => ("failure" in p ? p.failure : "")).join(". ") },
    { type: "error", message: uploadMessages.allFailed },
  ).result;
}

const tooManyImages = (form: VenueForm) =>
  form.refuse(400, { images: uploadMessages.tooMany }, { type: "error", message: uploadMessages.tooMany })
    .result;

/**
 * The form's images and logo stored under the venue's folder (ADR 021); a logo that could not be
 * stored refuses the form, and whatever was written goes again.
 */
export async function storeFormFiles(app: Deps, venueId: string, form: VenueForm, actorId: string) {
  const stored = await storeVenueFiles(app, venueId, form.upload.images, form.upload.logo, actorId);
  if (!stored.logoFailure) return { ok: true as const, stored };
  await deleteFiles(app, stored.written, { venueId });
  return { ok: false as const, result: logoRefused(form.refuse, stored.logoFailure).result };
}

/** The answer to a saved form: the venue and the images that could not be stored. */
export const savedVenue = (venueId: string, name: string, failures: UploadFailure[]): SaveResult => ({
  ok: true,
  venue: { id: venueId, name, path: venuePath({ id: venueId, name }) },
  failures,
});

/**
 * The coordinates typed in: both given (checked by the schema) and not the pair the edit form
 * pre-filled. Pre-filled ones left as they were are the old position, not a correction, so they
 * must not keep a venue whose address changed where it was.
 */
export function manualCoordinates(input: AdminVenueInput) {
  if (input.latitude === "" || input.longitude === "") return null;
  const typed = { lat: Number(input.latitude), lng: Number(input.longitude) };
  const shown =
    input.shownLatitude !== "" &&
    input.shownLongitude !== "" &&
    Number(input.shownLatitude) === typed.lat &&
    Number(input.shownLongitude) === typed.lng;
  return shown ? null : typed;
}

/**
 * The venue form's save (spec: 'Admin edit venue', 'Manager edit venue'; ADR 025 for the owner's)
 * as the policy says, by a caller that has checked the actor's permission and the id's shape.
 * Kept images (only ones the venue has) stay in their order, new ones follow; a removed or
 * replaced stored file is deleted after the save. Coordinates: typed ones (changed from those the
 * form showed) win; else blank ones or a changed address are placed again from the address; else
 * they stay. Recorded in the audit log as the actor's.
 */
export async function saveVenueEdit(
  app: Deps,
  actor: AppUser,
  venueId: string,
  request: Request,
  policy: EditPolicy,
): Promise<SaveResult | null> {
  const [current] = await app.db.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!current) return null;
  const form = await readVenueForm(app, request, policy.limits);
  if (!form.ok) return form.result;
  const { input, upload } = form;

  const keep = policy.images === "keep";
  const kept = keep
    ? current.images
    : input.keepImages.filter((url, i, all) => current.images.includes(url) && all.indexOf(url) === i);
  const newImages = upload.images.filter((p) => "image" in p);
  if (kept.length + newImages.length > MAX_VENUE_IMAGES) return tooManyImages(form);
  const failed = allImagesFailed(form);
  if (failed) return failed;

  const columns = venueFormColumns(input, form.categoryId, form.amenityNames);
  const manual = policy.coordinates ? manualCoordinates(input) : null;
  // Blank fields ask for the address's position, whether or not the address changed.
  const blank = policy.coordinates && input.latitude === "" && input.longitude === "";
  const moved = columns.location !== current.location;
  // The spec's validity rule (section 5): 0/0, a missing or an out-of-range coordinate is none.
  const missing = !isValidCoordinate(current.latitude, current.longitude);
  const placed =
    manual ?? (blank || moved || missing ? await geocodeForm(app.geocoder, input, app.logger) : null);
  const coordinates = placed ?? (moved ? null : { lat: current.latitude ?? 0, lng: current.longitude ?? 0 });

  const files = await storeFormFiles(app, venueId, form, actor.id);
  if (!files.ok) return files.result;
  const { stored } = files;
  let saved: { dropped: string[] } | "gone" | "full" | "closed";
  try {
    saved = await app.db.transaction(async (tx) => {
      // The photos as they are now, under the row's lock: an upload, a removal or a reorder on
      // the Images tab while this form was read is kept, never overwritten by the form's view.
      const [row] = await tx
        .select({
          images: venues.images,
          logoUrl: venues.logoUrl,
          isApproved: venues.isApproved,
          userId: venues.userId,
        })
        .from(venues)
        .where(eq(venues.id, venueId))
        .for("update");
      if (!row) return "gone";
      // Approved (or no longer theirs) while the form streamed in: the owner's edit is closed.
      if (policy.ownerLock && (row.isApproved || row.userId !== actor.id)) return "closed";
      const images = keep
        ? row.images
        : [...kept.filter((url) => row.images.includes(url)), ...stored.imageUrls];
      if (images.length > MAX_VENUE_IMAGES) return "full";
      const keepLogo = input.keepLogo !== "" && input.keepLogo === row.logoUrl;
      const logoUrl = stored.logoUrl ?? (keepLogo ? row.logoUrl : null);
      await tx
        .update(venues)
        .set({
          ...columns,
          // Only a form that shows the pricing model and facts (the admin's, the manager's) sets
          // them, and its save confirms them (issue 43).
          ...(input.pricingShown ? pricedColumns(input) : {}),
          ...(keep ? {} : { images }),
          logoUrl,
          latitude: coordinates?.lat ?? 0,
          longitude: coordinates?.lng ?? 0,
          updatedAt: new Date(),
        })
        .where(eq(venues.id, venueId));
      await auditAction(tx, actor, "venue.update", venueId, {
        name: input.name,
        before: { name: current.name, location: current.location },
        ...(policy.auditBy ? { by: policy.auditBy } : {}),
      });
      const dropped = venueFileKeys(app, venueId, [
        ...row.images.filter((u) => !images.includes(u)),
        row.logoUrl !== logoUrl ? row.logoUrl : null,
      ]);
      await releaseKeys(tx, stored.written);
      await claimKeys(tx, dropped);
      return { dropped };
    });
  } catch (err) {
    await deleteFiles(app, stored.written, { venueId });
    throw err;
  }
  if (typeof saved === "string") {
    await deleteFiles(app, stored.written, { venueId });
    if (saved === "gone") return null;
    if (saved === "full") return tooManyImages(form);
    const { approved, saveFailed } = ownSubmissionMessages;
    return form.refuse(409, { form: approved }, { type: "error", message: saveFailed, description: approved })
      .result;
  }
  await deleteFiles(app, saved.dropped, { venueId });
  return savedVenue(venueId, input.name, stored.failures);
}
