import { isUuid } from "~/lib/uuid";
import { asc, eq, sql } from "drizzle-orm";
import { venueManagers, venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { MANAGER_IMAGES_BODY_LIMIT } from "~/infra/form.server";
import type { UploadLimits } from "~/infra/uploads.server";
import { changeImageList, type ImageChange } from "~/lib/image-order";
import type { Toast } from "~/lib/toast";
import { MAX_IMAGE_BYTES, MAX_VENUE_IMAGES, uploadMessages } from "~/lib/uploads";
import { WAITING_HOURS, type Inbox } from "~/lib/inquiries";
import { managerMessages } from "~/lib/manager";
import type { AppUser } from "~/lib/user";
import type { Faq, ReviewView } from "~/lib/venue";
import { attentionItems, averageRating, type AttentionItem } from "~/lib/venue-attention";
import { venuePath } from "~/lib/venue-url";
import { confirmation } from "~/lib/venue-facts";
import {
  MANAGER_EDIT,
  readEditableVenue,
  saveVenueEdit,
  venueFormChoices,
  type Choice,
  type EditableVenue,
  type SaveResult,
} from "./venue-edit.server";
import { auditAction } from "./audit.server";
import { listFaqs } from "./faqs.server";
import { medianReplyTime } from "./reply-time.server";
import { listInquiries } from "./inquiries.server";
import { assertCanManageVenue, assertVenueManager, canManageVenue } from "./permissions.server";
import { LIMITS, limitWrite } from "./rate-limit.server";
import { listReviews } from "./reviews.server";
import { claimKeys, deleteFiles, releaseKeys } from "./pending-files.server";
import { readVenueUpload, storeVenueFiles, venueFileKeys } from "./venue-files.server";

// The venue-manager area (spec, admin and manager area: 'Manager dashboard', 'Manager My
// Venues', 'Manager edit venue'; issue 13). The lists are the venues linked to the actor in
// venue_managers (an admin sees their own links too, and may open any venue directly); every
// read and write of one venue checks canManageVenue here, whatever the route did. Writes go live
// at once (no re-approval) and carry their audit entry in the same transaction.

export { managerMessages };

export type ManagedVenueCard = {
  id: string;
  name: string;
  location: string;
  description: string;
  /** The card's picture: the first image, else the logo, else null (a placeholder). */
  image: string | null;
  imageCount: number;
  rating: number;
  reviewCount: number;
  capacity: number | null;
  isApproved: boolean;
  path: string;
  attention: AttentionItem[];
};

/**
 * 'Still correct' (issue 43): the manager confirms the venue's prices and facts as they are. Only
 * its managers (and admins), only a venue that states some.
 */
export async function confirmVenuePrices(
  db: Db,
  actor: AppUser | null,
  venueId: string,
): Promise<{ ok: true } | { ok: false; status: number; error: string } | null> {
  assertVenueManager(actor);
  if (!isUuid(venueId)) return null;
  await assertCanManageVenue(db, actor, venueId);
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select({ name: venues.name, pricingModel: venues.pricingModel, facts: venues.facts })
      .from(venues)
      .where(eq(venues.id, venueId))
      .for("update");
    if (!row) return null;
    if (!confirmation({ ...row, confirmedAt: null }))
      return { ok: false as const, status: 409, error: "This venue states no prices or facts to confirm" };
    await tx.update(venues).set({ confirmedAt: new Date() }).where(eq(venues.id, venueId));
    await auditAction(tx, actor, "venue.confirm", venueId, { name: row.name });
    return { ok: true as const };
  });
}

