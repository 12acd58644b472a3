// npm run backup and npm run restore (issue 25, point 2; ADR 033), on the engine of the run: the
// embedded database with its uploads folder, or PostgreSQL with the photos in an S3 bucket
// (s3rver on 127.0.0.1), so that both storage drivers get a round trip.
import { spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import pg from "pg";
import S3rver from "s3rver";
import sharp from "sharp";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, expect, inject, it } from "vitest";
import * as s from "../../database/schema";
import { loadConfig } from "../../app/infra/config.server";
import { createAppContext, type AppContext } from "../../app/infra/context.server";
import {
  databaseFromPglite,
  databaseFromUrl,
  newPglite,
  openDatabase,
  queryRows,
  type Db,
} from "../../app/infra/db.server";
import { createTarWriter, openTar } from "../../app/infra/archive.server";
import { createLogger } from "../../app/infra/logger.server";
import { createFsStorage, createStorage, type Storage } from "../../app/infra/storage.server";
import { toAppUser, type AppUser } from "../../app/lib/user";
import { tableChecksums, type Manifest } from "../../app/services/backup-archive.server";
import { backup, restore } from "../../app/services/backup.server";
import { authEmails } from "../../app/services/emails.server";
import { changeVenueImage, uploadVenueImages } from "../../app/services/manager-venues.server";
import { checkStorage, sweepPendingFiles } from "../../app/services/pending-files.server";
import { saveReview } from "../../app/services/reviews.server";
import { createCategory, createFaq, createVenue, multipartBody } from "../setup/factories";
import { adminUrl } from "../setup/global-setup";
import { migratedDataDir } from "../setup/server-process";

const ROOT = path.resolve(import.meta.dirname, "../..");
const postgresUrl = inject("postgresUrl");
const engine = postgresUrl ? "postgres" : "pglite";
const S3_PUBLIC_URL = "https://photos.test.example";

let work: string;
let s3: S3rver | undefined;
let s3Endpoint = "";
const databases: string[] = [];
/** Data folders made outside `work`. */
const folders: string[] = [];

beforeAll(async () => {
  work = fs.mkdtempSync(path.join(os.tmpdir(), "vv-backup-"));
  if (engine === "postgres") {
    s3 = new S3rver({
      address: "127.0.0.1",
      port: 0,
      silent: true,
      directory: path.join(work, "s3"),
      configureBuckets: [
        "source",
        "target",
        "storage-fails",
        ...hostileArchives.flatMap((_, i) => [`fresh-${i}`, `good-${i}`]),
      ].map((name) => ({ name })),
    });
    s3Endpoint = `http://127.0.0.1:${((await s3.run()) as AddressInfo).port}`;
  }
});

afterAll(async () => {
  await s3?.close();
  if (databases.length > 0) {
    const admin = new pg.Client({ connectionString: postgresUrl });
    await admin.connect();
    for (const name of databases) await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
  }
  for (const dir of [work, ...folders]) fs.rmSync(dir, { recursive: true, force: true });
});

/** A PostgreSQL database of this file: migrated (a clone of the run's template) or empty. */
async function pgDatabase(migrated: boolean): Promise<string> {
  const name = `vv_test_backup_${crypto.randomBytes(5).toString("hex")}`;
  const admin = new pg.Client({ connectionString: postgresUrl });
  await admin.connect();
  await admin.query(`create database ${name}${migrated ? ` template ${inject("postgresTemplate")}` : ""}`);
  await admin.end();
  databases.push(name);
  return adminUrl(postgresUrl, name);
}

/** The environment of a server (or command) on one data folder, database and bucket. */
function settings(dataDir: string, databaseUrl: string | undefined, bucket: string): Record<string, string> {
  const base = { DATA_DIR: dataDir, DATABASE_URL: databaseUrl ?? "", LOG_LEVEL: "error" };
  if (engine === "pglite") return { ...base, STORAGE: "fs" };
  return {
    ...base,
    STORAGE: "s3",
    S3_ENDPOINT: s3Endpoint,
    S3_BUCKET: bucket,
    S3_PUBLIC_URL,
    S3_ACCESS_KEY_ID: "S3RVER",
    S3_SECRET_ACCESS_KEY: "S3RVER",
  };
}

