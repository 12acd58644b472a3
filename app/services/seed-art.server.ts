// Turns the painter's SVG into WebP files through the regular image pipeline (sharp, storeArt)
// and puts them in storage, with a cache of finished files between seeds.
import crypto from "node:crypto";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { storeArt } from "~/infra/images.server";
import { createFsStorage, type Storage } from "~/infra/storage.server";
import { IMAGE_WIDTHS } from "~/lib/images";

export type ArtJob = {
  /** Storage folder, e.g. "seed/art". */
  prefix: string;
  /** File name inside it, without width or extension, e.g. "mountain-03". */
  name: string;
  svg: string;
  widths?: readonly number[];
};

const DEFAULT_ART_CACHE = path.resolve(import.meta.dirname, "../../node_modules/.cache/vows-seed-art/v2");
/** Drawn pictures compress well at a lower effort: 4% more bytes for 40% less encoding CPU,
 *  which every fresh clone's first start and test run pays (issue 40). */
const ART_EFFORT = 2;

/** Read-only installs (e.g. a container's node_modules) fall back to the temp folder. */
async function writableDir(dir: string): Promise<string> {
  try {
    await fs.mkdir(dir, { recursive: true });
    await fs.access(dir, fs.constants.W_OK);
    return dir;
  } catch {
    const fallback = path.join(os.tmpdir(), "vows-seed-art", "v2");
    await fs.mkdir(fallback, { recursive: true });
    return fallback;
  }
}

/**
 * Renders each job through `storeArt` and returns the URL of each. Finished WebP files are
 * kept in `cacheDir` under a hash of the SVG, so later seeds (every test starts a fresh data dir)
 * copy bytes instead of drawing again; a changed drawing gets a new hash by itself.
 */
export async function renderArt(
  storage: Storage,
  jobs: ArtJob[],
  opts: { cacheDir?: string; concurrency?: number } = {},
): Promise<{ urls: string[]; rendered: number }> {
  const cacheDir = await writableDir(opts.cacheDir ?? DEFAULT_ART_CACHE);
  const urls: string[] = new Array<string>(jobs.length);
  let rendered = 0;
  let next = 0;
  let scratch: Promise<string> | undefined;
  const worker = async () => {
    while (next < jobs.length) {
      const i = next++;
      const job = jobs[i];
      const widths = job.widths ?? IMAGE_WIDTHS;
      const hash = crypto
        .createHash("sha256")
        .update(`${widths.join(",")}\n${job.svg}`)
        .digest("hex")
        .slice(0, 24);
      const cached = widths.map((w) => path.join(cacheDir, `${hash}-${w}.webp`));
      let files = await Promise.all(cached.map((file) => fs.readFile(file).catch(() => null)));
      if (files.some((b) => b === null)) {
        scratch ??= fs.mkdtemp(path.join(cacheDir, "tmp-"));
        const dir = await scratch;
        await storeArt(createFsStorage(dir), "out", Buffer.from(job.svg), {
          widths,
          name: hash,
          effort: ART_EFFORT,
        });
        // Rename into place so a parallel seed never reads a half-written file.
        await Promise.all(
          widths.map((w, k) => fs.rename(path.join(dir, "out", `${hash}-${w}.webp`), cached[k])),
        );
        files = await Promise.all(cached.map((file) => fs.readFile(file)));
        rendered++;
      }
      for (let k = 0; k < widths.length; k++) {
        urls[i] = await storage.put(`${job.prefix}/${job.name}-${widths[k]}.webp`, files[k]!, "image/webp");
      }
    }
  };
  try {
    await Promise.all(Array.from({ length: opts.concurrency ?? 2 }, worker));
  } finally {
    if (scratch) await fs.rm(await scratch, { recursive: true, force: true });
  }
  return { urls, rendered };
}
