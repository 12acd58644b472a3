import { isUuid } from "~/lib/uuid";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import crypto from "node:crypto";
import { csvImportVenues, venueAmenities, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { MANAGER_DETAILS_BODY_LIMIT } from "~/infra/form.server";
import type { Address, Geocoder } from "~/infra/geocoder.server";
import type { UploadLimits } from "~/infra/uploads.server";
import type { Toast } from "~/lib/toast";
import { MAX_LOGOS, MAX_VENUE_IMAGES, uploadMessages } from "~/lib/uploads";
import {
  ADMIN_PAGE_SIZE,
  isNarrowed,
  venueMessages,
  type AdminListParams,
  type AdminSort,
  type AdminVenueList,
} from "~/lib/admin";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import { ownSubmissionMessages } from "~/lib/own-submissions";
import type { AppUser } from "~/lib/user";
import {
  adminVenueSchema,
  adminVenueValues,
  type AdminVenueInput,
  type VenueFormValues,
} from "~/lib/validation/admin-venue";
import { validate, type FieldErrors } from "~/lib/validation/form";
import { isValidCoordinate } from "~/lib/coordinates";
import { formatLocation, parseLocation, VENUE_STATE } from "~/lib/venue-address";
import { normalizeAmenities, priceRangeText } from "~/lib/venue";
import { venuePath } from "~/lib/venue-url";
import { readPricingModel } from "~/lib/estimate";
import { pricingFormValues, pricingModelFrom } from "~/lib/validation/pricing-model";
import { recordAudit } from "./audit.server";
import {
  addressColumns,
  countVenuesLackingCoordinates,
  lacksValidCoordinates,
  venueAddress,
} from "./geocoding.server";
import { ADMIN_ONLY_MESSAGE, assertAdmin } from "./permissions.server";
import {
  listedAmenityNames,
  SUBMISSION_LIMITS,
  textValues,
  uploadRefused,
  venueFormColumns,
  type VenueFormRefusal,
} from "./submissions.server";
import { claimKeys, deleteFiles, releaseKeys } from "./pending-files.server";
import { readVenueUpload, storeVenueFiles, venueFileKeys } from "./venue-files.server";
import { moveVenuesToTrash } from "./venue-trash.server";

// The screens show these too (lib/admin.ts).
export { venueMessages };

// The admin's venues (spec, admin area: 'Admin venues', 'Admin edit venue', 'Geocoding
// write-back'; issue 12, item 3). Every function checks the acting user's role itself, behind the
// /admin layout's guard, so no other caller can use it by mistake. Venues an admin adds are
// approved at once, with rating 0, review count 0 and no manager link. Every write goes through
// plain SQL on `venues` so that the change-log triggers keep the search index current (ADR 005),
// and is recorded in the audit log in the same transaction.

// A service called by someone who is not an admin: 403, whatever route forgot its guard.
export { assertAdmin, ADMIN_ONLY_MESSAGE as ADMIN_ONLY };

/** A thrown answer (a refusal such as assertAdmin's, a redirect), which a route passes on as it is. */
export { isThrownAnswer } from "~/lib/refusal";

// ---------------------------------------------------------------------------------------------
// The table
// ---------------------------------------------------------------------------------------------

const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

type ListOptions = Partial<AdminListParams>;

/**
 * The list's venues: approved ones (the spec's list) or, with `status: "pending"`, those waiting
 * for review. `q` matches the name, the location or the venue type's name; the filters (issue 22)
 * keep venues lacking valid coordinates, of one venue type, of one region. Ascending by name by
 * default; empty capacities (and venues without a type) come last in either direction; ties are
 * broken by name, then id, so pages never overlap. The list and its CSV export share this filter
 * and order; both join the venue types as `venueCategories`.
 */
export function adminVenueQuery(opts: ListOptions): { where: SQL | undefined; orderBy: SQL[] } {
  const q = opts.q?.trim().slice(0, 200) ?? "";
  const dir = opts.dir === "desc" ? desc : asc;
  // Lower-cased and compared by code unit, as the public list orders names (ADR 005), so the
  // order is the same on every database whatever its collation.
  const column: Record<AdminSort, SQL> = {
    name: sql`lower(${venues.name}) collate "C"`,
    location: sql`lower(${venues.location}) collate "C"`,
    capacity: sql`${venues.capacity}`,
    category: sql`lower(${venueCategories.name}) collate "C"`,
  };
  const sort = opts.sort ?? "name";
  const primary = sql`${column[sort]} ${sql.raw(dir === desc ? "desc" : "asc")} nulls last`;
  const where = and(
    scopeOf(opts),
    q
      ? or(
          ilike(venues.name, likePattern(q)),
          ilike(venues.location, likePattern(q)),
          ilike(venueCategories.name, likePattern(q)),
        )
      : undefined,
    // The status, region and venue type are served by the partial indexes on approved venues
    // (the pending ones are few); lacking coordinates is the 'Geocoding Required' count's own
    // rule, a scan the warning makes on every load of the page anyway (ADR 024).
    opts.coords === "missing" ? lacksValidCoordinates : undefined,
    opts.category ? eq(venues.categoryId, opts.category) : undefined,
    opts.region ? eq(venues.region, opts.region) : undefined,
    opts.importId
      ? sql`exists (select 1 from ${csvImportVenues} iv where iv.import_id = ${opts.importId}::uuid
          and iv.venue_id = ${venues.id} and iv.undone_at is null)`
      : undefined,
  );
  return { where, orderBy: [primary, asc(sql`lower(${venues.name}) collate "C"`), asc(venues.id)] };
}

/** The list's scope: its status (approved unless pending is asked for). */
const scopeOf = (opts: ListOptions) => eq(venues.isApproved, opts.status !== "pending");

/** The ids of the list's venues for a search and its filters, in the list's order (export, bulk actions). */
export async function adminVenueIds(db: Db, opts: ListOptions): Promise<string[]> {
  const { where, orderBy } = adminVenueQuery(opts);
  const rows = await db
    .select({ id: venues.id })
    .from(venues)
    .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
    .where(where)
    .orderBy(...orderBy);
  return rows.map((r) => r.id);
}

export async function listVenuesForAdmin(
  db: Db,
  actor: AppUser | null,
  opts: ListOptions = {},
): Promise<AdminVenueList> {
  assertAdmin(actor);
  const { where, orderBy } = adminVenueQuery(opts);
  const countWhere = async (w: SQL | undefined) => {
    const [{ total } = { total: 0 }] = await db
      .select({ total: sql<number>`count(*)::int` })
      .from(venues)
      .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
      .where(w);
    return total;
  };
  // 'N of M venues' while the search or a filter narrows the list: M is the status's whole list.
  const [total, of] = await Promise.all([
    countWhere(where),
    isNarrowed(opts) ? countWhere(scopeOf(opts)) : null,
  ]);
  const pageSize = opts.size ?? ADMIN_PAGE_SIZE;
  const pageCount = pageCountOf(total, pageSize);
  const page = Math.min(Math.max(1, Math.floor(opts.page ?? 1)), pageCount);
  const rows = await db
    .select({
      id: venues.id,
      name: venues.name,
      location: venues.location,
      capacity: venues.capacity,
      category: venueCategories.name,
      latitude: venues.latitude,
      longitude: venues.longitude,
    })
    .from(venues)
    .leftJoin(venueCategories, eq(venues.categoryId, venueCategories.id))
    .where(where)
    .orderBy(...orderBy)
    .limit(pageSize)
    .offset(pageOffset(page, pageSize));
  return {
    // Missing coordinates read as 0 (spec); one without the other is as missing as both, so a
    // lone latitude does not pass for a position on the prime meridian.
    venues: rows.map((r) => {
      const placed = r.latitude !== null && r.longitude !== null;
      return {
        ...r,
        latitude: placed ? r.latitude! : 0,
        longitude: placed ? r.longitude! : 0,
        path: venuePath(r),
      };
    }),
    total,
    of: of ?? total,
    page,
    pageCount,
    pageSize,
  };
}

/**
 * Approved venues and how many lack valid coordinates (spec section 5's rule), for the admin's
 * 'Geocoding Required' warning: those venues are missing from the public map until the server's
 * geocoder places them (`npm run geocode`, or Geocode per venue).
 */
export async function geocodingStatusForAdmin(
  db: Db,
  actor: AppUser | null,
): Promise<{ total: number; missing: number }> {
  assertAdmin(actor);
  return countVenuesLackingCoordinates(db, { approvedOnly: true });
}

// ---------------------------------------------------------------------------------------------
// The form
// ---------------------------------------------------------------------------------------------

export type Choice = { id: string; name: string };

/** The venue form's choices: venue types and amenities by name. */
export async function listVenueFormChoices(db: Db, actor: AppUser | null) {
  assertAdmin(actor);
  return venueFormChoices(db);
}

/** The same public lists, for a caller that has checked its own permission (the manager area). */
export async function venueFormChoices(db: Db): Promise<{ venueTypes: Choice[]; amenities: Choice[] }> {
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
};

export async function getVenueForEdit(
  db: Db,
  actor: AppUser | null,
  id: string,
): Promise<EditableVenue | null> {
  assertAdmin(actor);
  return readEditableVenue(db, id);
}

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
    },
  };
}

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

