import { and, eq } from "drizzle-orm";
import { venueManagers } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { Refusal } from "~/lib/refusal";
import type { AppUser } from "~/lib/user";

// The permission checks services make for themselves, behind the route guards, so that a service
// called from a route that forgot its guard (or from a script) still refuses.

export const ADMIN_ONLY_MESSAGE = "You do not have permission to access the admin area";
export const MANAGE_VENUE_MESSAGE = "You do not have permission to manage this venue";
export const MANAGER_AREA_MESSAGE = "You do not have permission to access the venue manager area";

/** Throws a 403 Refusal unless the acting user is an administrator. */
export function assertAdmin(actor: AppUser | null | undefined): asserts actor is AppUser {
  if (actor?.role !== "admin") throw new Refusal(403, ADMIN_ONLY_MESSAGE);
}

/** Throws a 403 Refusal unless the acting user may use the venue-manager area (managers, admins: ADR 003). */
export function assertVenueManager(actor: AppUser | null | undefined): asserts actor is AppUser {
  if (actor?.role !== "venue_manager" && actor?.role !== "admin")
    throw new Refusal(403, MANAGER_AREA_MESSAGE);
}

/** Admins manage every venue; a venue manager only the venues linked to them. */
export async function canManageVenue(db: Db, actor: AppUser | null | undefined, venueId: string) {
  if (!actor) return false;
  if (actor.role === "admin") return true;
  if (actor.role !== "venue_manager") return false;
  return isLinkedManager(db, actor.id, venueId);
}

/** Whether the user is one of the venue's managers (linked in venue_managers), whatever their role. */
export async function isLinkedManager(db: Db, userId: string, venueId: string): Promise<boolean> {
  const [link] = await db
    .select({ id: venueManagers.id })
    .from(venueManagers)
    .where(and(eq(venueManagers.userId, userId), eq(venueManagers.venueId, venueId)))
    .limit(1);
  return !!link;
}

export async function assertCanManageVenue(
  db: Db,
  actor: AppUser | null | undefined,
  venueId: string,
): Promise<void> {
  if (!(await canManageVenue(db, actor, venueId))) throw new Refusal(403, MANAGE_VENUE_MESSAGE);
}
