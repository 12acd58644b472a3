import { inArray, isNotNull, lte, sql } from "drizzle-orm";
import { dataExports, pendingFiles, venueCategories, venues, venueTrash } from "../../database/schema";
import type { AppContext } from "~/infra/context.server";
import { queryRows, type Db } from "~/infra/db.server";
import { LOGO_WIDTHS } from "~/infra/images.server";
import { IMAGE_WIDTHS } from "~/lib/images";
import { PRIVATE_PREFIX } from "~/lib/privacy";

// Stored files and rows stay consistent through a crash (ADR 021). A file and the row that
// names it cannot be written atomically, so every key that may end up nobody's is noted in
// `pending_files` first:
//   - before a file is written, its key is claimed; the transaction that commits the row naming
//     it releases the claim. A crash in between leaves the claim.
//   - a file a row stops naming is claimed in that row's transaction, and deleted after the
//     commit; the claim goes with the file. A crash in between leaves the claim.
// The sweep (at start-up, hourly, and `npm run storage:check -- --fix`) deletes the file of each
// claim older than a grace period unless a row names it, and drops the claim.

type Deps = Pick<AppContext, "db" | "storage" | "logger">;

/** The start-up and hourly sweep's grace: a claim younger than this may be a live request's. */
export const SWEEP_GRACE_SECONDS = 15 * 60;

/** Notes keys that may end up nobody's; call with the transaction that drops a reference. */
export async function claimKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .insert(pendingFiles)
    .values(keys.map((key) => ({ key })))
    .onConflictDoNothing();
}

/** The keys are a committed row's now: call in the transaction that commits it. */
export async function releaseKeys(db: Db, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.delete(pendingFiles).where(inArray(pendingFiles.key, keys));
}

/**
 * Held by a backup (services/backup.server.ts) from before its database snapshot until it has
 * copied the files that snapshot names (ADR 033).
 */
export const BACKUP_LOCK = 7_033_021;

/**
 * Deletes stored files and their claims; what could not be deleted is logged and stays claimed.
 * While a backup runs, nothing is deleted: a row change committed after the backup's snapshot
 * must not take away a file the snapshot still names before it is copied. The claims keep the
 * files for the next sweep.
 */
export async function deleteFiles(app: Deps, keys: string[], what: Record<string, unknown> = {}) {
  if (keys.length === 0) return;
  const [lock] = await queryRows<{ free: boolean }>(
    app.db,
    sql`select pg_try_advisory_xact_lock_shared(${BACKUP_LOCK}::bigint) as free`,
  );
  if (!lock!.free) {
    app.logger.info("a backup is running: files left to the next sweep", { ...what, count: keys.length });
    return;
  }
  const results = await Promise.allSettled(keys.map((key) => app.storage.delete(key)));
  const deleted = keys.filter((_, i) => results[i]!.status === "fulfilled");
  await releaseKeys(app.db, deleted);
  if (deleted.length < keys.length)
    app.logger.error("files could not be deleted", { ...what, count: keys.length - deleted.length });
}

/** Every width's key of each of our URLs (the widest copy's URL names a file at every width). */
export function fileKeysOf(storage: AppContext["storage"], urls: (string | null)[], under = ""): string[] {
  const keys = new Set<string>();
  for (const url of urls) {
    const key = url ? storage.keyOf(url) : null;
    if (!key || !key.startsWith(under)) continue;
    const m = /^(.+)-(\d+)\.webp$/.exec(key);
    if (!m) keys.add(key);
    else for (const w of [...IMAGE_WIDTHS, ...LOGO_WIDTHS]) keys.add(`${m[1]}-${w}.webp`);
  }
  return [...keys];
}

const VENUE_KEY = /^venues\/([0-9a-f-]{36})\//;

/**
 * Which of `keys` a venue, a venue in the trash (ADR 023: its files wait for its restore or its
 * purge) or a venue type names (only the rows the keys could belong to are read).
 */