export type SaveResult =
  | {
      ok: true;
      venue: { id: string; name: string; path: string };
      /** Images that could not be stored (the venue was saved without them). */
      failures: { file: string; message: string }[];
    }
  | VenueFormRefusal;

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "logger">;

const addressOf = (a: { addressLine1: string; city: string; postalCode: string }): Address => ({
  line1: a.addressLine1,
  city: a.city,
  postalCode: a.postalCode,
  state: VENUE_STATE,
});

async function geocode(geocoder: Geocoder, address: Address, logger: Deps["logger"]) {
  return geocoder.geocode(address).catch((err: unknown) => {
    logger.warn("geocoding failed", { error: String(err) });
    return null;
  });
}

/**
 * Reads and checks an add or edit form: the fields by the schema, the venue type and amenities
 * against the lists. Files have been through the image pipeline but are not stored yet.
 */
async function readForm(app: Deps, request: Request, limits = ADMIN_VENUE_LIMITS) {
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

/** A logo that fails (its header, or its decoding later) refuses the whole form. */
const logoRefused = <T>(refuse: (status: number, errors: FieldErrors, toast?: Toast) => T, failure: string) =>
  refuse(422, { logo: failure }, { type: "error", message: uploadMessages.uploadError(failure) });

/**
 * The coordinates typed in: both given (checked by the schema) and not the pair the edit form
 * pre-filled. Pre-filled ones left as they were are the old position, not a correction, so they
 * must not keep a venue whose address changed where it was.
 */
function manualCoordinates(input: AdminVenueInput) {
  if (input.latitude === "" || input.longitude === "") return null;
  const typed = { lat: Number(input.latitude), lng: Number(input.longitude) };
  const shown =
    input.shownLatitude !== "" &&
    input.shownLongitude !== "" &&
    Number(input.shownLatitude) === typed.lat &&
    Number(input.shownLongitude) === typed.lng;
  return shown ? null : typed;
}

/** Spec: 'Add Venue'. Approved at once, rating 0, review count 0, no submitter and no manager. */
export async function createVenueAsAdmin(
  app: Deps,
  actor: AppUser | null,
  request: Request,
): Promise<SaveResult> {
  assertAdmin(actor);
  const form = await readForm(app, request);
  if (!form.ok) return form.result;
  const { input, upload } = form;
  const images = upload.images;
  if (images.length > 0 && images.every((p) => "failure" in p))
    return form.refuse(
      422,
      { images: images.map((p) => ("failure" in p ? p.failure : "")).join(". ") },
      { type: "error", message: uploadMessages.allFailed },
    ).result;

  const coordinates = manualCoordinates(input) ?? (await geocode(app.geocoder, addressOf(input), app.logger));
  const venueId = crypto.randomUUID();
  const stored = await storeVenueFiles(app, venueId, images, upload.logo, actor.id);
  if (stored.logoFailure) {
    await deleteFiles(app, stored.written, { venueId });
    return logoRefused(form.refuse, stored.logoFailure).result;
  }
  try {
    await app.db.transaction(async (tx) => {
      await tx.insert(venues).values({
        id: venueId,
        ...venueFormColumns(input, form.categoryId, form.amenityNames),
        pricingModel: pricingModelFrom(input),
        images: stored.imageUrls,
        logoUrl: stored.logoUrl,
        rating: 0,
        reviewCount: 0,
        isApproved: true,
        approvedAt: new Date(),
        userId: null,
        latitude: coordinates?.lat ?? 0,
        longitude: coordinates?.lng ?? 0,
      });
      await releaseKeys(tx, stored.written);
      await recordAudit(tx, {
        actorId: actor.id,
        action: "venue.create",
        targetType: "venue",
        targetId: venueId,
        details: { name: input.name, location: formatLocation(input) },
      });
    });
  } catch (err) {
    await deleteFiles(app, stored.written, { venueId });
    throw err;
  }
  return {
    ok: true,
    venue: { id: venueId, name: input.name, path: venuePath({ id: venueId, name: input.name }) },
    failures: stored.failures,
  };
}

/**
 * Spec: 'Admin edit venue'. Every stored field; kept images (only ones the venue has) stay in
 * their order, new ones follow; a removed or replaced stored file is deleted after the save.
 * Coordinates: typed ones (changed from those the form showed) win; else blank ones or a changed
 * address are placed again from the address; else they stay.
 */
export async function updateVenueAsAdmin(
  app: Deps,
  actor: AppUser | null,
  venueId: string,
  request: Request,
): Promise<SaveResult | null> {
  assertAdmin(actor);
  return saveVenueEdit(app, actor, venueId, request, "admin");
}

/**
 * The venue form's save, for an admin (every field, images included) or for a caller that has
 * checked the actor may manage this venue (`manager`: the same fields but the images, which stay
 * as they are), or the submitter of a pending venue (`owner`: the submission form's fields,
 * images included, no typed coordinates; refused under the row's lock unless it is still pending
 * and theirs). Recorded in the audit log as the actor's.
 */
export async function saveVenueEdit(
  app: Deps,
  actor: AppUser,
  venueId: string,
  request: Request,
  mode: "admin" | "manager" | "owner",
): Promise<SaveResult | null> {
  if (!isUuid(venueId)) return null;
  const [current] = await app.db.select().from(venues).where(eq(venues.id, venueId)).limit(1);
  if (!current) return null;
  const form = await readForm(app, request, mode === "manager" ? MANAGER_VENUE_LIMITS : ADMIN_VENUE_LIMITS);
  if (!form.ok) return form.result;
  const { input, upload } = form;

  const kept =
    mode === "manager"
      ? current.images
      : input.keepImages.filter((url, i, all) => current.images.includes(url) && all.indexOf(url) === i);
  const newImages = upload.images.filter((p) => "image" in p);
  if (kept.length + newImages.length > MAX_VENUE_IMAGES)
    return form.refuse(
      400,
      { images: uploadMessages.tooMany },
      { type: "error", message: uploadMessages.tooMany },
    ).result;
  if (upload.images.length > 0 && newImages.length === 0)
    return form.refuse(
      422,
      { images: upload.images.map((p) => ("failure" in p ? p.failure : "")).join(". ") },
      { type: "error", message: uploadMessages.allFailed },
    ).result;

  const columns = venueFormColumns(input, form.categoryId, form.amenityNames);
  // The owner's form has no coordinates: whatever such fields say is not read.
  const manual = mode === "owner" ? null : manualCoordinates(input);
  // Blank fields ask for the address's position, whether or not the address changed.
  const blank = mode !== "owner" && input.latitude === "" && input.longitude === "";
  const moved = columns.location !== current.location;
  // The spec's validity rule (section 5): 0/0, a missing or an out-of-range coordinate is none.
  const missing = !isValidCoordinate(current.latitude, current.longitude);
  const placed =
    manual ?? (blank || moved || missing ? await geocode(app.geocoder, addressOf(input), app.logger) : null);
  const coordinates = placed ?? (moved ? null : { lat: current.latitude ?? 0, lng: current.longitude ?? 0 });

  const stored = await storeVenueFiles(app, venueId, upload.images, upload.logo, actor.id);
  if (stored.logoFailure) {
    await deleteFiles(app, stored.written, { venueId });
    return logoRefused(form.refuse, stored.logoFailure).result;
  }
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
      if (mode === "owner" && (row.isApproved || row.userId !== actor.id)) return "closed";
      // The manager's form never sends photos; the admin's keeps those it lists that still exist.
      const images =
        mode === "manager"
          ? row.images
          : [...kept.filter((url) => row.images.includes(url)), ...stored.imageUrls];
      if (images.length > MAX_VENUE_IMAGES) return "full";
      const keepLogo = input.keepLogo !== "" && input.keepLogo === row.logoUrl;
      const logoUrl = stored.logoUrl ?? (keepLogo ? row.logoUrl : null);
      await tx
        .update(venues)
        .set({
          ...columns,
          // Only a form that shows the pricing model (the admin's, the manager's) sets it.
          ...(input.pricingShown ? { pricingModel: pricingModelFrom(input) } : {}),
          ...(mode !== "manager" ? { images } : {}),
          logoUrl,
          latitude: coordinates?.lat ?? 0,
          longitude: coordinates?.lng ?? 0,
          updatedAt: new Date(),
        })
        .where(eq(venues.id, venueId));
      await recordAudit(tx, {
        actorId: actor.id,
        action: "venue.update",
        targetType: "venue",
        targetId: venueId,
        details: {
          name: input.name,
          before: { name: current.name, location: current.location },
          ...(mode === "manager" ? { by: "venue_manager" } : mode === "owner" ? { by: "owner" } : {}),
        },
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
    if (saved === "closed")
      return form.refuse(
        409,
        { form: ownSubmissionMessages.approved },
        {
          type: "error",
          message: ownSubmissionMessages.saveFailed,
          description: ownSubmissionMessages.approved,
        },
      ).result;
    return form.refuse(
      400,
      { images: uploadMessages.tooMany },
      { type: "error", message: uploadMessages.tooMany },
    ).result;
  }
  await deleteFiles(app, saved.dropped, { venueId });
  return {
    ok: true,
    venue: { id: venueId, name: input.name, path: venuePath({ id: venueId, name: input.name }) },
    failures: stored.failures,
  };
}

/**
 * Spec: delete after 'Are you sure you want to delete this venue?'. The venue moves to the trash
 * (issue 22, ADR 023), where it can be restored for 30 days; its files stay until it is purged.
 */
export async function deleteVenueAsAdmin(
  app: Pick<AppContext, "db">,
  actor: AppUser | null,
  venueId: string,
): Promise<{ ok: true; name: string } | { ok: false; status: number; error: string }> {
  assertAdmin(actor);
  if (!venueId) return { ok: false, status: 400, error: venueMessages.idRequired };
  if (!isUuid(venueId)) return { ok: false, status: 404, error: venueMessages.notFound };
  const deleted = await app.db.transaction(async (tx) => {
    const [row] = await moveVenuesToTrash(tx, [venueId], { actorId: actor.id });
    if (!row) return null;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "venue.delete",
      targetType: "venue",
      targetId: venueId,
      details: { name: row.name, location: row.location },
    });
    return row;
  });
  if (!deleted) return { ok: false, status: 404, error: venueMessages.notFound };
  return { ok: true, name: deleted.name };
}

