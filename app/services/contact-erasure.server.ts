import { and, eq, isNull, lt, sql, type SQL } from "drizzle-orm";
import { inquiries, tours } from "../../database/schema";
import type { Db } from "~/infra/db.server";
import { FORMER_GUEST } from "~/lib/privacy";

// What a couple gave a venue (name, email, phone) is erased, and the rest of the inquiry or visit
// kept for the venue's records (issue 46): by the person's choice when deleting their account,
// or by the retention period (app/lib/retention.ts). One statement per table, run in the caller's
// transaction.

export type ErasureScope = { userId: string } | { before: Date };

export async function eraseContact(
  tx: Db,
  scope: ErasureScope,
): Promise<{ inquiries: number; tours: number }> {
  const now = new Date();
  const which = (userId: SQL, made: SQL) =>
    "userId" in scope ? eq(userId, scope.userId) : lt(made, scope.before);
  const erasedInquiries = await tx
    .update(inquiries)
    .set({ name: FORMER_GUEST, email: "", phone: null, contactErasedAt: now })
    .where(
      and(isNull(inquiries.contactErasedAt), which(sql`${inquiries.userId}`, sql`${inquiries.createdAt}`)),
    )
    .returning({ id: inquiries.id });
  const erasedTours = await tx
    .update(tours)
    .set({ name: FORMER_GUEST, email: "", contactErasedAt: now })
    .where(and(isNull(tours.contactErasedAt), which(sql`${tours.userId}`, sql`${tours.startsAt}`)))
    .returning({ id: tours.id });
  return { inquiries: erasedInquiries.length, tours: erasedTours.length };
}
