import { and, asc, count, eq, ne, sql } from "drizzle-orm";
import crypto from "node:crypto";
import { venueCategories, venueCategoryCounts, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { ImageError, prepareImage, putImage, type PreparedImage } from "~/infra/images.server";
import { readUploadForm, UploadRefusal, type IncomingFile, type UploadLimits } from "~/infra/uploads.server";
import { categoryMessages } from "~/lib/admin";
import { CATEGORY_BODY_LIMIT } from "~/lib/body-limits";
import { MAX_IMAGE_BYTES, uploadMessages } from "~/lib/uploads";
import type { AppUser } from "~/lib/user";
import { auditAction } from "./audit.server";
import { claimKeys, deleteFiles, fileKeysOf, releaseKeys } from "./pending-files.server";
import { assertAdmin } from "./permissions.server";

// The screens show these too (lib/admin.ts).
export { categoryMessages };

export type CategoryWithCount = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  count: number;
  updatedAt: Date;
};

/**
 * Venue types with the number of approved venues of each, read from the trigger-maintained
 * `venue_category_counts` (migration 0008, ADR 014) rather than counted per request.
 */
function withCounts(db: Db) {
  return db
    .select({
      id: venueCategories.id,
      name: venueCategories.name,
      description: venueCategories.description,
      imageUrl: venueCategories.imageUrl,
      updatedAt: venueCategories.updatedAt,
      count: sql<number>`coalesce(${venueCategoryCounts.approvedVenues}, 0)::int`,
    })
    .from(venueCategories)
    .leftJoin(venueCategoryCounts, eq(venueCategoryCounts.categoryId, venueCategories.id));
}

export async function listCategoriesWithCounts(db: Db): Promise<CategoryWithCount[]> {
  const rows = await withCounts(db).orderBy(asc(venueCategories.name));
  return rows.map((r) => ({ ...r, count: Number(r.count) }));
}

export async function getCategoryWithCount(db: Db, id: string): Promise<CategoryWithCount | null> {
  const [r] = await withCounts(db).where(eq(venueCategories.id, id));
  return r ? { ...r, count: Number(r.count) } : null;
}

// ---------------------------------------------------------------------------------------------
// The admin's Venue Types screen (spec, admin area: 'Admin venue types'; issue 12, item 7).
// Venues point to their type by id, so a renamed type keeps its venues. One image per type goes
// through the image pipeline into categories/{id}/; a replaced or deleted type's files go after
// the change is saved. Deleting a type that venues use is refused with the count, unless the
// admin chose another type to move them to.
// ---------------------------------------------------------------------------------------------

export type AdminCategory = {
  id: string;
  name: string;
  description: string;
  imageUrl: string | null;
  /** Venues of this type, pending ones included (they would lose their type too). */
  venueCount: number;
};

export async function listCategoriesForAdmin(db: Db, actor: AppUser): Promise<AdminCategory[]> {
  assertAdmin(actor);
  const rows = await db
    .select({
      id: venueCategories.id,
      name: venueCategories.name,
      description: venueCategories.description,
      imageUrl: venueCategories.imageUrl,
      venueCount: sql<number>`count(${venues.id})::int`,
    })
    .from(venueCategories)
    .leftJoin(venues, eq(venues.categoryId, venueCategories.id))
    .groupBy(venueCategories.id)
    .orderBy(asc(sql`lower(${venueCategories.name})`), asc(venueCategories.id));
  return rows.map((r) => ({ ...r, venueCount: Number(r.venueCount) }));
}

type Deps = Pick<AppContext, "db" | "storage" | "logger">;
export type CategoryInput = { name: string; description: string };
export type CategoryOutcome =
  | { ok: true; message: string; description?: string }
  | { ok: false; error: string; status: number; field?: string };

/** The one image of a venue type: at most one file, read while the form streams in. */
export const CATEGORY_UPLOAD_LIMITS: UploadLimits = {
  maxBodyBytes: CATEGORY_BODY_LIMIT,
  maxFileBytes: MAX_IMAGE_BYTES,
  files: { image: { max: 1, tooMany: "A venue type has one image at most" } },
  maxFields: 20,
  maxFieldBytes: 8 * 1024,
};

