import crypto from "node:crypto";
import path from "node:path";
import * as s from "../../../database/schema";
import { loadConfig } from "../../../app/infra/config.server";
import { databaseFromUrl, type Db } from "../../../app/infra/db.server";
import { createStorage } from "../../../app/infra/storage.server";
import { pricingModel } from "../../../app/lib/estimate";
import { tableChecksums } from "../../../app/services/backup-archive.server";
import { createCategory, createFaq, createVenue } from "../factories";
import { migratedDataDir } from "../server-process";
import { cli, engine, pgDatabase, S3_PUBLIC_URL, settings, type BackupEnv } from "./env";

// The site the backup tests back up: a row in every table, and its files.

/**
 * At least one row in every table, and stored files under each prefix our keys use: a venue's
 * photo (three widths) and logo, a venue type's image, a photo of a venue in the trash, demo
 * art; and one file no row names, only claimed (an upload cut short), which a backup leaves out.
 */
export async function fillEveryTable(db: Db, publicUrl: (key: string) => string) {
  const files = new Map<string, Buffer>();
  const image = (base: string, widths: number[]) => {
    for (const w of widths) files.set(`${base}-${w}.webp`, crypto.randomBytes(500 + w));
    return publicUrl(`${base}-${Math.max(...widths)}.webp`);
  };
  const venueId = crypto.randomUUID();
  const trashedId = crypto.randomUUID();
  const categoryId = crypto.randomUUID();
  const orphan = `venues/${venueId}/${crypto.randomUUID()}-400.webp`;
  files.set(orphan, crypto.randomBytes(300));

  await db.insert(s.users).values([
    { id: "owner", name: "Olive Owner", email: "olive@test.example", role: "venue_manager" },
    { id: "couple", name: "Casey Couple", email: "casey@test.example" },
  ]);
  await db.insert(s.sessions).values({
    id: "s1",
    token: "token-1",
    userId: "couple",
    expiresAt: new Date(Date.now() + 86_400_000),
  });
  await db
    .insert(s.accounts)
    .values({ id: "a1", accountId: "couple", providerId: "credential", userId: "couple", password: "x" });
  await db
    .insert(s.verifications)
    .values({ id: "v1", identifier: "reset:casey", value: "v", expiresAt: new Date(Date.now() + 3_600_000) });
  await db.insert(s.appSettings).values({ key: "backup-test", value: "kept" });
  await db.insert(s.rateLimits).values({ key: "sign-in:1.2.3.4", count: 2, resetAt: new Date() });
  await db.insert(s.usedFormStamps).values({ id: "a-used-stamp", issuedAt: new Date() });
  await db.insert(s.pendingFiles).values({ key: orphan });
  await createCategory(db, {
    id: categoryId,
    imageUrl: image(`categories/${categoryId}/type`, [400, 800, 1600]),
  });
  await db.insert(s.venueAmenities).values({ name: "Grand piano" });
  await createVenue(db, {
    id: venueId,
    categoryId,
    userId: "owner",
    images: [
      image(`venues/${venueId}/${crypto.randomUUID()}`, [400, 800, 1600]),
      image("seed/art/backup-test", [400, 800, 1600]),
    ],
    logoUrl: image(`venues/${venueId}/${crypto.randomUUID()}`, [256]),
    pricingModel: pricingModel({
      baseFee: 2000,
      perGuest: 40,
      peakMonths: [6],
      peakPercent: 10,
      weekdayPercent: 15,
    }),
  });
  await createFaq(db, venueId, "Is there parking?", 1);
  const [review] = await db
    .insert(s.reviews)
    .values({ venueId, userId: "couple", rating: 5, comment: "Lovely" })
    .returning();
  await db.insert(s.reviewReplies).values({ reviewId: review!.id, userId: "owner", body: "Thank you" });
  await db.insert(s.favorites).values({ userId: "couple", venueId });
  await db.insert(s.venueSavers).values({ userId: "couple", venueId });
  await db.insert(s.venueManagers).values({ userId: "owner", venueId });
  const [inquiry] = await db
    .insert(s.inquiries)
    .values({ venueId, userId: "couple", name: "Casey", email: "casey@test.example", message: "June?" })
    .returning();
  await db.insert(s.inquiryReplies).values({ inquiryId: inquiry!.id, userId: "owner", body: "Yes" });
  // The trust loop (issue 45): a report, a venue's visiting hours, a visit and a claim.
  await db.insert(s.reviewReports).values({ reviewId: review!.id, userId: "owner", reason: "conflict" });
  await db.insert(s.venueTourHours).values({ venueId, weekday: 6, opens: 600, closes: 960 });
  await db.insert(s.venueTourClosedDays).values({ venueId, day: "2027-12-25" });
  await db.insert(s.tours).values({
    venueId,
    userId: "couple",
    name: "Casey",
    email: "casey@test.example",
    startsAt: new Date("2027-06-05T16:00:00Z"),
  });
  await db.insert(s.venueClaims).values({ venueId, userId: "couple", method: "admin", note: "It is ours" });
  await db.insert(s.emailOptOuts).values({ userId: "couple", kind: "review" });
  // A download of the couple's data being built (issue 46): a row without a file yet.
  await db
    .insert(s.dataExports)
    .values({ userId: "couple", expiresAt: new Date(Date.now() + 7 * 86_400_000) });
  const [saved] = await db
    .insert(s.savedSearches)
    .values({ userId: "couple", name: "Barns in June", query: "types=barn&date=2027-06-12" })
    .returning();
  await db.insert(s.savedSearchVenues).values({ searchId: saved!.id, venueId });
  await db.insert(s.venueDailyStats).values({ venueId, day: "2026-11-01", views: 7, favorites: 1 });
  await db.insert(s.venueViewVisitors).values({ day: "2026-11-01", visitor: "hash" });
  await db.insert(s.venueSearchTerms).values({ venueId, day: "2026-11-01", term: "barn", views: 2 });
  // Not a snapshot a server can read: it loads the index from the rows instead.
  await db.insert(s.searchSnapshot).values({ part: 0, version: 1, data: Buffer.from("not a snapshot") });
  const [csv] = await db
    .insert(s.csvImports)
    .values({ userId: "owner", fileName: "spring.csv", totalRows: 1, importedRows: 1 })
    .returning();
  await db.insert(s.csvImportVenues).values({ importId: csv!.id, venueId, action: "added" });
  await db.insert(s.venueTrash).values({
    venueId: trashedId,
    name: "Old Mill",
    images: [image(`venues/${trashedId}/${crypto.randomUUID()}`, [400, 800, 1600])],
    snapshot: { venue: { id: trashedId } },
  });
  await db.insert(s.auditLog).values({ actorId: "owner", action: "venue.update", targetType: "venue" });
  await db
    .insert(s.venueAvailability)
    .values({ venueId, startsOn: "2027-06-12", endsOn: "2027-06-13", status: "booked" });
  await db.insert(s.venueClosures).values({ venueId, month: 1 });
  await db.insert(s.venueFreedDays).values({ venueId, startsOn: "2026-11-02", endsOn: "2026-11-02" });
  await db.insert(s.venueCalendarFeeds).values({ venueId, token: "feed-token" });
  return { files, orphan };
}