/** The actor's linked venues with what the cards and the attention list need, in one query. */
export async function listManagedVenues(db: Db, actor: AppUser | null): Promise<ManagedVenueCard[]> {
  assertVenueManager(actor);
  const rows = await db
    .select({
      id: venues.id,
      name: venues.name,
      location: venues.location,
      description: venues.description,
      images: venues.images,
      logoUrl: venues.logoUrl,
      rating: venues.rating,
      reviewCount: venues.reviewCount,
      capacity: venues.capacity,
      isApproved: venues.isApproved,
      latitude: venues.latitude,
      longitude: venues.longitude,
      pricingModel: venues.pricingModel,
      facts: venues.facts,
      confirmedAt: venues.confirmedAt,
      faqCount: sql<number>`(select count(*)::int from venue_faqs f where f.venue_id = ${venues.id})`,
      unanswered: sql<number>`(select count(*)::int from reviews r
        where r.venue_id = ${venues.id}
          and not exists (select 1 from review_replies rr where rr.review_id = r.id))`,
      waiting: sql<number>`(select count(*)::int from inquiries i
        where i.venue_id = ${venues.id} and i.status = 'new'
          and i.created_at < now() - make_interval(hours => ${WAITING_HOURS}))`,
    })
    .from(venueManagers)
    .innerJoin(venues, eq(venues.id, venueManagers.venueId))
    .where(eq(venueManagers.userId, actor.id))
    .orderBy(asc(sql`lower(${venues.name}) collate "C"`), asc(venues.id));
  return rows.map((v) => ({
    id: v.id,
    name: v.name,
    location: v.location,
    description: v.description,
    image: v.images[0] ?? v.logoUrl ?? null,
    imageCount: v.images.length,
    rating: v.rating,
    reviewCount: v.reviewCount,
    capacity: v.capacity,
    isApproved: v.isApproved,
    path: venuePath(v),
    attention: attentionItems({
      imageCount: v.images.length,
      description: v.description,
      faqCount: v.faqCount,
      latitude: v.latitude,
      longitude: v.longitude,
      unansweredReviews: v.unanswered,
      waitingInquiries: v.waiting,
      pricesStale: confirmation(v)?.stale ?? false,
    }),
  }));
}

export type ManagerDashboard = {
  venues: ManagedVenueCard[];
  totalVenues: number;
  totalReviews: number;
  /** Over rated venues only; null when none has a rating. */
  averageRating: number | null;
  /** Venues with at least one thing to fix. */
  needsAttention: number;
  /** The median time to a first reply, in seconds; null when no inquiry was answered. */
  medianReplySeconds: number | null;
};

export async function managerDashboard(db: Db, actor: AppUser | null): Promise<ManagerDashboard> {
  const [list, medianReplySeconds] = await Promise.all([
    listManagedVenues(db, actor),
    medianReplyTime(db, actor),
  ]);
  return {
    venues: list,
    totalVenues: list.length,
    totalReviews: list.reduce((n, v) => n + v.reviewCount, 0),
    averageRating: averageRating(list),
    needsAttention: list.filter((v) => v.attention.length > 0).length,
    medianReplySeconds,
  };
}

export type ManagedVenue = {
  venue: EditableVenue;
  faqs: Faq[];
  reviews: ReviewView[];
  /** The venue's newest inquiries and their counts (the Inquiries tab, issue 23). */
  inquiries: Inbox;
  choices: { venueTypes: Choice[]; amenities: Choice[] };
};

/**
 * The edit page's venue: "not-found" for an unknown id, "forbidden" when the actor may not manage
 * it (the page then goes back to the dashboard with the spec's message).
 */
export async function getManagedVenue(
  db: Db,
  actor: AppUser | null,
  venueId: string,
): Promise<{ ok: true; data: ManagedVenue } | { ok: false; reason: "not-found" | "forbidden" }> {
  assertVenueManager(actor);
  const venue = await readEditableVenue(db, venueId);
  if (!venue) return { ok: false, reason: "not-found" };
  if (!(await canManageVenue(db, actor, venueId))) return { ok: false, reason: "forbidden" };
  const [faqs, reviews, choices, inquiries] = await Promise.all([
    listFaqs(db, venueId),
    listReviews(db, venueId),
    venueFormChoices(db),
    listInquiries(db, actor, { venueId, status: null, page: 1 }),
  ]);
  return { ok: true, data: { venue, faqs, reviews, choices, inquiries } };
}

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "logger">;

/** 'Venue Details' (and the My Venues side sheet): the shared form's save, images untouched. */
export async function updateManagedVenue(
  app: Deps,
  actor: AppUser | null,
  venueId: string,
  request: Request,
): Promise<SaveResult | null> {
  assertVenueManager(actor);
  if (!isUuid(venueId)) return null;
  await assertCanManageVenue(app.db, actor, venueId);
  return saveVenueEdit(app, actor, venueId, request, MANAGER_EDIT);
}

// ---------------------------------------------------------------------------------------------
// Images: upload through the image pipeline up to 10 in all, remove, cover, order
// ---------------------------------------------------------------------------------------------

const imageLimits = (room: number): UploadLimits => ({
  maxBodyBytes: MANAGER_IMAGES_BODY_LIMIT,
  maxFileBytes: MAX_IMAGE_BYTES,
  files: { images: { max: room, tooMany: uploadMessages.tooMany } },
  maxFields: 20,
  maxFieldBytes: 1024,
});

export type ImageUploadResult =
  | { ok: true; added: number; failures: { file: string; message: string }[] }
  | { ok: false; status: number; error: string; toast: Toast; unread?: true };

const refuse = (status: number, error: string, unread?: true): ImageUploadResult => ({
  ok: false,
  status,
  error,
  toast: { type: "error", message: error },
  unread,
});