/** Runs `npm run backup` or `npm run restore` as the operator does (tsx, a process of its own). */
function cli(script: "backup" | "restore", args: string[], env: Record<string, string>) {
  return new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve, reject) => {
    const child = spawn(path.join(ROOT, "node_modules/.bin/tsx"), [`scripts/${script}.ts`, ...args], {
      cwd: ROOT,
      env: { ...process.env, ...env },
    });
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (c: string) => (stdout += c));
    child.stderr.setEncoding("utf8").on("data", (c: string) => (stderr += c));
    child.once("error", reject);
    child.once("close", (code) => resolve({ code, stdout, stderr }));
  });
}

/** Each stored file's sha256, by key. */
async function fileHashes(storage: Storage): Promise<Record<string, string>> {
  const hashes: Record<string, string> = {};
  for (const { key } of await storage.list(""))
    hashes[key] = crypto
      .createHash("sha256")
      .update((await storage.get(key))!)
      .digest("hex");
  return Object.fromEntries(Object.entries(hashes).sort());
}

/**
 * At least one row in every table, and stored files under each prefix our keys use: a venue's
 * photo (three widths) and logo, a venue type's image, a photo of a venue in the trash, demo
 * art; and one file no row names, only claimed (an upload cut short), which a backup leaves out.
 */
async function fillEveryTable(db: Db, publicUrl: (key: string) => string) {
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
    pricingModel: {
      baseFee: 2000,
      perGuest: 40,
      minSpend: null,
      peakMonths: [6],
      peakPercent: 10,
      weekdayPercent: 15,
    },
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
  await db.insert(s.emailOptOuts).values({ userId: "couple", kind: "review" });
  await db.insert(s.venueDailyStats).values({ venueId, day: "2026-11-01", views: 7, favorites: 1 });
  await db.insert(s.venueViewVisitors).values({ day: "2026-11-01", visitor: "hash" });
  await db.insert(s.venueSearchTerms).values({ venueId, day: "2026-11-01", term: "barn", views: 2 });
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
  await db.insert(s.venueCalendarFeeds).values({ venueId, token: "feed-token" });
  return { files, orphan };
}

type Target = Awaited<ReturnType<typeof emptyTarget>>;

/** An empty target: a data folder, and on PostgreSQL an empty database with a bucket of its own. */
async function emptyTarget(name: string) {
  const dataDir = path.join(work, name);
  const url = engine === "postgres" ? await pgDatabase(false) : undefined;
  const env = settings(dataDir, url, name);
  /** Works on the database (a PGlite folder is opened only while no command holds it). */
  const onDb = async <T>(fn: (db: Db) => Promise<T>) => {
    const database = url ? databaseFromUrl(url) : databaseFromPglite(newPglite(path.join(dataDir, "db")));
    try {
      return await fn(database.db);
    } finally {
      await database.close();
    }
  };
  return { dataDir, url, env, config: loadConfig(env), storage: createStorage(loadConfig(env)), onDb };
}

let sourceSite: ReturnType<typeof makeSourceSite> | undefined;

/**
 * A site with a row in every table and its files, and its backup made by the command: made once,
 * by the first test that needs it; the tests only read it.
 */
async function makeSourceSite() {
  const source = { dataDir: path.join(work, "source"), url: undefined as string | undefined };
  let sums: Awaited<ReturnType<typeof tableChecksums>>;
  let filled!: Awaited<ReturnType<typeof fillEveryTable>>;
  if (engine === "pglite") {
    const publicUrl = (key: string) => `/uploads/${key}`;
    source.dataDir = await migratedDataDir("vv-backup-source-", async (db) => {
      filled = await fillEveryTable(db, publicUrl);
      sums = await tableChecksums(db);
    });
    folders.push(source.dataDir);
  } else {
    source.url = await pgDatabase(true);
    const database = databaseFromUrl(source.url);
    filled = await fillEveryTable(database.db, (key) => `${S3_PUBLIC_URL}/${key}`);
    sums = await tableChecksums(database.db);
    await database.close();
  }
  const sourceEnv = settings(source.dataDir, source.url, "source");
  const sourceStorage = createStorage(loadConfig(sourceEnv));
  for (const [key, body] of filled.files) await sourceStorage.put(key, body, "image/webp");
  const archive = path.join(work, "backup.tar");
  const backedUp = await cli("backup", [archive], sourceEnv);
  return { sums: sums!, filled, sourceStorage, archive, backedUp };
}