async function referenced(app: Deps, keys: string[]): Promise<Set<string>> {
  const venueIds = [...new Set(keys.flatMap((k) => VENUE_KEY.exec(k)?.[1] ?? []))];
  const named = new Set<string>();
  for (let i = 0; i < venueIds.length; i += 1000) {
    const ids = venueIds.slice(i, i + 1000);
    const rows = [
      ...(await app.db
        .select({ images: venues.images, logoUrl: venues.logoUrl })
        .from(venues)
        .where(inArray(venues.id, ids))),
      ...(await app.db
        .select({ images: venueTrash.images, logoUrl: venueTrash.logoUrl })
        .from(venueTrash)
        .where(inArray(venueTrash.venueId, ids))),
    ];
    for (const r of rows) for (const k of fileKeysOf(app.storage, [...r.images, r.logoUrl])) named.add(k);
  }
  if (keys.some((k) => !VENUE_KEY.test(k))) {
    const types = await app.db.select({ url: venueCategories.imageUrl }).from(venueCategories);
    for (const k of fileKeysOf(
      app.storage,
      types.map((t) => t.url),
    ))
      named.add(k);
  }
  return named;
}

/** Deletes the files of claims older than `graceSeconds` that no row names, and drops every such claim. */
export async function sweepPendingFiles(app: Deps, graceSeconds = SWEEP_GRACE_SECONDS) {
  const claims = await app.db
    .select({ key: pendingFiles.key })
    .from(pendingFiles)
    .where(lte(pendingFiles.createdAt, sql`now() - make_interval(secs => ${graceSeconds})`));
  const keys = claims.map((c) => c.key);
  if (keys.length === 0) return { deleted: 0, kept: 0 };
  const named = await referenced(app, keys);
  const orphans = keys.filter((k) => !named.has(k));
  await releaseKeys(
    app.db,
    keys.filter((k) => named.has(k)),
  );
  await deleteFiles(app, orphans, { sweep: true });
  return { deleted: orphans.length, kept: keys.length - orphans.length };
}

/**
 * `npm run storage:check`: every stored file under venues/, categories/ and exports/ against every
 * row (venues in the trash included, and data downloads).
 * Orphans are files no row names (older than the grace, so that a live upload is not one);
 * missing are the files rows name that storage does not have.
 */
export async function checkStorage(app: Deps, graceSeconds = SWEEP_GRACE_SECONDS) {
  const listed = [
    ...(await app.storage.list("venues/")),
    ...(await app.storage.list("categories/")),
    ...(await app.storage.list(PRIVATE_PREFIX)),
  ];
  const urls = await fileUrls(app.db);
  // People's data downloads (issue 46) are named by their row, not by a URL. Not in a backup (they
  // are the week's copies of what the database holds), so one missing after a restore is not listed.
  const downloads = await app.db
    .select({ key: dataExports.fileKey })
    .from(dataExports)
    .where(isNotNull(dataExports.fileKey));
  const downloadKeys = downloads.flatMap((d) => (d.key ? [d.key] : []));
  const named = new Set([...fileKeysOf(app.storage, urls), ...downloadKeys]);
  const before = Date.now() - graceSeconds * 1000;
  const orphans = listed.filter((f) => !named.has(f.key) && f.modified.getTime() <= before).map((f) => f.key);
  const stored = new Set(listed.map((f) => f.key));
  const missing = urls.flatMap((url) => {
    const key = url ? app.storage.keyOf(url) : null;
    return key && /^(venues|categories)\//.test(key) && !stored.has(key) ? [key] : [];
  });
  return { files: listed.length, orphans, missing };
}

/** Every image URL the rows hold: venues', venues' in the trash and venue types'. */
export async function fileUrls(db: Db): Promise<(string | null)[]> {
  return [
    ...[
      ...(await db.select({ images: venues.images, logoUrl: venues.logoUrl }).from(venues)),
      ...(await db.select({ images: venueTrash.images, logoUrl: venueTrash.logoUrl }).from(venueTrash)),
    ].flatMap((v) => [...v.images, v.logoUrl]),
    ...(await db.select({ url: venueCategories.imageUrl }).from(venueCategories)).map((t) => t.url),
  ];
}
