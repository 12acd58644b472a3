// npm run backup on PostgreSQL while the site is written to (issue 25, point 2; ADR 033): the
// archive is one consistent moment, and its files are those its rows name. Apart from
// backup.test.ts, so that Vitest's workers run the two at once.
import path from "node:path";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { expect, it } from "vitest";
import * as s from "../../database/schema";
import { loadConfig } from "../../app/infra/config.server";
import { createAppContext, type AppContext } from "../../app/infra/context.server";
import { databaseFromUrl, queryRows } from "../../app/infra/db.server";
import { createLogger } from "../../app/infra/logger.server";
import { createFsStorage, type Storage } from "../../app/infra/storage.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { backup, restore } from "../../app/services/backup.server";
import { authEmails } from "../../app/services/emails.server";
import { changeVenueImage, uploadVenueImages } from "../../app/services/manager-venues.server";
import { checkStorage, sweepPendingFiles } from "../../app/services/pending-files.server";
import { saveReview } from "../../app/services/reviews.server";
import { createCategory, createVenue, multipartBody } from "../setup/factories";
import { engine, pgDatabase, backupEnv } from "../setup/backup/env";

const env = backupEnv([]);

it.runIf(engine === "postgres")(
  "a backup taken while reviews, venues and photos are written, and a photo removed, restores with no review without its venue and no photo without its file",
  async () => {
    const url = await pgDatabase(env, true);
    const dataDir = path.join(env.work, "live");
    const config = loadConfig({ NODE_ENV: "test", DATA_DIR: dataDir, DATABASE_URL: url, LOG_LEVEL: "error" });
    const logger = createLogger("error");
    const app: AppContext = await createAppContext(config, databaseFromUrl(url, logger), {
      emails: authEmails,
      logger,
    });
    const db = app.db;
    const categoryId = (await createCategory(db)).id;
    const png = await sharp({ create: { width: 320, height: 200, channels: 3, background: "#4a7" } })
      .png()
      .toBuffer();
    const upload = () =>
      new Request("http://localhost/upload", {
        method: "POST",
        body: multipartBody({}, [{ field: "images", bytes: png, name: "photo.png" }]),
      });
    let users = 0;
    const newUser = async (role: "user" | "venue_manager"): Promise<AppUser> => {
      const id = `u${++users}`;
      const [row] = await db
        .insert(s.users)
        .values({ id, name: `User ${id}`, email: `${id}@test.example`, role })
        .returning();
      return toAppUser(row!);
    };
    /** A venue with a manager of its own (so that no account reaches its upload limit). */
    const managedVenue = async () => {
      const manager = await newUser("venue_manager");
      const venue = await createVenue(db, { categoryId });
      await db.insert(s.venueManagers).values({ userId: manager.id, venueId: venue.id });
      return { manager, venue };
    };
    const photoOf = async (venueId: string) =>
      (await queryRows<{ images: string[] }>(db, sql`select images from venues where id = ${venueId}`))[0]!
        .images[0]!;

    const kept = await managedVenue();
    expect(await uploadVenueImages(app, kept.manager, kept.venue.id, upload())).toMatchObject({ ok: true });
    const removedPhoto = await photoOf(kept.venue.id);

    // Writers, each acknowledging a write once its transaction has committed.
    const acks: { kind: "review" | "photo" }[] = [];
    const waiting: (() => void)[] = [];
    const ack = (kind: "review" | "photo") => {
      acks.push({ kind });
      waiting.splice(0).forEach((wake) => wake());
    };
    /** Resolves after `n` more writes of this kind have been acknowledged. */
    const next = (kind: "review" | "photo", n = 1) => {
      const until = acks.filter((a) => a.kind === kind).length + n;
      return new Promise<void>(function wait(resolve) {
        if (acks.filter((a) => a.kind === kind).length >= until) resolve();
        else waiting.push(() => wait(resolve));
      });
    };
    let writing = true;
    const reviewer = (async () => {
      while (writing) {
        const venue = await createVenue(db, { categoryId });
        const couple = await newUser("user");
        const saved = await saveReview(db, {
          venueId: venue.id,
          userId: couple.id,
          rating: 4,
          comment: "Good",
        });
        expect(saved).toMatchObject({ ok: true });
        ack("review");
      }
    })();
    // Its venues are made beforehand, so that its uploads start at once.
    const albums = await Promise.all(Array.from({ length: 20 }, managedVenue));
    const photographer = (async () => {
      for (let i = 0; writing; i++) {
        const { manager, venue } = albums[i % albums.length]!;
        expect(await uploadVenueImages(app, manager, venue.id, upload())).toMatchObject({ ok: true });
        ack("photo");
      }
    })();
    await Promise.all([next("review"), next("photo")]);

    // Once the snapshot is taken and before the files are copied, a manager removes a photo the
    // snapshot names, and more reviews and photos are committed (the second acknowledged one of
    // each was written wholly after the snapshot): the removed photo's files must stay until they
    // are copied, and the new photos' files, whose rows the snapshot lacks, stay out.
    let raced = false;
    const racing: Storage = {
      ...app.storage,
      async list(prefix) {
        if (!raced) {
          raced = true;
          expect(await changeVenueImage(app, kept.manager, kept.venue.id, removedPhoto, "remove")).toEqual({
            ok: true,
          });
          await Promise.all([next("review", 2), next("photo", 2)]);
        }
        return app.storage.list(prefix);
      },
    };
    const archive = path.join(env.work, "live.tar");
    // Positions in `acks`, not clock times: an acknowledgement in the same millisecond as the
    // snapshot would otherwise count on the wrong side of it.
    const started = acks.length;
    const report = await backup(config, racing, archive);
    const ended = acks.length;
    writing = false;
    await Promise.all([reviewer, photographer]);
    expect(raced).toBe(true);
    expect(report.manifest.missing).toEqual([]);

    // The removed photo's files were left for the sweep, which deletes them once the backup is done.
    const removedKey = app.storage.keyOf(removedPhoto)!;
    expect(await app.storage.get(removedKey)).not.toBeNull();
    await sweepPendingFiles(app, 0);
    expect(await app.storage.get(removedKey)).toBeNull();

    const targetUrl = await pgDatabase(env, false);
    const targetConfig = loadConfig({ DATA_DIR: path.join(env.work, "restored"), DATABASE_URL: targetUrl });
    const targetStorage = createFsStorage(path.join(env.work, "restored", "uploads"));
    await restore(targetConfig, targetStorage, archive, { force: false });
    const restoredDb = databaseFromUrl(targetUrl);
    try {
      const [orphans] = await queryRows<{ reviews: number; venues: number }>(
        restoredDb.db,
        sql`select (select count(*)::int from reviews r where not exists
                      (select 1 from venues v where v.id = r.venue_id)) as reviews,
                   (select count(*)::int from venues) as venues`,
      );
      expect(orphans!.reviews).toBe(0);
      const restored = { db: restoredDb.db, storage: targetStorage, logger };
      // No photo row without its file, and no file without its row.
      expect(await checkStorage(restored, 0)).toMatchObject({ missing: [], orphans: [] });
      const [keptRow] = await queryRows<{ images: string[] }>(
        restoredDb.db,
        sql`select images from venues where id = ${kept.venue.id}`,
      );
      expect(keptRow!.images).toContain(removedPhoto);
      expect(await targetStorage.get(removedKey)).not.toBeNull();

      const [{ reviews }] = await queryRows<{ reviews: number }>(
        restoredDb.db,
        sql`select count(*)::int as reviews from reviews`,
      );
      const before = (kind: string, t: number) => acks.slice(0, t).filter((a) => a.kind === kind).length;
      const during = (kind: string) => acks.slice(started, ended).filter((a) => a.kind === kind).length;
      expect(reviews).toBeGreaterThanOrEqual(before("review", started));
      expect(reviews).toBeLessThan(before("review", ended));
      console.log(
        `backup under writes (postgres): ${report.ms} ms; acknowledged during it ${during("review")} reviews (each with its new venue) and ${during("photo")} photo uploads, one photo removed after the snapshot; the archive holds ${reviews} of the ${acks.filter((a) => a.kind === "review").length} reviews written in all, ${report.manifest.files.length} files, 0 missing; restored: 0 reviews without a venue, 0 photos without their file, 0 files without a row`,
      );
    } finally {
      await restoredDb.close();
      await app.database.close();
    }
  },
  120_000,
);
