import { inArray, lt } from "drizzle-orm";
import { dataExports, rateLimits, sessions, verifications } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { DAY_MS, RETENTION_DAYS } from "~/lib/retention";
import { eraseContact } from "./contact-erasure.server";
import { claimKeys, deleteFiles } from "./pending-files.server";

// The retention rules of app/lib/retention.ts, enforced (issue 46): a daily task of the job queue
// (background.server.ts). The trash and the view counters keep their own tasks (sweep,
// purge-view-data); this one does the rest. `now` is injectable for the tests' clock.

type Deps = Pick<AppContext, "db" | "storage" | "logger">;

/** How many expired downloads one run removes (the next run takes the rest). */
const EXPORT_BATCH = 200;

export type RetentionRun = {
  inquiries: number;
  tours: number;
  sessions: number;
  rateLimits: number;
  verifications: number;
  exports: number;
};

const ago = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);

export async function runRetention(app: Deps, now = new Date()): Promise<RetentionRun> {
  const erased = await eraseContact(app.db, { before: ago(now, RETENTION_DAYS.inquiryContact) });
  const gone = async (rows: Promise<unknown[]>) => (await rows).length;
  const run: RetentionRun = {
    ...erased,
    sessions: await gone(
      app.db
        .delete(sessions)
        .where(lt(sessions.expiresAt, ago(now, RETENTION_DAYS.expiredSessions)))
        .returning({ id: sessions.id }),
    ),
    rateLimits: await gone(
      app.db
        .delete(rateLimits)
        .where(lt(rateLimits.resetAt, ago(now, RETENTION_DAYS.rateLimits)))
        .returning({ key: rateLimits.key }),
    ),
    // Links mailed for a password reset, an email change or a deletion, long unusable.
    verifications: await gone(
      app.db
        .delete(verifications)
        .where(lt(verifications.expiresAt, ago(now, 1)))
        .returning({ id: verifications.id }),
    ),
    exports: await purgeExpiredExports(app, now),
  };
  return run;
}

/** Expired downloads: the rows go and their files are claimed in one transaction, then deleted (ADR 021). */
async function purgeExpiredExports(app: Deps, now: Date): Promise<number> {
  const keys = await app.db.transaction(async (tx) => {
    const expired = await tx
      .select({ id: dataExports.id, fileKey: dataExports.fileKey })
      .from(dataExports)
      .where(lt(dataExports.expiresAt, now))
      .limit(EXPORT_BATCH)
      .for("update", { skipLocked: true });
    if (expired.length === 0) return null;
    const files = expired.flatMap((row) => (row.fileKey ? [row.fileKey] : []));
    await claimKeys(tx, files);
    await tx.delete(dataExports).where(
      inArray(
        dataExports.id,
        expired.map((row) => row.id),
      ),
    );
    return { files, count: expired.length };
  });
  if (!keys) return 0;
  await deleteFiles(app, keys.files, { task: "retention" });
  return keys.count;
}
