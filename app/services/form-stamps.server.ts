import { lt } from "drizzle-orm";
import { usedFormStamps } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import type { StampRead } from "~/infra/form-stamp.server";

// A form stamp is accepted once (issue 39): its first use is a row of used_form_stamps, inserted
// in the transaction of what the form writes, so that of two sends racing with one stamp exactly
// one gets the row, and the other finds it taken.

/** The longest a stamp is accepted (a form open longer is sent again with a fresh stamp). */
export const STAMP_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** Rows are kept this much longer than the stamp lives: instances' clocks may differ a little. */
const PURGE_MARGIN_MS = 60 * 60 * 1000;

/** Records the stamp's use; false when it had been used already (the caller writes nothing). */
export async function useFormStamp(db: Db, stamp: StampRead): Promise<boolean> {
  const used = await db
    .insert(usedFormStamps)
    .values({ id: stamp.id, issuedAt: new Date(stamp.issuedAt) })
    .onConflictDoNothing()
    .returning({ id: usedFormStamps.id });
  return used.length === 1;
}

/** The hourly purge (server.ts): a stamp past its age is refused anyway, used or not. */
export async function purgeUsedFormStamps(db: Db, now = Date.now()): Promise<void> {
  await db
    .delete(usedFormStamps)
    .where(lt(usedFormStamps.issuedAt, new Date(now - STAMP_MAX_AGE_MS - PURGE_MARGIN_MS)));
}
