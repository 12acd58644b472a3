import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { createTarWriter, openTar } from "../../../app/infra/archive.server";
import type { Manifest } from "../../../app/services/backup-archive.server";
import { engine } from "./env";

// Archives made from a good backup, each wrong in one way, for the restore to refuse.

/** A copy of `archive` with its manifest edited and entries replaced or added. */
export async function rewriteArchive(
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
  const file = path.join(path.dirname(archive), `${name}.tar`);
  const out = await createTarWriter(file);
  for (const [entry, body] of entries) await out.add(entry, body);
  await out.finish();
  return file;
}

/**
 * Adds a file to the archive and to the front of its manifest (restored first), its checksum and
 * size right.
 */
export function addFile(manifest: Manifest, entries: Map<string, Buffer>, key: string, body: Buffer) {
  entries.set(`files/${key}`, body);
  manifest.files.unshift({
    key,
    bytes: body.length,
    sha256: crypto.createHash("sha256").update(body).digest("hex"),
  });
}

export const venueId = crypto.randomUUID();
export const webp = (n: number) => crypto.randomBytes(600 + n);
/** What is wrong, the archive that has it (made from a good one), and what the refusal says. */
export const hostileArchives: [what: string, make: (good: string) => Promise<string>, message: RegExp][] = [
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
      const file = path.join(path.dirname(good), "truncated.tar");
      fs.writeFileSync(file, fs.readFileSync(good).subarray(0, Math.floor(fs.statSync(good).size / 2)));
      return file;
    },
    /is cut short/,
  ],
];