/**
 * New images after the venue's own, through the image pipeline. The 10-image limit counts the
 * stored ones: the body is cut at the room left, and checked again under the venue's row lock,
 * so two uploads at once cannot pass it together.
 */
export async function uploadVenueImages(
  app: Deps,
  actor: AppUser | null,
  venueId: string,
  request: Request,
): Promise<ImageUploadResult | null> {
  assertVenueManager(actor);
  if (!isUuid(venueId)) return null;
  await assertCanManageVenue(app.db, actor, venueId);
  const limited = await limitWrite(app.db, `venue-images:${actor.id}`, LIMITS.venueImagesUser);
  if (limited) return refuse(limited.status, limited.error, true);
  const [current] = await app.db
    .select({ images: venues.images })
    .from(venues)
    .where(eq(venues.id, venueId))
    .limit(1);
  if (!current) return null;
  const room = MAX_VENUE_IMAGES - current.images.length;
  if (room <= 0) return refuse(400, uploadMessages.tooMany, true);
  const upload = await readVenueUpload(app, request, imageLimits(room));
  if (!upload.ok) return refuse(upload.refusal.status, upload.refusal.message, true);
  if (upload.images.length === 0) return refuse(400, managerMessages.noImagesChosen);
  const good = upload.images.filter((p) => "image" in p);
  if (good.length === 0)
    return {
      ok: false,
      status: 422,
      error: uploadMessages.allFailed,
      toast: {
        type: "error",
        message: uploadMessages.allFailed,
        description: upload.images.map((p) => ("failure" in p ? p.failure : "")).join(". "),
      },
    };

  const stored = await storeVenueFiles(app, venueId, upload.images, undefined, actor.id);
  if (stored.imageUrls.length === 0) return refuse(500, uploadMessages.allFailed);
  let outcome: "ok" | "gone" | "full";
  try {
    outcome = await app.db.transaction(async (tx) => {
      const [row] = await tx
        .select({ name: venues.name, images: venues.images })
        .from(venues)
        .where(eq(venues.id, venueId))
        .for("update");
      if (!row) return "gone";
      if (row.images.length + stored.imageUrls.length > MAX_VENUE_IMAGES) return "full";
      await tx
        .update(venues)
        .set({ images: [...row.images, ...stored.imageUrls], updatedAt: new Date() })
        .where(eq(venues.id, venueId));
      await releaseKeys(tx, stored.written);
      await auditAction(tx, actor, "venue.images", venueId, {
        name: row.name,
        added: stored.imageUrls.length,
      });
      return "ok";
    });
  } catch (err) {
    await deleteFiles(app, stored.written, { venueId });
    throw err;
  }
  if (outcome !== "ok") {
    await deleteFiles(app, stored.written, { venueId });
    return outcome === "gone" ? null : refuse(400, uploadMessages.tooMany);
  }
  return { ok: true, added: stored.imageUrls.length, failures: stored.failures };
}

export type ImageChangeResult = { ok: true } | { ok: false; status: number; error: string };

/** Remove one image (its stored files go too), make it the cover, or move it one place. */
export async function changeVenueImage(
  app: Pick<AppContext, "db" | "storage" | "logger">,
  actor: AppUser | null,
  venueId: string,
  url: string,
  change: ImageChange,
): Promise<ImageChangeResult | null> {
  assertVenueManager(actor);
  if (!isUuid(venueId)) return null;
  await assertCanManageVenue(app.db, actor, venueId);
  const result = await app.db.transaction(async (tx): Promise<ImageChangeResult | null> => {
    const [row] = await tx
      .select({ name: venues.name, images: venues.images })
      .from(venues)
      .where(eq(venues.id, venueId))
      .for("update");
    if (!row) return null;
    if (!row.images.includes(url)) return { ok: false, status: 404, error: managerMessages.imageNotFound };
    const next = changeImageList(row.images, url, change);
    if (!next)
      return {
        ok: false,
        status: 409,
        error: change === "cover" ? "This image is already the cover" : "This image cannot move that way",
      };
    await tx.update(venues).set({ images: next, updatedAt: new Date() }).where(eq(venues.id, venueId));
    if (change === "remove") await claimKeys(tx, venueFileKeys(app, venueId, [url]));
    await auditAction(tx, actor, "venue.images", venueId, {
      name: row.name,
      change,
      position: row.images.indexOf(url) + 1,
    });
    return { ok: true };
  });
  if (result?.ok && change === "remove")
    await deleteFiles(app, venueFileKeys(app, venueId, [url]), { venueId });
  return result;
}
