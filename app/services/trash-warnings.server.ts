import { and, count, inArray } from "drizzle-orm";
import { inquiries, venueManagers, venues } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { AppUser } from "~/lib/user";
import { needsTrashWarning, type TrashWarning } from "~/lib/venue-bulk";
import { assertAdmin } from "./permissions.server";
import { inBatches, TRASH_BATCH } from "./venue-trash.server";

// Issue 41, item 15: trashing a managed venue whose couples still wait for an answer asks twice.

/** Inquiries a couple still waits on (or talks in): not yet booked or closed. */
export const OPEN_INQUIRY_STATUSES = ["new", "replied"] as const;

/** The counts of open inquiries and managers of these venues, by venue id. */
async function countsOf(db: Db, ids: string[]) {
  const [open, managed] = await Promise.all([
    db
      .select({ id: inquiries.venueId, n: count() })
      .from(inquiries)
      .where(and(inArray(inquiries.venueId, ids), inArray(inquiries.status, [...OPEN_INQUIRY_STATUSES])))
      .groupBy(inquiries.venueId),
    db
      .select({ id: venueManagers.venueId, n: count() })
      .from(venueManagers)
      .where(inArray(venueManagers.venueId, ids))
      .groupBy(venueManagers.venueId),
  ]);
  return { open: new Map(open.map((r) => [r.id, r.n])), managed: new Map(managed.map((r) => [r.id, r.n])) };
}

/** The venues among `ids` that need the warning, in the order given. */
export async function trashWarnings(db: Db, actor: AppUser | null, ids: string[]): Promise<TrashWarning[]> {
  assertAdmin(actor);
  const found: TrashWarning[] = [];
  await inBatches(ids, TRASH_BATCH, async (batch) => {
    const { open, managed } = await countsOf(db, batch);
    const warned = batch.filter((id) =>
      needsTrashWarning({ openInquiries: open.get(id) ?? 0, managers: managed.get(id) ?? 0 }),
    );
    if (warned.length === 0) return;
    const names = new Map(
      (
        await db.select({ id: venues.id, name: venues.name }).from(venues).where(inArray(venues.id, warned))
      ).map((r) => [r.id, r.name]),
    );
    for (const id of warned)
      found.push({ id, name: names.get(id) ?? "", openInquiries: open.get(id)!, managers: managed.get(id)! });
  });
  return found;
}

/** The counts of one page of the admin's list, so its Delete dialog warns before it posts. */
export async function trashCountsOf(db: Db, ids: string[]) {
  if (ids.length === 0) return new Map<string, { openInquiries: number; managers: number }>();
  const { open, managed } = await countsOf(db, ids);
  return new Map(ids.map((id) => [id, { openInquiries: open.get(id) ?? 0, managers: managed.get(id) ?? 0 }]));
}
