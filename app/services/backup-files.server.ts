import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import type { TarReader, TarWriter } from "~/infra/archive.server";
import type { Storage } from "~/infra/storage.server";
import { sha256, type Manifest, type StoredFile } from "./backup-archive.server";
import { fileKeysOf } from "./pending-files.server";

// A backup's stored files (ADR 033): copied into the archive, and put back by a restore without
// losing any of the target's until the restore is done.

/**
 * Copies every stored file the URLs name (each width of an image) into the archive. A file a
 * row names that storage lacks is reported, not fatal: the live site lacks it too.
 */
export async function copyFiles(storage: Storage, urls: (string | null)[], out: TarWriter) {
  const wanted = new Set(fileKeysOf(storage, urls));
  const required = new Set(urls.flatMap((url) => (url && storage.keyOf(url)) || []));
  const stored = new Set<string>();
  for (const prefix of new Set([...wanted].map((k) => k.slice(0, k.indexOf("/") + 1))))
    for (const f of await storage.list(prefix)) stored.add(f.key);
  const keys = [...wanted].filter((k) => stored.has(k)).sort();
  const files: StoredFile[] = [];
  // A few reads at a time (S3 round trips), written one after another.
  for (let i = 0; i < keys.length; i += 8) {
    const batch = keys.slice(i, i + 8);
    const bodies = await Promise.all(batch.map((k) => storage.get(k)));
    for (const [j, key] of batch.entries()) {
      const body = bodies[j];
      if (!body) continue;
      await out.add(`files/${key}`, body);
      files.push({ key, bytes: body.length, sha256: sha256(body) });
    }
  }
  const copied = new Set(files.map((f) => f.key));
  return { files, missing: [...required].filter((k) => !copied.has(k)).sort() };
}

/**
 * Puts the archive's files under their keys and reads each back, without losing any of the
 * target's: a key it has with the same bytes is left as it is; one with other bytes (seed art
 * drawn again) has its bytes kept aside first. `undo` deletes what was added and puts back what
 * was replaced; until then the target's database still names only its own files.
 */
export async function putFiles(
  storage: Storage,
  archive: TarReader,
  manifest: Manifest,
  present: Set<string>,
) {
  const added: string[] = [];
  const aside = fs.mkdtempSync(path.join(os.tmpdir(), "vows-restore-"));
  const replaced = new Map<string, string>();
  const undo = async () => {
    const results = await Promise.allSettled([
      ...added.map((key) => storage.delete(key)),
      ...[...replaced].map(async ([key, kept]) =>
        storage.put(key, fs.readFileSync(kept), "image/webp", { overwrite: true }),
      ),
    ]);
    const failed = results.filter((r) => r.status === "rejected").length;
    // Kept bytes that could not be put back stay in the folder, which the message names.
    if (failed === 0) fs.rmSync(aside, { recursive: true, force: true });
    return failed === 0 ? "" : ` ${failed} files could not be undone (the replaced ones are in ${aside}).`;
  };
  try {
    for (const f of manifest.files) {
      const existing = present.has(f.key) ? await storage.get(f.key) : null;
      if (existing && sha256(existing) === f.sha256) continue;
      if (existing) {
        const kept = path.join(aside, String(replaced.size));
        fs.writeFileSync(kept, existing);
        replaced.set(f.key, kept);
      } else added.push(f.key);
      await storage.put(f.key, await archive.read(`files/${f.key}`), "image/webp", {
        overwrite: existing !== null,
      });
      const body = await storage.get(f.key);
      if (!body || sha256(body) !== f.sha256)
        throw new Error(`The restored file ${f.key} differs from the backup.`);
    }
  } catch (err) {
    throw new Error(`${(err as Error).message}${await undo()}`, { cause: err });
  }
  return { undo, done: () => fs.rmSync(aside, { recursive: true, force: true }) };
}
