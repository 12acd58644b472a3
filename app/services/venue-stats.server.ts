import { sql } from "drizzle-orm";
import type { Db } from "~/infra/db.server";

// The daily roll-up of what a venue's listing brings in (issue 23): one row per venue and day in
// venue_daily_stats, each event one upsert.

/** One more inquiry on the venue's row of today; call it in the transaction that stores the inquiry. */
export async function recordInquiryStat(db: Db, venueId: string): Promise<void> {
  await db.execute(sql`
    insert into venue_daily_stats (venue_id, day, inquiries) values (${venueId}, current_date, 1)
    on conflict (venue_id, day) do update set inquiries = venue_daily_stats.inquiries + 1`);
}