it(`round trip on ${engine}: every table's rows and every named file come back; a target that is not empty is refused, and replaced with --force`, async () => {
  const { sums, filled, sourceStorage, archive, backedUp } = await (sourceSite ??= makeSourceSite());
  const target = await emptyTarget("target");
  const { env: targetEnv, storage: targetStorage, onDb: onTarget } = target;

  // A future table without a row here fails this line until the fill covers it.
  expect(Object.entries(sums).flatMap(([table, t]) => (t.rows === 0 ? [table] : []))).toEqual([]);

  expect(backedUp.code, backedUp.stderr).toBe(0);
  const tar = await openTar(archive);
  const manifest = JSON.parse((await tar.read("manifest.json")).toString()) as Manifest;
  await tar.close();
  expect(manifest).toMatchObject({ format: 1, engine, tables: sums, missing: [] });

  const restored = await cli("restore", [archive], targetEnv);
  expect(restored.code, restored.stderr).toBe(0);
  expect(restored.stdout).toMatch(/match/);
  // Checked, then changed: the refusal below must keep what the target has gained since.
  const gained = await onTarget(async (db) => {
    expect(await tableChecksums(db)).toEqual(sums);
    await db.insert(s.appSettings).values({ key: "since-the-restore", value: "x" });
    return tableChecksums(db);
  });
  const named = Object.fromEntries(
    Object.entries(await fileHashes(sourceStorage)).filter(([key]) => key !== filled.orphan),
  );
  expect(Object.keys(named)).toHaveLength(filled.files.size - 1);
  expect(await fileHashes(targetStorage)).toEqual(named);

  // Not empty now: refused, and nothing changes.
  await targetStorage.put("venues/stray/extra-400.webp", Buffer.from("stray"), "image/webp");
  const refused = await cli("restore", [archive], targetEnv);
  expect(refused.code).toBe(1);
  // The last line: the AWS SDK may warn about the Node version above it.
  expect(refused.stderr.trim().split("\n").at(-1)).toMatch(
    /^restore failed: Not restoring: the .* and the storage \(\d+ files\) are not empty\. .* or pass --force to replace what is there\.$/,
  );
  expect(await onTarget(tableChecksums)).toEqual(gained);
  expect(await fileHashes(targetStorage)).toHaveProperty(["venues/stray/extra-400.webp"]);

  // The command's --force is this option (scripts/restore.ts); called here, one start-up less.
  const forced = await restore(loadConfig(targetEnv), targetStorage, archive, { force: true });
  expect(await onTarget(tableChecksums)).toEqual(sums);
  expect(await fileHashes(targetStorage)).toEqual(named);

  const figure = (out: string) => Number(/in (\d+) ms/.exec(out)?.[1]);
  const rows = Object.values(manifest.tables).reduce((n, t) => n + t.rows, 0);
  console.log(
    `backup round trip (${engine}, ${engine === "pglite" ? "uploads folder" : "S3 bucket"}): archive ${fs.statSync(archive).size} bytes; ${Object.keys(manifest.tables).length} tables, ${rows} rows, ${manifest.files.length} files round-tripped; backup ${figure(backedUp.stdout)} ms, restore ${figure(restored.stdout)} ms, restore --force ${forced.ms} ms (without the commands' start-up)`,
  );
}, 180_000);

/** A copy of `archive` with its manifest edited and entries replaced or added. */
async function rewriteArchive(
  archive: string,
  name: string,
  edit: (manifest: Manifest, entries: Map<string, Buffer>) => void,
): Promise<string> {
  const tar = await openTar(archive);
  const entries = new Map<string, Buffer>();
  for (const entry of tar.entries.keys()) entries.set(entry, await tar.read(entry));
  await tar.close();
  const manifest = JSON.parse(entries.get("manifest.json")!.toString()) as Manifest;
  edit(manifest, entries);
  entries.set("manifest.json", Buffer.from(JSON.stringify(manifest)));
  const file = path.join(work, `${name}.tar`);
  const out = await createTarWriter(file);
  for (const [entry, body] of entries) await out.add(entry, body);
  await out.finish();
  return file;
}

/**
 * Adds a file to the archive and to the front of its manifest (restored first), its checksum and
 * size right.
 */
function addFile(manifest: Manifest, entries: Map<string, Buffer>, key: string, body: Buffer) {
  entries.set(`files/${key}`, body);
  manifest.files.unshift({
    key,
    bytes: body.length,
    sha256: crypto.createHash("sha256").update(body).digest("hex"),
  });
}