export type CategoryForm =
  | { ok: true; values: Record<string, string>; image: PreparedImage | null }
  | { ok: false; status: number; error: string; field?: string };

/** Reads a venue type form (multipart, one optional `image`), checking the image by content. */
export async function readCategoryForm(request: Request): Promise<CategoryForm> {
  let file: IncomingFile | null = null;
  let fields: [string, string][];
  try {
    ({ fields } = await readUploadForm(request, CATEGORY_UPLOAD_LIMITS, (f) => {
      if (f.bytes.byteLength > 0) file = f;
    }));
  } catch (err) {
    if (err instanceof UploadRefusal)
      return { ok: false, status: err.status, error: err.message, field: err.field };
    throw err;
  }
  const values: Record<string, string> = {};
  for (const [k, v] of fields) if (!(k in values)) values[k] = v.normalize("NFC");
  const chosen = file as IncomingFile | null;
  if (!chosen) return { ok: true, values, image: null };
  if (chosen.tooLarge)
    return {
      ok: false,
      status: 422,
      field: "image",
      error: categoryMessages.imageFailed(uploadMessages.tooLarge(chosen.name)),
    };
  try {
    return { ok: true, values, image: await prepareImage(chosen.bytes) };
  } catch (err) {
    if (!(err instanceof ImageError)) throw err;
    return {
      ok: false,
      status: 422,
      field: "image",
      error: categoryMessages.imageFailed(`${chosen.name} ${err.message}`),
    };
  }
}

/** The stored copies behind a type's image URL (only what lives under categories/{id}/). */
const categoryFileKeys = (app: Pick<AppContext, "storage">, categoryId: string, url: string | null) =>
  fileKeysOf(app.storage, [url], `categories/${categoryId}/`);

/** Stores a type's image, its keys claimed first (ADR 021): release them with the row. */
async function storeCategoryImage(app: Deps, id: string, image: PreparedImage) {
  const base = `categories/${id}/${crypto.randomUUID()}`;
  await claimKeys(
    app.db,
    image.variants.map((v) => `${base}-${v.width}.webp`),
  );
  return putImage(app.storage, base, image);
}

const isUniqueViolation = (err: unknown) =>
  (err as { code?: string })?.code === "23505" ||
  (err as { cause?: { code?: string } })?.cause?.code === "23505";

async function nameTaken(db: Db, name: string, except?: string) {
  const [row] = await db
    .select({ id: venueCategories.id })
    .from(venueCategories)
    .where(
      and(
        sql`lower(${venueCategories.name}) = lower(${name})`,
        except ? ne(venueCategories.id, except) : undefined,
      ),
    )
    .limit(1);
  return !!row;
}

const duplicate: CategoryOutcome = {
  ok: false,
  error: categoryMessages.duplicate,
  status: 409,
  field: "name",
};

export async function createCategory(
  app: Deps,
  actor: AppUser,
  input: CategoryInput,
  image: PreparedImage | null,
): Promise<CategoryOutcome> {
  assertAdmin(actor);
  if (await nameTaken(app.db, input.name)) return duplicate;
  const id = crypto.randomUUID();
  const stored = image ? await storeCategoryImage(app, id, image) : null;
  try {
    await app.db.transaction(async (tx) => {
      await tx.insert(venueCategories).values({
        id,
        name: input.name,
        description: input.description,
        imageUrl: stored?.url ?? null,
      });
      await releaseKeys(tx, stored?.keys ?? []);
      await auditAction(tx, actor, "category.create", id, { name: input.name, image: !!stored });
    });
  } catch (err) {
    if (stored) await deleteFiles(app, stored.keys);
    if (isUniqueViolation(err)) return duplicate;
    throw err;
  }
  return { ok: true, message: categoryMessages.added(input.name) };
}