/**
 * A site with a row in every table and its files, and its backup made by the command: made once,
 * by the first test that needs it; the tests only read it.
 */
export async function makeSourceSite(env: BackupEnv) {
  const source = { dataDir: path.join(env.work, "source"), url: undefined as string | undefined };
  let sums: Awaited<ReturnType<typeof tableChecksums>>;
  let filled!: Awaited<ReturnType<typeof fillEveryTable>>;
  if (engine === "pglite") {
    const publicUrl = (key: string) => `/uploads/${key}`;
    source.dataDir = await migratedDataDir("vv-backup-source-", async (db) => {
      filled = await fillEveryTable(db, publicUrl);
      sums = await tableChecksums(db);
    });
    env.folders.push(source.dataDir);
  } else {
    source.url = await pgDatabase(env, true);
    const database = databaseFromUrl(source.url);
    filled = await fillEveryTable(database.db, (key) => `${S3_PUBLIC_URL}/${key}`);
    sums = await tableChecksums(database.db);
    await database.close();
  }
  const sourceEnv = settings(env, source.dataDir, source.url, "source");
  const sourceStorage = createStorage(loadConfig(sourceEnv));
  for (const [key, body] of filled.files) await sourceStorage.put(key, body, "image/webp");
  const archive = path.join(env.work, "backup.tar");
  const backedUp = await cli("backup", [archive], sourceEnv);
  return { sums: sums!, filled, sourceStorage, archive, backedUp };
}