/** Every stored file's key and bytes, and the database's tables (none on an empty target). */
async function stateOf(target: Target) {
  const dbFolder = path.join(target.dataDir, "db");
  const fresh = target.url
    ? (
        await target.onDb((db) =>
          queryRows<{ n: number }>(
            db,
            sql`select count(*)::int as n from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema')`,
          ),
        )
      )[0]!.n === 0
    : !fs.existsSync(dbFolder) || fs.readdirSync(dbFolder).length === 0;
  return {
    tables: fresh ? "no tables" : await target.onDb(tableChecksums),
    files: await fileHashes(target.storage),
    // A restore leaves nothing of its own in the data folder (a folder it loaded into, files it kept).
    dataFolder: fs.existsSync(target.dataDir)
      ? fs.readdirSync(target.dataDir).filter((n) => n !== "db" && n !== "uploads")
      : [],
  };
}

const venueId = crypto.randomUUID();
const webp = (n: number) => crypto.randomBytes(600 + n);
/** What is wrong, the archive that has it (made from a good one), and what the refusal says. */
const hostileArchives: [what: string, make: (good: string) => Promise<string>, message: RegExp][] = [
  [
    "a ../ key",
    (good) => rewriteArchive(good, "dotdot", (m, e) => addFile(m, e, "../escape-400.webp", webp(1))),
    /"files\/\.\.\/escape-400\.webp": not a key this site writes/,
  ],
  [
    "a ../ key inside a folder",
    (good) =>
      rewriteArchive(good, "inner-dotdot", (m, e) =>
        addFile(m, e, `venues/${venueId}/../../../escape-400.webp`, webp(2)),
      ),
    /not a key this site writes/,
  ],
  [
    "an absolute key",
    (good) => rewriteArchive(good, "absolute", (m, e) => addFile(m, e, "/tmp/vv-absolute-400.webp", webp(3))),
    /"files\/\/tmp\/vv-absolute-400\.webp": not a key this site writes/,
  ],
  [
    "a backslash in a key",
    (good) =>
      rewriteArchive(good, "backslash", (m, e) => addFile(m, e, `venues\\${venueId}\\x-400.webp`, webp(4))),
    /not a key this site writes/,
  ],
  [
    "a file whose bytes do not match its checksum",
    (good) =>
      rewriteArchive(good, "bytes", (m, e) => {
        const body = e.get(`files/${m.files[0]!.key}`)!;
        body[body.length - 1]! ^= 0xff;
      }),
    /is damaged: files\/.+ does not match the manifest's checksum/,
  ],
  [
    "a file whose size is not the manifest's",
    (good) =>
      rewriteArchive(good, "size", (m) => {
        m.files[0]!.bytes += 1;
      }),
    /is damaged: files\/.+ has \d+ bytes; the manifest says \d+/,
  ],
  [
    // With a new file, and one of the site's keys with other bytes: both must be undone.
    "a table whose checksum does not match",
    (good) =>
      rewriteArchive(good, "table", (m, e) => {
        m.tables["public.venues"]!.md5 = "0".repeat(32);
        const [replaced] = m.files.splice(0, 1);
        addFile(m, e, replaced!.key, webp(6));
        addFile(m, e, `venues/${venueId}/${crypto.randomUUID()}-400.webp`, webp(5));
      }),
    /The archive's tables do not match its manifest: public\.venues/,
  ],
  [
    "its database cut short (and the manifest made to match)",
    (good) =>
      rewriteArchive(good, "database", (m, e) => {
        const cut = e.get(m.database.entry)!.subarray(0, Math.floor(m.database.bytes / 2));
        e.set(m.database.entry, cut);
        m.database.bytes = cut.length;
        m.database.sha256 = crypto.createHash("sha256").update(cut).digest("hex");
      }),
    engine === "pglite" ? /is damaged: its database does not unpack/ : /^pg_restore failed: /,
  ],
  [
    "its end cut off",
    async (good) => {
      const file = path.join(work, "truncated.tar");
      fs.writeFileSync(file, fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size / 2)));
      return file;
    },
    /is cut short/,
  ],
];

for (const [i, [what, make, message]] of hostileArchives.entries())
  it(`on ${engine}, an archive with ${what} is refused before anything changes: a fresh target stays empty, and a site stays whole with --force`, async () => {
    const { archive } = await (sourceSite ??= makeSourceSite());
    const file = await make(archive);
    const fresh = await emptyTarget(`fresh-${i}`);
    const good = await emptyTarget(`good-${i}`);
    await restore(good.config, good.storage, archive, { force: false });
    const site = await stateOf(good);
    expect(site.tables).not.toBe("no tables");
    expect(Object.keys(site.files).length).toBeGreaterThan(0);

    /** The error a restore ends with (a made-up one when it succeeds). */
    const failureOf = (target: Target, force: boolean) =>
      restore(target.config, target.storage, file, { force }).then(
        () => new Error("restored"),
        (err: Error) => err,
      );
    // Soft: each of the four is reported, what changed before what was said.
    const refused = await failureOf(fresh, false);
    expect.soft(await stateOf(fresh), "the fresh target").toEqual({
      tables: "no tables",
      files: {},
      dataFolder: [],
    });
    expect.soft(refused.message).toMatch(message);
    const forced = await failureOf(good, true);
    expect.soft(await stateOf(good), "the site, after --force").toEqual(site);
    expect.soft(forced.message).toMatch(message);
  }, 120_000);