export async function updateCategory(
  app: Deps,
  actor: AppUser,
  id: string,
  input: CategoryInput & { removeImage?: boolean },
  image: PreparedImage | null,
): Promise<CategoryOutcome> {
  assertAdmin(actor);
  const [current] = await app.db.select().from(venueCategories).where(eq(venueCategories.id, id));
  if (!current) return { ok: false, error: categoryMessages.notFound, status: 404 };
  if (await nameTaken(app.db, input.name, id)) return duplicate;
  const stored = image ? await storeCategoryImage(app, id, image) : null;
  const imageUrl = stored ? stored.url : input.removeImage ? null : current.imageUrl;
  try {
    await app.db.transaction(async (tx) => {
      await tx
        .update(venueCategories)
        .set({ name: input.name, description: input.description, imageUrl })
        .where(eq(venueCategories.id, id));
      await releaseKeys(tx, stored?.keys ?? []);
      if (imageUrl !== current.imageUrl) await claimKeys(tx, categoryFileKeys(app, id, current.imageUrl));
      await auditAction(tx, actor, "category.update", id, {
        ...(current.name !== input.name ? { from: current.name } : {}),
        name: input.name,
        ...(imageUrl !== current.imageUrl ? { image: imageUrl ? "replaced" : "removed" } : {}),
      });
    });
  } catch (err) {
    if (stored) await deleteFiles(app, stored.keys);
    if (isUniqueViolation(err)) return duplicate;
    throw err;
  }
  if (imageUrl !== current.imageUrl) await deleteFiles(app, categoryFileKeys(app, id, current.imageUrl));
  return { ok: true, message: categoryMessages.updated(input.name) };
}

/**
 * Deletes a venue type. When venues use it, `moveTo` (another type) must be given: they move
 * there in the same transaction; without it the answer is the count, and nothing changes.
 */
export async function deleteCategory(
  app: Deps,
  actor: AppUser,
  id: string,
  moveTo: string | null,
): Promise<CategoryOutcome & { inUse?: number }> {
  assertAdmin(actor);
  const result = await app.db.transaction(
    async (
      tx,
    ): Promise<
      | (CategoryOutcome & { inUse?: number })
      | { ok: true; name: string; imageUrl: string | null; moved: { count: number; to: string } | null }
    > => {
      const [current] = await tx
        .select()
        .from(venueCategories)
        .where(eq(venueCategories.id, id))
        .for("update");
      if (!current) return { ok: false, error: categoryMessages.notFound, status: 404 };
      const [{ n } = { n: 0 }] = await tx
        .select({ n: count() })
        .from(venues)
        .where(eq(venues.categoryId, id));
      const used = Number(n);
      let target: { id: string; name: string } | undefined;
      let moved = 0;
      if (used > 0) {
        if (!moveTo) return { ok: false, error: categoryMessages.inUse(used), status: 409, inUse: used };
        if (moveTo === id)
          return { ok: false, error: categoryMessages.moveTarget, status: 400, field: "moveTo" };
        [target] = await tx
          .select({ id: venueCategories.id, name: venueCategories.name })
          .from(venueCategories)
          .where(eq(venueCategories.id, moveTo))
          .for("update");
        if (!target) return { ok: false, error: categoryMessages.moveTarget, status: 400, field: "moveTo" };
        moved = (
          await tx
            .update(venues)
            .set({ categoryId: target.id })
            .where(eq(venues.categoryId, id))
            .returning({ id: venues.id })
        ).length;
      }
      await tx.delete(venueCategories).where(eq(venueCategories.id, id));
      await claimKeys(tx, categoryFileKeys(app, id, current.imageUrl));
      await auditAction(tx, actor, "category.delete", id, {
        name: current.name,
        ...(target ? { movedVenues: moved, movedTo: target.name } : {}),
      });
      return {
        ok: true,
        name: current.name,
        imageUrl: current.imageUrl,
        moved: target ? { count: moved, to: target.name } : null,
      };
    },
  );
  if (!result.ok || !("name" in result)) return result;
  await deleteFiles(app, categoryFileKeys(app, id, result.imageUrl));
  return {
    ok: true,
    message: categoryMessages.deleted(result.name),
    description: result.moved ? categoryMessages.moved(result.moved.count, result.moved.to) : undefined,
  };
}
