import { isUuid } from "~/lib/uuid";
import { and, asc, desc, eq, ilike, or, sql, type SQL } from "drizzle-orm";
import crypto from "node:crypto";
import { csvImportVenues, venueCategories, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import {
  ADMIN_PAGE_SIZE,
  isNarrowed,
  venueMessages,
  type AdminListParams,
  type AdminSort,
  type AdminVenueList,
} from "~/lib/admin";
import { pageCountOf, pageOffset } from "~/lib/pagination";
import type { AppUser } from "~/lib/user";
import { formatLocation } from "~/lib/venue-address";
import { venuePath } from "~/lib/venue-url";
import { recordAudit } from "./audit.server";
import {
  addressColumns,
  countVenuesLackingCoordinates,
  lacksValidCoordinates,
  venueAddress,
} from "./geocoding.server";
import { ADMIN_ONLY_MESSAGE, assertAdmin } from "./permissions.server";
import { trashCountsOf, trashWarnings } from "./trash-warnings.server";
import { trashWarningText, type TrashWarning } from "~/lib/venue-bulk";
import { venueFormColumns } from "./submissions.server";
import { deleteFiles, releaseKeys } from "./pending-files.server";
import {
  ADMIN_EDIT,
  allImagesFailed,
  geocodeForm,
  manualCoordinates,
  readEditableVenue,
  readVenueForm,
  pricedColumns,
  saveVenueEdit,
  savedVenue,
  storeFormFiles,
  venueFormChoices,
  type EditableVenue,
  type SaveResult,
} from "./venue-edit.server";
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
  const counts = await trashCountsOf(
    db,
    rows.map((r) => r.id),
  );
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
        ...(counts.get(r.id) ?? { openInquiries: 0, managers: 0 }),
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
// The form (its reading, the stored venue and the save: the edit core, venue-edit.server.ts)
// ---------------------------------------------------------------------------------------------

/** The venue form's choices: venue types and amenities by name. */
export async function listVenueFormChoices(db: Db, actor: AppUser | null) {
  assertAdmin(actor);
  return venueFormChoices(db);
}

export async function getVenueForEdit(
  db: Db,
  actor: AppUser | null,
  id: string,
): Promise<EditableVenue | null> {
  assertAdmin(actor);
  return readEditableVenue(db, id);
}

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "logger">;

/** Spec: 'Add Venue'. Approved at once, rating 0, review count 0, no submitter and no manager. */
export async function createVenueAsAdmin(
  app: Deps,
  actor: AppUser | null,
  request: Request,
): Promise<SaveResult> {
  assertAdmin(actor);
  const form = await readVenueForm(app, request);
  if (!form.ok) return form.result;
  const { input } = form;
  const failed = allImagesFailed(form);
  if (failed) return failed;

  const coordinates = manualCoordinates(input) ?? (await geocodeForm(app.geocoder, input, app.logger));
  const venueId = crypto.randomUUID();
  const files = await storeFormFiles(app, venueId, form, actor.id);
  if (!files.ok) return files.result;
  const { stored } = files;
  try {
    await app.db.transaction(async (tx) => {
      await tx.insert(venues).values({
        id: venueId,
        ...venueFormColumns(input, form.categoryId, form.amenityNames),
        ...pricedColumns(input),
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
  return savedVenue(venueId, input.name, stored.failures);
}

/** Spec: 'Admin edit venue': every stored field, images included (the edit core's ADMIN_EDIT). */
export async function updateVenueAsAdmin(
  app: Deps,
  actor: AppUser | null,
  venueId: string,
  request: Request,
): Promise<SaveResult | null> {
  assertAdmin(actor);
  if (!isUuid(venueId)) return null;
  return saveVenueEdit(app, actor, venueId, request, ADMIN_EDIT);
}

/**
 * Spec: delete after 'Are you sure you want to delete this venue?'. The venue moves to the trash
 * (issue 22, ADR 023), where it can be restored for 30 days; its files stay until it is purged.
 */
export async function deleteVenueAsAdmin(
  app: Pick<AppContext, "db">,
  actor: AppUser | null,
  venueId: string,
  /** The admin said yes to the warning (`confirm=1`): managers and open inquiries or not. */
  confirmed = false,
): Promise<
  { ok: true; name: string } | { ok: false; status: number; error: string; warning?: TrashWarning }
> {
  assertAdmin(actor);
  if (!venueId) return { ok: false, status: 400, error: venueMessages.idRequired };
  if (!isUuid(venueId)) return { ok: false, status: 404, error: venueMessages.notFound };
  // Couples wait on it and managers run it: nothing moves until the admin has read that.
  const [warning] = confirmed ? [] : await trashWarnings(app.db, actor, [venueId]);
  if (warning) return { ok: false, status: 409, error: trashWarningText([warning]), warning };
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