it(`on ${engine}, when storage fails while the files are written, --force puts the site's files back and keeps its database`, async () => {
  const { archive } = await (sourceSite ??= makeSourceSite());
  const failing = `venues/${venueId}/${crypto.randomUUID()}-800.webp`;
  const added = `venues/${venueId}/${crypto.randomUUID()}-1600.webp`;
  let replaced = "";
  // Written in this order: a new file, one of the site's keys with other bytes, then the failure.
  const file = await rewriteArchive(archive, "storage-fails", (m, e) => {
    addFile(m, e, failing, webp(7));
    replaced = m.files.splice(1, 1)[0]!.key;
    addFile(m, e, replaced, webp(8));
    addFile(m, e, added, webp(9));
  });
  const good = await emptyTarget("storage-fails");
  await restore(good.config, good.storage, archive, { force: false });
  const site = await stateOf(good);
  const puts: string[] = [];
  const flaky: Storage = {
    ...good.storage,
    async put(key, body, type, opts) {
      puts.push(key);
      if (key === failing) throw new Error("The bucket is unreachable");
      return good.storage.put(key, body, type, opts);
    },
  };
  await expect(restore(good.config, flaky, file, { force: true })).rejects.toThrow(
    /^The bucket is unreachable$/,
  );
  // Both kinds of write happened before the failure, and were undone.
  expect(puts.slice(0, 3)).toEqual([added, replaced, failing]);
  expect(await stateOf(good)).toEqual(site);
}, 120_000);

it.runIf(engine === "pglite")(
  "on the embedded database, the backup refuses while the server holds the data folder",
  async () => {
    const dataDir = await migratedDataDir("vv-backup-busy-", async () => {});
    // The server's own call: it holds the folder's lock for as long as it runs.
    const running = openDatabase({ dataDir });
    try {
      const refused = await cli("backup", [path.join(work, "busy.tar")], settings(dataDir, undefined, ""));
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `backup failed: The embedded database in ${path.join(dataDir, "db")} is in use by process ${process.pid}: stop the server first.`,
      );
      expect(fs.existsSync(path.join(work, "busy.tar"))).toBe(false);
      expect(fs.existsSync(path.join(work, "busy.tar.partial"))).toBe(false);
    } finally {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);

it.runIf(engine === "postgres")(
  "a backup taken while reviews, venues and photos are written, and a photo removed, restores with no review without its venue and no photo without its file",
  async () => {
    const url = await pgDatabase(true);
    const dataDir = path.join(work, "live");
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
    const acks: { kind: "review" | "photo"; at: number }[] = [];
    const waiting: (() => void)[] = [];
    const ack = (kind: "review" | "photo") => {
      acks.push({ kind, at: Date.now() });
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
    const archive = path.join(work, "live.tar");
    const started = Date.now();
    const report = await backup(config, racing, archive);
    const ended = Date.now();
    writing = false;
    await Promise.all([reviewer, photographer]);
    expect(raced).toBe(true);
    expect(report.manifest.missing).toEqual([]);

    // The removed photo's files were left for the sweep, which deletes them once the backup is done.
    const removedKey = app.storage.keyOf(removedPhoto)!;
    expect(await app.storage.get(removedKey)).not.toBeNull();
    await sweepPendingFiles(app, 0);
    expect(await app.storage.get(removedKey)).toBeNull();

    const targetUrl = await pgDatabase(false);
    const targetConfig = loadConfig({ DATA_DIR: path.join(work, "restored"), DATABASE_URL: targetUrl });
    const targetStorage = createFsStorage(path.join(work, "restored", "uploads"));
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
      const before = (kind: string, t: number) => acks.filter((a) => a.kind === kind && a.at <= t).length;
      const during = (kind: string) =>
        acks.filter((a) => a.kind === kind && a.at > started && a.at <= ended).length;
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
