// The backup archive's container (ADR 033): a plain POSIX tar (ustar), so that `tar -tf` lists a
// backup and `tar -xf` unpacks it with no tool of ours. We write only regular files and read back
// only what we wrote, which these few lines cover without a dependency.
import { createReadStream } from "node:fs";
import fs from "node:fs/promises";
import type { Readable } from "node:stream";

const BLOCK = 512;
/** Sizes from 8 GiB up do not fit ustar's 11 octal digits: GNU tar's base-256 form takes them. */
const OCTAL_SIZE_LIMIT = 8 ** 11;

function splitName(name: string): [prefix: string, base: string] {
  if (Buffer.byteLength(name) <= 100) return ["", name];
  for (let i = name.indexOf("/"); i > 0; i = name.indexOf("/", i + 1)) {
    if (Buffer.byteLength(name.slice(0, i)) <= 155 && Buffer.byteLength(name.slice(i + 1)) <= 100)
      return [name.slice(0, i), name.slice(i + 1)];
  }
  throw new Error(`A name too long for the archive: ${name}`);
}

function header(name: string, size: number): Buffer {
  const h = Buffer.alloc(BLOCK);
  const [prefix, base] = splitName(name);
  h.write(base, 0);
  h.write("0000644\0", 100);
  h.write("0000000\0", 108);
  h.write("0000000\0", 116);
  if (size < OCTAL_SIZE_LIMIT) h.write(`${size.toString(8).padStart(11, "0")}\0`, 124);
  else {
    h[124] = 0x80;
    for (let i = 135, v = size; i > 124; i--, v = Math.floor(v / 256)) h[i] = v % 256;
  }
  h.write(`${Math.floor(Date.now() / 1000).toString(8)}\0`, 136);
  h.write("        ", 148);
  h.write("0", 156);
  h.write("ustar\x0000", 257);
  h.write(prefix, 345);
  h.write(`${checksum(h).toString(8).padStart(6, "0")}\0 `, 148);
  return h;
}

function checksum(h: Buffer): number {
  let sum = 0;
  for (let i = 0; i < BLOCK; i++) sum += i >= 148 && i < 156 ? 32 : h[i]!;
  return sum;
}

function text(h: Buffer, start: number, length: number): string {
  const field = h.subarray(start, start + length);
  const end = field.indexOf(0);
  return field.subarray(0, end === -1 ? length : end).toString("utf8");
}

function sizeOf(h: Buffer): number {
  if (h[124]! & 0x80) {
    let v = 0;
    for (let i = 125; i < 136; i++) v = v * 256 + h[i]!;
    return v;
  }
  return parseInt(text(h, 124, 12).trim() || "0", 8);
}

export type TarWriter = Awaited<ReturnType<typeof createTarWriter>>;

export async function createTarWriter(file: string) {
  const handle = await fs.open(file, "w");
  let offset = 0;
  const write = async (buf: Buffer) => {
    await handle.write(buf, 0, buf.length, offset);
    offset += buf.length;
  };
  const pad = (size: number) => (size % BLOCK ? write(Buffer.alloc(BLOCK - (size % BLOCK))) : undefined);
  return {
    async add(name: string, body: Buffer) {
      await write(header(name, body.length));
      await write(body);
      await pad(body.length);
    },
    /** An entry whose size is known only at its end (a dump from a pipe): its header is written last. */
    async addStream(name: string, source: AsyncIterable<Buffer>): Promise<number> {
      const at = offset;
      offset += BLOCK;
      let size = 0;
      for await (const chunk of source) {
        await write(chunk);
        size += chunk.length;
      }
      await handle.write(header(name, size), 0, BLOCK, at);
      await pad(size);
      return size;
    },
    /** Ends the archive (two zero blocks) and closes the file. */
    async finish() {
      await write(Buffer.alloc(BLOCK * 2));
      await handle.close();
    },
    close: () => handle.close(),
  };
}

export type TarEntry = { name: string; size: number; offset: number };
export type TarReader = Awaited<ReturnType<typeof openTar>>;

/** Indexes the archive's regular files by name (headers only); entries are read on demand. */
export async function openTar(file: string) {
  const handle = await fs.open(file, "r");
  const entries = new Map<string, TarEntry>();
  try {
    const h = Buffer.alloc(BLOCK);
    for (let at = 0; ;) {
      const { bytesRead } = await handle.read(h, 0, BLOCK, at);
      if (bytesRead < BLOCK) throw new Error(`${file} is cut short or not a backup archive`);
      if (h.every((b) => b === 0)) break;
      if (parseInt(text(h, 148, 8).trim(), 8) !== checksum(h))
        throw new Error(`${file} is damaged or not a backup archive (bad header at byte ${at})`);
      const prefix = text(h, 345, 155);
      const name = prefix ? `${prefix}/${text(h, 0, 100)}` : text(h, 0, 100);
      const size = sizeOf(h);
      if (h[156] === 0x30 || h[156] === 0) entries.set(name, { name, size, offset: at + BLOCK });
      at += BLOCK + Math.ceil(size / BLOCK) * BLOCK;
    }
  } catch (err) {
    await handle.close();
    throw err;
  }
  const entry = (name: string) => {
    const found = entries.get(name);
    if (!found) throw new Error(`The archive has no ${name}`);
    return found;
  };
  return {
    entries,
    async read(name: string): Promise<Buffer> {
      const e = entry(name);
      const body = Buffer.alloc(e.size);
      const { bytesRead } = await handle.read(body, 0, e.size, e.offset);
      if (bytesRead < e.size) throw new Error(`The archive is cut short in ${name}`);
      return body;
    },
    stream(name: string): Readable {
      const e = entry(name);
      return createReadStream(file, { start: e.offset, end: e.offset + e.size - 1 });
    },
    close: () => handle.close(),
  };
}
