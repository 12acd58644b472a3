import { isUuid } from "~/lib/uuid";
import { eq } from "drizzle-orm";
import { venues } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import type { Db } from "~/infra/db.server";
import { ownSubmissionMessages } from "~/lib/own-submissions";
import type { AppUser } from "~/lib/user";
import {
  OWNER_EDIT,
  readEditableVenue,
  saveVenueEdit,
  venueFormChoices,
  type EditableVenue,
  type SaveResult,
  type VenueFormChoices,
} from "./venue-edit.server";
import { removePendingVenue } from "./approvals.server";
import { LIMITS, limitWrite } from "./rate-limit.server";

// A submitter's own pending venue (issue 22, item 11; ADR 025): they can edit it with the
// submission form's fields and rules (photos and logo included, through the same save as the
// admin's edit: files claimed before they are written and deleted after the commit, ADR 021),
// or withdraw it (the rejection's delete path: the row and its files go). Only the submitter,
// only while it is pending: checked here before the body is read, and again under the venue's
// row lock, so an approval that lands while an edit streams in wins and the edit is refused.
// Another user's venue, or one that is gone (withdrawn, rejected), is "not found" to them.

type Deps = Pick<AppContext, "db" | "storage" | "geocoder" | "logger">;

export type OwnSubmission =
  | {
      state: "pending";
      venue: EditableVenue;
      submittedAt: string;
      choices: VenueFormChoices;
    }
  | { state: "approved"; venue: { id: string; name: string } };

type Refusal = { ok: false; status: number; error: string };

const notFound: Refusal = { ok: false, status: 404, error: ownSubmissionMessages.notFound };
const approved: Refusal = { ok: false, status: 409, error: ownSubmissionMessages.approved };

/** Whether the venue is the actor's own submission and still pending (a refusal when not). */
async function ownPending(db: Db, actor: AppUser, venueId: string): Promise<Refusal | null> {
  if (!isUuid(venueId)) return notFound;
  const [row] = await db
    .select({ userId: venues.userId, isApproved: venues.isApproved })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!row || row.userId !== actor.id) return notFound;
  return row.isApproved ? approved : null;
}

/** The owner's page of a submission: the edit form's data while pending; null when it is not theirs. */
export async function getOwnSubmission(
  db: Db,
  actor: AppUser,
  venueId: string,
): Promise<OwnSubmission | null> {
  if (!isUuid(venueId)) return null;
  const [row] = await db
    .select({
      name: venues.name,
      userId: venues.userId,
      isApproved: venues.isApproved,
      createdAt: venues.createdAt,
    })
    .from(venues)
    .where(eq(venues.id, venueId));
  if (!row || row.userId !== actor.id) return null;
  if (row.isApproved) return { state: "approved", venue: { id: venueId, name: row.name } };
  const [venue, choices] = await Promise.all([readEditableVenue(db, venueId), venueFormChoices(db)]);
  if (!venue) return null;
  return { state: "pending", venue, submittedAt: row.createdAt.toISOString(), choices };
}

/**
 * Saves the owner's edit of their pending submission (multipart: the submission form's fields,
 * the stored images kept, new images and logo). Each save counts against the account's hourly
 * image-upload limit, as a manager's upload does: it may carry ten photos to decode.
 */
export async function updateOwnSubmission(
  app: Deps,
  actor: AppUser,
  venueId: string,
  request: Request,
): Promise<SaveResult | Refusal> {
  const refused = await ownPending(app.db, actor, venueId);
  if (refused) return refused;
  const limited = await limitWrite(app.db, `venue-images:${actor.id}`, LIMITS.venueImagesUser);
  if (limited) return limited;
  return (await saveVenueEdit(app, actor, venueId, request, OWNER_EDIT)) ?? notFound;
}

/** Deletes the owner's pending submission and its stored files (the rejection's path, ADR 021). */
export async function withdrawOwnSubmission(
  app: Pick<AppContext, "db" | "storage" | "logger">,
  actor: AppUser,
  venueId: string,
): Promise<{ ok: true; name: string } | Refusal> {
  if (!isUuid(venueId)) return notFound;
  const removed = await removePendingVenue(app, actor, venueId, {
    action: "venue.withdraw",
    ownerId: actor.id,
  });
  if (!removed.ok) return removed.reason === "missing" ? notFound : approved;
  return { ok: true, name: removed.name };
}