/**
 * Spec: 'Geocoding write-back' with the server's geocoder: the venue's address (its parts, or
 * the parts read from its location) to coordinates, saved with updated_at.
 */
export async function geocodeVenueAsAdmin(
  app: Deps,
  actor: AppUser | null,
  venueId: string,
): Promise<{ ok: true; latitude: number; longitude: number } | { ok: false; status: number; error: string }> {
  assertAdmin(actor);
  if (!venueId) return { ok: false, status: 400, error: venueMessages.idRequired };
  if (!isUuid(venueId)) return { ok: false, status: 404, error: venueMessages.notFound };
  const [v] = await app.db
    .select({ name: venues.name, ...addressColumns })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!v) return { ok: false, status: 404, error: venueMessages.notFound };
  const address = venueAddress(v);
  if (!address)
    return v.location.trim()
      ? { ok: false, status: 422, error: venueMessages.geocodeFailed("address not found") }
      : { ok: false, status: 400, error: venueMessages.addressRequired };
  let found;
  try {
    found = await app.geocoder.geocode(address);
  } catch (err) {
    app.logger.warn("geocoding failed", { error: String(err), venueId });
    return { ok: false, status: 502, error: venueMessages.geocodeFailed("the geocoder did not answer") };
  }
  if (!found) return { ok: false, status: 422, error: venueMessages.geocodeFailed("address not found") };
  const saved = await app.db.transaction(async (tx) => {
    const rows = await tx
      .update(venues)
      .set({ latitude: found.lat, longitude: found.lng, updatedAt: new Date() })
      .where(eq(venues.id, venueId))
      .returning({ id: venues.id });
    if (rows.length === 0) return false;
    await recordAudit(tx, {
      actorId: actor.id,
      action: "venue.geocode",
      targetType: "venue",
      targetId: venueId,
      details: { name: v.name, latitude: found.lat, longitude: found.lng },
    });
    return true;
  });
  if (!saved) return { ok: false, status: 404, error: venueMessages.notFound };
  return { ok: true, latitude: found.lat, longitude: found.lng };
}
