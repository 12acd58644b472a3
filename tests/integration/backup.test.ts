// npm run backup and npm run restore (issue 25, point 2; ADR 033), on the engine of the run: the
// embedded database with its uploads folder, or PostgreSQL with the photos in an S3 bucket
// (s3rver on 127.0.0.1), so that both storage drivers get a round trip. A backup taken while the
// site is written to: backup-under-writes.test.ts.
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";
import * as s from "../../database/schema";
import { loadConfig } from "../../app/infra/config.server";
import { openDatabase } from "../../app/infra/db.server";
import { openTar } from "../../app/infra/archive.server";
import type { Storage } from "../../app/infra/storage.server";
import { tableChecksums, type Manifest } from "../../app/services/backup-archive.server";
import { restore } from "../../app/services/backup.server";
import { migratedDataDir } from "../setup/server-process";
import { addFile, hostileArchives, rewriteArchive, venueId, webp } from "../setup/backup/archives";
import {
  cli,
  emptyTarget,
  engine,
  fileHashes,
  settings,
  stateOf,
  backupEnv,
  type Target,
} from "../setup/backup/env";
import { makeSourceSite } from "../setup/backup/site";

const env = backupEnv([
  "source",
  "target",
  "good-site",
  "storage-fails",
  ...hostileArchives.flatMap((_, i) => [`fresh-${i}`, `good-${i}`]),
]);

let sourceSite: ReturnType<typeof makeSourceSite> | undefined;
const source = () => (sourceSite ??= makeSourceSite(env));

let goodSite: Promise<Target> | undefined;
/**
 * A site restored from the good archive: restored once, then copied for each test that needs
 * one (its data folder; on PostgreSQL its database, as a template, and its bucket's files).
 */
async function aGoodSite(name: string): Promise<Target> {
  const { archive } = await source();
  const template = await (goodSite ??= emptyTarget(env, "good-site").then(async (site) => {
    await restore(site.config, site.storage, archive, { force: false });
    return site;
  }));
  const copy = await emptyTarget(env, name, template.url ? new URL(template.url).pathname.slice(1) : false);
  if (fs.existsSync(template.dataDir)) fs.cpSync(template.dataDir, copy.dataDir, { recursive: true });
  if (engine === "postgres")
    for (const { key } of await template.storage.list(""))
      await copy.storage.put(key, (await template.storage.get(key))!, "image/webp");
  return copy;
}

it(`round trip on ${engine}: every table's rows and every named file come back; a target that is not empty is refused, and replaced with --force`, async () => {
  const { sums, filled, sourceStorage, archive, backedUp } = await source();
  const target = await emptyTarget(env, "target");
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

for (const [i, [what, make, message]] of hostileArchives.entries())
  it(`on ${engine}, an archive with ${what} is refused before anything changes: a fresh target stays empty, and a site stays whole with --force`, async () => {
    const { archive } = await source();
    const file = await make(archive);
    const fresh = await emptyTarget(env, `fresh-${i}`);
    const good = await aGoodSite(`good-${i}`);
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
  const { archive } = await source();
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
  const good = await aGoodSite("storage-fails");
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
      const refused = await cli(
        "backup",
        [path.join(env.work, "busy.tar")],
        settings(env, dataDir, undefined, ""),
      );
      expect(refused.code).toBe(1);
      expect(refused.stderr.trim()).toBe(
        `backup failed: The embedded database in ${path.join(dataDir, "db")} is in use by process ${process.pid}: stop the server first.`,
      );
      expect(fs.existsSync(path.join(env.work, "busy.tar"))).toBe(false);
      expect(fs.existsSync(path.join(env.work, "busy.tar.partial"))).toBe(false);
    } finally {
      await running.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  },
);
